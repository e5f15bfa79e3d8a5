package workflows

import (
	"context"
	"errors"
	"fmt"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"pagecast/activities"
)

// Starter starts workflows on one task queue. Starting the same business ID twice is
// harmless: the second start finds the first run.
type Starter struct {
	Client    client.Client
	TaskQueue string
}

func (s Starter) start(ctx context.Context, id string, wf any, args ...any) error {
	_, err := s.Client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       id,
		TaskQueue:                s.TaskQueue,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
	}, wf, args...)
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &started) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("start %s: %w", id, err)
	}
	return nil
}

// SendVerificationEmail starts mailing verification id.
func (s Starter) SendVerificationEmail(ctx context.Context, verificationID int64) error {
	return s.start(ctx, SendVerificationEmailID(verificationID), SendVerificationEmail,
		activities.SendVerificationEmailInput{VerificationID: verificationID})
}

// schedules are the Temporal Schedules Pagecast runs: ID, workflow and interval.
var schedules = []struct {
	id       string
	workflow any
	every    time.Duration
}{
	{PurgeExpiredSessionsScheduleID, PurgeExpiredSessions, time.Hour},
	{SweepAssetObjectsScheduleID, SweepAssetObjects, time.Hour},
	{SweepRenderCacheScheduleID, SweepRenderCache, 24 * time.Hour},
	{ReconcileRendersScheduleID, ReconcileRenders, reconcileRendersEvery},
}

// EnsureSchedules creates the Temporal Schedules Pagecast needs, leaving existing
// ones as they are.
func (s Starter) EnsureSchedules(ctx context.Context) error {
	for _, sc := range schedules {
		_, err := s.Client.ScheduleClient().Create(ctx, client.ScheduleOptions{
			ID:      sc.id,
			Spec:    client.ScheduleSpec{Intervals: []client.ScheduleIntervalSpec{{Every: sc.every}}},
			Overlap: enumspb.SCHEDULE_OVERLAP_POLICY_SKIP,
			Action:  &client.ScheduleWorkflowAction{ID: sc.id, Workflow: sc.workflow, TaskQueue: s.TaskQueue},
		})
		if err != nil && !errors.Is(err, temporal.ErrScheduleAlreadyRunning) {
			return fmt.Errorf("create schedule %s: %w", sc.id, err)
		}
	}
	return nil
}
