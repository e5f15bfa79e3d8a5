package store_test

import (
	"errors"
	"testing"
	"time"

	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

// TestVideoFingerprint: the digest stays while nothing changes and changes with any
// column of any row the video's answer is made from, even a change that leaves
// updated_at alone; another account and a deleted video have none.
func TestVideoFingerprint(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx, now := db.Store, t.Context(), time.Now()
		account := func(email string) int64 {
			u, err := s.CreateAccount(ctx, store.NewAccount{Email: email, PasswordHash: "h", Category: models.UserCategoryIndividual})
			if err != nil {
				t.Fatal(err)
			}
			return u.PublisherID
		}
		pub, other := account("ann@example.com"), account("bo@example.com")
		v := withScenes(t, s, newVideo(t, s, pub, nil, "Harbour", now, nil).ID, []string{"One a.", "One b."}, []string{"Two a."})
		pic := newAsset(t, s, pub, "quay.jpg", models.AssetTypeIDImage, now)
		voice := newAsset(t, s, pub, "n.wav", models.AssetTypeIDAudio, now)
		recording := newAsset(t, s, pub, "talk.mp3", models.AssetTypeIDAudio, now)
		layer := v.Scenes[0].Layers[0]
		if err := s.SetAutomatchedMedia(ctx, v.ID, []store.SlideMedia{{LayerID: layer.ID, AssetID: &pic.ID}}, true, now); err != nil {
			t.Fatal(err)
		}
		exec := func(sql string, args ...any) {
			t.Helper()
			if err := s.DB().Exec(sql, args...).Error; err != nil {
				t.Fatalf("%s: %v", sql, err)
			}
		}
		exec("UPDATE layers SET narration_asset_id = ? WHERE id = ?", voice.ID, layer.ID)
		fp := func() string {
			t.Helper()
			got, err := s.VideoFingerprint(ctx, pub, v.ID)
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		last := fp()
		if again := fp(); again != last {
			t.Fatalf("unchanged video: %s then %s", last, again)
		}
		changes := []struct {
			name string
			sql  string
			args []any
		}{
			{"video name", "UPDATE videos SET name = ? WHERE id = ?", []any{"Quay", v.ID}},
			{"render status", "UPDATE videos SET render_status = ? WHERE id = ?", []any{"complete", v.ID}},
			{"scene narration error", "UPDATE scenes SET audio_error = ? WHERE id = ?", []any{"no voice", v.Scenes[1].ID}},
			{"slide tagline", "UPDATE layers SET tagline = ? WHERE id = ?", []any{"Boats", layer.ID}},
			{"slide order", "UPDATE layers SET layer_order = 9 WHERE id = ?", []any{v.Scenes[0].Layers[1].ID}},
			{"media item automatched", "UPDATE layer_assets SET automatched = ? WHERE layer_id = ?", []any{false, layer.ID}},
			{"picture imported", "UPDATE assets SET state = ? WHERE id = ?", []any{models.AssetStateComplete, pic.ID}},
			{"narration object", "UPDATE assets SET media_key = ? WHERE id = ?", []any{"videos/n2.wav", voice.ID}},
			{"voiceover recording set", "UPDATE videos SET voiceover_asset_id = ? WHERE id = ?", []any{recording.ID, v.ID}},
			{"voiceover recording imported", "UPDATE assets SET state = ? WHERE id = ?", []any{models.AssetStateComplete, recording.ID}},
			{"media removed", "DELETE FROM layer_assets WHERE layer_id = ?", []any{layer.ID}},
			{"slide removed", "DELETE FROM layers WHERE id = ?", []any{v.Scenes[1].Layers[0].ID}},
			{"scene removed", "DELETE FROM scenes WHERE id = ?", []any{v.Scenes[1].ID}},
		}
		for _, c := range changes {
			exec(c.sql, c.args...)
			if got := fp(); got == last {
				t.Fatalf("%s: the fingerprint did not change", c.name)
			} else {
				last = got
			}
		}
		// Rows of other videos and assets nobody shows do not matter.
		newVideo(t, s, pub, nil, "Another", now, nil)
		newAsset(t, s, pub, "unused.jpg", models.AssetTypeIDImage, now)
		if got := fp(); got != last {
			t.Fatal("an unrelated row changed the fingerprint")
		}

		if _, err := s.VideoFingerprint(ctx, other, v.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("another account: %v", err)
		}
		exec("UPDATE videos SET deleted_at = ? WHERE id = ?", now, v.ID)
		if _, err := s.VideoFingerprint(ctx, pub, v.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("deleted video: %v", err)
		}
	})
}
