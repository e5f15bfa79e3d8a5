package workflows

import (
	"context"
	"errors"
	"testing"
	"time"

	commonpb "go.temporal.io/api/common/v1"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	workflowpb "go.temporal.io/api/workflow/v1"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"
)

// progressClient is a Temporal client whose describe and query answer as a test says.
type progressClient struct {
	client.Client
	describeErr error
	status      enumspb.WorkflowExecutionStatus
	pending     []*workflowpb.PendingActivityInfo
	// query answers the progress query; nil blocks until the caller gives up, as a
	// query does when no worker is up.
	query *RenderProgress
}

func (c progressClient) DescribeWorkflowExecution(ctx context.Context, _, _ string) (*workflowservice.DescribeWorkflowExecutionResponse, error) {
	if c.describeErr != nil {
		return nil, c.describeErr
	}
	return &workflowservice.DescribeWorkflowExecutionResponse{
		WorkflowExecutionInfo: &workflowpb.WorkflowExecutionInfo{Status: c.status}, PendingActivities: c.pending}, nil
}

func (c progressClient) QueryWorkflow(ctx context.Context, _, _ string, _ string, _ ...any) (converter.EncodedValue, error) {
	if c.query == nil {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	p, err := converter.GetDefaultDataConverter().ToPayloads(*c.query)
	if err != nil {
		return nil, err
	}
	return client.NewValue(p), nil
}

// TestStarterRenderProgress: a run Temporal does not know is not running; Temporal or
// the query not answering in time is an error (the API then answers the stored
// progress), never "not started". A step tried again after it failed (a pending
// activity past its first attempt) makes the progress say it is retrying.
func TestStarterRenderProgress(t *testing.T) {
	running := enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING
	answer := &RenderProgress{Stage: "rendering", TotalMs: 9000, DoneMs: 3000, Scenes: 3, Done: 1}
	segment := func(attempt int32, state enumspb.PendingActivityState) *workflowpb.PendingActivityInfo {
		return &workflowpb.PendingActivityInfo{ActivityType: &commonpb.ActivityType{Name: "RenderSegment"}, Attempt: attempt, State: state}
	}
	tests := []struct {
		name         string
		c            progressClient
		wantOK       bool
		wantErr      bool
		wantRetrying bool
	}{
		{"never started", progressClient{describeErr: serviceerror.NewNotFound("no such workflow")}, false, false, false},
		{"finished", progressClient{status: enumspb.WORKFLOW_EXECUTION_STATUS_COMPLETED}, false, false, false},
		{"temporal unavailable", progressClient{describeErr: serviceerror.NewUnavailable("connection refused")}, false, true, false},
		{"describe timed out", progressClient{describeErr: context.DeadlineExceeded}, false, true, false},
		{"no worker answers", progressClient{status: running}, false, true, false},
		{"answered", progressClient{status: running, query: answer}, true, false, false},
		{"segments on their first attempt", progressClient{status: running, query: answer, pending: []*workflowpb.PendingActivityInfo{
			segment(1, enumspb.PENDING_ACTIVITY_STATE_STARTED), segment(1, enumspb.PENDING_ACTIVITY_STATE_SCHEDULED)}}, true, false, false},
		{"a segment waits to be tried again", progressClient{status: running, query: answer, pending: []*workflowpb.PendingActivityInfo{
			segment(1, enumspb.PENDING_ACTIVITY_STATE_STARTED), segment(2, enumspb.PENDING_ACTIVITY_STATE_SCHEDULED)}}, true, false, true},
		{"a segment is tried again", progressClient{status: running, query: answer, pending: []*workflowpb.PendingActivityInfo{
			segment(3, enumspb.PENDING_ACTIVITY_STATE_STARTED)}}, true, false, true},
	}
	for _, tt := range tests {
		ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
		begin := time.Now()
		p, ok, err := Starter{Client: tt.c}.RenderProgress(ctx, 1, 2)
		cancel()
		if ok != tt.wantOK || (err != nil) != tt.wantErr {
			t.Errorf("%s: ok %v, err %v; want ok %v, error %v", tt.name, ok, err, tt.wantOK, tt.wantErr)
		}
		if d := time.Since(begin); d > 2*time.Second {
			t.Errorf("%s: took %s", tt.name, d)
		}
		if tt.name == "no worker answers" && !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: %v, want the deadline", tt.name, err)
		}
		if tt.wantOK && (p.Stage != "rendering" || p.Done != 1 || p.DoneMs != 3000 || p.Retrying != tt.wantRetrying) {
			t.Errorf("%s: progress %+v; want retrying %v", tt.name, p, tt.wantRetrying)
		}
	}
}
