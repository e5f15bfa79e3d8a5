package activities_test

import (
	"encoding/json"
	"errors"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.temporal.io/sdk/temporal"

	"pagecast/activities"
	"pagecast/blob"
	"pagecast/domain"
	"pagecast/embedded"
	"pagecast/models"
	"pagecast/providers/tts"
	"pagecast/store"
	"pagecast/store/storetest"
)

// narrationEnv is a database with the espeak-ng voice en-us, an object store and the
// narration activities over them, speaking with the real espeak-ng.
type narrationEnv struct {
	t     *testing.T
	store *store.Store
	blob  *blob.Store
	acts  *activities.NarrationActivities
	pub   int64
	voice int64
}

func newNarrationEnv(t *testing.T, db storetest.DB) *narrationEnv {
	t.Helper()
	for _, tool := range []string{"espeak-ng", "ffprobe"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	espeak, err := tts.NewEspeak("")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := embedded.StartS3(embedded.S3Options{Buckets: []string{"pagecast"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	b, err := blob.New(t.Context(), blob.Config{Endpoint: srv.Endpoint(), Region: "us-east-1", Bucket: "pagecast",
		AccessKeyID: "k", SecretAccessKey: "s", UsePathStyle: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	cat := domain.LocalCatalogue([]domain.LocalVoice{{ID: "en-us", Name: "English (America)", Gender: models.GenderMale}}, nil)
	if _, err := db.Store.SeedVoices(ctx, models.VoiceProviderEspeak, cat); err != nil {
		t.Fatal(err)
	}
	var voice models.Voice
	if err := db.Store.DB().Where("provider_voice_id = ?", "en-us").Take(&voice).Error; err != nil {
		t.Fatal(err)
	}
	u, err := db.Store.CreateAccount(ctx, store.NewAccount{Email: "ann@example.com", PasswordHash: "h", Category: models.UserCategoryIndividual})
	if err != nil {
		t.Fatal(err)
	}
	return &narrationEnv{t: t, store: db.Store, blob: b, pub: u.PublisherID, voice: voice.ID,
		acts: &activities.NarrationActivities{Store: db.Store, Blob: b, Workers: 2,
			Speakers: map[models.VoiceProvider]tts.Synthesizer{models.VoiceProviderEspeak: espeak}}}
}

// video stores a video narrated by the env's voice with one scene of the given slides.
func (e *narrationEnv) video(slides ...string) models.Video {
	e.t.Helper()
	v := models.Video{PublisherID: e.pub, Name: "Narrated", AspectRatio: models.AspectHorizontal, VoiceID: &e.voice,
		PauseAfterSlideMs: 500, MaxSentencesPerSlide: 2, BuildStage: models.BuildAutomatchCompleted}
	if err := e.store.CreateVideo(e.t.Context(), &v); err != nil {
		e.t.Fatal(err)
	}
	var in store.SceneInput
	for _, s := range slides {
		in.Layers = append(in.Layers, store.LayerInput{Text: s})
	}
	v, err := e.store.CreateScenes(e.t.Context(), v.ID, []store.SceneInput{in}, time.Now())
	if err != nil {
		e.t.Fatal(err)
	}
	return v
}

// narrateScene runs GenerateSceneAudio's steps as the workflow would and returns the
// plan it followed.
func (e *narrationEnv) narrateScene(sceneID int64) activities.PlanSceneAudioResult {
	e.t.Helper()
	ctx := e.t.Context()
	plan, err := e.acts.PlanSceneAudio(ctx, activities.PlanSceneAudioInput{SceneID: sceneID})
	if err != nil {
		e.t.Fatal(err)
	}
	for _, sl := range plan.Narrate {
		res, err := e.acts.NarrateSlide(ctx, activities.NarrateSlideInput{VideoID: plan.VideoID, PublisherID: e.pub, Slide: sl})
		if err != nil || !res.Stored || res.DurationMs <= 0 {
			e.t.Fatalf("narrate slide %d: %+v, %v", sl.LayerID, res, err)
		}
	}
	for _, id := range plan.Silent {
		if _, err := e.acts.ClearSlideNarration(ctx, activities.ClearSlideNarrationInput{LayerID: id}); err != nil {
			e.t.Fatal(err)
		}
	}
	fin, err := e.acts.FinishSceneAudio(ctx, activities.FinishSceneAudioInput{SceneID: sceneID})
	if err != nil || !fin.Current {
		e.t.Fatalf("finish scene: %+v, %v", fin, err)
	}
	return plan
}

// probeMs downloads an object and asks ffprobe for its length in milliseconds.
func (e *narrationEnv) probeMs(key string) int {
	e.t.Helper()
	r, _, err := e.blob.Get(e.t.Context(), key)
	if err != nil {
		e.t.Fatalf("get %s: %v", key, err)
	}
	defer r.Close()
	path := filepath.Join(e.t.TempDir(), "narration.wav")
	f, err := os.Create(path)
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := io.Copy(f, r); err != nil {
		e.t.Fatal(err)
	}
	f.Close()
	out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path).Output()
	if err != nil {
		e.t.Fatalf("ffprobe: %v", err)
	}
	sec, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	if err != nil {
		e.t.Fatalf("ffprobe said %q", out)
	}
	return int(math.Round(sec * 1000))
}

func TestNarrateAThreeSlideScene(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newNarrationEnv(t, db)
		ctx := t.Context()
		v := e.video("Hello there. This is the first slide.", "Second slide. [pause 700ms] After the pause.", "Third slide.")
		sc := v.Scenes[0]
		plan := e.narrateScene(sc.ID)
		if len(plan.Narrate) != 3 || len(plan.Silent) != 0 || plan.VideoID != v.ID {
			t.Fatalf("plan = %+v", plan)
		}

		scene, _, err := e.store.SceneForAudio(ctx, sc.ID)
		if err != nil {
			t.Fatal(err)
		}
		if scene.NeedsAudio {
			t.Fatal("scene still needs audio")
		}
		total := 0
		for i, l := range scene.Layers {
			if l.NarrationAssetID == nil {
				t.Fatalf("slide %d has no narration", i+1)
			}
			var a models.Asset
			if err := e.store.DB().Take(&a, *l.NarrationAssetID).Error; err != nil {
				t.Fatal(err)
			}
			if a.VideoID == nil || *a.VideoID != v.ID || a.PublisherID != e.pub || a.TypeID != models.AssetTypeIDAudio ||
				a.State != models.AssetStateComplete || a.MediaKey == "" {
				t.Fatalf("slide %d narration asset = %+v", i+1, a)
			}
			var parts []tts.PartTiming
			if err := json.Unmarshal(l.NarrationTimings, &parts); err != nil || len(parts) == 0 {
				t.Fatalf("slide %d timings %s: %v", i+1, l.NarrationTimings, err)
			}
			sum, next := 0, 0
			for j, p := range parts {
				if p.StartMs != next || p.DurationMs <= 0 {
					t.Fatalf("slide %d part %d = %+v, want start %d", i+1, j, p, next)
				}
				next += p.DurationMs
				sum += p.DurationMs
			}
			probed := e.probeMs(a.MediaKey)
			if sum != l.NarrationMs || abs(probed-sum) > 50 {
				t.Fatalf("slide %d: parts add up to %d ms, narration %d ms, ffprobe %d ms", i+1, sum, l.NarrationMs, probed)
			}
			t.Logf("slide %d: parts add up to %d ms, ffprobe measures %d ms", i+1, sum, probed)
			if l.DurationMs != l.NarrationMs+500 {
				t.Errorf("slide %d lasts %d ms, want narration %d + 500", i+1, l.DurationMs, l.NarrationMs)
			}
			total += l.DurationMs
			if i == 1 {
				if len(parts) != 3 || !parts[1].Pause || abs(parts[1].DurationMs-700) > 1 || parts[0].Text != "Second slide." {
					t.Fatalf("slide 2 parts = %+v, want sentence, 700 ms pause, sentence", parts)
				}
			}
		}
		if got, _ := e.store.VideoForWorkflow(ctx, v.ID); got.DurationMs != total {
			t.Fatalf("video duration %d ms, slides add up to %d", got.DurationMs, total)
		}

		// Nothing changed: nothing to narrate.
		again, err := e.acts.PlanSceneAudio(ctx, activities.PlanSceneAudioInput{SceneID: sc.ID})
		if err != nil || len(again.Narrate) != 0 || len(again.Silent) != 0 {
			t.Fatalf("second plan = %+v, %v", again, err)
		}

		// A changed slide is the only one narrated again; its old narration is deleted.
		old := *scene.Layers[2].NarrationAssetID
		if err := e.store.DB().Model(&models.Layer{}).Where("id = ?", scene.Layers[2].ID).Update("text", "The third slide, changed.").Error; err != nil {
			t.Fatal(err)
		}
		plan = e.narrateScene(sc.ID)
		if len(plan.Narrate) != 1 || plan.Narrate[0].LayerID != scene.Layers[2].ID || plan.Narrate[0].Text != "The third slide, changed." {
			t.Fatalf("plan after a change = %+v", plan)
		}
		var a models.Asset
		e.store.DB().Take(&a, old)
		if a.DeletedAt == nil {
			t.Fatal("the changed slide's old narration is live")
		}
		// An emptied slide becomes silent.
		if err := e.store.DB().Model(&models.Layer{}).Where("id = ?", scene.Layers[0].ID).Update("text", "").Error; err != nil {
			t.Fatal(err)
		}
		plan = e.narrateScene(sc.ID)
		if len(plan.Narrate) != 0 || len(plan.Silent) != 1 {
			t.Fatalf("plan after emptying a slide = %+v", plan)
		}
		scene, _, _ = e.store.SceneForAudio(ctx, sc.ID)
		if l := scene.Layers[0]; l.NarrationAssetID != nil || l.DurationMs != domain.SilentSlideMs {
			t.Fatalf("emptied slide = %+v", l)
		}
	})
}

// TestLostNarrationIsMadeAgain: a slide whose current narration is gone (its file lost
// from the object store, or its asset deleted) is narrated again when the scene's audio
// is generated, as validation tells the user to do; the others are kept.
func TestLostNarrationIsMadeAgain(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newNarrationEnv(t, db)
		ctx := t.Context()
		tests := []struct {
			name string
			lose func(l models.Layer)
		}{
			{"file deleted from storage", func(l models.Layer) {
				if err := e.blob.Delete(ctx, l.Narration.MediaKey); err != nil {
					t.Fatal(err)
				}
			}},
			{"asset deleted", func(l models.Layer) {
				if err := e.store.DB().Model(&models.Asset{}).Where("id = ?", *l.NarrationAssetID).Update("deleted_at", time.Now().UTC()).Error; err != nil {
					t.Fatal(err)
				}
			}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				v := e.video("First slide.", "Second slide.")
				sc := v.Scenes[0]
				e.narrateScene(sc.ID)
				scene, _, err := e.store.SceneForAudio(ctx, sc.ID)
				if err != nil {
					t.Fatal(err)
				}
				if scene.Layers[1].Narration == nil {
					t.Fatal("SceneForAudio left out the narration asset")
				}
				tt.lose(scene.Layers[1])
				plan := e.narrateScene(sc.ID)
				if len(plan.Narrate) != 1 || plan.Narrate[0].LayerID != scene.Layers[1].ID {
					t.Fatalf("plan = %+v, want slide 2 narrated again", plan)
				}
				after, _, _ := e.store.SceneForAudio(ctx, sc.ID)
				if n := after.Layers[1].Narration; n == nil || n.ID == scene.Layers[1].Narration.ID || e.probeMs(n.MediaKey) <= 0 {
					t.Fatalf("slide 2 narration after = %+v", n)
				}
			})
		}
	})
}

func TestNarrateSlideWithAVoiceThatCannotSpeak(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newNarrationEnv(t, db)
		v := e.video("One slide only.")
		plan, err := e.acts.PlanSceneAudio(t.Context(), activities.PlanSceneAudioInput{SceneID: v.Scenes[0].ID})
		if err != nil || len(plan.Narrate) != 1 {
			t.Fatalf("plan = %+v, %v", plan, err)
		}
		tests := []struct {
			name  string
			voice int64
			acts  *activities.NarrationActivities
		}{
			{"unknown voice", e.voice + 1000, e.acts},
			{"provider not configured", e.voice, &activities.NarrationActivities{Store: e.store, Blob: e.blob}},
		}
		for _, tt := range tests {
			sl := plan.Narrate[0]
			sl.VoiceID = tt.voice
			_, err := tt.acts.NarrateSlide(t.Context(), activities.NarrateSlideInput{VideoID: v.ID, PublisherID: e.pub, Slide: sl})
			if !isNonRetryable(err, activities.ErrTypeVoiceUnavailable) {
				t.Errorf("%s: %v, want a non-retryable %s", tt.name, err, activities.ErrTypeVoiceUnavailable)
			}
		}
	})
}

func isNonRetryable(err error, typ string) bool {
	var appErr *temporal.ApplicationError
	return errors.As(err, &appErr) && appErr.NonRetryable() && appErr.Type() == typ
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
