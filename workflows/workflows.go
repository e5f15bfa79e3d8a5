// Package workflows holds Pagecast's Temporal workflows, their IDs and task queue
// names, and a Starter the API uses to start them. Workflows do no I/O themselves.
package workflows

import (
	"strconv"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"pagecast/activities"
)

// a is the nil receiver workflows call activities through.
var a *activities.Activities

// SendVerificationEmailID is the workflow ID for mailing verification id.
func SendVerificationEmailID(verificationID int64) string {
	return "SendVerificationEmail:" + strconv.FormatInt(verificationID, 10)
}

// SendVerificationEmail mails a verification link, retrying transient mail failures
// for up to a day.
func SendVerificationEmail(ctx workflow.Context, in activities.SendVerificationEmailInput) (activities.SendVerificationEmailResult, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout:    time.Minute,
		ScheduleToCloseTimeout: 24 * time.Hour,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    10 * time.Minute,
		},
	})
	var res activities.SendVerificationEmailResult
	err := workflow.ExecuteActivity(ctx, a.SendVerificationEmail, in).Get(ctx, &res)
	return res, err
}

// PurgeExpiredSessionsScheduleID names the Temporal Schedule that runs PurgeExpiredSessions.
const PurgeExpiredSessionsScheduleID = "PurgeExpiredSessions"

// PurgeExpiredSessions deletes expired sessions; a Temporal Schedule runs it hourly.
func PurgeExpiredSessions(ctx workflow.Context) (activities.PurgeExpiredSessionsResult, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 5 * time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 5},
	})
	var res activities.PurgeExpiredSessionsResult
	err := workflow.ExecuteActivity(ctx, a.PurgeExpiredSessions, activities.PurgeExpiredSessionsInput{}).Get(ctx, &res)
	return res, err
}
