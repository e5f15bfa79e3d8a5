package store_test

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

// newVideo stores a video of the account as POST /video would, created at created.
func newVideo(t *testing.T, s *store.Store, pub int64, by *int64, name string, created time.Time, voice *int64) models.Video {
	t.Helper()
	v := models.Video{PublisherID: pub, CreatedBy: by, Name: name, AspectRatio: models.AspectHorizontal, VoiceID: voice,
		TemplateID: 88, SubtitleStyleConfigID: 3, PauseAfterSlideMs: 500, MaxSentencesPerSlide: 2,
		BuildStage: models.BuildPopulatingData, Draft: true, CreatedAt: created, UpdatedAt: created}
	if err := s.CreateVideo(context.Background(), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// withScenes gives a video scenes of the given slide texts.
func withScenes(t *testing.T, s *store.Store, videoID int64, scenes ...[]string) models.Video {
	t.Helper()
	in := make([]store.SceneInput, len(scenes))
	for i, texts := range scenes {
		for j, text := range texts {
			in[i].Layers = append(in[i].Layers, store.LayerInput{Text: text, Keywords: domain.SlideKeywords(text, 6), Paragraph: i*10 + j})
		}
	}
	v, err := s.CreateScenes(context.Background(), videoID, in, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func layersOf(v models.Video) []models.Layer {
	var out []models.Layer
	for _, sc := range v.Scenes {
		out = append(out, sc.Layers...)
	}
	return out
}

// addSlideMedia puts an asset on a slide as a user would (not automatched).
func addSlideMedia(t *testing.T, s *store.Store, layerID, assetID int64) {
	t.Helper()
	it := models.LayerAsset{LayerID: layerID, AssetID: &assetID, Kind: models.LayerAssetMedia, CreatedAt: time.Now().UTC()}
	if err := s.DB().Create(&it).Error; err != nil {
		t.Fatal(err)
	}
}

// narrate stores narration for a slide made from its current text and voice, as
// NarrateSlide would, and returns the asset id.
func narrate(t *testing.T, s *store.Store, l models.Layer, v models.Video, ms int) int64 {
	t.Helper()
	voice := store.EffectiveVoice(l, v)
	hash := domain.NarrationHash(voice, l.Text)
	key := models.NarrationKey(v.PublisherID, v.ID, l.ID, hash, "run")
	ok, err := s.SetLayerNarration(context.Background(), store.LayerNarration{LayerID: l.ID, Text: l.Text, VoiceID: voice, Hash: hash,
		Asset: models.Asset{Name: "narration", TypeID: models.AssetTypeIDAudio, Source: models.AssetSourceInternal,
			State: models.AssetStateComplete, MediaKey: key, OriginalKey: key},
		NarrationMs: ms, Timings: []byte(`[]`), PauseMs: v.PauseAfterSlideMs}, time.Now())
	if err != nil || !ok {
		t.Fatalf("narrate slide %d: %v, %v", l.ID, ok, err)
	}
	var got models.Layer
	if err := s.DB().Take(&got, l.ID).Error; err != nil || got.NarrationAssetID == nil {
		t.Fatalf("slide %d after narration: %+v, %v", l.ID, got, err)
	}
	return *got.NarrationAssetID
}

func videoIDs(vs []store.VideoSummary) []int64 {
	var out []int64
	for _, v := range vs {
		out = append(out, v.ID)
	}
	return out
}

func TestVideoPage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		annUser := newAccount(t, s, "ann@example.com")
		ann := annUser.PublisherID
		bo := newAccount(t, s, "bo@example.com")
		t0 := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
		solar := newVideo(t, s, ann, &annUser.ID, "Solar panels", t0, nil)
		wind := newVideo(t, s, ann, &annUser.ID, "Wind power", t0.Add(time.Hour), nil)
		roofs := newVideo(t, s, ann, nil, "solar_roofs 100%", t0.Add(2*time.Hour), nil)
		gone := newVideo(t, s, ann, &annUser.ID, "Solar deleted", t0.Add(3*time.Hour), nil)
		newVideo(t, s, bo.PublisherID, &bo.ID, "Solar of bo", t0.Add(4*time.Hour), nil)
		if err := s.DB().Model(&wind).Update("render_status", "complete").Error; err != nil {
			t.Fatal(err)
		}
		if err := s.DB().Model(&roofs).Update("render_status", "error").Error; err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteVideo(ctx, ann, gone.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		after, before := t0.Add(30*time.Minute), t0.Add(90*time.Minute)
		tests := []struct {
			name  string
			f     store.VideoFilter
			want  []int64
			total int64
		}{
			{"newest first, others' and deleted left out", store.VideoFilter{PageSize: 10}, []int64{roofs.ID, wind.ID, solar.ID}, 3},
			{"first page", store.VideoFilter{Page: 1, PageSize: 2}, []int64{roofs.ID, wind.ID}, 3},
			{"second page", store.VideoFilter{Page: 2, PageSize: 2}, []int64{solar.ID}, 3},
			{"past the end", store.VideoFilter{Page: 3, PageSize: 2}, nil, 3},
			{"search ignores case", store.VideoFilter{Search: "SOLAR", PageSize: 10}, []int64{roofs.ID, solar.ID}, 2},
			{"percent is literal", store.VideoFilter{Search: "100%", PageSize: 10}, []int64{roofs.ID}, 1},
			{"underscore is literal", store.VideoFilter{Search: "r_r", PageSize: 10}, []int64{roofs.ID}, 1},
			{"created by me", store.VideoFilter{CreatedBy: &annUser.ID, PageSize: 10}, []int64{wind.ID, solar.ID}, 2},
			{"drafts", store.VideoFilter{RenderStatus: "draft", PageSize: 10}, []int64{solar.ID}, 1},
			{"rendered", store.VideoFilter{RenderStatus: "complete", PageSize: 10}, []int64{wind.ID}, 1},
			{"created window", store.VideoFilter{CreatedAfter: &after, CreatedBefore: &before, PageSize: 10}, []int64{wind.ID}, 1},
			{"created after, inclusive", store.VideoFilter{CreatedAfter: &t0, PageSize: 10}, []int64{roofs.ID, wind.ID, solar.ID}, 3},
		}
		for _, tt := range tests {
			got, total, err := s.VideoPage(ctx, ann, tt.f)
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			if ids := videoIDs(got); total != tt.total || !equalIDs(ids, tt.want) {
				t.Errorf("%s: ids %v total %d, want %v total %d", tt.name, ids, total, tt.want, tt.total)
			}
		}

		// Scene counts, and the thumbnail is the first slide's first media.
		withScenes(t, s, solar.ID, []string{"One two three.", "Four five six."}, []string{"Seven eight nine."})
		full, _ := s.Video(ctx, ann, solar.ID)
		ls := layersOf(full)
		first := newAsset(t, s, ann, "first", models.AssetTypeIDImage, t0)
		later := newAsset(t, s, ann, "later", models.AssetTypeIDImage, t0)
		addSlideMedia(t, s, ls[2].ID, later.ID)
		addSlideMedia(t, s, ls[1].ID, first.ID)
		got, _, err := s.VideoPage(ctx, ann, store.VideoFilter{PageSize: 10})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range got {
			switch v.ID {
			case solar.ID:
				if v.SceneCount != 2 || v.Thumbnail == nil || v.Thumbnail.ID != first.ID {
					t.Errorf("solar summary: scenes %d thumbnail %+v", v.SceneCount, v.Thumbnail)
				}
			default:
				if v.SceneCount != 0 || v.Thumbnail != nil {
					t.Errorf("video %d summary: scenes %d thumbnail %+v", v.ID, v.SceneCount, v.Thumbnail)
				}
			}
		}
	})
}

func TestVideoIsScopedToItsAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		ann := newAccount(t, s, "ann@example.com")
		bo := newAccount(t, s, "bo@example.com")
		v := newVideo(t, s, ann.PublisherID, &ann.ID, "Mine", time.Now(), nil)
		withScenes(t, s, v.ID, []string{"One two three.", "Four five six."})

		got, err := s.Video(ctx, ann.PublisherID, v.ID)
		if err != nil || got.Name != "Mine" || len(got.Scenes) != 1 || len(got.Scenes[0].Layers) != 2 {
			t.Fatalf("video = %+v, %v", got, err)
		}
		name := "Stolen"
		calls := []struct {
			name string
			err  error
		}{
			{"get", func() error { _, err := s.Video(ctx, bo.PublisherID, v.ID); return err }()},
			{"update", func() error {
				_, _, err := s.UpdateVideo(ctx, bo.PublisherID, v.ID, store.VideoUpdate{Name: &name}, time.Now())
				return err
			}()},
			{"copy", func() error { _, _, err := s.CopyVideo(ctx, bo.PublisherID, v.ID, &bo.ID, time.Now()); return err }()},
			{"delete", s.DeleteVideo(ctx, bo.PublisherID, v.ID, time.Now())},
			{"scene voice", func() error {
				_, err := s.SetSceneVoice(ctx, bo.PublisherID, v.ID, got.Scenes[0].ID, nil, time.Now())
				return err
			}()},
			{"missing video", func() error { _, err := s.Video(ctx, ann.PublisherID, v.ID+100); return err }()},
		}
		for _, c := range calls {
			if !errors.Is(c.err, models.ErrNotFound) {
				t.Errorf("%s by another account: %v, want ErrNotFound", c.name, c.err)
			}
		}
		if got, err := s.Video(ctx, ann.PublisherID, v.ID); err != nil || got.Name != "Mine" {
			t.Fatalf("after bo's calls: %+v, %v", got, err)
		}
		var n int64
		s.DB().Model(&models.Video{}).Count(&n)
		if n != 1 {
			t.Fatalf("videos = %d, want 1 (no copy for bo)", n)
		}
	})
}

func TestCreateScenesIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		ann := newAccount(t, s, "ann@example.com")
		v := newVideo(t, s, ann.PublisherID, &ann.ID, "Scenes", time.Now(), nil)
		in := []store.SceneInput{
			{Layers: []store.LayerInput{{Text: "Solar panels work.", Keywords: []string{"solar", "panels"}, Paragraph: 0}, {Text: "They are cheap now.", Paragraph: 1}}},
			{Layers: []store.LayerInput{{Text: "Wind is next.", Paragraph: 2}}},
		}
		first, err := s.CreateScenes(ctx, v.ID, in, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if len(first.Scenes) != 2 || len(first.Scenes[0].Layers) != 2 || len(first.Scenes[1].Layers) != 1 {
			t.Fatalf("tree = %+v", first.Scenes)
		}
		for i, sc := range first.Scenes {
			if sc.Order != i+1 || !sc.NeedsAudio || sc.TemplateID != 88 {
				t.Errorf("scene %d = %+v", i, sc)
			}
		}
		l := first.Scenes[0].Layers[0]
		if l.Order != 1 || l.Text != "Solar panels work." || len(l.Keywords) != 2 || l.Keywords[0] != "solar" || l.Paragraph != 0 {
			t.Errorf("first slide = %+v", l)
		}
		if first.Scenes[0].Layers[1].Order != 2 || first.Scenes[0].Layers[1].Paragraph != 1 {
			t.Errorf("second slide = %+v", first.Scenes[0].Layers[1])
		}

		// A retried activity, even with other input, creates nothing.
		again, err := s.CreateScenes(ctx, v.ID, append(in, in...), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		var scenes, layers int64
		s.DB().Model(&models.Scene{}).Count(&scenes)
		s.DB().Model(&models.Layer{}).Count(&layers)
		if scenes != 2 || layers != 3 || len(again.Scenes) != 2 || again.Scenes[0].ID != first.Scenes[0].ID {
			t.Fatalf("after retry: %d scenes, %d slides, tree %+v", scenes, layers, again.Scenes)
		}
	})
}

// slideMedia describes a slide's media as "u12" (user asset 12), "a12" (automatched
// asset 12) or "t:Text" (automatched text slide).
func slideMedia(t *testing.T, s *store.Store, layerID int64) []string {
	t.Helper()
	var items []models.LayerAsset
	if err := s.DB().Where("layer_id = ?", layerID).Order("position, id").Find(&items).Error; err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, it := range items {
		switch {
		case it.Kind == models.LayerAssetText:
			out = append(out, "t:"+it.Text)
		case it.Automatched:
			out = append(out, "a"+itoa(*it.AssetID))
		default:
			out = append(out, "u"+itoa(*it.AssetID))
		}
	}
	return out
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestSetAutomatchedMedia(t *testing.T) {
	tests := []struct {
		name    string
		replace bool
		// want per slide: the user's slide, the automatched slide, the empty slide, the
		// slide given nothing
		want func(user, old, x, y int64) [][]string
	}{
		{"keep user media", false, func(user, old, x, y int64) [][]string {
			return [][]string{{"u" + itoa(user)}, {"a" + itoa(y)}, {"t:Solar power."}, nil}
		}},
		{"replace existing", true, func(user, old, x, y int64) [][]string {
			return [][]string{{"a" + itoa(x)}, {"a" + itoa(y)}, {"t:Solar power."}, nil}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db storetest.DB) {
				ctx := context.Background()
				s := db.Store
				ann := newAccount(t, s, "ann@example.com")
				v := newVideo(t, s, ann.PublisherID, &ann.ID, "Media", time.Now(), nil)
				ls := layersOf(withScenes(t, s, v.ID, []string{"One two three.", "Four five six.", "Solar power.", "Seven eight nine."}))
				user := newAsset(t, s, ann.PublisherID, "user", models.AssetTypeIDImage, time.Now())
				old := newAsset(t, s, ann.PublisherID, "old", models.AssetTypeIDImage, time.Now())
				x := newAsset(t, s, ann.PublisherID, "x", models.AssetTypeIDImage, time.Now())
				y := newAsset(t, s, ann.PublisherID, "y", models.AssetTypeIDVideo, time.Now())
				addSlideMedia(t, s, ls[0].ID, user.ID)
				if err := s.SetAutomatchedMedia(ctx, v.ID, []store.SlideMedia{{LayerID: ls[1].ID, AssetID: &old.ID}}, false, time.Now()); err != nil {
					t.Fatal(err)
				}
				if got := slideMedia(t, s, ls[1].ID); len(got) != 1 || got[0] != "a"+itoa(old.ID) {
					t.Fatalf("first automatch = %v", got)
				}
				media := []store.SlideMedia{{LayerID: ls[0].ID, AssetID: &x.ID}, {LayerID: ls[1].ID, AssetID: &y.ID},
					{LayerID: ls[2].ID, Text: "Solar power."}, {LayerID: ls[3].ID}}
				if err := s.SetAutomatchedMedia(ctx, v.ID, media, tt.replace, time.Now()); err != nil {
					t.Fatal(err)
				}
				want := tt.want(user.ID, old.ID, x.ID, y.ID)
				for i, l := range ls {
					if got := slideMedia(t, s, l.ID); !equalStrings(got, want[i]) {
						t.Errorf("slide %d = %v, want %v", i+1, got, want[i])
					}
				}

				// A slide of another video is refused and the whole call changes nothing.
				other := newVideo(t, s, ann.PublisherID, &ann.ID, "Other", time.Now(), nil)
				ols := layersOf(withScenes(t, s, other.ID, []string{"Other slide here."}))
				err := s.SetAutomatchedMedia(ctx, v.ID, []store.SlideMedia{{LayerID: ls[3].ID, AssetID: &x.ID}, {LayerID: ols[0].ID, AssetID: &x.ID}}, true, time.Now())
				if !errors.Is(err, models.ErrNotFound) {
					t.Fatalf("foreign slide: %v", err)
				}
				if got := slideMedia(t, s, ls[3].ID); len(got) != 0 {
					t.Fatalf("refused call stored %v", got)
				}
			})
		})
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// seedVoices seeds the small test catalogue and returns the voices by espeak-ng name.
func seedVoices(t *testing.T, s *store.Store) map[string]int64 {
	t.Helper()
	if _, err := s.SeedVoices(context.Background(), models.VoiceProviderEspeak, testCatalogue()); err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, id := range []string{"en-us", "fr-fr", "cy", "en-us+f3"} {
		out[id] = voiceByProviderID(t, s, id).ID
	}
	return out
}

func TestUpdateVideoNarrator(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		voices := seedVoices(t, s)
		x, y, z := voices["en-us"], voices["fr-fr"], voices["cy"]
		ann := newAccount(t, s, "ann@example.com")
		v := newVideo(t, s, ann.PublisherID, &ann.ID, "Narrated", time.Now(), &x)
		ls := layersOf(withScenes(t, s, v.ID, []string{"Follows the video.", "Has the old default."}, []string{"Has its own voice."}))
		if err := s.DB().Model(&models.Layer{}).Where("id = ?", ls[1].ID).Update("voice_id", x).Error; err != nil {
			t.Fatal(err)
		}
		if err := s.DB().Model(&models.Layer{}).Where("id = ?", ls[2].ID).Update("voice_id", z).Error; err != nil {
			t.Fatal(err)
		}
		full, _ := s.Video(ctx, ann.PublisherID, v.ID)
		ls = layersOf(full)
		var narrations []int64
		for _, l := range ls {
			narrations = append(narrations, narrate(t, s, l, full, 1000))
		}
		for _, sc := range full.Scenes {
			if ok, err := s.FinishSceneAudio(ctx, sc.ID, domain.NarrationHash, time.Now()); err != nil || !ok {
				t.Fatalf("finish scene %d: %v, %v", sc.ID, ok, err)
			}
		}
		if err := s.DB().Model(&models.Video{}).Where("id = ?", v.ID).Update("draft", false).Error; err != nil {
			t.Fatal(err)
		}

		// Renaming alone keeps the narration.
		name := "Renamed"
		got, changed, err := s.UpdateVideo(ctx, ann.PublisherID, v.ID, store.VideoUpdate{Name: &name, VoiceID: &x}, time.Now())
		if err != nil || changed || got.Name != "Renamed" || !got.Draft || got.Scenes[0].NeedsAudio {
			t.Fatalf("rename: changed %v draft %v needsAudio %v, %v", changed, got.Draft, got.Scenes[0].NeedsAudio, err)
		}
		if layersOf(got)[0].NarrationAssetID == nil {
			t.Fatal("rename removed narration")
		}

		got, changed, err = s.UpdateVideo(ctx, ann.PublisherID, v.ID, store.VideoUpdate{VoiceID: &y}, time.Now())
		if err != nil || !changed {
			t.Fatalf("narrator change: %v, %v", changed, err)
		}
		if got.VoiceID == nil || *got.VoiceID != y || !got.Draft {
			t.Fatalf("video voice %v draft %v", got.VoiceID, got.Draft)
		}
		wantVoices := []*int64{nil, &y, &z}
		for i, l := range layersOf(got) {
			w := wantVoices[i]
			if (w == nil) != (l.VoiceID == nil) || w != nil && *w != *l.VoiceID {
				t.Errorf("slide %d voice %v, want %v", i+1, l.VoiceID, w)
			}
			if l.NarrationAssetID != nil || l.NarrationHash != "" || l.NarrationMs != 0 {
				t.Errorf("slide %d keeps narration %+v", i+1, l)
			}
		}
		if e := store.EffectiveVoice(layersOf(got)[0], got); e != y {
			t.Errorf("slide 1 speaks with %d, want %d", e, y)
		}
		for _, sc := range got.Scenes {
			if !sc.NeedsAudio {
				t.Errorf("scene %d not marked for narration", sc.ID)
			}
		}
		var live int64
		s.DB().Model(&models.Asset{}).Where("id IN ? AND deleted_at IS NULL", narrations).Count(&live)
		if live != 0 {
			t.Fatalf("%d narration assets still live", live)
		}
	})
}

func TestDeleteVideo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		voices := seedVoices(t, s)
		ann := newAccount(t, s, "ann@example.com")
		bo := newAccount(t, s, "bo@example.com")
		en := voices["en-us"]
		v := newVideo(t, s, ann.PublisherID, &ann.ID, "To delete", time.Now(), &en)
		full := withScenes(t, s, v.ID, []string{"One two three."})
		l := layersOf(full)[0]
		narration := narrate(t, s, l, full, 800)
		pic := newAsset(t, s, ann.PublisherID, "library picture", models.AssetTypeIDImage, time.Now())
		addSlideMedia(t, s, l.ID, pic.ID)

		if err := s.DeleteVideo(ctx, bo.PublisherID, v.ID, time.Now()); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("bo deletes: %v", err)
		}
		if err := s.DeleteVideo(ctx, ann.PublisherID, v.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Video(ctx, ann.PublisherID, v.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("deleted video read: %v", err)
		}
		if err := s.DeleteVideo(ctx, ann.PublisherID, v.ID, time.Now()); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("second delete: %v", err)
		}
		var a models.Asset
		s.DB().Take(&a, narration)
		if a.DeletedAt == nil {
			t.Fatal("narration asset not deleted")
		}
		if _, err := s.Asset(ctx, ann.PublisherID, pic.ID); err != nil {
			t.Fatalf("the slide's library picture went with the video: %v", err)
		}
		if wv, err := s.VideoForWorkflow(ctx, v.ID); err != nil || wv.DeletedAt == nil {
			t.Fatalf("workflow view = %+v, %v", wv.DeletedAt, err)
		}
	})
}

func TestCopyVideo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		voices := seedVoices(t, s)
		ann := newAccount(t, s, "ann@example.com")
		en, fr := voices["en-us"], voices["fr-fr"]
		v := newVideo(t, s, ann.PublisherID, &ann.ID, "Original", time.Now(), &en)
		src := withScenes(t, s, v.ID, []string{"One two three.", "Four five six."}, []string{"Seven eight nine."})
		ls := layersOf(src)
		if err := s.DB().Model(&models.Layer{}).Where("id = ?", ls[2].ID).Update("voice_id", fr).Error; err != nil {
			t.Fatal(err)
		}
		src, _ = s.Video(ctx, ann.PublisherID, v.ID)
		ls = layersOf(src)
		for _, l := range ls {
			narrate(t, s, l, src, 700)
		}
		for _, sc := range src.Scenes {
			if _, err := s.FinishSceneAudio(ctx, sc.ID, domain.NarrationHash, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		pic := newAsset(t, s, ann.PublisherID, "pic", models.AssetTypeIDImage, time.Now())
		if err := s.SetAutomatchedMedia(ctx, v.ID, []store.SlideMedia{{LayerID: ls[0].ID, AssetID: &pic.ID}, {LayerID: ls[1].ID, Text: "Four"}}, false, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := s.SetBuildProgress(ctx, v.ID, store.BuildProgress{Stage: models.BuildReadyToRender, Step: models.StepReady}); err != nil {
			t.Fatal(err)
		}
		src, _ = s.Video(ctx, ann.PublisherID, v.ID)

		cp, _, err := s.CopyVideo(ctx, ann.PublisherID, v.ID, &ann.ID, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if cp.ID == v.ID || cp.Name != "Original (Copy)" || cp.CopiedFrom == nil || *cp.CopiedFrom != v.ID || !cp.Draft ||
			cp.VoiceID == nil || *cp.VoiceID != en || cp.BuildStage != models.BuildAutomatchCompleted {
			t.Fatalf("copy = %+v", cp)
		}
		if len(cp.Scenes) != len(src.Scenes) {
			t.Fatalf("copy has %d scenes, want %d", len(cp.Scenes), len(src.Scenes))
		}
		for i, sc := range cp.Scenes {
			o := src.Scenes[i]
			if sc.ID == o.ID || sc.VideoID != cp.ID || sc.Order != o.Order || !sc.NeedsAudio || len(sc.Layers) != len(o.Layers) {
				t.Fatalf("copied scene %d = %+v (source %+v)", i, sc, o)
			}
			for j, l := range sc.Layers {
				ol := o.Layers[j]
				if l.ID == ol.ID || l.SceneID != sc.ID || l.VideoID != cp.ID || l.Text != ol.Text || l.Order != ol.Order ||
					(l.VoiceID == nil) != (ol.VoiceID == nil) || l.VoiceID != nil && *l.VoiceID != *ol.VoiceID {
					t.Errorf("copied slide %d.%d = %+v (source %+v)", i, j, l, ol)
				}
				if l.NarrationAssetID != nil || l.NarrationHash != "" {
					t.Errorf("copied slide %d.%d shares narration %v", i, j, *l.NarrationAssetID)
				}
				if len(l.Assets) != len(ol.Assets) {
					t.Fatalf("copied slide %d.%d media %d, want %d", i, j, len(l.Assets), len(ol.Assets))
				}
				for k, it := range l.Assets {
					oit := ol.Assets[k]
					if it.ID == oit.ID || it.LayerID != l.ID || it.Kind != oit.Kind || it.Text != oit.Text ||
						(it.AssetID == nil) != (oit.AssetID == nil) || it.AssetID != nil && *it.AssetID != *oit.AssetID {
						t.Errorf("copied media %+v (source %+v)", it, oit)
					}
				}
			}
		}
		// The source is untouched.
		again, _ := s.Video(ctx, ann.PublisherID, v.ID)
		for i, l := range layersOf(again) {
			if l.NarrationAssetID == nil {
				t.Errorf("source slide %d lost its narration", i+1)
			}
		}
		if again.Scenes[0].NeedsAudio || again.BuildStage != models.BuildReadyToRender || again.Name != "Original" {
			t.Errorf("source changed: %+v", again)
		}
		// Deleting the copy leaves the source's narration alone.
		if err := s.DeleteVideo(ctx, ann.PublisherID, cp.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		var live int64
		s.DB().Model(&models.Asset{}).Where("video_id = ? AND deleted_at IS NULL", v.ID).Count(&live)
		if live != 3 {
			t.Fatalf("source has %d live narrations after the copy was deleted, want 3", live)
		}
	})
}
