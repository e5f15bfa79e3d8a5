package activities_test

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/testsuite"

	"pagecast/activities"
	"pagecast/blob"
	"pagecast/media"
	"pagecast/models"
	"pagecast/store"
)

// seenObjects is an object store holding some objects, stored a minute ago; it
// remembers the keys a step read.
type seenObjects struct {
	mu      sync.Mutex
	objects map[string]string
	read    []string
}

func (s *seenObjects) look(key string) (string, blob.ObjectInfo, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.read = append(s.read, key)
	body, ok := s.objects[key]
	if !ok {
		return "", blob.ObjectInfo{}, blob.ErrNotFound
	}
	return body, blob.ObjectInfo{Key: key, Size: int64(len(body)), LastModified: time.Now().Add(-time.Minute)}, nil
}

func (s *seenObjects) Head(_ context.Context, key string) (blob.ObjectInfo, error) {
	_, o, err := s.look(key)
	return o, err
}

func (s *seenObjects) Get(_ context.Context, key string) (io.ReadCloser, blob.ObjectInfo, error) {
	body, o, err := s.look(key)
	if err != nil {
		return nil, o, err
	}
	return io.NopCloser(strings.NewReader(body)), o, nil
}
func (*seenObjects) Put(context.Context, string, io.Reader, int64, string) error     { return nil }
func (*seenObjects) Delete(context.Context, string) error                            { return nil }
func (*seenObjects) List(context.Context, string, func(blob.ObjectInfo) error) error { return nil }

// firstRead is the first key a step read: where it looks for what it would store.
func (s *seenObjects) firstRead() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.read) == 0 {
		return ""
	}
	return s.read[0]
}

// endedAttempts is a store whose render attempts have all ended: a step that does not
// find its work stored stops there.
type endedAttempts struct{ *store.Store }

func (endedAttempts) RenderAttemptByID(context.Context, int64) (models.RenderAttempt, error) {
	return models.RenderAttempt{Status: models.RenderAttemptFailed}, nil
}

// TestRenderStepsNameWhatTheyStoreThemselves: while workers are upgraded, workers of
// two engine versions take the steps of one render. A worker of the older engine
// handed a newer worker's plan stores its segment (or insert) under the hash the plan
// gave; a newer worker must not reuse it as its own engine's, or every later render
// shows the old engine's pixels for a month. So a render step looks for (and stores)
// what it makes under a hash of its own engine, whatever hash the plan gave, and the
// plan's hash is never such a key.
func TestRenderStepsNameWhatTheyStoreThemselves(t *testing.T) {
	scene := activities.SceneRender{SceneID: 10, Index: 1, DurationMs: 2000,
		Slides: []activities.RenderSlide{{LayerID: 1, DurationMs: 2000, Text: "The harbour wakes at dawn."}}}
	clip := activities.RenderInsertClip{Type: models.InsertIntro, Key: "assets/7/intro.mp4"}
	var ts testsuite.WorkflowTestSuite
	run := func(objects map[string]string, fn, in any) (*seenObjects, activities.RenderSegmentResult, activities.RenderInsertResult, error) {
		t.Helper()
		b := &seenObjects{objects: objects}
		env := ts.NewTestActivityEnvironment()
		env.RegisterActivity(&activities.RenderActivities{Store: endedAttempts{}, Blob: b, WorkDir: t.TempDir(), Preset: "ultrafast"})
		v, err := env.ExecuteActivity(fn, in)
		var seg activities.RenderSegmentResult
		var ins activities.RenderInsertResult
		if err == nil {
			if _, ok := in.(activities.RenderSegmentInput); ok {
				err = v.Get(&seg)
			} else {
				err = v.Get(&ins)
			}
		}
		return b, seg, ins, err
	}
	var ra *activities.RenderActivities
	segment := func(planned string) activities.RenderSegmentInput {
		sc := scene
		sc.Hash = planned
		return activities.RenderSegmentInput{PublisherID: 7, AttemptID: 1, Canvas: media.Canvas16x9, Scene: sc}
	}
	insert := func(planned string) activities.RenderInsertInput {
		c := clip
		c.Hash = planned
		return activities.RenderInsertInput{PublisherID: 7, AttemptID: 1, Canvas: media.Canvas16x9, Clip: c}
	}
	olderHash := strings.Repeat("0a", 32) // what the plan named it; an older worker stored its work there

	t.Run("segment", func(t *testing.T) {
		// Where this engine keeps the scene does not depend on the plan's hash.
		mine, _, _, _ := run(nil, ra.RenderSegment, segment(strings.Repeat("1b", 32)))
		again, _, _, _ := run(nil, ra.RenderSegment, segment(olderHash))
		if mine.firstRead() == "" || mine.firstRead() != again.firstRead() {
			t.Fatalf("the scene is looked for at %q, then at %q with another plan hash", mine.firstRead(), again.firstRead())
		}
		if mine.firstRead() == activities.SegmentKey(7, olderHash) {
			t.Fatal("the segment is kept under the plan's hash")
		}
		// What an older worker stored under the plan's hash is not reused.
		_, res, _, err := run(map[string]string{activities.SegmentKey(7, olderHash): "older engine"}, ra.RenderSegment, segment(olderHash))
		if err == nil || res.Key == activities.SegmentKey(7, olderHash) {
			t.Fatalf("RenderSegment = %+v, %v: reused what an older worker stored for the plan", res, err)
		}
		// What this engine stored for the scene is.
		_, res, _, err = run(map[string]string{mine.firstRead(): "this engine"}, ra.RenderSegment, segment(olderHash))
		if err != nil || res.Key != mine.firstRead() || !res.Reused {
			t.Fatalf("RenderSegment = %+v, %v: did not reuse the segment this engine stored", res, err)
		}
	})
	t.Run("insert", func(t *testing.T) {
		mine, _, _, _ := run(nil, ra.RenderInsert, insert(strings.Repeat("1b", 32)))
		again, _, _, _ := run(nil, ra.RenderInsert, insert(olderHash))
		if mine.firstRead() == "" || mine.firstRead() != again.firstRead() {
			t.Fatalf("the insert is looked for at %q, then at %q with another plan hash", mine.firstRead(), again.firstRead())
		}
		info := `{"durationMs":1500,"hasAudio":true}`
		_, _, res, err := run(map[string]string{activities.InsertKey(7, olderHash, ".json"): info,
			activities.InsertKey(7, olderHash, ".mp4"): "older engine"}, ra.RenderInsert, insert(olderHash))
		if err == nil || res.SegmentKey == activities.InsertKey(7, olderHash, ".mp4") {
			t.Fatalf("RenderInsert = %+v, %v: reused what an older worker stored for the plan", res, err)
		}
		_, _, res, err = run(map[string]string{mine.firstRead(): info}, ra.RenderInsert, insert(olderHash))
		if err != nil || !res.Reused || res.DurationMs != 1500 || !strings.HasSuffix(mine.firstRead(), ".json") ||
			res.SegmentKey != strings.TrimSuffix(mine.firstRead(), ".json")+".mp4" {
			t.Fatalf("RenderInsert = %+v, %v: did not reuse the insert this engine stored", res, err)
		}
	})
}
