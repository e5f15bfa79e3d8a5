package activities_test

import (
	"fmt"
	"slices"
	"testing"

	"pagecast/activities"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/stock"
	"pagecast/store/storetest"
)

// slideMedia describes each slide's media: "user:12", "auto:12", "auto:text" or "".
func (e *automatchEnv) slideMedia(videoID int64) []string {
	e.t.Helper()
	v, err := e.store.VideoForWorkflow(e.t.Context(), videoID)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, sc := range v.Scenes {
		for _, l := range sc.Layers {
			c := ""
			for _, it := range l.Assets {
				who := "user"
				if it.Automatched {
					who = "auto"
				}
				if it.AssetID == nil {
					c = who + ":text"
				} else {
					c = fmt.Sprintf("%s:%d", who, *it.AssetID)
				}
			}
			out = append(out, c)
		}
	}
	return out
}

// TestAutomatchRefill: the editor's automatch (Refill) fills slides without media,
// with Overwrite also re-matches automatched ones, and never touches the user's picks;
// it runs even when the video's automatch is off, and a retry starts the imports
// again without creating media twice.
func TestAutomatchRefill(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAutomatchEnv(t, db)
		settings := domain.AutomatchSettings{Enabled: false, IncludeUserMedia: true, IncludeArticleMedia: true, IncludeStockImages: true}
		items := []stock.Item{{Provider: "pexels", ID: "7", Kind: stock.KindImage, URL: "https://media.example.com/7.jpg", Text: "ocean waves shore"}}
		acts := &activities.VideoActivities{Store: db.Store, Stock: &fakeStock{configured: true, items: items}}
		v := e.video(acts, settings, true)
		full, err := e.store.VideoForWorkflow(t.Context(), v.ID)
		if err != nil {
			t.Fatal(err)
		}
		first := full.Scenes[0].Layers[0].ID
		// The user put the wind picture on the solar slide.
		if err := e.store.DB().Create(&models.LayerAsset{LayerID: first, AssetID: &e.library, Kind: models.LayerAssetMedia}).Error; err != nil {
			t.Fatal(err)
		}

		res, err := acts.AutomatchVideo(t.Context(), activities.AutomatchVideoInput{VideoID: v.ID, Refill: true})
		if err != nil {
			t.Fatal(err)
		}
		stocks := e.stockAssets()
		if len(stocks) != 1 || !slices.Equal(res.ImportAssetIDs, []int64{stocks[0].ID}) {
			t.Fatalf("refill = %+v, stock assets %+v", res, stocks)
		}
		want := []string{fmt.Sprintf("user:%d", e.library), fmt.Sprintf("auto:%d", e.article), fmt.Sprintf("auto:%d", stocks[0].ID), "auto:text"}
		if got := e.slideMedia(v.ID); !slices.Equal(got, want) {
			t.Fatalf("after refill %q, want %q", got, want)
		}

		// A retry (or a second run) leaves the slides and starts the pending import again.
		res, err = acts.AutomatchVideo(t.Context(), activities.AutomatchVideoInput{VideoID: v.ID, Refill: true})
		if err != nil || res.Matched != 0 || !slices.Equal(res.ImportAssetIDs, []int64{stocks[0].ID}) {
			t.Fatalf("second refill = %+v %v", res, err)
		}
		if got := e.slideMedia(v.ID); !slices.Equal(got, want) || len(e.stockAssets()) != 1 {
			t.Fatalf("second refill changed the slides: %q", got)
		}

		// Overwrite re-matches the automatched slides only: the same media again (the
		// stock picture is not fetched twice), the user's pick stays. A slide whose
		// automatched media was removed by hand is filled again.
		if err := e.store.DB().Where("layer_id = ?", full.Scenes[3].Layers[0].ID).Delete(&models.LayerAsset{}).Error; err != nil {
			t.Fatal(err)
		}
		res, err = acts.AutomatchVideo(t.Context(), activities.AutomatchVideoInput{VideoID: v.ID, Refill: true, Overwrite: true})
		if err != nil || res.Matched != 2 || res.TextSlides != 1 || len(res.ImportAssetIDs) != 0 {
			t.Fatalf("overwrite = %+v %v", res, err)
		}
		if got := e.slideMedia(v.ID); !slices.Equal(got, want) || len(e.stockAssets()) != 1 {
			t.Fatalf("after overwrite %q, want %q; stock assets %d", got, want, len(e.stockAssets()))
		}
	})
}
