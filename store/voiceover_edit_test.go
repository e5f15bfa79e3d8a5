package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

// newVoiceoverVideo stores a voiceover video with an imported narration and one scene.
func newVoiceoverVideo(t *testing.T, s *store.Store, pub int64, by *int64, voice *int64) (models.Video, models.Asset) {
	t.Helper()
	v := models.Video{PublisherID: pub, CreatedBy: by, Name: "Told", AspectRatio: models.AspectHorizontal, VoiceID: voice,
		PauseAfterSlideMs: 500, MaxSentencesPerSlide: 2, BuildStage: models.BuildReadyToRender, Draft: true,
		Text: "One two three. Four five six."}
	p := models.AssetPrefix(pub, 0)
	a := models.Asset{Name: "narration.mp3", TypeID: models.AssetTypeIDAudio, Source: models.AssetSourceInternal,
		State: models.AssetStateComplete, Duration: 4.2, CreatedAt: time.Now(), UpdatedAt: time.Now()}
	if err := s.CreateVoiceoverVideo(context.Background(), &v, &a); err != nil {
		t.Fatal(err)
	}
	p = models.AssetPrefix(pub, a.ID)
	if err := s.DB().Model(&models.Asset{}).Where("id = ?", a.ID).Updates(map[string]any{
		"original_key": p + "original.mp3", "media_key": p + "original.mp3", "preview_key": p + "preview.png",
		"thumbnail_key": p + "thumbnail.jpg"}).Error; err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateScenes(context.Background(), v.ID, []store.SceneInput{{Layers: []store.LayerInput{
		{Text: "One two three.", DurationMs: 2000}, {Text: "Four five six.", DurationMs: 2200}}}}, time.Now()); err != nil {
		t.Fatal(err)
	}
	a, _ = s.AssetForImport(context.Background(), a.ID)
	return v, a
}

func TestVoiceoverVideoKeepsItsNarration(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		voices := seedVoices(t, s)
		ann := newAccount(t, s, "ann@example.com")
		en, fr := voices["en-us"], voices["fr-fr"]
		v, narration := newVoiceoverVideo(t, s, ann.PublisherID, &ann.ID, &en)

		// A new default narrator changes nothing spoken: the upload is the narration.
		got, renarrate, err := s.UpdateVideo(ctx, ann.PublisherID, v.ID, store.VideoUpdate{VoiceID: &fr}, time.Now())
		if err != nil || renarrate {
			t.Fatalf("update = %v, renarrate %v", err, renarrate)
		}
		if a, err := s.AssetForImport(ctx, narration.ID); err != nil || a.DeletedAt != nil {
			t.Fatalf("uploaded narration after narrator change: %+v, %v", a, err)
		}
		if got.Scenes[0].NeedsAudio {
			t.Fatal("a voiceover scene was marked for generated narration")
		}
		// Its scenes are done as they are, and cannot be narrated by a voice.
		if ok, err := s.FinishSceneAudio(ctx, got.Scenes[0].ID, domain.NarrationHash, time.Now()); err != nil || !ok {
			t.Fatalf("finish voiceover scene = %v, %v", ok, err)
		}
		if _, err := s.SetSceneVoice(ctx, ann.PublisherID, v.ID, got.Scenes[0].ID, &en, time.Now()); !errors.Is(err, models.ErrInvalidState) {
			t.Fatalf("scene voice on a voiceover video = %v, want ErrInvalidState", err)
		}

		// A copy gets its own narration asset under its own keys, to be copied.
		cp, objects, err := s.CopyVideo(ctx, ann.PublisherID, v.ID, &ann.ID, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if cp.VoiceoverAssetID == nil || *cp.VoiceoverAssetID == narration.ID || !cp.IsVoiceover || cp.Scenes[0].NeedsAudio {
			t.Fatalf("copy = %+v", cp)
		}
		na, err := s.AssetForImport(ctx, *cp.VoiceoverAssetID)
		if err != nil || na.VideoID == nil || *na.VideoID != cp.ID || na.Duration != narration.Duration {
			t.Fatalf("copied narration = %+v, %v", na, err)
		}
		np := models.AssetPrefix(ann.PublisherID, na.ID)
		want := fmt.Sprint([]store.ObjectCopy{{From: narration.OriginalKey, To: np + "original.mp3"},
			{From: narration.PreviewKey, To: np + "preview.png"}, {From: narration.ThumbnailKey, To: np + "thumbnail.jpg"}})
		if fmt.Sprint(objects) != want || na.MediaKey != np+"original.mp3" || na.ThumbnailKey != np+"thumbnail.jpg" {
			t.Fatalf("objects = %v, want %v; keys %q %q", objects, want, na.MediaKey, na.ThumbnailKey)
		}
		// Deleting the source leaves the copy's narration alone.
		if err := s.DeleteVideo(ctx, ann.PublisherID, v.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if a, _ := s.AssetForImport(ctx, na.ID); a.DeletedAt != nil {
			t.Fatal("deleting the source deleted the copy's narration")
		}
	})
}
