package store_test

import (
	"errors"
	"testing"
	"time"

	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

func TestEditorEdits(t *testing.T) {
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
		v := withScenes(t, s, newVideo(t, s, pub, nil, "Harbour", now, nil).ID,
			[]string{"One a.", "One b."}, []string{"Two a."}, []string{"Three a.", "Three b.", "Three c."})
		reload := func() models.Video {
			t.Helper()
			got, err := s.VideoForWorkflow(ctx, v.ID)
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		sceneIDs := func(v models.Video) []int64 {
			var ids []int64
			for i, sc := range v.Scenes {
				if sc.Order != i+1 {
					t.Fatalf("scene %d has order %d", sc.ID, sc.Order)
				}
				ids = append(ids, sc.ID)
			}
			return ids
		}
		s1, s2, s3 := v.Scenes[0], v.Scenes[1], v.Scenes[2]
		if err := s.DB().Model(&models.Scene{}).Where("video_id = ?", v.ID).Update("needs_audio", false).Error; err != nil {
			t.Fatal(err)
		}

		// Another account changes nothing.
		if err := s.ReorderScenes(ctx, other, v.ID, []int64{s3.ID, s2.ID, s1.ID}, now); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("another account reorders: %v", err)
		}
		if _, err := s.SetLayerText(ctx, other, s1.Layers[0].ID, "Mine now.", now); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("another account edits a slide: %v", err)
		}
		// A stale order (a scene missing, one too many, one twice) is refused.
		for _, stale := range [][]int64{{s3.ID, s2.ID}, {s3.ID, s2.ID, s1.ID, 999}, {s1.ID, s1.ID, s2.ID}, {}} {
			if err := s.ReorderScenes(ctx, pub, v.ID, stale, now); !errors.Is(err, models.ErrStaleOrder) {
				t.Fatalf("reorder %v: %v", stale, err)
			}
		}
		if err := s.ReorderScenes(ctx, pub, v.ID, []int64{s3.ID, s1.ID, s2.ID}, now); err != nil {
			t.Fatal(err)
		}
		if got := sceneIDs(reload()); got[0] != s3.ID || got[1] != s1.ID || got[2] != s2.ID {
			t.Fatalf("scene order %v", got)
		}
		if !reload().Draft {
			t.Fatal("an edit did not mark the video a draft")
		}

		// Slides: reorder, edit text, delete; each marks its scene for narration.
		c := s3.Layers
		res, err := s.ReorderLayers(ctx, pub, s3.ID, []int64{c[2].ID, c[0].ID, c[1].ID}, now)
		if err != nil || len(res.NarrateScenes) != 1 || res.NarrateScenes[0] != s3.ID {
			t.Fatalf("reorder slides: %+v %v", res, err)
		}
		if _, err := s.ReorderLayers(ctx, pub, s3.ID, []int64{c[0].ID}, now); !errors.Is(err, models.ErrStaleOrder) {
			t.Fatalf("partial slide reorder: %v", err)
		}
		if res, err := s.SetLayerText(ctx, pub, s2.Layers[0].ID, "Two, changed.", now); err != nil || len(res.NarrateScenes) != 1 {
			t.Fatalf("edit text: %+v %v", res, err)
		}
		got := reload()
		for _, sc := range got.Scenes {
			want := sc.ID == s3.ID || sc.ID == s2.ID
			if sc.NeedsAudio != want {
				t.Fatalf("scene %d needs audio %v, want %v", sc.ID, sc.NeedsAudio, want)
			}
		}
		if got.Scenes[0].Layers[0].ID != c[2].ID || got.Scenes[2].Layers[0].Text != "Two, changed." {
			t.Fatalf("after edits: %+v", got.Scenes)
		}
		if _, err := s.DeleteLayer(ctx, pub, c[0].ID, now); err != nil {
			t.Fatal(err)
		}
		if n := len(reload().Scenes[0].Layers); n != 2 {
			t.Fatalf("%d slides left in scene 3, want 2", n)
		}

		// Deleting a scene's only slide deletes the scene; the last scene stays.
		if _, err := s.DeleteLayer(ctx, pub, s2.Layers[0].ID, now); err != nil {
			t.Fatal(err)
		}
		if ids := sceneIDs(reload()); len(ids) != 2 {
			t.Fatalf("scenes after deleting scene 2's only slide: %v", ids)
		}
		if err := s.DeleteScene(ctx, pub, v.ID, s3.ID, now); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteScene(ctx, pub, v.ID, s1.ID, now); !errors.Is(err, models.ErrLastScene) {
			t.Fatalf("delete the last scene: %v", err)
		}
		if _, err := s.DeleteLayer(ctx, pub, s1.Layers[0].ID, now); err != nil {
			t.Fatal(err)
		}
		if _, err := s.DeleteLayer(ctx, pub, s1.Layers[1].ID, now); !errors.Is(err, models.ErrLastScene) {
			t.Fatalf("delete the last slide of the last scene: %v", err)
		}
		final := reload()
		if len(final.Scenes) != 1 || len(final.Scenes[0].Layers) != 1 || final.Scenes[0].Order != 1 || final.Scenes[0].Layers[0].Order != 1 {
			t.Fatalf("final video: %+v", final.Scenes)
		}
	})
}

// TestTextSlideFollowsItsSlide: editing a slide's words changes a text slide made from
// them (automatch's first sentence, or all of them), and not text of the user's own.
func TestTextSlideFollowsItsSlide(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx, now := db.Store, t.Context(), time.Now()
		pub := newAccount(t, s, "ann@example.com").PublisherID
		v := withScenes(t, s, newVideo(t, s, pub, nil, "Solar", now, nil).ID,
			[]string{"Batteries store power. They last."}, []string{"Panels face south. They turn."}, []string{"Wind helps too."})
		cases := []struct {
			layer       models.Layer
			shows, want string
		}{
			{v.Scenes[0].Layers[0], "Batteries store power.", "Batteries keep the sun's power."},
			{v.Scenes[1].Layers[0], "Panels face south. They turn.", "Batteries keep the sun's power. Homes stay bright."},
			{v.Scenes[2].Layers[0], "My own words", "My own words"},
		}
		for _, c := range cases {
			if _, err := s.ReplaceLayerMedia(ctx, pub, c.layer.ID, store.SlideMediaInput{Text: c.shows}, now); err != nil {
				t.Fatal(err)
			}
			if _, err := s.SetLayerText(ctx, pub, c.layer.ID, "Batteries keep the sun's power. Homes stay bright.", now); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.VideoForWorkflow(ctx, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range cases {
			items := got.Scenes[i].Layers[0].Assets
			if len(items) != 1 || items[0].Kind != models.LayerAssetText || items[0].Text != c.want {
				t.Errorf("scene %d's text slide shows %+v, want %q", i+1, items, c.want)
			}
		}
	})
}
