package activities_test

import (
	"fmt"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"pagecast/activities"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

// plan starts a render attempt of the video and plans it.
func (e *renderEnv) plan(videoID int64) (models.RenderAttempt, activities.PlanRenderResult) {
	e.t.Helper()
	ctx := e.t.Context()
	v, err := e.store.VideoForWorkflow(ctx, videoID)
	if err != nil {
		e.t.Fatal(err)
	}
	att, err := e.store.StartRender(ctx, store.StartRenderInput{VideoID: videoID, PublisherID: e.pub,
		RequiredCredits: domain.RequiredCredits(v.DurationMs), DurationMs: v.DurationMs, MaxAttempts: domain.MaxRenderAttempts, Now: time.Now()})
	if err != nil {
		e.t.Fatal(err)
	}
	var plan activities.PlanRenderResult
	e.run(e.acts.PlanRender, activities.PlanRenderInput{AttemptID: att.ID}, &plan)
	return att, plan
}

// TestRenderLeavesMutedNarrationOut: a muted slide keeps its time on screen, but its
// narration is not in the mix and it has no subtitles.
func TestRenderLeavesMutedNarrationOut(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		v := e.video("Boats.", "Waves.")
		e.narrateScene(v.Scenes[0].ID)
		first, second := v.Scenes[0].Layers[0].ID, v.Scenes[0].Layers[1].ID
		if _, err := e.store.SetLayerMuted(ctx, e.pub, second, true, time.Now()); err != nil {
			t.Fatal(err)
		}
		v, err := e.store.VideoForWorkflow(ctx, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		one, two := v.Scenes[0].Layers[0], v.Scenes[0].Layers[1]
		if one.ID != first || two.ID != second || two.NarrationAssetID == nil || !two.Muted {
			t.Fatalf("slides %+v %+v", one, two)
		}
		att, plan := e.plan(v.ID)
		if plan.DurationMs != one.DurationMs+two.DurationMs || len(plan.Scenes) != 1 || len(plan.Scenes[0].Slides) != 2 {
			t.Fatalf("plan lasts %d ms with %d scenes: the muted slide lost its time", plan.DurationMs, len(plan.Scenes))
		}
		if len(plan.Narration) != 1 || plan.Narration[0].StartMs != 0 {
			t.Fatalf("narration clips %+v, want the first slide's only", plan.Narration)
		}
		if len(plan.Cues) == 0 {
			t.Fatal("the first slide has no subtitles")
		}
		for _, c := range plan.Cues {
			if c.EndMs > one.DurationMs {
				t.Fatalf("a subtitle in the muted slide's time: %+v", c)
			}
		}
		var mixed activities.MixRenderAudioResult
		e.run(e.acts.MixRenderAudio, activities.MixRenderAudioInput{AttemptID: att.ID, Plan: plan}, &mixed)
		file := e.download(mixed.Key, "mix.m4a")
		spoken := meanVolume(t, file, 0, two.NarrationMs)
		muted := meanVolume(t, file, one.DurationMs, two.NarrationMs)
		if spoken < -40 || muted > -60 {
			t.Fatalf("the first slide is at %.1f dB, the muted one at %.1f dB", spoken, muted)
		}
	})
}

// leftStrip decodes the left tenth of the frame at ms as grey pixels.
func leftStrip(t *testing.T, file string, ms int) float64 {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-v", "error", "-ss", strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64), "-i", file,
		"-frames:v", "1", "-vf", "crop=iw/10:ih:0:0,format=gray", "-f", "rawvideo", "-").Output()
	if err != nil || len(out) == 0 {
		t.Fatalf("frame at %d ms: %v", ms, err)
	}
	sum := 0
	for _, b := range out {
		sum += int(b)
	}
	return float64(sum) / float64(len(out))
}

// TestRenderHonoursSlideTransform: a slide's picture contained and cropped shows on
// black bars, and only its scene renders again.
func TestRenderHonoursSlideTransform(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		bars := e.asset("bars.png", models.AssetTypeIDImage, "-f", "lavfi", "-i", "smptebars=size=640x360:rate=1", "-frames:v", "1")
		v := models.Video{PublisherID: e.pub, Name: "Bars", AspectRatio: models.AspectHorizontal, VoiceID: &e.voice,
			PauseAfterSlideMs: 500, MaxSentencesPerSlide: 2, BuildStage: models.BuildAutomatchCompleted}
		if err := e.store.CreateVideo(ctx, &v); err != nil {
			t.Fatal(err)
		}
		v, err := e.store.CreateScenes(ctx, v.ID, []store.SceneInput{
			{Layers: []store.LayerInput{{Text: "One.", DurationMs: 1000}}},
			{Layers: []store.LayerInput{{Text: "Two.", DurationMs: 1000}}},
		}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		l1, l2 := v.Scenes[0].Layers[0].ID, v.Scenes[1].Layers[0].ID
		if err := e.store.SetAutomatchedMedia(ctx, v.ID, []store.SlideMedia{{LayerID: l1, AssetID: &bars}, {LayerID: l2, AssetID: &bars}}, true, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := e.store.RecomputeVideoDuration(ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		// Both scenes show the same panned picture alone: one segment serves both.
		_, _, segs, joined := e.render(v.ID)
		if segs[0].Reused || !segs[1].Reused || segs[0].Key != segs[1].Key {
			t.Fatalf("first render: %+v, want scene 2 to reuse scene 1's segment", segs)
		}
		covered := leftStrip(t, e.download(joined.Output.ContentKey, "cover.mp4"), 1500)

		tr := &models.SlideTransform{Fit: models.FitContain, Crop: &models.CropRect{X: 0, Y: 0, Width: 0.25, Height: 1}}
		if _, err := e.store.SetLayerTransform(ctx, e.pub, l2, tr, time.Now()); err != nil {
			t.Fatal(err)
		}
		_, plan, segs, joined := e.render(v.ID)
		if !segs[0].Reused || segs[1].Reused || !plan.Scenes[1].Slides[0].Contain || plan.Scenes[1].Slides[0].Crop == nil {
			t.Fatalf("after the transform: segments %+v, slide %+v", segs, plan.Scenes[1].Slides[0])
		}
		contained := leftStrip(t, e.download(joined.Output.ContentKey, "contain.mp4"), 1500)
		if covered < 60 || contained > 24 {
			t.Fatalf("left edge of scene 2: %.0f covered, %.0f contained (want the picture, then a black bar)", covered, contained)
		}
	})
}

// TestRenderMutesAVoiceoversSlide: a voiceover is one recording; a muted slide
// silences it for that slide's time.
func TestRenderMutesAVoiceoversSlide(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		rec := e.asset("voice.wav", models.AssetTypeIDAudio, "-f", "lavfi", "-i", "sine=f=440:d=2", "-ar", "48000")
		e.exec("UPDATE assets SET duration = 2 WHERE id = ?", rec)
		v := models.Video{PublisherID: e.pub, Name: "Told", AspectRatio: models.AspectHorizontal, IsVoiceover: true,
			VoiceoverAssetID: &rec, BuildStage: models.BuildAutomatchCompleted}
		if err := e.store.CreateVideo(ctx, &v); err != nil {
			t.Fatal(err)
		}
		v, err := e.store.CreateScenes(ctx, v.ID, []store.SceneInput{
			{Layers: []store.LayerInput{{Text: "One.", DurationMs: 1000}, {Text: "Two.", DurationMs: 1000}}},
		}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.store.SetLayerMuted(ctx, e.pub, v.Scenes[0].Layers[1].ID, true, time.Now()); err != nil {
			t.Fatal(err)
		}
		att, plan := e.plan(v.ID)
		if len(plan.Narration) != 1 || fmt.Sprint(plan.Narration[0].Mute) != "[{1000 2000}]" || plan.DurationMs != 2000 {
			t.Fatalf("plan narration %+v, %d ms", plan.Narration, plan.DurationMs)
		}
		for _, c := range plan.Cues {
			if c.EndMs > 1000 {
				t.Fatalf("a subtitle in the muted slide's time: %+v", c)
			}
		}
		var mixed activities.MixRenderAudioResult
		e.run(e.acts.MixRenderAudio, activities.MixRenderAudioInput{AttemptID: att.ID, Plan: plan}, &mixed)
		file := e.download(mixed.Key, "mix.m4a")
		if heard, muted := meanVolume(t, file, 100, 800), meanVolume(t, file, 1100, 800); heard < -30 || muted > -60 {
			t.Fatalf("the first slide is at %.1f dB, the muted one at %.1f dB", heard, muted)
		}
	})
}
