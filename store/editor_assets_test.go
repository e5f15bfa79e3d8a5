package store_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

func TestEditorAssetsStore(t *testing.T) {
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
		exec := func(sql string, args ...any) {
			t.Helper()
			if err := s.DB().Exec(sql, args...).Error; err != nil {
				t.Fatalf("%s: %v", sql, err)
			}
		}
		asset := func(owner int64, typ models.AssetTypeID, state models.AssetState, videoID *int64) int64 {
			t.Helper()
			a := models.Asset{PublisherID: owner, Name: "a", TypeID: typ, Source: models.AssetSourceInternal, State: state, MediaKey: "k", VideoID: videoID}
			if err := s.CreateAsset(ctx, &a); err != nil {
				t.Fatal(err)
			}
			return a.ID
		}
		v := newVideo(t, s, pub, nil, "Harbour", now, nil)
		v = withScenes(t, s, v.ID, []string{"Boats in the harbour.", "Gulls over the pier."}, []string{"Night falls."})
		ls := layersOf(v)
		voice := func(name, gender string) int64 {
			vo := models.Voice{Name: name, Gender: gender, LanguageCode: "en-US", Provider: models.VoiceProviderEspeak,
				ProviderVoiceID: "test-" + name, IsPublic: true, CreatedAt: now, UpdatedAt: now}
			if err := s.DB().Create(&vo).Error; err != nil {
				t.Fatal(err)
			}
			return vo.ID
		}
		male, female := voice("adam", models.GenderMale), voice("eve", models.GenderFemale)
		exec("UPDATE videos SET voice_id = ?, draft = ? WHERE id = ?", male, false, v.ID)
		exec("UPDATE layers SET voice_id = ? WHERE id = ?", female, ls[1].ID)
		narr := make([]int64, len(ls))
		for i, l := range ls {
			narr[i] = asset(pub, models.AssetTypeIDAudio, models.AssetStateComplete, &v.ID)
			exec("UPDATE layers SET narration_asset_id = ?, narration_hash = 'h', narration_ms = 900 WHERE id = ?", narr[i], l.ID)
		}
		exec("UPDATE scenes SET needs_audio = ? WHERE video_id = ?", false, v.ID)

		t.Run("layer with video", func(t *testing.T) {
			l, got, err := s.LayerWithVideo(ctx, pub, ls[2].ID)
			if err != nil || l.ID != ls[2].ID || got.ID != v.ID {
				t.Fatalf("LayerWithVideo = %d %d %v", l.ID, got.ID, err)
			}
			if _, _, err := s.LayerWithVideo(ctx, other, ls[2].ID); !errors.Is(err, models.ErrNotFound) {
				t.Fatalf("another account's slide: %v", err)
			}
		})

		t.Run("automatch runs", func(t *testing.T) {
			if _, err := s.StartVideoAutomatch(ctx, pub, v.ID, now); !errors.Is(err, store.ErrVideoBuilding) {
				t.Fatalf("while building: %v", err)
			}
			if _, err := s.StartVideoAutomatch(ctx, other, v.ID, now); !errors.Is(err, models.ErrNotFound) {
				t.Fatalf("another account's video: %v", err)
			}
			if got, _ := s.VideoForWorkflow(ctx, v.ID); got.Draft {
				t.Fatal("a refused run marked the video a draft")
			}
			exec("UPDATE videos SET build_stage = ? WHERE id = ?", models.BuildReadyToRender, v.ID)
			for want := 1; want <= 2; want++ {
				if n, err := s.StartVideoAutomatch(ctx, pub, v.ID, now); err != nil || n != want {
					t.Fatalf("run %d = %d %v", want, n, err)
				}
			}
			if got, _ := s.VideoForWorkflow(ctx, v.ID); !got.Draft {
				t.Fatal("a run did not mark the video a draft")
			}
			exec("UPDATE videos SET draft = ? WHERE id = ?", false, v.ID)
		})

		t.Run("delete one voice's narration", func(t *testing.T) {
			if _, err := s.DeleteVoiceNarration(ctx, pub, v.ID, 999999, now); !errors.Is(err, store.ErrVoiceNotUsed) {
				t.Fatalf("a voice no slide uses: %v", err)
			}
			if _, err := s.DeleteVoiceNarration(ctx, other, v.ID, male, now); !errors.Is(err, models.ErrNotFound) {
				t.Fatalf("another account's video: %v", err)
			}
			if got, _ := s.VideoForWorkflow(ctx, v.ID); got.Draft {
				t.Fatal("a refusal marked the video a draft")
			}
			res, err := s.DeleteVoiceNarration(ctx, pub, v.ID, female, now)
			if err != nil || fmt.Sprint(res.NarrateScenes) != fmt.Sprint([]int64{ls[1].SceneID}) {
				t.Fatalf("delete = %+v %v", res, err)
			}
			got, _ := s.VideoForWorkflow(ctx, v.ID)
			after := layersOf(got)
			if after[1].NarrationAssetID != nil || after[1].NarrationHash != "" || after[0].NarrationAssetID == nil || after[2].NarrationAssetID == nil {
				t.Fatalf("narration after: %+v", after)
			}
			if !got.Draft || !got.Scenes[0].NeedsAudio || got.Scenes[1].NeedsAudio {
				t.Fatalf("draft %v, scenes need audio %v %v", got.Draft, got.Scenes[0].NeedsAudio, got.Scenes[1].NeedsAudio)
			}
			var deleted int64
			s.DB().Model(&models.Asset{}).Where("id IN ? AND deleted_at IS NOT NULL", narr).Count(&deleted)
			if deleted != 1 {
				t.Fatalf("%d narration assets deleted, want 1", deleted)
			}
			// The video's default voice narrates the others.
			res, err = s.DeleteVoiceNarration(ctx, pub, v.ID, male, now)
			if err != nil || len(res.NarrateScenes) != 2 {
				t.Fatalf("delete the default voice's = %+v %v", res, err)
			}
			exec("UPDATE videos SET is_voiceover = ? WHERE id = ?", true, v.ID)
			if _, err := s.DeleteVoiceNarration(ctx, pub, v.ID, male, now); !errors.Is(err, models.ErrInvalidState) {
				t.Fatalf("voiceover video: %v", err)
			}
			exec("UPDATE videos SET is_voiceover = ? WHERE id = ?", false, v.ID)
		})

		t.Run("most used avatars", func(t *testing.T) {
			clip := func(owner int64) int64 { return asset(owner, models.AssetTypeIDVideo, models.AssetStateComplete, nil) }
			avatar := func(owner *int64, gender string, assetID int64) int64 {
				a := models.Avatar{PublisherID: owner, Name: "av", Gender: gender, AssetID: &assetID, CreatedAt: now, UpdatedAt: now}
				if err := s.DB().Create(&a).Error; err != nil {
					t.Fatal(err)
				}
				return a.ID
			}
			c1, c2, c3, c4 := clip(pub), clip(pub), clip(pub), clip(other)
			once := avatar(nil, models.GenderMale, c1)
			twice := avatar(&pub, models.GenderFemale, c2)
			avatar(nil, models.GenderFemale, c3) // never used
			theirs := avatar(&other, models.GenderMale, c4)
			addSlideMedia(t, s, ls[0].ID, c1)
			addSlideMedia(t, s, ls[1].ID, c2)
			addSlideMedia(t, s, ls[2].ID, c2)
			addSlideMedia(t, s, ls[2].ID, c4) // another account's avatar: not the account's to use
			got, err := s.MostUsedAvatars(ctx, pub, 10)
			if err != nil || len(got) != 2 || got[0].ID != twice || got[1].ID != once || got[0].Gender != models.GenderFemale {
				t.Fatalf("most used = %+v %v (theirs %d)", got, err, theirs)
			}
			if got, err := s.MostUsedAvatars(ctx, other, 10); err != nil || len(got) != 0 {
				t.Fatalf("an account with no videos = %+v %v", got, err)
			}
		})

		t.Run("soundtrack candidates", func(t *testing.T) {
			music := asset(pub, models.AssetTypeIDAudio, models.AssetStateComplete, nil)
			used := asset(pub, models.AssetTypeIDAudio, models.AssetStateComplete, nil)
			asset(pub, models.AssetTypeIDAudio, models.AssetStatePending, nil) // importing
			asset(other, models.AssetTypeIDAudio, models.AssetStateComplete, nil)
			if _, err := s.AddBackgroundAudio(ctx, pub, v.ID, used, 20, now); err != nil {
				t.Fatal(err)
			}
			got, err := s.SoundtrackCandidates(ctx, pub, v.ID, 10)
			if err != nil || len(got) != 1 || got[0].ID != music {
				t.Fatalf("candidates = %+v %v", got, err)
			}
			if _, err := s.SoundtrackCandidates(ctx, other, v.ID, 10); !errors.Is(err, models.ErrNotFound) {
				t.Fatalf("another account's video: %v", err)
			}
		})
	})
}
