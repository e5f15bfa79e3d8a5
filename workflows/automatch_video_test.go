package workflows

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/temporal"

	"pagecast/activities"
)

func TestAutomatchVideoID(t *testing.T) {
	if got := AutomatchVideoID(42, 3); got != "AutomatchVideo:42:3" {
		t.Fatalf("AutomatchVideoID = %q", got)
	}
}

func TestAutomatchVideo(t *testing.T) {
	tests := []struct {
		name      string
		overwrite bool
		matched   activities.AutomatchVideoResult
		err       error
		want      AutomatchVideoResult
		imports   string
	}{
		{"fills slides and imports what it chose", false,
			activities.AutomatchVideoResult{ImportAssetIDs: []int64{31}, UploadedAssetIDs: []int64{33}, Matched: 2, TextSlides: 1}, nil,
			AutomatchVideoResult{Matched: 2, TextSlides: 1, Imports: 2}, "[{31 true} {33 false}]"},
		{"overwrite is passed on", true, activities.AutomatchVideoResult{Matched: 4}, nil,
			AutomatchVideoResult{Matched: 4}, "[]"},
		{"a deleted video ends the run quietly", false, activities.AutomatchVideoResult{},
			temporal.NewNonRetryableApplicationError("The video was deleted.", activities.ErrTypeVideoGone, nil),
			AutomatchVideoResult{Error: "The video was deleted."}, "[]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newVideoEnv(t)
			var got []activities.AutomatchVideoInput
			e.OnActivity(va.AutomatchVideo, mock.Anything, mock.Anything).Return(
				func(_ context.Context, in activities.AutomatchVideoInput) (activities.AutomatchVideoResult, error) {
					e.mu.Lock()
					got = append(got, in)
					e.mu.Unlock()
					return tt.matched, tt.err
				})
			e.ExecuteWorkflow(AutomatchVideo, AutomatchVideoInput{VideoID: 5, PublisherID: 7, Overwrite: tt.overwrite})
			if !e.IsWorkflowCompleted() || e.GetWorkflowError() != nil {
				t.Fatalf("workflow: %v", e.GetWorkflowError())
			}
			var res AutomatchVideoResult
			if err := e.GetWorkflowResult(&res); err != nil || res != tt.want {
				t.Fatalf("result = %+v %v, want %+v", res, err, tt.want)
			}
			want := activities.AutomatchVideoInput{VideoID: 5, Refill: true, Overwrite: tt.overwrite}
			if len(got) != 1 || got[0] != want {
				t.Fatalf("activity input = %+v, want one %+v", got, want)
			}
			// The imports run as child workflows side by side: compare them in asset order.
			imports := slices.Clone(e.imports)
			slices.SortFunc(imports, func(a, b ImportAssetInput) int { return cmp.Compare(a.AssetID, b.AssetID) })
			if s := fmt.Sprint(imports); s != tt.imports {
				t.Fatalf("imports = %s, want %s", s, tt.imports)
			}
		})
	}
}

// TestAutomatchVideoFailsOnAFault: a fault that outlasts its retries fails the run.
func TestAutomatchVideoFailsOnAFault(t *testing.T) {
	e := newVideoEnv(t)
	e.OnActivity(va.AutomatchVideo, mock.Anything, mock.Anything).Return(activities.AutomatchVideoResult{},
		temporal.NewNonRetryableApplicationError("database down", "Internal", nil))
	e.ExecuteWorkflow(AutomatchVideo, AutomatchVideoInput{VideoID: 5, PublisherID: 7})
	var appErr *temporal.ApplicationError
	if err := e.GetWorkflowError(); !errors.As(err, &appErr) || appErr.Message() != "database down" {
		t.Fatalf("workflow error = %v", err)
	}
}
