package workflows

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"pagecast/activities"
)

func TestSendVerificationEmailRetriesTransientFailures(t *testing.T) {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.RegisterActivity(a)
	calls := 0
	env.OnActivity(a.SendVerificationEmail, mock.Anything, activities.SendVerificationEmailInput{VerificationID: 7}).
		Return(func(_ context.Context, in activities.SendVerificationEmailInput) (activities.SendVerificationEmailResult, error) {
			calls++
			if calls < 3 {
				return activities.SendVerificationEmailResult{}, errors.New("smtp: connection refused")
			}
			return activities.SendVerificationEmailResult{Sent: true, To: "ann@example.com"}, nil
		})
	env.ExecuteWorkflow(SendVerificationEmail, activities.SendVerificationEmailInput{VerificationID: 7})
	if err := env.GetWorkflowError(); err != nil {
		t.Fatal(err)
	}
	var res activities.SendVerificationEmailResult
	if err := env.GetWorkflowResult(&res); err != nil || !res.Sent || calls != 3 {
		t.Fatalf("res = %+v, calls = %d, err = %v", res, calls, err)
	}
}

func TestSendVerificationEmailStopsOnBadAddress(t *testing.T) {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.RegisterActivity(a)
	calls := 0
	env.OnActivity(a.SendVerificationEmail, mock.Anything, mock.Anything).
		Return(func(_ context.Context, _ activities.SendVerificationEmailInput) (activities.SendVerificationEmailResult, error) {
			calls++
			return activities.SendVerificationEmailResult{}, temporal.NewNonRetryableApplicationError("bad address", "BadAddress", nil)
		})
	env.ExecuteWorkflow(SendVerificationEmail, activities.SendVerificationEmailInput{VerificationID: 8})
	if env.GetWorkflowError() == nil || calls != 1 {
		t.Fatalf("err = %v, calls = %d; want a failure after one call", env.GetWorkflowError(), calls)
	}
}

func TestIDs(t *testing.T) {
	if got := SendVerificationEmailID(42); got != "SendVerificationEmail:42" {
		t.Fatal(got)
	}
}
