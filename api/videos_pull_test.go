package api_test

import (
	"net/http"
	"strconv"
	"testing"

	"pagecast/models"
	"pagecast/store/storetest"
)

// A video created from a page URL alone is stored without a script and built by a
// CreateVideo that pulls the page first; with a script, nothing is pulled.
func TestCreateVideoFromPageURLAlone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, _ := e.signUp("ann@example.com")
		id := e.createVideo(ann, map[string]any{"pageUrl": "https://news.example.com/bergvik"})
		v := e.video(id)
		if v.Text != "" || v.PageURL != "https://news.example.com/bergvik" || v.BuildStep != models.StepRetrievingContent ||
			v.Name != models.DefaultVideoName {
			t.Fatalf("video = %+v", v)
		}
		if len(e.wf.pulls) != 1 || e.wf.pulls[0] != id {
			t.Fatalf("pulls = %v", e.wf.pulls)
		}
		r := e.do(ann, "GET", "/api/v2/video/"+strconv.FormatInt(id, 10), nil, false)
		if r.Status != http.StatusOK || r.data()["buildStep"] != "retrievingContent" {
			t.Fatalf("GET = %d %v", r.Status, r.Body)
		}

		withScript := e.createVideo(ann, map[string]any{"pageUrl": "https://example.com/post", "text": "A script of our own words."})
		if len(e.wf.pulls) != 1 || e.video(withScript).BuildStep != models.StepSplittingText {
			t.Fatalf("a video with a script pulled its page: %v", e.wf.pulls)
		}
		// Neither a script nor a page: refused.
		if r := e.do(ann, "POST", "/api/v2/video", map[string]any{"name": "x"}, true); r.Status != http.StatusBadRequest || r.fields()["text"] != "invalid text" {
			t.Fatalf("no script nor page = %d %v", r.Status, r.Body)
		}
	})
}
