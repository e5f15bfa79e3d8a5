package activities_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"pagecast/activities"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/stock"
	"pagecast/store"
	"pagecast/store/storetest"
)

// fakeStock answers every search with the items whose text shares a word with the
// query, and counts the searches.
type fakeStock struct {
	configured bool
	items      []stock.Item
	mu         sync.Mutex
	queries    []stock.Query
}

func (f *fakeStock) Configured() bool { return f.configured }

func (f *fakeStock) Search(_ context.Context, q stock.Query) ([]stock.Item, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.queries = append(f.queries, q)
	var out []stock.Item
	for _, it := range f.items {
		if it.Kind != q.Kind {
			continue
		}
		for _, w := range strings.Fields(q.Text) {
			if strings.Contains(it.Text, w) {
				out = append(out, it)
				break
			}
		}
	}
	return out, nil
}

const automatchScript = "Solar panels make electricity from sunlight on the roof.\n\n" +
	"Wind turbines turn in the strong wind near the coast.\n\n" +
	"Ocean waves carry energy to the shore every single day.\n\n" +
	"Prices keep falling for households across many countries."

type automatchEnv struct {
	t       *testing.T
	store   *store.Store
	pub     int64
	article int64 // an article picture about solar panels
	library int64 // a library picture of wind turbines
}

func newAutomatchEnv(t *testing.T, db storetest.DB) *automatchEnv {
	t.Helper()
	u, err := db.Store.CreateAccount(t.Context(), store.NewAccount{Email: "ann@example.com", PasswordHash: "h", Category: models.UserCategoryIndividual})
	if err != nil {
		t.Fatal(err)
	}
	e := &automatchEnv{t: t, store: db.Store, pub: u.PublisherID}
	e.article = e.asset("roof.jpg", "Solar panels on a roof", models.AssetTypeIDImage, models.AssetStateComplete)
	e.library = e.asset("turbines.jpg", "Wind turbines at the coast", models.AssetTypeIDImage, models.AssetStateComplete)
	e.asset("ocean song.mp3", "ocean waves shore", models.AssetTypeIDAudio, models.AssetStateComplete) // not a picture
	e.asset("broken ocean.jpg", "ocean waves shore", models.AssetTypeIDImage, models.AssetStateError)  // failed import
	return e
}

func (e *automatchEnv) asset(name, text string, typ models.AssetTypeID, state models.AssetState) int64 {
	e.t.Helper()
	a := models.Asset{PublisherID: e.pub, Name: name, Text: text, TypeID: typ, Source: models.AssetSourceInternal, State: state}
	if err := e.store.CreateAsset(e.t.Context(), &a); err != nil {
		e.t.Fatal(err)
	}
	return a.ID
}

// video stores a video of the script with the settings and makes its slides.
func (e *automatchEnv) video(acts *activities.VideoActivities, s domain.AutomatchSettings, textSlides bool) models.Video {
	e.t.Helper()
	raw, _ := json.Marshal(s)
	v := models.Video{PublisherID: e.pub, Name: "Automatch", Text: automatchScript, AspectRatio: models.AspectHorizontal,
		PauseAfterSlideMs: 500, MaxSentencesPerSlide: 2, BuildStage: models.BuildPopulatingData, Automatch: raw,
		CanCreateTextSlides: textSlides, InitialAssets: []int64{e.article}}
	if err := e.store.CreateVideo(e.t.Context(), &v); err != nil {
		e.t.Fatal(err)
	}
	res, err := acts.CreateVideoLayers(e.t.Context(), activities.CreateVideoLayersInput{VideoID: v.ID})
	if err != nil || len(res.SceneIDs) != 4 || res.Slides != 4 {
		e.t.Fatalf("layers = %+v, %v", res, err)
	}
	return v
}

// choices describes each slide's automatched media: "asset:12", "text:..." or "".
func (e *automatchEnv) choices(videoID int64) []string {
	e.t.Helper()
	v, err := e.store.VideoForWorkflow(e.t.Context(), videoID)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, sc := range v.Scenes {
		for _, l := range sc.Layers {
			if len(l.Assets) > 1 {
				e.t.Fatalf("slide %d has %d media items", l.ID, len(l.Assets))
			}
			c := ""
			for _, it := range l.Assets {
				if !it.Automatched {
					e.t.Fatalf("slide %d media not marked automatched", l.ID)
				}
				if it.Kind == models.LayerAssetText {
					c = "text:" + it.Text
				} else {
					c = fmt.Sprintf("asset:%d", *it.AssetID)
				}
			}
			out = append(out, c)
		}
	}
	return out
}

func (e *automatchEnv) stockAssets() []models.Asset {
	e.t.Helper()
	var out []models.Asset
	if err := e.store.DB().Where("source = ?", models.AssetSourceStock).Order("id").Find(&out).Error; err != nil {
		e.t.Fatal(err)
	}
	return out
}

func TestAutomatchLibraryAndArticle(t *testing.T) {
	settings := domain.AutomatchSettings{Enabled: true, IncludeUserMedia: true, IncludeArticleMedia: true,
		IncludeStockImages: true, IncludeStockVideos: true}
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAutomatchEnv(t, db)
		tests := []struct {
			name  string
			stock activities.StockSearcher
		}{
			{"no stock searcher", nil},
			{"stock not configured", &fakeStock{items: []stock.Item{{Provider: "pexels", ID: "1", Kind: stock.KindImage, Text: "ocean waves shore"}}}},
		}
		var first []string
		for _, tt := range tests {
			acts := &activities.VideoActivities{Store: db.Store, Stock: tt.stock}
			v := e.video(acts, settings, true)
			res, err := acts.AutomatchVideo(t.Context(), activities.AutomatchVideoInput{VideoID: v.ID})
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			got := e.choices(v.ID)
			want := []string{fmt.Sprintf("asset:%d", e.article), fmt.Sprintf("asset:%d", e.library),
				"text:Ocean waves carry energy to the shore every single day.",
				"text:Prices keep falling for households across many countries."}
			if !slices.Equal(got, want) || res.Matched != 2 || res.TextSlides != 2 || len(res.ImportAssetIDs) != 0 {
				t.Fatalf("%s: choices %q, result %+v; want %q", tt.name, got, res, want)
			}
			// The same input makes the same choices.
			if first == nil {
				first = got
			} else if !slices.Equal(first, got) {
				t.Fatalf("%s: choices %q differ from %q", tt.name, got, first)
			}
			if f, ok := tt.stock.(*fakeStock); ok && len(f.queries) != 0 {
				t.Fatalf("%s: searched stock %d times", tt.name, len(f.queries))
			}
		}
		if n := len(e.stockAssets()); n != 0 {
			t.Fatalf("%d stock assets without a stock library", n)
		}

		// Without text slides, every slide still gets a picture, never the same one twice in a row.
		acts := &activities.VideoActivities{Store: db.Store}
		v := e.video(acts, settings, false)
		if _, err := acts.AutomatchVideo(t.Context(), activities.AutomatchVideoInput{VideoID: v.ID}); err != nil {
			t.Fatal(err)
		}
		got := e.choices(v.ID)
		for i, c := range got {
			if !strings.HasPrefix(c, "asset:") || i > 0 && c == got[i-1] {
				t.Fatalf("choices without text slides = %q", got)
			}
		}

		// Automatch off: nothing is put on the slides.
		off := settings
		off.Enabled = false
		v = e.video(acts, off, true)
		if res, err := acts.AutomatchVideo(t.Context(), activities.AutomatchVideoInput{VideoID: v.ID}); err != nil || res.Matched != 0 {
			t.Fatalf("automatch off = %+v, %v", res, err)
		}
		if got := e.choices(v.ID); !slices.Equal(got, []string{"", "", "", ""}) {
			t.Fatalf("automatch off put %q", got)
		}
	})
}

func TestAutomatchStock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAutomatchEnv(t, db)
		fake := &fakeStock{configured: true, items: []stock.Item{
			{Provider: "pexels", ID: "77", Kind: stock.KindImage, URL: "https://images.pexels.com/77.jpg", Text: "ocean waves shore",
				Attribution: "Photo by Ann on Pexels", Width: 1920, Height: 1080},
			{Provider: "pixabay", ID: "88", Kind: stock.KindVideo, URL: "https://cdn.pixabay.com/88.mp4", Text: "prices households countries",
				Attribution: "Video by Bo on Pixabay", Width: 1920, Height: 1080, DurationSec: 12},
		}}
		acts := &activities.VideoActivities{Store: db.Store, Stock: fake}
		settings := domain.AutomatchSettings{Enabled: true, IncludeArticleMedia: true, IncludeStockImages: true, IncludeStockVideos: true}
		v := e.video(acts, settings, true)
		res, err := acts.AutomatchVideo(t.Context(), activities.AutomatchVideoInput{VideoID: v.ID})
		if err != nil {
			t.Fatal(err)
		}
		created := e.stockAssets()
		if len(created) != 2 {
			t.Fatalf("stock assets = %+v", created)
		}
		byURL := map[string]models.Asset{}
		var ids []int64
		for _, a := range created {
			if a.PublisherID != e.pub || a.State != models.AssetStatePending || a.VideoID != nil {
				t.Fatalf("stock asset = %+v", a)
			}
			byURL[a.SourceURL] = a
			ids = append(ids, a.ID)
		}
		photo, clip := byURL["https://images.pexels.com/77.jpg"], byURL["https://cdn.pixabay.com/88.mp4"]
		if photo.TypeID != models.AssetTypeIDImage || clip.TypeID != models.AssetTypeIDVideo || photo.Text != "Photo by Ann on Pexels" {
			t.Fatalf("photo %+v, clip %+v", photo, clip)
		}
		slices.Sort(res.ImportAssetIDs)
		if !slices.Equal(res.ImportAssetIDs, ids) {
			t.Fatalf("to import %v, created %v", res.ImportAssetIDs, ids)
		}
		got := e.choices(v.ID)
		want := []string{fmt.Sprintf("asset:%d", e.article), "", fmt.Sprintf("asset:%d", photo.ID), fmt.Sprintf("asset:%d", clip.ID)}
		if got[0] != want[0] || got[2] != want[2] || got[3] != want[3] || strings.HasPrefix(got[1], "asset:") && got[1] != want[2] && got[1] != want[3] {
			t.Fatalf("choices %q, want %q (slide 2 a text slide or stock)", got, want)
		}
		for _, q := range fake.queries {
			if q.Orientation != stock.Landscape || q.PerPage <= 0 || q.Text == "" {
				t.Fatalf("query = %+v", q)
			}
		}

		// A retry creates no more assets and still hands the pending ones to import.
		searches := len(fake.queries)
		again, err := acts.AutomatchVideo(t.Context(), activities.AutomatchVideoInput{VideoID: v.ID})
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(again.ImportAssetIDs)
		if n := len(e.stockAssets()); n != 2 || !slices.Equal(again.ImportAssetIDs, ids) || len(fake.queries) != searches {
			t.Fatalf("retry: %d stock assets, to import %v, %d searches", n, again.ImportAssetIDs, len(fake.queries)-searches)
		}
		if !slices.Equal(e.choices(v.ID), got) {
			t.Fatalf("retry changed the choices: %q", e.choices(v.ID))
		}
		// Once imported, they are not imported again.
		if err := db.Store.DB().Model(&models.Asset{}).Where("id IN ?", ids).Update("state", models.AssetStateComplete).Error; err != nil {
			t.Fatal(err)
		}
		if again, err := acts.AutomatchVideo(t.Context(), activities.AutomatchVideoInput{VideoID: v.ID}); err != nil || len(again.ImportAssetIDs) != 0 {
			t.Fatalf("after import: %+v, %v", again, err)
		}
	})
}
