package api_test

import (
	"fmt"
	"net/http"
	"testing"

	"pagecast/api"
	"pagecast/models"
	"pagecast/store/storetest"
)

func TestInsertCalls(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		bo, boPub := e.signUp("bo@example.com")
		v := e.renderableVideo(ann, pub)
		path := fmt.Sprintf("/api/v2/video/%d/inserts", v.ID)
		clip := e.seed(pub, "intro.mp4", models.AssetTypeIDVideo, 1)
		picture := e.seed(pub, "roof.jpg", models.AssetTypeIDImage, 1)
		importing := e.seedPending(pub, "outro.mp4")
		bos := e.seed(boPub, "bo.mp4", models.AssetTypeIDVideo, 1)
		e.exec("UPDATE assets SET media_key = 'assets/clip.mp4' WHERE id IN (?, ?)", clip, bos)

		types := e.do(ann, "GET", "/api/v2/video/insert/types", nil, false).data()["types"].([]any)
		if len(types) != 3 || types[2].(map[string]any)["name"] != "Scene prepend" {
			t.Fatalf("types = %v", types)
		}
		for _, tt := range []struct {
			name string
			body map[string]any
			msg  string
		}{
			{"unknown type", map[string]any{"videoInsertTypeId": 4, "assetId": clip}, api.MsgInsertType},
			{"a picture", map[string]any{"videoInsertTypeId": 1, "assetId": picture}, api.MsgNotVideoClip},
			{"another account's video", map[string]any{"videoInsertTypeId": 1, "assetId": bos}, api.MsgNotVideoClip},
			{"still importing", map[string]any{"videoInsertTypeId": 1, "assetId": importing}, api.MsgClipNotReady},
		} {
			if r := e.do(ann, "POST", path, tt.body, true); r.Status != 400 || r.message() != tt.msg {
				t.Errorf("%s: %d %q, want 400 %q", tt.name, r.Status, r.message(), tt.msg)
			}
		}
		r := e.do(ann, "POST", path, map[string]any{"videoInsertTypeId": 1, "assetId": clip}, true)
		if r.Status != 201 || num(r.data()["videoInsertTypeId"]) != 1 || num(r.data()["assetId"]) != clip {
			t.Fatalf("add intro = %d %v", r.Status, r.Body)
		}
		intro := num(r.data()["videoInsertId"])
		if r := e.do(ann, "POST", path, map[string]any{"videoInsertTypeId": 1, "assetId": clip}, true); r.Status != 409 || r.message() != api.MsgInsertExists {
			t.Fatalf("second intro = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "PUT", fmt.Sprintf("%s/%d", path, intro), map[string]any{"videoInsertTypeId": 3, "assetId": clip}, true); r.Status != 200 || num(r.data()["videoInsertTypeId"]) != 3 {
			t.Fatalf("intro to scene prepend = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "GET", fmt.Sprintf("%s/%d", path, intro), nil, false); r.Status != 200 || r.data()["name"] != "intro.mp4" || r.data()["deleted"] != false {
			t.Fatalf("get = %d %v", r.Status, r.Body)
		}
		for _, call := range []struct {
			method, path string
			body         any
		}{
			{"GET", path, nil}, {"POST", path, map[string]any{"videoInsertTypeId": 2, "assetId": bos}},
			{"GET", fmt.Sprintf("%s/%d", path, intro), nil},
			{"PUT", fmt.Sprintf("%s/%d", path, intro), map[string]any{"videoInsertTypeId": 2, "assetId": bos}},
			{"DELETE", fmt.Sprintf("%s/%d", path, intro), nil},
		} {
			if r := e.do(bo, call.method, call.path, call.body, true); r.Status != 404 {
				t.Errorf("%s %s as another account = %d %v", call.method, call.path, r.Status, r.Body)
			}
		}
		// A clip deleted from the library stays listed, marked: the render leaves it out.
		if r := e.do(ann, "DELETE", fmt.Sprintf("/api/v2/asset/%d", clip), nil, true); r.Status/100 != 2 {
			t.Fatalf("delete the clip from the library = %d %v", r.Status, r.Body)
		}
		if list := e.do(ann, "GET", path, nil, false).data()["inserts"].([]any); len(list) != 1 || list[0].(map[string]any)["deleted"] != true ||
			list[0].(map[string]any)["url"] != "" || list[0].(map[string]any)["thumbnailUrl"] != "" {
			t.Fatalf("inserts after the clip was deleted = %v", list)
		}
		if r := e.do(ann, "DELETE", fmt.Sprintf("%s/%d", path, intro), nil, true); r.Status != http.StatusNoContent {
			t.Fatalf("delete = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "DELETE", fmt.Sprintf("%s/%d", path, intro), nil, true); r.Status != 404 || r.code() != "insert_not_found" {
			t.Fatalf("delete again = %d %v", r.Status, r.Body)
		}
		if list := e.do(ann, "GET", path, nil, false).data()["inserts"].([]any); len(list) != 0 {
			t.Fatalf("inserts after delete = %v", list)
		}
		if !e.video(v.ID).Draft {
			t.Fatal("insert changes did not mark the video a draft")
		}
	})
}

// A voiceover video's render puts nothing between its scenes: a scene prepend is
// refused with why, on the field that names it, where an intro is taken.
func TestVoiceoverScenePrependRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		v := e.renderableVideo(ann, pub)
		e.exec("UPDATE videos SET is_voiceover = ? WHERE id = ?", true, v.ID)
		path := fmt.Sprintf("/api/v2/video/%d/inserts", v.ID)
		clip := e.seed(pub, "clip.mp4", models.AssetTypeIDVideo, 1)
		e.exec("UPDATE assets SET media_key = 'assets/clip.mp4' WHERE id = ?", clip)
		r := e.do(ann, "POST", path, map[string]any{"videoInsertTypeId": 3, "assetId": clip}, true)
		if r.Status != 400 || r.message() != api.MsgVoiceoverScenePrepend {
			t.Fatalf("scene prepend of a voiceover video = %d %v", r.Status, r.Body)
		}
		r = e.do(ann, "POST", path, map[string]any{"videoInsertTypeId": 1, "assetId": clip}, true)
		if r.Status != 201 {
			t.Fatalf("intro of a voiceover video = %d %v", r.Status, r.Body)
		}
		intro := num(r.data()["videoInsertId"])
		if r := e.do(ann, "PUT", fmt.Sprintf("%s/%d", path, intro), map[string]any{"videoInsertTypeId": 3, "assetId": clip}, true); r.Status != 400 || r.message() != api.MsgVoiceoverScenePrepend {
			t.Fatalf("intro to scene prepend = %d %v", r.Status, r.Body)
		}
	})
}
