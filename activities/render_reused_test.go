package activities_test

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"pagecast/activities"
	"pagecast/blob"
)

// headOnly is an object store holding every segment, stored at a given time.
type headOnly struct {
	stored time.Time
}

func (h headOnly) Head(_ context.Context, key string) (blob.ObjectInfo, error) {
	if !strings.HasPrefix(key, "renders/7/segments/") {
		return blob.ObjectInfo{}, blob.ErrNotFound
	}
	return blob.ObjectInfo{Key: key, LastModified: h.stored}, nil
}
func (headOnly) Put(context.Context, string, io.Reader, int64, string) error { return nil }
func (headOnly) Get(context.Context, string) (io.ReadCloser, blob.ObjectInfo, error) {
	return nil, blob.ObjectInfo{}, blob.ErrNotFound
}
func (headOnly) Delete(context.Context, string) error                            { return nil }
func (headOnly) List(context.Context, string, func(blob.ObjectInfo) error) error { return nil }

// TestRenderSegmentReusedOnlyFromEarlierRenders: a segment found stored counts as
// reused when an earlier render stored it, not when this render did (a run of the step
// whose result was lost: a worker or Temporal restarted after the upload). A first
// render must not say its scenes were "reused from the last render".
func TestRenderSegmentReusedOnlyFromEarlierRenders(t *testing.T) {
	started := time.Date(2026, 11, 29, 22, 28, 10, 600_000_000, time.UTC)
	tests := []struct {
		name    string
		stored  time.Time // as the store keeps it: whole seconds
		started time.Time
		want    bool
	}{
		{"stored by an earlier render", started.Add(-10 * time.Minute).Truncate(time.Second), started, true},
		{"stored by this render, seconds after it started", started.Add(4 * time.Second).Truncate(time.Second), started, false},
		{"stored by this render in the second it started", started.Truncate(time.Second), started, false},
		{"start unknown", started.Add(4 * time.Second).Truncate(time.Second), time.Time{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &activities.RenderActivities{Blob: headOnly{stored: tt.stored},
				Now: func() time.Time { return started.Add(time.Minute) }}
			res, err := a.RenderSegment(context.Background(), activities.RenderSegmentInput{PublisherID: 7, AttemptID: 1,
				Scene: activities.SceneRender{SceneID: 10}, Started: tt.started})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(res.Key, "renders/7/segments/") || res.Reused != tt.want {
				t.Fatalf("RenderSegment = %+v, want reused %v", res, tt.want)
			}
		})
	}
}
