//go:build !noembed

package main

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"
	sdklog "go.temporal.io/sdk/log"
	sdkworker "go.temporal.io/sdk/worker"

	"pagecast/activities"
	"pagecast/domain"
	"pagecast/embedded"
	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
	"pagecast/workflows"
)

// TestReconcilerStartsAStalledRender runs the render reconciler against a real
// (embedded) Temporal. An attempt stored without its workflow (the API process died
// between the two) gets its RenderVideo run, with the user to e-mail; a second pass
// leaves the running workflow alone; once that run is terminated, the next pass fails
// the attempt and gives its credits back. The schedule that runs it is created.
func TestReconcilerStartsAStalledRender(t *testing.T) {
	ctx := t.Context()
	tmp, err := embedded.StartTemporal(ctx, embedded.TemporalOptions{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = tmp.Stop() })
	tc, err := client.Dial(client.Options{HostPort: tmp.FrontendHostPort(), Namespace: "default",
		Logger: sdklog.NewStructuredLogger(slog.New(slog.DiscardHandler))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tc.Close)

	db := storetest.SQLite(t)
	u, err := db.Store.CreateAccount(ctx, store.NewAccount{Email: "rex@example.com", PasswordHash: "h", Category: models.UserCategoryIndividual})
	if err != nil {
		t.Fatal(err)
	}
	v := models.Video{PublisherID: u.PublisherID, Name: "Stalled", AspectRatio: models.AspectHorizontal, BuildStage: models.BuildReadyToRender}
	if err := db.Store.CreateVideo(ctx, &v); err != nil {
		t.Fatal(err)
	}
	before, err := db.Store.CreditBalance(ctx, u.PublisherID, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	att, err := db.Store.StartRender(ctx, store.StartRenderInput{VideoID: v.ID, PublisherID: u.PublisherID, RequiredCredits: 1,
		MaxAttempts: domain.MaxRenderAttempts, RequestedBy: u.ID, Now: time.Now().Add(-10 * time.Minute)})
	if err != nil {
		t.Fatal(err)
	}

	// Renders go to a queue no worker polls, so the started run stays open; the
	// reconciler runs on its own worker.
	starter := workflows.Starter{Client: tc, TaskQueue: "renders"}
	w := sdkworker.New(tc, "reconcile", sdkworker.Options{})
	w.RegisterWorkflow(workflows.ReconcileRenders)
	w.RegisterActivity(&activities.RenderActivities{Store: db.Store, Runs: renders{starter: starter}})
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Stop)
	reconcile := func(want activities.ReconcileRendersResult) {
		t.Helper()
		rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		run, err := tc.ExecuteWorkflow(rctx, client.StartWorkflowOptions{TaskQueue: "reconcile"}, workflows.ReconcileRenders)
		if err != nil {
			t.Fatal(err)
		}
		var got activities.ReconcileRendersResult
		if err := run.Get(rctx, &got); err != nil || got != want {
			t.Fatalf("reconcile = %+v %v, want %+v", got, err, want)
		}
	}

	reconcile(activities.ReconcileRendersResult{Checked: 1, Started: 1})
	id := workflows.RenderVideoID(v.ID, att.Attempt)
	desc, err := tc.DescribeWorkflowExecution(ctx, id, "")
	if err != nil {
		t.Fatalf("no RenderVideo run after reconciling: %v", err)
	}
	if st := desc.GetWorkflowExecutionInfo().GetStatus(); st != enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING {
		t.Fatalf("RenderVideo run is %s", st)
	}
	hist := tc.GetWorkflowHistory(ctx, id, "", false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	first, err := hist.Next()
	if err != nil {
		t.Fatal(err)
	}
	var in workflows.RenderVideoInput
	if err := converter.GetDefaultDataConverter().FromPayloads(first.GetWorkflowExecutionStartedEventAttributes().GetInput(), &in); err != nil {
		t.Fatal(err)
	}
	if want := (workflows.RenderVideoInput{VideoID: v.ID, PublisherID: u.PublisherID, AttemptID: att.ID, Attempt: att.Attempt, RequestedBy: u.ID}); in != want {
		t.Fatalf("RenderVideo input %+v, want %+v", in, want)
	}

	reconcile(activities.ReconcileRendersResult{Checked: 1})
	if a, _ := db.Store.RenderAttemptByID(ctx, att.ID); a.Status != models.RenderAttemptRendering {
		t.Fatalf("attempt with a running workflow is %s", a.Status)
	}

	if err := tc.TerminateWorkflow(ctx, id, "", "test: the run is gone"); err != nil {
		t.Fatal(err)
	}
	reconcile(activities.ReconcileRendersResult{Checked: 1, Failed: 1})
	a, err := db.Store.RenderAttemptByID(ctx, att.ID)
	if err != nil || a.Status != models.RenderAttemptFailed || a.Error != activities.MsgRenderStopped {
		t.Fatalf("attempt after its run was terminated: %s %q %v", a.Status, a.Error, err)
	}
	if after, _ := db.Store.CreditBalance(ctx, u.PublisherID, time.Now()); after != before {
		t.Fatalf("balance %d, want %d back", after, before)
	}
	reconcile(activities.ReconcileRendersResult{})

	if err := starter.EnsureSchedules(ctx); err != nil {
		t.Fatal(err)
	}
	sc, err := tc.ScheduleClient().GetHandle(ctx, workflows.ReconcileRendersScheduleID).Describe(ctx)
	if err != nil {
		t.Fatalf("reconciler schedule: %v", err)
	}
	if iv := sc.Schedule.Spec.Intervals; len(iv) != 1 || iv[0].Every != 2*time.Minute {
		t.Fatalf("reconciler runs every %+v, want 2 minutes", iv)
	}
}
