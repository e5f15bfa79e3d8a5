package activities_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"go.temporal.io/sdk/temporal"

	"pagecast/activities"
	"pagecast/media"
	"pagecast/models"
	"pagecast/providers/tts"
	"pagecast/providers/webfetch"
	"pagecast/store/storetest"
)

// voiceoverSentences are spoken one per slide, with a pause between them; the
// commas give short pauses the alignment must pass over.
var voiceoverSentences = []string{
	"Solar panels turn sunlight into electricity for your home.",
	"Most roofs, even small ones, can hold enough panels to matter.",
	"The panels pay for themselves within about ten years.",
	"After that, for twenty years or more, the power they make is free.",
	"Batteries store the extra power for the evening.",
}

// voiceoverVideo stores a voiceover video with script text and the narration audio
// (a WAV), as the API does, and returns it and its asset id.
func (e *assetEnv) voiceoverVideo(text string, wav []byte) (models.Video, int64) {
	e.t.Helper()
	ctx := e.t.Context()
	v := models.Video{PublisherID: e.pub, Name: "Voiceover", Text: text, AspectRatio: models.AspectHorizontal,
		PauseAfterSlideMs: 500, MaxSentencesPerSlide: 1, TemplateID: 88, BuildStage: models.BuildPopulatingData, Draft: true}
	a := models.Asset{Name: "narration.wav", TypeID: models.AssetTypeIDAudio, Source: models.AssetSourceInternal,
		State: models.AssetStateCreated, ContentType: "audio/wav", Size: int64(len(wav))}
	if err := e.store.CreateVoiceoverVideo(ctx, &v, &a); err != nil {
		e.t.Fatal(err)
	}
	key := models.AssetPrefix(e.pub, a.ID) + "original.wav"
	if err := e.store.SetUploadKey(ctx, a.ID, key); err != nil {
		e.t.Fatal(err)
	}
	if err := e.blob.Put(ctx, key, bytes.NewReader(wav), int64(len(wav)), "audio/wav"); err != nil {
		e.t.Fatal(err)
	}
	if err := e.store.MarkAssetUploaded(ctx, a.ID); err != nil {
		e.t.Fatal(err)
	}
	return v, a.ID
}

func TestVoiceoverLayersFollowRealNarration(t *testing.T) {
	espeak, err := tts.NewEspeak("")
	if err != nil {
		t.Skip("espeak-ng not installed")
	}
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	var parts []tts.Part
	for i, s := range voiceoverSentences {
		if i > 0 {
			parts = append(parts, tts.Part{PauseMs: 600})
		}
		parts = append(parts, tts.Part{Text: s})
	}
	n, err := tts.Narrate(t.Context(), espeak, parts, tts.NarrateOptions{VoiceID: "en-us", Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	// Where each slide really ends: the middle of the pause after its sentence.
	var truth []int
	for _, p := range n.Parts {
		if p.Pause {
			truth = append(truth, p.StartMs+p.DurationMs/2)
		}
	}
	s := voiceoverSentences
	// Three scenes; a pause marker nobody speaks stays on its slide.
	text := s[0] + " " + s[1] + "\n\n" + s[2] + " [pause 1s] " + s[3] + "\n\n" + s[4]

	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAssetEnv(t, db, webfetch.Options{})
		ctx := t.Context()
		v, assetID := e.voiceoverVideo(text, n.Audio)
		// The narration is imported as any upload (CreateVideo runs ImportAsset first).
		if _, _, err := e.importAsset(assetID); err != nil {
			t.Fatal(err)
		}
		acts := &activities.VoiceoverActivities{Store: db.Store, Blob: e.blob, Media: media.Tool{}, WorkDir: t.TempDir()}
		in := activities.CreateVoiceoverLayersInput{VideoID: v.ID, NarrationAssetID: assetID}
		res, err := acts.CreateVoiceoverLayers(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.SceneIDs) != 3 || res.Slides != 5 || res.NarrationMs != n.DurationMs {
			t.Fatalf("result %+v, narration %d ms", res, n.DurationMs)
		}
		got, err := db.Store.VideoForWorkflow(ctx, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		var layers []models.Layer
		for _, sc := range got.Scenes {
			if sc.NeedsAudio {
				t.Errorf("scene %d needs narration; the upload narrates it", sc.ID)
			}
			layers = append(layers, sc.Layers...)
		}
		if len(layers) != 5 || !strings.Contains(layers[2].Text, "[pause 1s]") || layers[2].Text != s[2]+" [pause 1s]" {
			t.Fatalf("slides %+v", layers)
		}
		end := 0
		for i, l := range layers {
			end += l.DurationMs
			if i < len(truth) {
				if d := end - truth[i]; d < -250 || d > 250 {
					t.Errorf("slide %d ends at %d ms, the sentence at %d ms (off by %d)", i+1, end, truth[i], d)
				}
			}
		}
		if end != n.DurationMs {
			t.Fatalf("slides last %d ms in all, the narration %d ms", end, n.DurationMs)
		}
		t.Logf("narration %d ms, %d pauses; slide ends vs sentence ends: %v", res.NarrationMs, res.Pauses, slideEnds(layers, truth))

		// A retry stores nothing more.
		again, err := acts.CreateVoiceoverLayers(ctx, in)
		if err != nil || len(again.SceneIDs) != 3 || again.SceneIDs[0] != res.SceneIDs[0] {
			t.Fatalf("retry = %+v, %v", again, err)
		}
		var count int64
		db.Store.DB().Model(&models.Layer{}).Where("video_id = ?", v.ID).Count(&count)
		if count != 5 {
			t.Fatalf("%d slides after a retry", count)
		}
		// The video lasts as long as its narration.
		if err := db.Store.RecomputeVideoDuration(ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		got, _ = db.Store.VideoForWorkflow(ctx, v.ID)
		if d := got.DurationMs - end; d < -1 || d > 1 {
			t.Fatalf("video lasts %d ms, its slides %d ms", got.DurationMs, end)
		}
	})
}

// slideEnds lists how far each slide's end is from its sentence's, in ms.
func slideEnds(layers []models.Layer, truth []int) []int {
	var out []int
	end := 0
	for i, l := range layers[:len(truth)] {
		end += l.DurationMs
		out = append(out, end-truth[i])
	}
	return out
}

// testSilentWAV is two seconds of silence.
func testSilentWAV(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(generate(t, "silence.wav", "-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "2", "-c:a", "pcm_s16le"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestVoiceoverLayersRefuseBadNarration(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAssetEnv(t, db, webfetch.Options{})
		ctx := t.Context()
		acts := &activities.VoiceoverActivities{Store: db.Store, Blob: e.blob, Media: media.Tool{}, WorkDir: t.TempDir()}
		layers := func(v models.Video, assetID int64) error {
			_, err := acts.CreateVoiceoverLayers(ctx, activities.CreateVoiceoverLayersInput{VideoID: v.ID, NarrationAssetID: assetID})
			return err
		}
		final := func(err error, errType string) bool {
			var appErr *temporal.ApplicationError
			return errors.As(err, &appErr) && appErr.NonRetryable() && appErr.Type() == errType
		}

		// Not imported yet: retried until it is.
		v, id := e.voiceoverVideo("One two three four.", testSilentWAV(t))
		if err := layers(v, id); err == nil || final(err, activities.ErrTypeBadNarration) {
			t.Fatalf("pending narration: %v", err)
		}
		// A failed import fails the build with its reason.
		if _, err := db.Store.FailAsset(ctx, id, "We could not read this audio file.", models.ErrorKeyInvalidMedia); err != nil {
			t.Fatal(err)
		}
		if err := layers(v, id); !final(err, activities.ErrTypeBadNarration) ||
			!strings.Contains(err.Error(), "We could not read this audio file.") {
			t.Fatalf("failed import: %v", err)
		}
		// Silence only: there is nothing to time slides to... but a silent track still has
		// a length, so the slides share it in proportion to the text.
		v, id = e.voiceoverVideo("One two three four. Five six seven eight.", testSilentWAV(t))
		if _, _, err := e.importAsset(id); err != nil {
			t.Fatal(err)
		}
		if err := layers(v, id); err != nil {
			t.Fatalf("silent narration: %v", err)
		}
		// A deleted video ends the build.
		if err := db.Store.DeleteVideo(ctx, e.pub, v.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := layers(models.Video{ID: v.ID}, id); !final(err, activities.ErrTypeVideoGone) {
			t.Fatalf("deleted video: %v", err)
		}
	})
}
