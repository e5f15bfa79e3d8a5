package store_test

import (
	"errors"
	"testing"
	"time"

	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

func TestBackgroundAudio(t *testing.T) {
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
		asset := func(owner int64, typ models.AssetTypeID, state models.AssetState, videoID *int64) int64 {
			a := models.Asset{PublisherID: owner, Name: "a", TypeID: typ, Source: models.AssetSourceInternal, State: state, MediaKey: "k", VideoID: videoID}
			if err := s.CreateAsset(ctx, &a); err != nil {
				t.Fatal(err)
			}
			return a.ID
		}
		v := newVideo(t, s, pub, nil, "Harbour", now, nil)
		if err := s.DB().Model(&models.Video{}).Where("id = ?", v.ID).Update("draft", false).Error; err != nil {
			t.Fatal(err)
		}
		music := asset(pub, models.AssetTypeIDAudio, models.AssetStateComplete, nil)

		refusals := []struct {
			name  string
			asset int64
			want  error
		}{
			{"a picture", asset(pub, models.AssetTypeIDImage, models.AssetStateComplete, nil), models.ErrNotAudio},
			{"another account's audio", asset(other, models.AssetTypeIDAudio, models.AssetStateComplete, nil), models.ErrNotAudio},
			{"a video's narration", asset(pub, models.AssetTypeIDAudio, models.AssetStateComplete, &v.ID), models.ErrNotAudio},
			{"audio still importing", asset(pub, models.AssetTypeIDAudio, models.AssetStatePending, nil), models.ErrMediaNotReady},
			{"no such asset", 999999, models.ErrNotAudio},
		}
		for _, tt := range refusals {
			if _, err := s.AddBackgroundAudio(ctx, pub, v.ID, tt.asset, 20, now); !errors.Is(err, tt.want) {
				t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
			}
		}
		if _, err := s.AddBackgroundAudio(ctx, other, v.ID, music, 20, now); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("another account's video: %v", err)
		}
		if got, _ := s.VideoForWorkflow(ctx, v.ID); got.Draft {
			t.Fatal("a refused change marked the video a draft")
		}

		var ids []int64
		for i := range models.MaxBackgroundAudios {
			it, err := s.AddBackgroundAudio(ctx, pub, v.ID, music, 10+i, now)
			if err != nil || it.Order != i+1 {
				t.Fatalf("add %d: %+v %v", i, it, err)
			}
			ids = append(ids, it.ID)
		}
		if _, err := s.AddBackgroundAudio(ctx, pub, v.ID, music, 20, now); !errors.Is(err, models.ErrBackgroundAudioLimit) {
			t.Fatalf("over the limit: %v", err)
		}
		if got, _ := s.VideoForWorkflow(ctx, v.ID); !got.Draft {
			t.Fatal("adding background audio did not mark the video a draft")
		}

		if err := s.SetBackgroundAudioVolume(ctx, pub, v.ID, ids[1], 75, now); err != nil {
			t.Fatal(err)
		}
		if err := s.SetBackgroundAudioVolume(ctx, other, v.ID, ids[1], 5, now); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("volume of another account's video: %v", err)
		}
		for _, bad := range [][]int64{{ids[0], ids[1]}, append(append([]int64{}, ids[1:]...), 999999), append(append([]int64{}, ids...), ids[0])} {
			if err := s.ReorderBackgroundAudios(ctx, pub, v.ID, bad, now); !errors.Is(err, models.ErrOrderMismatch) {
				t.Fatalf("reorder %v: %v", bad, err)
			}
		}
		reversed := []int64{ids[4], ids[3], ids[2], ids[1], ids[0]}
		if err := s.ReorderBackgroundAudios(ctx, pub, v.ID, reversed, now); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteBackgroundAudio(ctx, pub, v.ID, ids[2], now); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteBackgroundAudio(ctx, pub, v.ID, ids[2], now); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("delete twice: %v", err)
		}
		items, err := s.BackgroundAudios(ctx, pub, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := []int64{ids[4], ids[3], ids[1], ids[0]}
		if len(items) != len(want) {
			t.Fatalf("%d items, want %d", len(items), len(want))
		}
		for i, it := range items {
			if it.ID != want[i] || it.Order != i+1 || it.Asset == nil || it.Asset.ID != music {
				t.Fatalf("item %d = %+v, want id %d order %d", i, it, want[i], i+1)
			}
		}
		if items[2].Volume != 75 {
			t.Fatalf("volume = %d, want 75", items[2].Volume)
		}
		if _, err := s.BackgroundAudios(ctx, other, v.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("another account lists them: %v", err)
		}
	})
}
