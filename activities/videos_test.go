package activities_test

import (
	"testing"

	"pagecast/activities"
	"pagecast/models"
	"pagecast/store/storetest"
)

// TestCreateVideoLayersTaglines: a video that asks for taglines gets one on every
// slide, written from the slide's text; one that does not gets none.
func TestCreateVideoLayersTaglines(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAutomatchEnv(t, db)
		acts := &activities.VideoActivities{Store: db.Store}
		script := "A century of light\n\nThe lighthouse at Bergvik was built in 1872 on a bare rock at the mouth of the fjord. Its lamp burned whale oil.\n\n" +
			"In 1950 the light was electrified, and the keepers became fewer as the years went by."
		for _, want := range []bool{true, false} {
			v := models.Video{PublisherID: e.pub, Name: "Taglines", Text: script, AspectRatio: models.AspectHorizontal,
				PauseAfterSlideMs: 500, MaxSentencesPerSlide: 2, BuildStage: models.BuildPopulatingData, GenerateTaglines: want}
			if err := db.Store.CreateVideo(t.Context(), &v); err != nil {
				t.Fatal(err)
			}
			if _, err := acts.CreateVideoLayers(t.Context(), activities.CreateVideoLayersInput{VideoID: v.ID}); err != nil {
				t.Fatal(err)
			}
			got, err := db.Store.VideoForWorkflow(t.Context(), v.ID)
			if err != nil {
				t.Fatal(err)
			}
			var taglines []string
			for _, sc := range got.Scenes {
				for _, l := range sc.Layers {
					taglines = append(taglines, l.Tagline)
				}
			}
			wantTaglines := []string{"", "", ""}
			if want {
				wantTaglines = []string{"A century of light", "Its lamp burned whale oil", "In 1950 the light was electrified"}
			}
			if len(taglines) != len(wantTaglines) {
				t.Fatalf("generateTaglines %v: taglines %q, want %q", want, taglines, wantTaglines)
			}
			for i := range taglines {
				if taglines[i] != wantTaglines[i] {
					t.Fatalf("generateTaglines %v: taglines %q, want %q", want, taglines, wantTaglines)
				}
			}
		}
	})
}
