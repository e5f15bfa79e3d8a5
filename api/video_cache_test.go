package api_test

import (
	"fmt"
	"net/http"
	"testing"

	"pagecast/models"
	"pagecast/store/storetest"
)

// TestVideoReadsFollowEveryChange: a video read again answers what is stored now,
// whoever changed it (an edit through the API, a workflow's write, an import
// finishing), and never another account's video.
func TestVideoReadsFollowEveryChange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		bo, _ := e.signUp("bo@example.com")
		v := e.renderableVideo(ann, pub)
		path := fmt.Sprintf("/api/v2/video/%d", v.ID)
		read := func() map[string]any {
			t.Helper()
			r := e.do(ann, "GET", path, nil, true)
			if r.Status != http.StatusOK {
				t.Fatalf("read = %d %v", r.Status, r.Body)
			}
			return r.data()
		}
		slide := func(d map[string]any) map[string]any {
			return d["scenes"].([]any)[0].(map[string]any)["layerList"].([]any)[0].(map[string]any)
		}
		first := read()
		if again := read(); fmt.Sprint(again) != fmt.Sprint(first) {
			t.Fatalf("two reads of an unchanged video differ:\n%v\n%v", first, again)
		}

		// An edit through the API answers, and later reads show, the new tagline.
		layerID := v.Scenes[0].Layers[0].ID
		if r := e.do(ann, "PUT", fmt.Sprintf("/api/v2/layer/%d/tagline", layerID), map[string]any{"tagline": "Harbour lights"}, true); r.Status != 200 ||
			slide(r.data())["tagline"] != "Harbour lights" {
			t.Fatalf("tagline edit = %d %v", r.Status, r.Body)
		}
		if got := slide(read())["tagline"]; got != "Harbour lights" {
			t.Fatalf("read after the edit: tagline %v", got)
		}
		// A write the API never saw (a workflow's, straight to the database).
		e.exec("UPDATE layers SET text = ? WHERE id = ?", "Written by a workflow.", layerID)
		if got := slide(read())["text"]; got != "Written by a workflow." {
			t.Fatalf("read after a workflow's write: text %v", got)
		}
		// A slide's picture finishing its import.
		pic := e.seedPending(pub, "quay.mp4")
		if r := e.do(ann, "PUT", fmt.Sprintf("/api/v2/layer/%d/asset", layerID), map[string]any{"assetId": pic}, true); r.Status != 200 {
			t.Fatalf("replace media = %d %v", r.Status, r.Body)
		}
		if got := slide(read())["assetList"].([]any)[0].(map[string]any)["state"]; got != string(models.AssetStatePending) {
			t.Fatalf("read after the media change: state %v", got)
		}
		e.exec("UPDATE assets SET state = ? WHERE id = ?", models.AssetStateError, pic)
		if got := slide(read())["assetList"].([]any)[0].(map[string]any)["state"]; got != string(models.AssetStateError) {
			t.Fatalf("read after the import failed: state %v", got)
		}

		if r := e.do(bo, "GET", path, nil, true); r.Status != http.StatusNotFound || r.code() != "video_not_found" {
			t.Fatalf("another account reads = %d %v", r.Status, r.Body)
		}
		e.exec("UPDATE videos SET deleted_at = CURRENT_TIMESTAMP WHERE id = ?", v.ID)
		if r := e.do(ann, "GET", path, nil, true); r.Status != http.StatusNotFound {
			t.Fatalf("read of a deleted video = %d", r.Status)
		}
	})
}
