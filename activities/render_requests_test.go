package activities_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/temporal"

	"pagecast/activities"
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

// fiveScenes stores a narrated video of five one-slide scenes, ready to render.
func (e *renderEnv) fiveScenes() models.Video {
	e.t.Helper()
	t, ctx := e.t, e.t.Context()
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
	return v
}

// TestRenderRequestsGoSideBySide: with a round trip on every object-store request, a
// render fetches the files each step needs, and stores what it makes, side by side
// rather than one after another: the segments and the mix to join, the stretches of
// sound to reuse or keep, the narration to mix and the finished video's files.
func TestRenderRequestsGoSideBySide(t *testing.T) {
	e := newRenderEnv(t, storetest.SQLite(t))
	v := e.fiveScenes()
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

// TestRenderMissingObjectIsFinal: a file a render needs that is gone from the store (a
// segment the join fetches, a narration clip the mix fetches) fails the step with the
// message the user is shown, as a final error: Temporal does not retry it, and
// RenderVideo finds its message.
func TestRenderMissingObjectIsFinal(t *testing.T) {
	e := newRenderEnv(t, storetest.SQLite(t))
	ctx := t.Context()
	v := e.fiveScenes()
	_, _, segs, _ := e.render(v.ID)
	att, plan := e.plan(v.ID) // a render running again, over what the first stored
	final := func(step string, err error) {
		t.Helper()
		var appErr *temporal.ApplicationError
		if !errors.As(err, &appErr) || !appErr.NonRetryable() || appErr.Type() != activities.ErrTypeRenderInput ||
			appErr.Message() != "A file the video needs is missing from storage." {
			t.Errorf("%s with a file missing: %v, want the final error with the user's message", step, err)
		}
	}
	env := e.ts.NewTestActivityEnvironment()
	env.RegisterActivity(e.acts)

	keys := make([]string, len(segs))
	for i, s := range segs {
		keys[i] = s.Key
	}
	if err := e.blob.Delete(ctx, keys[2]); err != nil {
		t.Fatal(err)
	}
	_, err := env.ExecuteActivity(e.acts.JoinRender, activities.JoinRenderInput{AttemptID: att.ID, Plan: plan, Segments: keys, Audio: e.lastMix.Key})
	final("the join", err)

	// The mix is looked for first: without it, the mix fetches its narration.
	for _, key := range []string{e.lastMix.Key, plan.Narration[1].Key} {
		if err := e.blob.Delete(ctx, key); err != nil {
			t.Fatal(err)
		}
	}
	_, err = env.ExecuteActivity(e.acts.MixRenderAudio, activities.MixRenderAudioInput{AttemptID: att.ID, Plan: plan})
	final("the mix", err)
}

// TestRenderNamesTheMissingFileTheUserChose: when a file the user chose for the video
// (a slide's picture, a background track, an intro clip) is gone from the store, the
// render's final error says which, and what to do, rather than that "a file" is missing.
func TestRenderNamesTheMissingFileTheUserChose(t *testing.T) {
	e := newRenderEnv(t, storetest.SQLite(t))
	ctx := t.Context()
	grey := e.asset("grey.png", models.AssetTypeIDImage, "-f", "lavfi", "-i", "color=c=0x808080:size=640x360", "-frames:v", "1")
	v := e.burnedVideo(models.AspectHorizontal, models.DefaultSubtitleStyleHorizontal, "Lanterns glow over the bay.", grey)
	song := e.asset("song.wav", models.AssetTypeIDAudio, "-f", "lavfi", "-i", "sine=f=440:d=2", "-ar", "48000")
	if _, err := e.store.AddBackgroundAudio(ctx, e.pub, v.ID, song, 60, time.Now()); err != nil {
		t.Fatal(err)
	}
	intro := e.asset("intro.mp4", models.AssetTypeIDVideo, "-f", "lavfi", "-i", "smptebars=size=640x360:rate=30", "-t", "0.5",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p")
	if _, err := e.store.CreateInsert(ctx, e.pub, v.ID, models.InsertIntro, intro, time.Now()); err != nil {
		t.Fatal(err)
	}
	att, plan := e.plan(v.ID)
	if len(plan.Scenes) != 1 || plan.Scenes[0].Slides[0].MediaKey == "" || len(plan.Background) != 1 || len(plan.Inserts) != 1 {
		t.Fatalf("plan: %+v", plan)
	}
	for _, key := range []string{plan.Scenes[0].Slides[0].MediaKey, plan.Background[0].Key, plan.Inserts[0].Key} {
		if err := e.blob.Delete(ctx, key); err != nil {
			t.Fatal(err)
		}
	}
	env := e.ts.NewTestActivityEnvironment()
	env.RegisterActivity(e.acts)
	for _, c := range []struct {
		step string
		run  func() error
		want string
	}{
		{"the scene", func() error {
			_, err := env.ExecuteActivity(e.acts.RenderSegment, activities.RenderSegmentInput{PublisherID: e.pub, AttemptID: att.ID,
				Canvas: plan.Canvas, Style: plan.Style, Scene: plan.Scenes[0]})
			return err
		}, "Slide 1 of scene 1: its media file is missing from storage. Choose other media for it, then render again."},
		{"the mix", func() error {
			_, err := env.ExecuteActivity(e.acts.MixRenderAudio, activities.MixRenderAudioInput{AttemptID: att.ID, Plan: plan})
			return err
		}, "A background audio file is missing from storage. Remove it or choose another, then render again."},
		{"the intro", func() error {
			_, err := env.ExecuteActivity(e.acts.RenderInsert, activities.RenderInsertInput{PublisherID: e.pub, AttemptID: att.ID,
				Canvas: plan.Canvas, Clip: plan.Inserts[0]})
			return err
		}, "The intro clip is missing from storage. Remove it or choose another, then render again."},
	} {
		var appErr *temporal.ApplicationError
		if err := c.run(); !errors.As(err, &appErr) || !appErr.NonRetryable() || appErr.Type() != activities.ErrTypeRenderInput || appErr.Message() != c.want {
			t.Errorf("%s with its file missing: %v, want the final error %q", c.step, err, c.want)
		}
	}
}
