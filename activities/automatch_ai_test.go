package activities_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"sync"
	"testing"

	"pagecast/activities"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/images"
	"pagecast/store"
	"pagecast/store/storetest"
)

// fakeImages returns a small picture per request and records the prompts.
type fakeImages struct {
	mu      sync.Mutex
	prompts []images.Request
	refuse  bool
}

func (f *fakeImages) Generate(_ context.Context, r images.Request) ([]images.Image, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.prompts = append(f.prompts, r)
	if f.refuse {
		return nil, images.ErrRejected
	}
	return []images.Image{{Data: []byte("\x89PNG\r\n\x1a\n picture " + r.Prompt), MIME: "image/png", RevisedPrompt: "a picture of " + r.Prompt}}, nil
}

// memObjects is an object store in memory.
type memObjects struct {
	mu      sync.Mutex
	objects map[string][]byte
}

func (m *memObjects) Put(_ context.Context, key string, r io.Reader, _ int64, _ string) error {
	b, err := io.ReadAll(r)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.objects == nil {
		m.objects = map[string][]byte{}
	}
	m.objects[key] = b
	return err
}

func (e *automatchEnv) assetsOf(source models.AssetSource) []models.Asset {
	e.t.Helper()
	var out []models.Asset
	if err := e.store.DB().Where("publisher_id = ? AND source = ?", e.pub, source).Order("id").Find(&out).Error; err != nil {
		e.t.Fatal(err)
	}
	return out
}

func TestAutomatchAIPictures(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAutomatchEnv(t, db)
		gen, objects := &fakeImages{}, &memObjects{}
		acts := &activities.VideoActivities{Store: db.Store, Images: gen, Blob: objects}
		settings := domain.AutomatchSettings{Enabled: true, IncludeArticleMedia: true, IncludeAiImages: true, AiImageStyle: "cinematic"}
		v := e.video(acts, settings, false)
		res, err := acts.AutomatchVideo(t.Context(), activities.AutomatchVideoInput{VideoID: v.ID})
		if err != nil {
			t.Fatal(err)
		}
		ai := e.assetsOf(models.AssetSourceAIImage)
		// The article picture fits the first slide; the other three get AI pictures.
		if len(ai) != 3 || len(gen.prompts) != 3 || len(res.ImportAssetIDs) != 0 {
			t.Fatalf("AI assets %d, prompts %d, URL imports %v", len(ai), len(gen.prompts), res.ImportAssetIDs)
		}
		var ids []int64
		for _, a := range ai {
			ids = append(ids, a.ID)
			stored, ok := objects.objects[a.OriginalKey]
			if a.State != models.AssetStatePending || a.VideoID != nil || a.SourceURL != "" || !ok ||
				!bytes.HasPrefix(stored, []byte("\x89PNG")) || a.TypeID != models.AssetTypeIDImage {
				t.Fatalf("AI asset %+v (object stored %v)", a, ok)
			}
		}
		for _, p := range gen.prompts {
			if p.Style != "cinematic" || p.Orientation != images.Landscape || p.Prompt == "" {
				t.Fatalf("request %+v", p)
			}
		}
		slices.Sort(res.UploadedAssetIDs)
		if !slices.Equal(res.UploadedAssetIDs, ids) {
			t.Fatalf("uploads to import %v, created %v", res.UploadedAssetIDs, ids)
		}
		want := []string{fmt.Sprintf("asset:%d", e.article)}
		for _, id := range ids {
			want = append(want, fmt.Sprintf("asset:%d", id))
		}
		if got := e.choices(v.ID); !slices.Equal(got, want) {
			t.Fatalf("choices %q, want %q", got, want)
		}
		// A retry asks for no more pictures and creates no more assets.
		again, err := acts.AutomatchVideo(t.Context(), activities.AutomatchVideoInput{VideoID: v.ID})
		slices.Sort(again.UploadedAssetIDs)
		if err != nil || len(gen.prompts) != 3 || len(e.assetsOf(models.AssetSourceAIImage)) != 3 || !slices.Equal(again.UploadedAssetIDs, ids) {
			t.Fatalf("retry: %+v, %v; %d prompts", again, err, len(gen.prompts))
		}
	})
}

func TestAutomatchAIRefusalLeavesSlides(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAutomatchEnv(t, db)
		acts := &activities.VideoActivities{Store: db.Store, Images: &fakeImages{refuse: true}, Blob: &memObjects{}}
		v := e.video(acts, domain.AutomatchSettings{Enabled: true, IncludeArticleMedia: true, IncludeAiImages: true}, true)
		if _, err := acts.AutomatchVideo(t.Context(), activities.AutomatchVideoInput{VideoID: v.ID}); err != nil {
			t.Fatal(err)
		}
		if n := len(e.assetsOf(models.AssetSourceAIImage)); n != 0 {
			t.Fatalf("%d AI assets after refusals", n)
		}
		got := e.choices(v.ID)
		for _, c := range got[1:] {
			if len(c) < 5 || c[:5] != "text:" {
				t.Fatalf("choices %q: slides without a picture should be text slides", got)
			}
		}
	})
}

// A slide that keeps the media a user put on it creates no stock asset.
func TestAutomatchKeepsUserMediaWithoutNewAssets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAutomatchEnv(t, db)
		mine := e.asset("mine.jpg", "my own picture", models.AssetTypeIDImage, models.AssetStateComplete)
		a := models.Asset{PublisherID: e.pub, Name: "waves", TypeID: models.AssetTypeIDImage, Source: models.AssetSourceStock,
			State: models.AssetStatePending, SourceURL: "https://images.pexels.com/9.jpg"}
		v := e.video(&activities.VideoActivities{Store: db.Store}, domain.AutomatchSettings{Enabled: true}, false)
		tree, err := db.Store.VideoForWorkflow(t.Context(), v.ID)
		if err != nil {
			t.Fatal(err)
		}
		layer := tree.Scenes[0].Layers[0].ID
		if err := db.Store.DB().Create(&models.LayerAsset{LayerID: layer, AssetID: &mine, Kind: models.LayerAssetMedia}).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Store.SetAutomatchedMedia(t.Context(), v.ID, []store.SlideMedia{{LayerID: layer, NewAsset: &a}}, false, tree.CreatedAt); err != nil {
			t.Fatal(err)
		}
		if a.ID != 0 || len(e.assetsOf(models.AssetSourceStock)) != 0 {
			t.Fatalf("a stock asset was created for a slide that kept its user media: %+v", a)
		}
		// Replacing the user's media creates it with the choice.
		if err := db.Store.SetAutomatchedMedia(t.Context(), v.ID, []store.SlideMedia{{LayerID: layer, NewAsset: &a}}, true, tree.CreatedAt); err != nil {
			t.Fatal(err)
		}
		if got := e.choices(v.ID); a.ID == 0 || got[0] != fmt.Sprintf("asset:%d", a.ID) {
			t.Fatalf("after replace: %q, asset %d", got, a.ID)
		}
	})
}
