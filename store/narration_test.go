package store_test

import (
	"context"
	"testing"
	"time"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

// narration is the LayerNarration NarrateSlide would store for a slide planned with
// text and voice.
func narration(v models.Video, layerID int64, text string, voice int64, ms int) store.LayerNarration {
	hash := domain.NarrationHash(voice, text)
	key := models.NarrationKey(v.PublisherID, v.ID, layerID, hash, "run")
	return store.LayerNarration{LayerID: layerID, Text: text, VoiceID: voice, Hash: hash,
		Asset: models.Asset{Name: "narration", TypeID: models.AssetTypeIDAudio, Source: models.AssetSourceInternal,
			State: models.AssetStateComplete, MediaKey: key, OriginalKey: key},
		NarrationMs: ms, Timings: []byte(`[{"text":"x","startMs":0,"durationMs":1}]`), PauseMs: v.PauseAfterSlideMs}
}

func layer(t *testing.T, s *store.Store, id int64) models.Layer {
	t.Helper()
	var l models.Layer
	if err := s.DB().Take(&l, id).Error; err != nil {
		t.Fatal(err)
	}
	return l
}

func TestSetLayerNarration(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		voices := seedVoices(t, s)
		en, fr := voices["en-us"], voices["fr-fr"]
		ann := newAccount(t, s, "ann@example.com")
		v := newVideo(t, s, ann.PublisherID, &ann.ID, "Narration", time.Now(), &en)
		ls := layersOf(withScenes(t, s, v.ID, []string{"First slide here.", "Second slide here.", "Third slide here."}))
		l1, l2, l3 := ls[0], ls[1], ls[2]
		assets := func() int64 {
			var n int64
			s.DB().Model(&models.Asset{}).Where("video_id = ?", v.ID).Count(&n)
			return n
		}

		ok, err := s.SetLayerNarration(ctx, narration(v, l1.ID, l1.Text, en, 1200), time.Now())
		if err != nil || !ok {
			t.Fatalf("store: %v, %v", ok, err)
		}
		got := layer(t, s, l1.ID)
		if got.NarrationAssetID == nil || got.NarrationMs != 1200 || got.DurationMs != 1700 ||
			got.NarrationHash != domain.NarrationHash(en, l1.Text) || len(got.NarrationTimings) == 0 {
			t.Fatalf("slide after narration = %+v", got)
		}
		var a models.Asset
		s.DB().Take(&a, *got.NarrationAssetID)
		if a.VideoID == nil || *a.VideoID != v.ID || a.PublisherID != ann.PublisherID || a.DeletedAt != nil {
			t.Fatalf("narration asset = %+v", a)
		}
		first := a.ID

		tests := []struct {
			name      string
			n         store.LayerNarration
			wantOK    bool
			wantAsset int64 // assets of the video afterwards
		}{
			{"a retry stores nothing new", narration(v, l1.ID, l1.Text, en, 1200), true, 1},
			{"text changed meanwhile", narration(v, l2.ID, "Old text of slide two.", en, 900), false, 1},
			{"voice changed meanwhile", narration(v, l2.ID, l2.Text, fr, 900), false, 1},
			{"slide deleted meanwhile", narration(v, l3.ID+1000, "Gone.", en, 900), false, 1},
			{"current plan", narration(v, l2.ID, l2.Text, en, 900), true, 2},
		}
		for _, tt := range tests {
			ok, err := s.SetLayerNarration(ctx, tt.n, time.Now())
			if err != nil || ok != tt.wantOK || assets() != tt.wantAsset {
				t.Errorf("%s: ok %v err %v assets %d; want ok %v assets %d", tt.name, ok, err, assets(), tt.wantOK, tt.wantAsset)
			}
		}
		if l := layer(t, s, l2.ID); l.NarrationAssetID == nil || l.NarrationMs != 900 {
			t.Fatalf("slide 2 = %+v", l)
		}
		if l := layer(t, s, l1.ID); *l.NarrationAssetID != first {
			t.Fatalf("the retry replaced slide 1's narration: %d", *l.NarrationAssetID)
		}

		// New text replaces the narration; the old asset is soft-deleted.
		if err := s.DB().Model(&models.Layer{}).Where("id = ?", l1.ID).Update("text", "New text of slide one.").Error; err != nil {
			t.Fatal(err)
		}
		if ok, err := s.SetLayerNarration(ctx, narration(v, l1.ID, "New text of slide one.", en, 1500), time.Now()); err != nil || !ok {
			t.Fatalf("new text: %v, %v", ok, err)
		}
		s.DB().Take(&a, first)
		if a.DeletedAt == nil {
			t.Fatal("replaced narration not deleted")
		}
		if l := layer(t, s, l1.ID); *l.NarrationAssetID == first || l.DurationMs != 2000 {
			t.Fatalf("slide 1 = %+v", l)
		}

		// Another run narrating the same text (the narration was lost: its file or its
		// asset gone) replaces it; only the same run's retry is taken as already stored.
		lost := *layer(t, s, l2.ID).NarrationAssetID
		again := narration(v, l2.ID, l2.Text, en, 950)
		again.Asset.MediaKey = models.NarrationKey(v.PublisherID, v.ID, l2.ID, again.Hash, "run2")
		if ok, err := s.SetLayerNarration(ctx, again, time.Now()); err != nil || !ok {
			t.Fatalf("same text, another run: %v, %v", ok, err)
		}
		s.DB().Take(&a, lost)
		if l := layer(t, s, l2.ID); *l.NarrationAssetID == lost || l.NarrationMs != 950 || a.DeletedAt == nil {
			t.Fatalf("slide 2 after another run = %+v, the lost narration %+v", l, a)
		}

		// A deleted video takes no narration.
		if err := s.DeleteVideo(ctx, ann.PublisherID, v.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.SetLayerNarration(ctx, narration(v, l3.ID, l3.Text, en, 900), time.Now()); err != nil || ok {
			t.Fatalf("deleted video: %v, %v", ok, err)
		}
	})
}

// A slide whose text goes back to what it said before gets narration under the key of
// the narration deleted in between; sweeping that deleted asset's objects must not
// remove the live narration's audio.
func TestNarrationKeyIsNotSweptWhileLive(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		voices := seedVoices(t, s)
		en := voices["en-us"]
		ann := newAccount(t, s, "ann@example.com")
		v := newVideo(t, s, ann.PublisherID, &ann.ID, "Back and forth", time.Now(), &en)
		l := layersOf(withScenes(t, s, v.ID, []string{"Text A of the slide."}))[0]
		setText := func(text string) {
			if err := s.DB().Model(&models.Layer{}).Where("id = ?", l.ID).Update("text", text).Error; err != nil {
				t.Fatal(err)
			}
			if ok, err := s.SetLayerNarration(ctx, narration(v, l.ID, text, en, 1000), time.Now()); err != nil || !ok {
				t.Fatalf("narrate %q: %v, %v", text, ok, err)
			}
		}
		setText("Text A of the slide.")
		setText("Text B of the slide.")
		setText("Text A of the slide.")
		var live models.Asset
		s.DB().Take(&live, *layer(t, s, l.ID).NarrationAssetID)

		swept, err := s.DeletedAssetsWithObjects(ctx, time.Now().Add(2*time.Hour), 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range swept {
			for _, k := range a.ObjectKeys() {
				if k == live.MediaKey {
					t.Fatalf("deleted asset %d would sweep %s, the live narration's audio", a.ID, k)
				}
			}
		}
		if len(swept) != 1 {
			t.Fatalf("%d deleted narrations to sweep, want 1 (text B's)", len(swept))
		}
	})
}

func TestFinishSceneAudio(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		voices := seedVoices(t, s)
		en := voices["en-us"]
		ann := newAccount(t, s, "ann@example.com")
		v := newVideo(t, s, ann.PublisherID, &ann.ID, "Finish", time.Now(), &en)
		full := withScenes(t, s, v.ID, []string{"One two three.", "", "Four five six.", "Placeholder slide."}, []string{"Other scene."})
		sc := full.Scenes[0]
		ls := sc.Layers
		if err := s.DB().Model(&models.Layer{}).Where("id = ?", ls[3].ID).Updates(map[string]any{"is_placeholder": true}).Error; err != nil {
			t.Fatal(err)
		}
		finish := func() bool {
			t.Helper()
			ok, err := s.FinishSceneAudio(ctx, sc.ID, domain.NarrationHash, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		steps := []struct {
			name string
			do   func()
			want bool
		}{
			{"nothing narrated", func() {}, false},
			{"one of three", func() { narrate(t, s, ls[0], full, 1000) }, false},
			{"two of three", func() { narrate(t, s, ls[2], full, 2000) }, false},
			{"all slides with text", func() {
				narrate(t, s, layer(t, s, ls[3].ID), full, 300)
				if err := s.ClearLayerNarration(ctx, ls[1].ID, domain.SilentSlideMs, time.Now()); err != nil {
					t.Fatal(err)
				}
			}, true},
		}
		for _, st := range steps {
			st.do()
			if got := finish(); got != st.want {
				t.Fatalf("%s: current %v, want %v", st.name, got, st.want)
			}
		}
		got, _ := s.Video(ctx, ann.PublisherID, v.ID)
		// 1000+500, 3000 silent, 2000+500; the placeholder's 800 does not count.
		if got.DurationMs != 1500+3000+2500 {
			t.Fatalf("video duration %d ms, want %d", got.DurationMs, 1500+3000+2500)
		}
		if got.Scenes[0].NeedsAudio || !got.Scenes[1].NeedsAudio {
			t.Fatalf("needsAudio = %v, %v", got.Scenes[0].NeedsAudio, got.Scenes[1].NeedsAudio)
		}

		// A slide that changed makes the scene stale again.
		if err := s.DB().Model(&models.Layer{}).Where("id = ?", ls[0].ID).Update("text", "Changed text here.").Error; err != nil {
			t.Fatal(err)
		}
		if finish() {
			t.Fatal("changed text counted as current")
		}
		if err := s.DB().Model(&models.Layer{}).Where("id = ?", ls[0].ID).Updates(map[string]any{"text": "One two three.", "voice_id": voices["fr-fr"]}).Error; err != nil {
			t.Fatal(err)
		}
		if finish() {
			t.Fatal("changed voice counted as current")
		}
		// A deleted scene has nothing to narrate.
		if ok, err := s.FinishSceneAudio(ctx, sc.ID+1000, domain.NarrationHash, time.Now()); err != nil || !ok {
			t.Fatalf("missing scene: %v, %v", ok, err)
		}
	})
}
