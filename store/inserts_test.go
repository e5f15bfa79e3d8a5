package store_test

import (
	"errors"
	"testing"
	"time"

	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

func TestInserts(t *testing.T) {
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
		asset := func(owner int64, typ models.AssetTypeID, state models.AssetState) int64 {
			a := models.Asset{PublisherID: owner, Name: "clip", TypeID: typ, Source: models.AssetSourceInternal, State: state, MediaKey: "k"}
			if err := s.CreateAsset(ctx, &a); err != nil {
				t.Fatal(err)
			}
			return a.ID
		}
		v := newVideo(t, s, pub, nil, "Harbour", now, nil)
		if err := s.DB().Model(&models.Video{}).Where("id = ?", v.ID).Update("draft", false).Error; err != nil {
			t.Fatal(err)
		}
		clip, clip2 := asset(pub, models.AssetTypeIDVideo, models.AssetStateComplete), asset(pub, models.AssetTypeIDVideo, models.AssetStateComplete)
		for _, tt := range []struct {
			name  string
			asset int64
			want  error
		}{
			{"a picture", asset(pub, models.AssetTypeIDImage, models.AssetStateComplete), models.ErrNotVideoClip},
			{"another account's video", asset(other, models.AssetTypeIDVideo, models.AssetStateComplete), models.ErrNotVideoClip},
			{"a video still importing", asset(pub, models.AssetTypeIDVideo, models.AssetStateProcessing), models.ErrMediaNotReady},
		} {
			if _, err := s.CreateInsert(ctx, pub, v.ID, models.InsertIntro, tt.asset, now); !errors.Is(err, tt.want) {
				t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
			}
		}
		if _, err := s.CreateInsert(ctx, other, v.ID, models.InsertIntro, clip, now); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("another account's video: %v", err)
		}
		if got, _ := s.VideoForWorkflow(ctx, v.ID); got.Draft {
			t.Fatal("a refused insert marked the video a draft")
		}
		intro, err := s.CreateInsert(ctx, pub, v.ID, models.InsertIntro, clip, now)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateInsert(ctx, pub, v.ID, models.InsertIntro, clip2, now); !errors.Is(err, models.ErrInsertExists) {
			t.Fatalf("second intro: %v", err)
		}
		outro, err := s.CreateInsert(ctx, pub, v.ID, models.InsertOutro, clip2, now)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.UpdateInsert(ctx, pub, v.ID, outro.ID, models.InsertIntro, clip, now); !errors.Is(err, models.ErrInsertExists) {
			t.Fatalf("outro turned into a second intro: %v", err)
		}
		if up, err := s.UpdateInsert(ctx, pub, v.ID, intro.ID, models.InsertIntro, clip2, now); err != nil || up.AssetID != clip2 {
			t.Fatalf("replace the intro's clip: %+v %v", up, err)
		}
		if got, _ := s.VideoForWorkflow(ctx, v.ID); !got.Draft {
			t.Fatal("inserts did not mark the video a draft")
		}
		if err := s.DeleteInsert(ctx, pub, v.ID, outro.ID, now); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteInsert(ctx, pub, v.ID, outro.ID, now); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("delete twice: %v", err)
		}
		list, err := s.Inserts(ctx, pub, v.ID)
		if err != nil || len(list) != 1 || list[0].Type != models.InsertIntro || list[0].Asset == nil || list[0].Asset.ID != clip2 {
			t.Fatalf("inserts = %+v, %v", list, err)
		}
		if _, err := s.Inserts(ctx, other, v.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("another account lists them: %v", err)
		}
	})
}

// A voiceover video is one recording: its render puts nothing between the scenes, so a
// scene prepend is refused rather than taken and silently left out; an intro and an
// outro are taken, as for any video.
func TestVoiceoverInserts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx, now := db.Store, t.Context(), time.Now()
		pub := newAccount(t, s, "ann@example.com").PublisherID
		clip := models.Asset{PublisherID: pub, Name: "clip", TypeID: models.AssetTypeIDVideo, Source: models.AssetSourceInternal, State: models.AssetStateComplete, MediaKey: "k"}
		if err := s.CreateAsset(ctx, &clip); err != nil {
			t.Fatal(err)
		}
		v := newVideo(t, s, pub, nil, "Spoken", now, nil)
		if err := s.DB().Model(&models.Video{}).Where("id = ?", v.ID).Updates(map[string]any{"is_voiceover": true, "draft": false}).Error; err != nil {
			t.Fatal(err)
		}
		for _, tt := range []struct {
			typ  models.InsertType
			want error
		}{
			{models.InsertScenePrepend, models.ErrVoiceoverScenePrepend},
			{models.InsertIntro, nil},
			{models.InsertOutro, nil},
		} {
			if _, err := s.CreateInsert(ctx, pub, v.ID, tt.typ, clip.ID, now); !errors.Is(err, tt.want) {
				t.Errorf("add a %s: %v, want %v", tt.typ.Name(), err, tt.want)
			}
		}
		list, err := s.Inserts(ctx, pub, v.ID)
		if err != nil || len(list) != 2 {
			t.Fatalf("inserts = %+v, %v", list, err)
		}
		// Nor can an intro be turned into one.
		if _, err := s.UpdateInsert(ctx, pub, v.ID, list[0].ID, models.InsertScenePrepend, clip.ID, now); !errors.Is(err, models.ErrVoiceoverScenePrepend) {
			t.Fatalf("intro to scene prepend: %v", err)
		}
		if list, _ := s.Inserts(ctx, pub, v.ID); list[0].Type != models.InsertIntro {
			t.Fatalf("a refused change changed the insert: %+v", list[0])
		}
	})
}
