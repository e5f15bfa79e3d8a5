package embedded_test

import (
	"context"
	"testing"
	"time"

	"go.temporal.io/sdk/client"

	"pagecast/embedded"
	"pagecast/workflows"
)

// TestRenderProgressWithoutAWorker: against a real Temporal, a render never started is
// not running (no error), and a running render no worker polls for answers its
// progress query with an error once the caller's deadline passes, not after Temporal's
// own wait.
func TestRenderProgressWithoutAWorker(t *testing.T) {
	c := dial(t, startTemporal(t, embedded.TemporalOptions{}))
	s := workflows.Starter{Client: c, TaskQueue: taskQueue}

	if _, ok, err := s.RenderProgress(t.Context(), 1, 1); ok || err != nil {
		t.Fatalf("never started: ok %v, err %v; want not running", ok, err)
	}
	in := workflows.RenderVideoInput{VideoID: 1, PublisherID: 1, AttemptID: 1, Attempt: 2}
	if _, err := c.ExecuteWorkflow(t.Context(), client.StartWorkflowOptions{ID: workflows.RenderVideoID(1, 2), TaskQueue: taskQueue},
		workflows.RenderVideo, in); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Second)
	defer cancel()
	begin := time.Now()
	_, ok, err := s.RenderProgress(ctx, 1, 2)
	took := time.Since(begin)
	if ok || err == nil || took > 4*time.Second {
		t.Fatalf("no worker: ok %v, err %v after %s; want an error within the deadline", ok, err, took)
	}
	t.Logf("no worker: %v after %s", err, took)
}
