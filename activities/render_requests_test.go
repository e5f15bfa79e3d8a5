package activities_test

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"pagecast/blob"
	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

// slowObjects is the object store with a round trip's latency on every request, as S3
// has; it counts, per kind of request and kind of key, the most made at once.
type slowObjects struct {
	*blob.Store
	latency time.Duration

	mu      sync.Mutex
	running map[string]int
	peak    map[string]int
}

// kind names a request by its verb and the part of the key that says what it is.
func (s *slowObjects) kind(verb, key string) string {
	for _, part := range []string{"/segments/", "/audio/chunks/", "/renders/", "narration"} {
		if strings.Contains(key, part) {
			return verb + " " + part
		}
	}
	return verb + " " + key
}

func (s *slowObjects) enter(kind string) func() {
	s.mu.Lock()
	s.running[kind]++
	s.peak[kind] = max(s.peak[kind], s.running[kind])
	s.mu.Unlock()
	time.Sleep(s.latency)
	return func() {
		s.mu.Lock()
		s.running[kind]--
		s.mu.Unlock()
	}
}

func (s *slowObjects) Get(ctx context.Context, key string) (io.ReadCloser, blob.ObjectInfo, error) {
	defer s.enter(s.kind("get", key))()
	return s.Store.Get(ctx, key)
}

func (s *slowObjects) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	defer s.enter(s.kind("put", key))()
	return s.Store.Put(ctx, key, r, size, contentType)
}

func (s *slowObjects) Head(ctx context.Context, key string) (blob.ObjectInfo, error) {
	defer s.enter(s.kind("head", key))()
	return s.Store.Head(ctx, key)
}

// TestRenderRequestsGoSideBySide: with a round trip on every object-store request, a
// render fetches the files each step needs, and stores what it makes, side by side
// rather than one after another: the segments and the mix to join, the stretches of
// sound to reuse or keep, the narration to mix and the finished video's files.
func TestRenderRequestsGoSideBySide(t *testing.T) {
	e := newRenderEnv(t, storetest.SQLite(t))
	ctx := t.Context()
	v := models.Video{PublisherID: e.pub, Name: "Five scenes", AspectRatio: models.AspectHorizontal, VoiceID: &e.voice,
		PauseAfterSlideMs: 200, MaxSentencesPerSlide: 2, BuildStage: models.BuildAutomatchCompleted}
	if err := e.store.CreateVideo(ctx, &v); err != nil {
		t.Fatal(err)
	}
	var scenes []store.SceneInput
	for _, text := range []string{"One.", "Two.", "Three.", "Four.", "Five."} {
		scenes = append(scenes, store.SceneInput{Layers: []store.LayerInput{{Text: text}}})
	}
	v, err := e.store.CreateScenes(ctx, v.ID, scenes, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var media []store.SlideMedia
	for _, sc := range v.Scenes {
		e.narrateScene(sc.ID)
		for _, l := range sc.Layers {
			media = append(media, store.SlideMedia{LayerID: l.ID, Text: "Slide"})
		}
	}
	if err := e.store.SetAutomatchedMedia(ctx, v.ID, media, true, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := e.store.RecomputeVideoDuration(ctx, v.ID); err != nil {
		t.Fatal(err)
	}
	slow := &slowObjects{Store: e.blob, latency: 30 * time.Millisecond, running: map[string]int{}, peak: map[string]int{}}
	e.acts.Blob = slow

	start := time.Now()
	_, plan, _, _ := e.render(v.ID)
	t.Logf("render with %v a request: %v", slow.latency, time.Since(start).Round(time.Millisecond))
	if len(plan.Scenes) < 2 {
		t.Fatalf("plan has %d scenes, want several", len(plan.Scenes))
	}
	for _, kind := range []string{"get /segments/", "get /audio/chunks/", "put /audio/chunks/", "get narration", "put /renders/"} {
		if slow.peak[kind] < 2 {
			t.Errorf("%s: at most %d request at once, want them side by side (peaks %v)", kind, slow.peak[kind], slow.peak)
		}
	}
}
