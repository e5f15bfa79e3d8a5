package api_test

import (
	"fmt"
	"sync"
	"testing"

	"pagecast/api"
	"pagecast/models"
	"pagecast/store/storetest"
)

func TestEditorCalls(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		bo, _ := e.signUp("bo@example.com")
		v := e.renderableVideo(ann, pub)
		s1, s2 := v.Scenes[0], v.Scenes[1]
		l1, l2, l3 := s1.Layers[0], s1.Layers[1], s2.Layers[0]
		vpath := fmt.Sprintf("/api/v2/video/%d", v.ID)
		e.exec("UPDATE videos SET draft = ? WHERE id = ?", false, v.ID)

		// Refusals, with the spec's messages where it gives them, change nothing.
		for _, tt := range []struct {
			name, method, path string
			body               any
			status             int
			msg                string
		}{
			{"empty text", "PUT", fmt.Sprintf("/api/v2/layer/%d/text", l1.ID), map[string]any{"text": "   "}, 400, api.MsgSlideText},
			{"pause out of range", "PUT", fmt.Sprintf("/api/v2/layer/%d/text", l1.ID), map[string]any{"text": "Wait. [pause 12s] Go."}, 400,
				"Pause [pause 12s] is out of range: a pause lasts 0 to 10 seconds"},
			{"long tagline", "PUT", fmt.Sprintf("/api/v2/layer/%d/tagline", l1.ID), map[string]any{"tagline": string(make([]byte, 101))}, 400, ""},
			{"empty slide order", "PUT", fmt.Sprintf("/api/v2/scene/%d/layers/order", s1.ID), map[string]any{"layerIds": []int64{}}, 400, api.MsgEmptyOrder},
			{"stale slide order", "PUT", fmt.Sprintf("/api/v2/scene/%d/layers/order", s1.ID), map[string]any{"layerIds": []int64{l2.ID}}, 409, api.MsgStaleVideo},
			{"stale scene order", "PUT", vpath + "/scenes/order", map[string]any{"sceneIds": []int64{s2.ID}}, 409, api.MsgStaleVideo},
			{"another account's slide", "PUT", fmt.Sprintf("/api/v2/layer/%d/text", l1.ID), map[string]any{"text": "Mine."}, 404, ""},
		} {
			as := ann
			if tt.name == "another account's slide" {
				as = bo
			}
			r := e.do(as, tt.method, tt.path, tt.body, true)
			if r.Status != tt.status || tt.msg != "" && r.message() != tt.msg {
				t.Errorf("%s: %d %q, want %d %q", tt.name, r.Status, r.message(), tt.status, tt.msg)
			}
		}
		if e.video(v.ID).Draft || len(e.wf.scenes) != 0 {
			t.Fatalf("refused edits marked a draft or started narration (%v)", e.wf.scenes)
		}

		// Edits: text (narrated again), tagline, slide order, scene order.
		r := e.do(ann, "PUT", fmt.Sprintf("/api/v2/layer/%d/text", l1.ID), map[string]any{"text": "  Solar panels are cheap now.  "}, true)
		if r.Status != 200 || len(e.wf.scenes) != 1 || e.wf.scenes[0] != s1.ID {
			t.Fatalf("text = %d %v, narration started for %v", r.Status, r.Body, e.wf.scenes)
		}
		if r := e.do(ann, "PUT", fmt.Sprintf("/api/v2/layer/%d/tagline", l2.ID), map[string]any{"tagline": "  Cheap   panels "}, true); r.Status != 200 {
			t.Fatalf("tagline = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "PUT", fmt.Sprintf("/api/v2/scene/%d/layers/order", s1.ID), map[string]any{"layerIds": []int64{l2.ID, l1.ID}}, true); r.Status != 200 {
			t.Fatalf("slide order = %d %v", r.Status, r.Body)
		}
		r = e.do(ann, "PUT", vpath+"/scenes/order", map[string]any{"sceneIds": []int64{s2.ID, s1.ID}}, true)
		scenes := r.data()["scenes"].([]any)
		first := scenes[0].(map[string]any)
		second := scenes[1].(map[string]any)["layerList"].([]any)
		if r.Status != 200 || num(first["sceneId"]) != s2.ID || num(second[0].(map[string]any)["layerId"]) != l2.ID ||
			second[0].(map[string]any)["tagline"] != "Cheap panels" || second[1].(map[string]any)["text"] != "Solar panels are cheap now." {
			t.Fatalf("video after edits = %d %v", r.Status, r.Body)
		}
		if !e.video(v.ID).Draft {
			t.Fatal("edits did not mark the video a draft")
		}

		// Two tabs reorder from the same view at once: one wins, the other is told to
		// reload, and the order is whole.
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		orders := [][]int64{{s1.ID, s2.ID}, {s2.ID, s1.ID}}
		for i := range statuses {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = e.do(ann, "PUT", vpath+"/scenes/order", map[string]any{"sceneIds": orders[i]}, true).Status
			}()
		}
		wg.Wait()
		if statuses[0] != 200 || statuses[1] != 200 {
			t.Fatalf("two whole orders = %v, want both applied in turn", statuses)
		}
		// Deleting: a scene's last slide takes the scene; the video's last scene stays.
		if r := e.do(ann, "DELETE", fmt.Sprintf("/api/v2/layer/%d", l3.ID), nil, true); r.Status != 200 || len(r.data()["scenes"].([]any)) != 1 {
			t.Fatalf("delete the only slide of scene 2 = %d %v", r.Status, r.Body)
		}
		// The other tab still shows scene 2: its reorder is refused, to reload.
		if r := e.do(ann, "PUT", vpath+"/scenes/order", map[string]any{"sceneIds": []int64{s2.ID, s1.ID}}, true); r.Status != 409 || r.code() != "video_changed" {
			t.Fatalf("reorder from a view older than a delete = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "DELETE", fmt.Sprintf("%s/scenes/%d", vpath, s1.ID), nil, true); r.Status != 409 || r.message() != api.MsgLastScene {
			t.Fatalf("delete the last scene = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "DELETE", fmt.Sprintf("/api/v2/layer/%d", l1.ID), nil, true); r.Status != 200 {
			t.Fatalf("delete a slide = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "DELETE", fmt.Sprintf("/api/v2/layer/%d", l2.ID), nil, true); r.Status != 409 || r.message() != api.MsgLastScene {
			t.Fatalf("delete the video's last slide = %d %v", r.Status, r.Body)
		}
		var n int64
		e.store.DB().Model(&models.Layer{}).Where("video_id = ?", v.ID).Count(&n)
		if n != 1 {
			t.Fatalf("%d slides left, want 1", n)
		}
		if r := e.do(bo, "DELETE", fmt.Sprintf("%s/scenes/%d", vpath, s1.ID), nil, true); r.Status != 404 {
			t.Fatalf("another account deletes a scene = %d", r.Status)
		}
	})
}
