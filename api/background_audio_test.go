package api_test

import (
	"fmt"
	"net/http"
	"testing"

	"pagecast/api"
	"pagecast/models"
	"pagecast/store/storetest"
)

func TestBackgroundAudioCalls(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		bo, boPub := e.signUp("bo@example.com")
		v := e.renderableVideo(ann, pub)
		path := fmt.Sprintf("/api/v2/video/%d/backgroundAudio", v.ID)
		music := e.seed(pub, "river.mp3", models.AssetTypeIDAudio, 1)
		e.exec("UPDATE assets SET media_key = 'assets/river.mp3' WHERE id = ?", music)
		picture := e.seed(pub, "roof.jpg", models.AssetTypeIDImage, 1)
		importing := e.seedPending(pub, "rain.mp3")
		e.exec("UPDATE assets SET asset_type_id = ? WHERE id = ?", models.AssetTypeIDAudio, importing)
		bos := e.seed(boPub, "bo.mp3", models.AssetTypeIDAudio, 1)

		for _, tt := range []struct {
			name   string
			body   map[string]any
			status int
			msg    string
		}{
			{"a picture", map[string]any{"assetId": picture}, 400, api.MsgNotAudio},
			{"another account's audio", map[string]any{"assetId": bos}, 400, api.MsgNotAudio},
			{"no asset", map[string]any{}, 400, api.MsgNotAudio},
			{"still importing", map[string]any{"assetId": importing}, 400, api.MsgAudioNotReady},
			{"volume over 100", map[string]any{"assetId": music, "volume": 101}, 400, api.MsgVolume},
		} {
			if r := e.do(ann, "POST", path, tt.body, true); r.Status != tt.status || r.message() != tt.msg {
				t.Errorf("%s: %d %q, want %d %q", tt.name, r.Status, r.message(), tt.status, tt.msg)
			}
		}
		r := e.do(ann, "POST", path, map[string]any{"assetId": music}, true)
		if r.Status != 201 || num(r.data()["volume"]) != models.DefaultBackgroundAudioVolume || num(r.data()["order"]) != 1 || r.data()["url"] == "" {
			t.Fatalf("add = %d %v", r.Status, r.Body)
		}
		first := num(r.data()["videoBackgroundAudioAssetId"])
		second := num(e.do(ann, "POST", path, map[string]any{"assetId": music, "volume": 60}, true).data()["videoBackgroundAudioAssetId"])
		if r := e.do(ann, "PUT", fmt.Sprintf("%s/%d", path, first), map[string]any{"volume": 35}, true); r.Status != 200 || num(r.data()["volume"]) != 35 {
			t.Fatalf("volume = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "PUT", path+"/order", map[string]any{"itemIds": []int64{second}}, true); r.Status != 400 || r.message() != api.MsgBackgroundAudioOrder {
			t.Fatalf("partial reorder = %d %v", r.Status, r.Body)
		}
		r = e.do(ann, "PUT", path+"/order", map[string]any{"itemIds": []int64{second, first}}, true)
		items := r.data()["items"].([]any)
		if r.Status != 200 || len(items) != 2 || num(items[0].(map[string]any)["videoBackgroundAudioAssetId"]) != second {
			t.Fatalf("reorder = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "DELETE", fmt.Sprintf("%s/%d", path, second), nil, true); r.Status != http.StatusNoContent {
			t.Fatalf("delete = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "DELETE", fmt.Sprintf("%s/%d", path, second), nil, true); r.Status != 404 || r.code() != "background_audio_not_found" {
			t.Fatalf("delete again = %d %v", r.Status, r.Body)
		}
		list := e.do(ann, "GET", path, nil, false).data()["items"].([]any)
		if len(list) != 1 || num(list[0].(map[string]any)["order"]) != 1 || num(list[0].(map[string]any)["volume"]) != 35 ||
			list[0].(map[string]any)["deleted"] != false {
			t.Fatalf("list = %v", list)
		}
		// Music deleted from the library stays listed, marked: the render leaves it out.
		if r := e.do(ann, "DELETE", fmt.Sprintf("/api/v2/asset/%d", music), nil, true); r.Status/100 != 2 {
			t.Fatalf("delete the music from the library = %d %v", r.Status, r.Body)
		}
		if list := e.do(ann, "GET", path, nil, false).data()["items"].([]any); len(list) != 1 || list[0].(map[string]any)["deleted"] != true {
			t.Fatalf("list after the music was deleted = %v", list)
		}
		// Another account finds nothing and changes nothing.
		for _, call := range []struct {
			method, path string
			body         any
		}{
			{"GET", path, nil}, {"POST", path, map[string]any{"assetId": bos}},
			{"PUT", fmt.Sprintf("%s/%d", path, first), map[string]any{"volume": 1}},
			{"PUT", path + "/order", map[string]any{"itemIds": []int64{first}}},
			{"DELETE", fmt.Sprintf("%s/%d", path, first), nil},
		} {
			if r := e.do(bo, call.method, call.path, call.body, true); r.Status != 404 {
				t.Errorf("%s %s as another account = %d %v", call.method, call.path, r.Status, r.Body)
			}
		}
		if e.video(v.ID).Draft != true {
			t.Fatal("background audio changes did not mark the video a draft")
		}
	})
}
