package workflows

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/testsuite"

	"pagecast/activities"
)

// TestReconcileRenders: the reconciler's activity is retried after a failure (Temporal
// or the database unreachable) and its counts are the workflow's result; a Schedule
// runs it every few minutes.
func TestReconcileRenders(t *testing.T) {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.RegisterActivity(ra)
	env.OnActivity(ra.ReconcileRenders, mock.Anything, mock.Anything).Return(activities.ReconcileRendersResult{}, errors.New("database unavailable")).Once()
	want := activities.ReconcileRendersResult{Checked: 3, Started: 1, Failed: 1}
	env.OnActivity(ra.ReconcileRenders, mock.Anything, mock.Anything).Return(want, nil).Once()
	env.ExecuteWorkflow(ReconcileRenders)
	var res activities.ReconcileRendersResult
	if err := env.GetWorkflowResult(&res); err != nil || res != want {
		t.Fatalf("res %+v, err %v", res, err)
	}
	env.AssertExpectations(t)

	found := false
	for _, sc := range schedules {
		if sc.id == ReconcileRendersScheduleID {
			found = true
			if sc.every < time.Minute || sc.every > 5*time.Minute {
				t.Fatalf("reconciler every %s", sc.every)
			}
		}
	}
	if !found {
		t.Fatal("no schedule runs ReconcileRenders")
	}
}
