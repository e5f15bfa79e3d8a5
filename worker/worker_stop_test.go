package worker_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	sdklog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"pagecast/activities"
	"pagecast/embedded"
	"pagecast/worker"
)

// TestStoppingWorkerLetsActivitiesFinish: a worker told to stop (a rolling restart,
// SIGTERM) lets the activities it runs finish, within its StopTimeout, rather than
// cancelling them at once, which left a render's scenes to wait for their heartbeat
// timeout before another worker took them.
func TestStoppingWorkerLetsActivitiesFinish(t *testing.T) {
	tmp, err := embedded.StartTemporal(t.Context(), embedded.TemporalOptions{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = tmp.Stop() })
	c, err := client.Dial(client.Options{HostPort: tmp.FrontendHostPort(), Namespace: "default",
		Logger: sdklog.NewStructuredLogger(slog.New(slog.DiscardHandler))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)

	started, finished := make(chan struct{}), make(chan error, 1)
	slowStep := func(ctx context.Context) error {
		close(started)
		select {
		case <-time.After(time.Second):
			finished <- nil
		case <-ctx.Done():
			finished <- ctx.Err()
		}
		return ctx.Err()
	}
	oneStep := func(ctx workflow.Context) error {
		ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute,
			RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 1}})
		return workflow.ExecuteActivity(ctx, "SlowStep").Get(ctx, nil)
	}

	w := worker.New(c, worker.Activities{Account: &activities.Activities{}, Assets: &activities.AssetActivities{},
		Videos: &activities.VideoActivities{}, Narration: &activities.NarrationActivities{}},
		worker.Options{TaskQueue: "stop-test", MaxConcurrentActivities: 2, StopTimeout: 10 * time.Second})
	w.RegisterActivityWithOptions(slowStep, activity.RegisterOptions{Name: "SlowStep"})
	w.RegisterWorkflowWithOptions(oneStep, workflow.RegisterOptions{Name: "OneStep"})
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ExecuteWorkflow(t.Context(), client.StartWorkflowOptions{ID: "stop-test", TaskQueue: "stop-test"}, "OneStep"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-started:
	case <-time.After(30 * time.Second):
		t.Fatal("the activity never started")
	}
	w.Stop()
	select {
	case err := <-finished:
		if err != nil {
			t.Fatalf("the running activity was cancelled by the stop: %v", err)
		}
	default:
		t.Fatal("Stop returned before the running activity finished")
	}
}
