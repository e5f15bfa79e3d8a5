package workflows

import (
	"context"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"pagecast/activities"
)

// ReconcileRendersScheduleID names the Temporal Schedule of ReconcileRenders.
const ReconcileRendersScheduleID = "ReconcileRenders"

// reconcileRendersEvery is how often ReconcileRenders runs. With
// activities.StalledRenderAge (2 min) a render whose workflow never started begins at
// most about 4 minutes after it was asked for; each run is one indexed read of the
// active attempts and one Describe per attempt older than 2 minutes.
const reconcileRendersEvery = 2 * time.Minute

// ReconcileRenders makes the active render attempts agree with their RenderVideo runs
// (activities.ReconcileRenders): an attempt stored without a run gets one, an attempt
// whose run ended without ending it fails and its credits go back. A Temporal Schedule
// runs it every reconcileRendersEvery.
func ReconcileRenders(ctx workflow.Context) (activities.ReconcileRendersResult, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 5 * time.Minute, HeartbeatTimeout: time.Minute,
		// The next scheduled run tries again anyway.
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: 5 * time.Second, MaximumAttempts: 3},
	})
	var res activities.ReconcileRendersResult
	err := workflow.ExecuteActivity(ctx, ra.ReconcileRenders, activities.ReconcileRendersInput{}).Get(ctx, &res)
	return res, err
}

// RenderRun tells whether the RenderVideo run of attempt n of a video exists and is
// open, and a closed run's status (for logs). "No such run" and "Temporal did not
// answer" differ: only the first may start one.
func (s Starter) RenderRun(ctx context.Context, videoID int64, attempt int) (activities.RenderRunState, string, error) {
	desc, err := s.describeRender(ctx, RenderVideoID(videoID, attempt))
	if err != nil {
		return 0, "", err
	}
	if desc == nil {
		return activities.RenderRunMissing, "", nil
	}
	st := desc.GetWorkflowExecutionInfo().GetStatus()
	if st == enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING {
		return activities.RenderRunOpen, st.String(), nil
	}
	return activities.RenderRunClosed, st.String(), nil
}
