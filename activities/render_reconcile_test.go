package activities_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"pagecast/activities"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

// fakeRuns is a RenderRuns whose runs are a map from "video:attempt" to their state.
type fakeRuns struct {
	mu      sync.Mutex
	state   map[string]activities.RenderRunState
	fail    map[string]error
	before  map[string]func() // runs before answering RenderRun (a race)
	asked   []string
	started []string // "video:attempt by user"
}

func runKey(videoID int64, attempt int) string { return fmt.Sprintf("%d:%d", videoID, attempt) }

func (f *fakeRuns) RenderRun(_ context.Context, videoID int64, attempt int) (activities.RenderRunState, string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	k := runKey(videoID, attempt)
	f.asked = append(f.asked, k)
	if fn := f.before[k]; fn != nil {
		fn()
	}
	if err := f.fail[k]; err != nil {
		return 0, "", err
	}
	st := f.state[k]
	status := ""
	if st == activities.RenderRunClosed {
		status = "Terminated"
	}
	return st, status, nil
}

func (f *fakeRuns) StartRender(_ context.Context, a models.RenderAttempt, requestedBy int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	k := runKey(a.VideoID, a.Attempt)
	f.started = append(f.started, fmt.Sprintf("%s by %d", k, requestedBy))
	f.state[k] = activities.RenderRunOpen
	return nil
}

// TestReconcileRenders: an attempt stalled past StalledRenderAge gets its workflow
// started when it has none, is left alone when its workflow is running, and fails with
// its credits back when its workflow ended without ending it. Young attempts are not
// looked at, one that completed while the reconciler looked stays completed, and an
// attempt whose run cannot be read does not hold up the others.
func TestReconcileRenders(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx := db.Store, t.Context()
		now := time.Now().UTC().Truncate(time.Second)
		u, err := s.CreateAccount(ctx, store.NewAccount{Email: "ann@example.com", PasswordHash: "h", Category: models.UserCategoryIndividual})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetPlan(ctx, u.PublisherID, models.PlanPaid); err != nil {
			t.Fatal(err)
		}
		start := func(name string, age time.Duration) models.RenderAttempt {
			t.Helper()
			v := models.Video{PublisherID: u.PublisherID, Name: name, AspectRatio: models.AspectHorizontal, BuildStage: models.BuildReadyToRender}
			if err := s.CreateVideo(ctx, &v); err != nil {
				t.Fatal(err)
			}
			a, err := s.StartRender(ctx, store.StartRenderInput{VideoID: v.ID, PublisherID: u.PublisherID, RequiredCredits: 2,
				MaxAttempts: domain.MaxRenderAttempts, RequestedBy: u.ID, Now: now.Add(-age)})
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		never := start("never started", 10*time.Minute)
		running := start("running", 10*time.Minute)
		ended := start("terminated", 10*time.Minute)
		young := start("just stored", 30*time.Second)
		raced := start("completes meanwhile", 10*time.Minute)
		unreadable := start("unreadable", 10*time.Minute)
		balance, err := s.CreditBalance(ctx, u.PublisherID, now)
		if err != nil {
			t.Fatal(err)
		}

		runs := &fakeRuns{
			state: map[string]activities.RenderRunState{
				runKey(running.VideoID, 1): activities.RenderRunOpen,
				runKey(ended.VideoID, 1):   activities.RenderRunClosed,
				runKey(raced.VideoID, 1):   activities.RenderRunClosed,
			},
			fail: map[string]error{runKey(unreadable.VideoID, 1): errors.New("temporal: unavailable")},
			before: map[string]func(){runKey(raced.VideoID, 1): func() {
				if err := s.FinishRender(ctx, raced.ID, store.RenderOutput{ContentKey: "videos/raced.mp4"}, now); err != nil {
					t.Error(err)
				}
			}},
		}
		acts := &activities.RenderActivities{Store: s, Runs: runs, Now: func() time.Time { return now }}
		var ts testsuite.WorkflowTestSuite
		env := ts.NewTestActivityEnvironment()
		env.RegisterActivity(acts)
		_, err = env.ExecuteActivity(acts.ReconcileRenders, activities.ReconcileRendersInput{})
		if err == nil || !strings.Contains(err.Error(), "temporal: unavailable") {
			t.Fatalf("err %v, want the unreadable run's error", err)
		}
		if strings.Contains(err.Error(), fmt.Sprintf("attempt %d ", raced.ID)) {
			t.Fatalf("err %v: the attempt that completed meanwhile is not an error", err)
		}

		if want := fmt.Sprintf("[%d:1 by %d]", never.VideoID, u.ID); fmt.Sprint(runs.started) != want {
			t.Fatalf("started %v, want %s", runs.started, want)
		}
		for _, k := range runs.asked {
			if k == runKey(young.VideoID, 1) {
				t.Fatalf("asked about the run of an attempt stored %s ago", 30*time.Second)
			}
		}
		if len(runs.asked) != 5 {
			t.Fatalf("asked about %v, want the 5 stalled attempts", runs.asked)
		}
		status := func(a models.RenderAttempt) models.RenderAttempt {
			t.Helper()
			got, err := s.RenderAttemptByID(ctx, a.ID)
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		for _, a := range []models.RenderAttempt{never, running, young, unreadable} {
			if got := status(a); got.Status != models.RenderAttemptRendering {
				t.Errorf("attempt of video %d is %s, want still rendering", a.VideoID, got.Status)
			}
		}
		if got := status(ended); got.Status != models.RenderAttemptFailed || got.Error != activities.MsgRenderStopped {
			t.Errorf("attempt whose run ended: %s %q, want failed %q", got.Status, got.Error, activities.MsgRenderStopped)
		}
		if got := status(raced); got.Status != models.RenderAttemptCompleted {
			t.Errorf("attempt completed meanwhile is %s, want completed", got.Status)
		}
		if after, _ := s.CreditBalance(ctx, u.PublisherID, now); after != balance+2 {
			t.Errorf("balance %d, want %d (the ended attempt's 2 credits back)", after, balance+2)
		}
		v2, err := s.VideoForWorkflow(ctx, ended.VideoID)
		if err != nil || v2.RenderStatus != domain.RenderStatusError {
			t.Errorf("video of the ended attempt: %q %v, want render status error", v2.RenderStatus, err)
		}

		// Run again with the run readable: nothing is started twice, the started run is
		// open now, nothing else changes.
		delete(runs.fail, runKey(unreadable.VideoID, 1))
		runs.state[runKey(unreadable.VideoID, 1)] = activities.RenderRunOpen
		v, err := env.ExecuteActivity(acts.ReconcileRenders, activities.ReconcileRendersInput{})
		if err != nil {
			t.Fatal(err)
		}
		var res activities.ReconcileRendersResult
		if err := v.Get(&res); err != nil {
			t.Fatal(err)
		}
		if res != (activities.ReconcileRendersResult{Checked: 3}) || len(runs.started) != 1 {
			t.Fatalf("second run %+v, started %v; want 3 checked (never, running, unreadable), none started", res, runs.started)
		}
	})
}

// TestRenderStartedAfterItsAttemptFailedStops: a RenderVideo run that Temporal started
// after the API had given its start up (the start timed out and the attempt failed)
// stops at its first step, and the attempt stays failed with its credits released.
func TestRenderStartedAfterItsAttemptFailedStops(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx := db.Store, t.Context()
		u, err := s.CreateAccount(ctx, store.NewAccount{Email: "ann@example.com", PasswordHash: "h", Category: models.UserCategoryIndividual})
		if err != nil {
			t.Fatal(err)
		}
		v := models.Video{PublisherID: u.PublisherID, Name: "late", AspectRatio: models.AspectHorizontal, BuildStage: models.BuildReadyToRender}
		if err := s.CreateVideo(ctx, &v); err != nil {
			t.Fatal(err)
		}
		a, err := s.StartRender(ctx, store.StartRenderInput{VideoID: v.ID, PublisherID: u.PublisherID, RequiredCredits: 1,
			MaxAttempts: domain.MaxRenderAttempts, RequestedBy: u.ID, Now: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.FailRender(ctx, a.ID, "The render could not start.", time.Now()); err != nil {
			t.Fatal(err)
		}
		acts := &activities.RenderActivities{Store: s}
		var ts testsuite.WorkflowTestSuite
		env := ts.NewTestActivityEnvironment()
		env.RegisterActivity(acts)
		_, err = env.ExecuteActivity(acts.PlanRender, activities.PlanRenderInput{AttemptID: a.ID})
		var appErr *temporal.ApplicationError
		if !errors.As(err, &appErr) || appErr.Type() != activities.ErrTypeRenderGone || !appErr.NonRetryable() {
			t.Fatalf("PlanRender of a failed attempt: %v, want a RenderGone error that is not retried", err)
		}
		env = ts.NewTestActivityEnvironment()
		env.RegisterActivity(acts)
		if _, err := env.ExecuteActivity(acts.FailRender, activities.FailRenderInput{AttemptID: a.ID, Reason: "The render failed."}); err != nil {
			t.Fatal(err)
		}
		got, err := s.RenderAttemptByID(ctx, a.ID)
		if err != nil || got.Status != models.RenderAttemptFailed || got.Error != "The render could not start." {
			t.Fatalf("attempt %s %q %v, want failed as the API left it", got.Status, got.Error, err)
		}
		entries, err := s.CreditEntries(ctx, u.PublisherID, 10)
		if err != nil {
			t.Fatal(err)
		}
		releases := 0
		for _, e := range entries {
			if e.Kind == models.CreditRelease {
				releases++
			}
		}
		if releases != 1 {
			t.Fatalf("%d releases, want 1", releases)
		}
	})
}
