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

// TestEditorStructureEdits: scenes inserted and split, slides added and swapped, each
// in one transaction that numbers scenes and slides from 1 and marks the changed
// scenes for narration; refusals change nothing.
func TestEditorStructureEdits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx, now := db.Store, t.Context(), time.Now()
		u, err := s.CreateAccount(ctx, store.NewAccount{Email: "ann@example.com", PasswordHash: "h", Category: models.UserCategoryIndividual})
		if err != nil {
			t.Fatal(err)
		}
		pub := u.PublisherID
		v := withScenes(t, s, newVideo(t, s, pub, nil, "Harbour", now, nil).ID, []string{"One a.", "One b.", "One c."}, []string{"Two a."})
		s1, s2 := v.Scenes[0], v.Scenes[1]
		a, b, c, d := s1.Layers[0].ID, s1.Layers[1].ID, s1.Layers[2].ID, s2.Layers[0].ID
		layout := func() string {
			t.Helper()
			got, err := s.VideoForWorkflow(ctx, v.ID)
			if err != nil {
				t.Fatal(err)
			}
			var out [][]int64
			for i, sc := range got.Scenes {
				if sc.Order != i+1 {
					t.Fatalf("scene %d has order %d", sc.ID, sc.Order)
				}
				var ids []int64
				for j, l := range sc.Layers {
					if l.Order != j+1 || l.SceneID != sc.ID {
						t.Fatalf("slide %d: order %d scene %d", l.ID, l.Order, l.SceneID)
					}
					ids = append(ids, l.ID)
				}
				out = append(out, ids)
			}
			return fmt.Sprint(out)
		}
		want := func(what string, res store.EditResult, err error, layoutWant string, narrated int) {
			t.Helper()
			if err != nil || layout() != layoutWant || len(res.NarrateScenes) != narrated {
				t.Fatalf("%s: %v, layout %s want %s, narrated %v", what, err, layout(), layoutWant, res.NarrateScenes)
			}
		}
		start := layout()
		for _, tt := range []struct {
			name string
			run  func() error
			want error
		}{
			{"split at the first slide", func() error { _, err := s.SplitScene(ctx, pub, v.ID, s1.ID, a, now); return err }, models.ErrSplitFirstSlide},
			{"split at another scene's slide", func() error { _, err := s.SplitScene(ctx, pub, v.ID, s1.ID, d, now); return err }, store.ErrSlideNotFound},
			{"scene after an unknown one", func() error {
				prev := int64(99999999)
				_, err := s.AddScene(ctx, pub, v.ID, store.NewScene{PrevSceneID: &prev}, now)
				return err
			}, store.ErrSceneNotFound},
			{"slide after another scene's", func() error {
				_, err := s.AddLayer(ctx, pub, s1.ID, store.NewLayer{AfterLayerID: &d}, now)
				return err
			}, store.ErrSlideNotFound},
			{"swap with itself", func() error { _, err := s.SwapLayers(ctx, pub, v.ID, a, a, now); return err }, models.ErrSameSlide},
			{"voiceover duration of a narrated video", func() error {
				_, err := s.SetVoiceoverDuration(ctx, pub, v.ID, a, 1000, now)
				return err
			}, models.ErrNotVoiceover},
		} {
			if err := tt.run(); !errors.Is(err, tt.want) {
				t.Fatalf("%s: %v, want %v", tt.name, err, tt.want)
			}
			if layout() != start {
				t.Fatalf("%s changed the video: %s", tt.name, layout())
			}
		}

		res, err := s.SplitScene(ctx, pub, v.ID, s1.ID, b, now)
		got, _ := s.VideoForWorkflow(ctx, v.ID)
		s3 := got.Scenes[1].ID
		want("split", res, err, fmt.Sprint([][]int64{{a}, {b, c}, {d}}), 2)

		res, err = s.SwapLayers(ctx, pub, v.ID, a, c, now)
		want("swap across scenes", res, err, fmt.Sprint([][]int64{{c}, {b, a}, {d}}), 2)

		res, err = s.AddLayer(ctx, pub, s3, store.NewLayer{Append: true}, now)
		got, _ = s.VideoForWorkflow(ctx, v.ID)
		e := got.Scenes[1].Layers[2]
		want("append", res, err, fmt.Sprint([][]int64{{c}, {b, a, e.ID}, {d}}), 1)
		if e.Text != models.DefaultSlideText || !got.Scenes[1].NeedsAudio {
			t.Fatalf("new slide %+v, scene needs audio %v", e, got.Scenes[1].NeedsAudio)
		}
		res, err = s.AddScene(ctx, pub, v.ID, store.NewScene{Text: "First."}, now)
		got, _ = s.VideoForWorkflow(ctx, v.ID)
		f := got.Scenes[0].Layers[0].ID
		want("scene first", res, err, fmt.Sprint([][]int64{{f}, {c}, {b, a, e.ID}, {d}}), 1)

		// Mute and transform are stored; voice changes narrate again, the same voice not.
		if _, err := s.SetLayerMuted(ctx, pub, a, true, now); err != nil {
			t.Fatal(err)
		}
		tr := &models.SlideTransform{Fit: models.FitContain, Crop: &models.CropRect{X: 0.1, Y: 0.2, Width: 0.5, Height: 0.5}}
		if _, err := s.SetLayerTransform(ctx, pub, a, tr, now); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SetLayerTransform(ctx, pub, a, &models.SlideTransform{Fit: "fill"}, now); !errors.Is(err, models.ErrInvalidTransform) {
			t.Fatalf("bad transform: %v", err)
		}
		var l models.Layer
		if err := s.DB().Take(&l, a).Error; err != nil || !l.Muted || l.Transform == nil || *l.Transform.Crop != *tr.Crop || l.Transform.Fit != models.FitContain {
			t.Fatalf("stored slide %+v %v", l, err)
		}
		var voice models.Voice
		if err := s.DB().Take(&voice).Error; err == nil {
			if res, err := s.SetLayerVoice(ctx, pub, a, &voice.ID, now); err != nil || len(res.NarrateScenes) != 1 {
				t.Fatalf("voice: %+v %v", res, err)
			}
			if res, err := s.SetLayerVoice(ctx, pub, a, &voice.ID, now); err != nil || len(res.NarrateScenes) != 0 {
				t.Fatalf("same voice: %+v %v", res, err)
			}
		}
	})
}
