package activities

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"pagecast/models"
)

// StalledRenderAge is how old an active render attempt must be before the reconciler
// looks at its workflow. The API starts the workflow within its start timeout (15 s)
// of storing the attempt, or ends the attempt itself; waiting well past that keeps the
// reconciler from racing the API's own start and undo.
const StalledRenderAge = 2 * time.Minute

// MsgRenderStopped is the error of an attempt whose workflow ended without ending it
// (terminated, timed out): nothing will finish it.
const MsgRenderStopped = "The render stopped before it finished. Please try again."

// RenderRunState is what Temporal knows of a render attempt's RenderVideo run.
type RenderRunState int

// Render run states.
const (
	// RenderRunMissing: no run has the attempt's workflow ID; it never started.
	RenderRunMissing RenderRunState = iota
	// RenderRunOpen: the run is going (or waiting for a worker).
	RenderRunOpen
	// RenderRunClosed: the run has ended, whether or not it ended its attempt.
	RenderRunClosed
)

// RenderRuns are the RenderVideo workflow runs, as the render reconciler needs them
// (workflows cannot be imported here: cmd/pagecast adapts workflows.Starter).
type RenderRuns interface {
	// RenderRun tells whether the run of attempt n of the video exists and is open;
	// status is Temporal's name for a closed run's ending ("Terminated", ...), for logs.
	RenderRun(ctx context.Context, videoID int64, attempt int) (state RenderRunState, status string, err error)
	// StartRender starts the run of attempt a, which requestedBy asked for. Its ID is
	// the attempt's, so starting a run that exists is harmless.
	StartRender(ctx context.Context, a models.RenderAttempt, requestedBy int64) error
}

// ReconcileRendersInput is empty; the cut-off is the activities' clock.
type ReconcileRendersInput struct{}

// ReconcileRendersResult counts the active attempts looked at, the runs started for
// those that had none, and the attempts failed because their run had ended.
type ReconcileRendersResult struct {
	Checked int
	Started int
	Failed  int
}

// ReconcileRenders finds, over every account, the render attempts still active
// (pending or rendering) StalledRenderAge after they were stored, and makes each agree
// with its RenderVideo run: an attempt whose run never started (the API stopped, or
// Temporal was down, between storing it and starting it) gets its run started; one
// whose run ended without ending it (terminated, timed out) fails with
// MsgRenderStopped, which releases its credits; one whose run is open is left alone.
// An attempt that fails on the way is reported in the error after the others are done.
func (a *RenderActivities) ReconcileRenders(ctx context.Context, _ ReconcileRendersInput) (ReconcileRendersResult, error) {
	var res ReconcileRendersResult
	if a.Runs == nil {
		return res, temporal.NewNonRetryableApplicationError("the render reconciler has no RenderRuns", "Config", nil)
	}
	stop := heartbeatEvery(ctx, 10*time.Second, "reconcile renders")
	defer stop()
	cutoff := a.now().Add(-StalledRenderAge)
	var errs []error
	for after := int64(0); ; {
		page, err := a.Store.ActiveRendersCreatedBefore(ctx, cutoff, after, 100)
		if err != nil {
			return res, err
		}
		if len(page) == 0 {
			break
		}
		for _, att := range page {
			res.Checked++
			if err := a.reconcileRender(ctx, att, &res); err != nil {
				errs = append(errs, fmt.Errorf("reconcile render attempt %d (video %d): %w", att.ID, att.VideoID, err))
			}
		}
		after = page[len(page)-1].ID
	}
	return res, errors.Join(errs...)
}

// reconcileRender makes active attempt att agree with its run.
func (a *RenderActivities) reconcileRender(ctx context.Context, att models.RenderAttempt, res *ReconcileRendersResult) error {
	state, status, err := a.Runs.RenderRun(ctx, att.VideoID, att.Attempt)
	if err != nil {
		return err
	}
	log := activityLogger(ctx)
	switch state {
	case RenderRunOpen:
		return nil
	case RenderRunMissing:
		// Read it again: it may have ended (its video deleted) since it was listed.
		now, err := a.Store.RenderAttemptByID(ctx, att.ID)
		if errors.Is(err, models.ErrNotFound) || err == nil && !now.Status.Active() {
			return nil
		}
		if err != nil {
			return err
		}
		var by int64
		if now.RequestedBy != nil {
			by = *now.RequestedBy
		}
		if err := a.Runs.StartRender(ctx, now, by); err != nil {
			return err
		}
		res.Started++
		log.Warn("started the render of an attempt that had no workflow", "attempt_id", att.ID, "video_id", att.VideoID,
			"attempt", att.Attempt, "created_at", att.CreatedAt)
		return nil
	default:
		// FailRender ends only an active attempt: a run that completed its attempt
		// after the list was read leaves it completed.
		err := a.Store.FailRender(ctx, att.ID, MsgRenderStopped, a.now())
		if errors.Is(err, models.ErrInvalidState) || errors.Is(err, models.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		res.Failed++
		log.Warn("failed a render attempt whose workflow had ended", "attempt_id", att.ID, "video_id", att.VideoID,
			"attempt", att.Attempt, "workflow_status", status)
		return nil
	}
}

// activityLogger is the activity's logger, or a discarding one outside an activity (a test
// calling it directly).
func activityLogger(ctx context.Context) interface{ Warn(string, ...any) } {
	if activity.IsActivity(ctx) {
		return activity.GetLogger(ctx)
	}
	return nopLogger{}
}

type nopLogger struct{}

func (nopLogger) Warn(string, ...any) {}
