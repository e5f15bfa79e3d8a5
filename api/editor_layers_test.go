package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"pagecast/api"
	"pagecast/models"
	"pagecast/store/storetest"
)

// snapshot is a video's whole tree (scenes, slides, media, draft, update times) as
// JSON, to show a refused call changed nothing.
func (e *assetEnv) snapshot(id int64) string {
	e.t.Helper()
	v, err := e.store.VideoForWorkflow(e.t.Context(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		e.t.Fatal(err)
	}
	return string(raw)
}

// refusal is an editor call that must be refused and change nothing.
type refusal struct {
	name, method, path string
	body               any
	status             int
	code, msg          string
	by                 *http.Client // nil: the video's owner
}

// refuse makes every call and checks its answer, and that the videos and the
// narration started are as they were.
func (e *assetEnv) refuse(owner *http.Client, videos []int64, calls []refusal) {
	e.t.Helper()
	before := map[int64]string{}
	for _, id := range videos {
		before[id] = e.snapshot(id)
	}
	narrated := len(e.wf.scenes)
	for _, tt := range calls {
		as := owner
		if tt.by != nil {
			as = tt.by
		}
		r := e.do(as, tt.method, tt.path, tt.body, true)
		if r.Status != tt.status || tt.code != "" && r.code() != tt.code || tt.msg != "" && r.message() != tt.msg {
			e.t.Errorf("%s: %d %s %q, want %d %s %q", tt.name, r.Status, r.code(), r.message(), tt.status, tt.code, tt.msg)
		}
		for _, id := range videos {
			if got := e.snapshot(id); got != before[id] {
				e.t.Fatalf("%s changed video %d:\n%s\nwas\n%s", tt.name, id, got, before[id])
			}
		}
	}
	if len(e.wf.scenes) != narrated {
		e.t.Fatalf("refused calls started narration: %v", e.wf.scenes[narrated:])
	}
}

// slides lists a video answer's slides, scene by scene.
func slides(r map[string]any) [][]map[string]any {
	var out [][]map[string]any
	for _, sc := range r["scenes"].([]any) {
		var ls []map[string]any
		for _, l := range sc.(map[string]any)["layerList"].([]any) {
			ls = append(ls, l.(map[string]any))
		}
		out = append(out, ls)
	}
	return out
}

// slideIn finds a slide of a video answer.
func slideIn(r map[string]any, layerID int64) map[string]any {
	for _, sc := range slides(r) {
		for _, l := range sc {
			if num(l["layerId"]) == layerID {
				return l
			}
		}
	}
	return nil
}

// layout is a video answer's slide ids, scene by scene, after checking that scenes
// and slides are numbered from 1.
func layout(t *testing.T, r map[string]any) [][]int64 {
	t.Helper()
	var out [][]int64
	for i, sc := range r["scenes"].([]any) {
		if got := num(sc.(map[string]any)["order"]); got != int64(i+1) {
			t.Fatalf("scene %d has order %d", i+1, got)
		}
		var ids []int64
		for j, l := range sc.(map[string]any)["layerList"].([]any) {
			if got := num(l.(map[string]any)["order"]); got != int64(j+1) {
				t.Fatalf("slide %d of scene %d has order %d", j+1, i+1, got)
			}
			ids = append(ids, num(l.(map[string]any)["layerId"]))
		}
		out = append(out, ids)
	}
	return out
}

func TestEditorStructureCalls(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		bo, boPub := e.signUp("bo@example.com")
		v := e.renderableVideo(ann, pub)
		other := e.videoWithScenes(ann, map[string]any{"text": script})
		s1, s2 := v.Scenes[0], v.Scenes[1]
		l1, l2, l3 := s1.Layers[0], s1.Layers[1], s2.Layers[0]
		vpath := fmt.Sprintf("/api/v2/video/%d", v.ID)
		layer := func(id int64) string { return fmt.Sprintf("/api/v2/layer/%d", id) }
		e.exec("UPDATE videos SET draft = ? WHERE id = ?", false, v.ID)
		sound := e.seed(pub, "river.mp3", models.AssetTypeIDAudio, 1)
		bosPicture := e.seed(boPub, "bo.jpg", models.AssetTypeIDImage, 1)
		l1Item := v.Scenes[0].Layers[0].Assets[0].ID
		l2Item := v.Scenes[0].Layers[1].Assets[0].ID
		tooLong := string(make([]rune, api.MaxSlideTextLen+1))

		e.refuse(ann, []int64{v.ID, other.ID}, []refusal{
			{name: "scene after an unknown scene", method: "POST", path: vpath + "/scenes", body: map[string]any{"prevSceneId": 99999999}, status: 404, code: "scene_not_found"},
			{name: "scene after another video's scene", method: "POST", path: vpath + "/scenes", body: map[string]any{"prevSceneId": other.Scenes[0].ID}, status: 404, code: "scene_not_found"},
			{name: "scene with template 0", method: "POST", path: vpath + "/scenes", body: map[string]any{"templateId": 0}, status: 400, msg: api.MsgTemplateID},
			{name: "scene with a long text", method: "POST", path: vpath + "/scenes", body: map[string]any{"text": tooLong}, status: 400, msg: api.MsgSlideText},
			{name: "scene in another account's video", method: "POST", path: vpath + "/scenes", body: map[string]any{}, status: 404, code: "video_not_found", by: bo},
			{name: "split at the first slide", method: "POST", path: fmt.Sprintf("%s/scenes/%d/split", vpath, s1.ID), body: map[string]any{"layerId": l1.ID}, status: 422, code: "split_first_slide", msg: api.MsgSplitFirstSlide},
			{name: "split at another scene's slide", method: "POST", path: fmt.Sprintf("%s/scenes/%d/split", vpath, s1.ID), body: map[string]any{"layerId": l3.ID}, status: 404, code: "slide_not_found"},
			{name: "split without a slide", method: "POST", path: fmt.Sprintf("%s/scenes/%d/split", vpath, s1.ID), body: map[string]any{}, status: 400, msg: api.MsgNameSlide},
			{name: "split an unknown scene", method: "POST", path: vpath + "/scenes/99999999/split", body: map[string]any{"layerId": l2.ID}, status: 404, code: "scene_not_found"},
			{name: "split another account's scene", method: "POST", path: fmt.Sprintf("%s/scenes/%d/split", vpath, s1.ID), body: map[string]any{"layerId": l2.ID}, status: 404, code: "video_not_found", by: bo},
			{name: "slide in an unknown scene", method: "POST", path: "/api/v2/scene/99999999/layers", body: map[string]any{}, status: 404, code: "scene_not_found"},
			{name: "slide after another scene's slide", method: "POST", path: fmt.Sprintf("/api/v2/scene/%d/layers", s1.ID), body: map[string]any{"afterLayerId": l3.ID}, status: 404, code: "slide_not_found"},
			{name: "slide with a bad pause", method: "POST", path: fmt.Sprintf("/api/v2/scene/%d/layers", s1.ID), body: map[string]any{"text": "Wait. [pause 12s] Go."}, status: 400, code: "validation_failed"},
			{name: "slide in another account's scene", method: "POST", path: fmt.Sprintf("/api/v2/scene/%d/layers", s1.ID), body: map[string]any{}, status: 404, code: "scene_not_found", by: bo},
			{name: "swap a slide with itself", method: "PUT", path: vpath + "/layers/swap", body: map[string]any{"firstLayerId": l1.ID, "secondLayerId": l1.ID}, status: 422, code: "same_slide", msg: api.MsgSameSlide},
			{name: "swap with another video's slide", method: "PUT", path: vpath + "/layers/swap", body: map[string]any{"firstLayerId": l1.ID, "secondLayerId": other.Scenes[0].Layers[0].ID}, status: 404, code: "slide_not_found"},
			{name: "swap without slides", method: "PUT", path: vpath + "/layers/swap", body: map[string]any{}, status: 400, code: "validation_failed"},
			{name: "swap in another account's video", method: "PUT", path: vpath + "/layers/swap", body: map[string]any{"firstLayerId": l1.ID, "secondLayerId": l3.ID}, status: 404, code: "video_not_found", by: bo},
			{name: "media without an asset or text", method: "POST", path: layer(l1.ID) + "/assets", body: map[string]any{"text": "  "}, status: 400, code: "asset_id_missing", msg: api.MsgAssetIDMissing},
			{name: "a sound as slide media", method: "POST", path: layer(l1.ID) + "/assets", body: map[string]any{"assetId": sound}, status: 422, code: "invalid_asset", msg: api.MsgInvalidAsset},
			{name: "another account's picture", method: "POST", path: layer(l1.ID) + "/assets", body: map[string]any{"assetId": bosPicture}, status: 422, code: "invalid_asset"},
			{name: "an unknown asset", method: "POST", path: layer(l1.ID) + "/assets", body: map[string]any{"assetId": 99999999}, status: 422, code: "invalid_asset"},
			{name: "media on another account's slide", method: "POST", path: layer(l1.ID) + "/assets", body: map[string]any{"text": "Mine."}, status: 404, code: "slide_not_found", by: bo},
			{name: "media on an unknown slide", method: "POST", path: layer(99999999) + "/assets", body: map[string]any{"text": "Mine."}, status: 404, code: "slide_not_found"},
			{name: "remove another slide's media", method: "DELETE", path: fmt.Sprintf("%s/assets/%d", layer(l1.ID), l2Item), status: 404, code: "slide_media_not_found"},
			{name: "remove unknown media", method: "DELETE", path: layer(l1.ID) + "/assets/99999999", status: 404, code: "slide_media_not_found"},
			{name: "remove media of another account's slide", method: "DELETE", path: fmt.Sprintf("%s/assets/%d", layer(l1.ID), l1Item), status: 404, code: "slide_not_found", by: bo},
			{name: "replace media with nothing", method: "PUT", path: layer(l1.ID) + "/asset", body: map[string]any{}, status: 400, msg: api.MsgNotSlideMedia},
			{name: "an unknown voice", method: "PUT", path: layer(l1.ID) + "/voice", body: map[string]any{"voiceId": 99999999}, status: 422, msg: api.MsgUnknownVoice},
			{name: "voice 0", method: "PUT", path: layer(l1.ID) + "/voice", body: map[string]any{"voiceId": 0}, status: 422, msg: api.MsgUnknownVoice},
			{name: "voice of another account's slide", method: "PUT", path: layer(l1.ID) + "/voice", body: map[string]any{"voiceId": nil}, status: 404, code: "slide_not_found", by: bo},
			{name: "mute without muted", method: "PUT", path: layer(l1.ID) + "/mute", body: map[string]any{}, status: 400, msg: api.MsgMuted},
			{name: "mute another account's slide", method: "PUT", path: layer(l1.ID) + "/mute", body: map[string]any{"muted": true}, status: 404, code: "slide_not_found", by: bo},
			{name: "stretch", method: "PUT", path: layer(l1.ID) + "/transform", body: map[string]any{"fit": "stretch"}, status: 422, code: "invalid_transform"},
			{name: "no fit", method: "PUT", path: layer(l1.ID) + "/transform", body: map[string]any{}, status: 422, code: "invalid_transform"},
			{name: "crop past the right", method: "PUT", path: layer(l1.ID) + "/transform", body: map[string]any{"fit": "cover", "crop": map[string]any{"x": 0.5, "y": 0, "width": 0.6, "height": 1}}, status: 422, code: "invalid_transform", msg: api.MsgInvalidTransform},
			{name: "crop past the bottom", method: "PUT", path: layer(l1.ID) + "/transform", body: map[string]any{"fit": "cover", "crop": map[string]any{"x": 0, "y": 0.7, "width": 1, "height": 0.4}}, status: 422, code: "invalid_transform"},
			{name: "crop of no width", method: "PUT", path: layer(l1.ID) + "/transform", body: map[string]any{"fit": "contain", "crop": map[string]any{"x": 0, "y": 0, "width": 0, "height": 1}}, status: 422, code: "invalid_transform"},
			{name: "negative crop", method: "PUT", path: layer(l1.ID) + "/transform", body: map[string]any{"fit": "contain", "crop": map[string]any{"x": -0.1, "y": 0, "width": 0.5, "height": 1}}, status: 422, code: "invalid_transform"},
			{name: "transform another account's slide", method: "PUT", path: layer(l1.ID) + "/transform", body: map[string]any{"fit": "contain"}, status: 404, code: "slide_not_found", by: bo},
			{name: "duration of a narrated video's slide", method: "PUT", path: vpath + "/voiceover/duration", body: map[string]any{"layerId": l1.ID, "durationMs": 1000}, status: 422, code: "not_voiceover", msg: api.MsgNotVoiceover},
			{name: "duration missing", method: "PUT", path: vpath + "/voiceover/duration", body: map[string]any{"layerId": l1.ID}, status: 400, msg: api.MsgDurationMissing},
		})
		if e.video(v.ID).Draft {
			t.Fatal("refused edits marked the video a draft")
		}

		// Insert scenes: after the first (default text, narrated) and first (trimmed
		// text, its own template).
		r := e.do(ann, "POST", vpath+"/scenes", map[string]any{"prevSceneId": s1.ID, "text": "  "}, true)
		lay := layout(t, r.data())
		if r.Status != 200 || len(lay) != 3 || lay[0][0] != l1.ID || lay[2][0] != l3.ID || slides(r.data())[1][0]["text"] != models.DefaultSlideText {
			t.Fatalf("scene after the first = %d %v", r.Status, r.Body)
		}
		added := num(r.data()["scenes"].([]any)[1].(map[string]any)["sceneId"])
		if len(e.wf.scenes) != 1 || e.wf.scenes[0] != added || !e.video(v.ID).Draft {
			t.Fatalf("new scene narrated %v, draft %v", e.wf.scenes, e.video(v.ID).Draft)
		}
		r = e.do(ann, "POST", vpath+"/scenes", map[string]any{"prevSceneId": nil, "text": "  Intro words.  ", "templateId": 7}, true)
		first := r.data()["scenes"].([]any)[0].(map[string]any)
		if r.Status != 200 || len(layout(t, r.data())) != 4 || num(first["templateId"]) != 7 || slides(r.data())[0][0]["text"] != "Intro words." {
			t.Fatalf("first scene = %d %v", r.Status, r.Body)
		}
		intro := num(first["sceneId"])
		if r := e.do(ann, "DELETE", fmt.Sprintf("%s/scenes/%d", vpath, intro), nil, true); r.Status != 200 {
			t.Fatalf("delete intro = %d", r.Status)
		}
		if r := e.do(ann, "DELETE", fmt.Sprintf("%s/scenes/%d", vpath, added), nil, true); r.Status != 200 {
			t.Fatalf("delete added = %d", r.Status)
		}

		// Split scene 1 before its second slide: both scenes are narrated again.
		e.wf.scenes = nil
		r = e.do(ann, "POST", fmt.Sprintf("%s/scenes/%d/split", vpath, s1.ID), map[string]any{"layerId": l2.ID}, true)
		lay = layout(t, r.data())
		if r.Status != 200 || len(lay) != 3 || fmt.Sprint(lay) != fmt.Sprint([][]int64{{l1.ID}, {l2.ID}, {l3.ID}}) {
			t.Fatalf("split = %d %v", r.Status, lay)
		}
		split := num(r.data()["scenes"].([]any)[1].(map[string]any)["sceneId"])
		if fmt.Sprint(e.wf.scenes) != fmt.Sprint([]int64{s1.ID, split}) {
			t.Fatalf("split narrated %v", e.wf.scenes)
		}

		// Slides: appended, first (default text), after a slide.
		path := fmt.Sprintf("/api/v2/scene/%d/layers", s1.ID)
		r = e.do(ann, "POST", path, map[string]any{"text": " Added. "}, true)
		lay = layout(t, r.data())
		if r.Status != 200 || len(lay[0]) != 2 || lay[0][0] != l1.ID || slides(r.data())[0][1]["text"] != "Added." {
			t.Fatalf("append = %d %v", r.Status, r.Body)
		}
		appended := lay[0][1]
		r = e.do(ann, "POST", path, map[string]any{"afterLayerId": nil}, true)
		lay = layout(t, r.data())
		if r.Status != 200 || len(lay[0]) != 3 || lay[0][1] != l1.ID || slides(r.data())[0][0]["text"] != models.DefaultSlideText {
			t.Fatalf("first slide = %d %v", r.Status, r.Body)
		}
		r = e.do(ann, "POST", path, map[string]any{"afterLayerId": l1.ID, "text": "Middle."}, true)
		lay = layout(t, r.data())
		if r.Status != 200 || len(lay[0]) != 4 || lay[0][1] != l1.ID || lay[0][3] != appended || slides(r.data())[0][2]["text"] != "Middle." {
			t.Fatalf("slide after = %d %v", r.Status, r.Body)
		}

		// Swap a slide of scene 1 with the slide of scene 3.
		e.wf.scenes = nil
		r = e.do(ann, "PUT", vpath+"/layers/swap", map[string]any{"firstLayerId": l1.ID, "secondLayerId": l3.ID}, true)
		lay = layout(t, r.data())
		if r.Status != 200 || lay[0][1] != l3.ID || lay[2][0] != l1.ID || len(e.wf.scenes) != 2 {
			t.Fatalf("swap = %d %v narrated %v", r.Status, lay, e.wf.scenes)
		}

		// Media: add a picture, an importing clip and a text slide; remove one; replace
		// all with a text slide.
		picture := e.seed(pub, "dawn.jpg", models.AssetTypeIDImage, 1)
		importing := e.seedPending(pub, "clip.mp4")
		for _, body := range []map[string]any{{"assetId": picture}, {"assetId": importing}, {"text": "  Big words  "}} {
			if r = e.do(ann, "POST", layer(l2.ID)+"/assets", body, true); r.Status != 200 {
				t.Fatalf("add media %v = %d %v", body, r.Status, r.Body)
			}
		}
		items := slideIn(r.data(), l2.ID)["assetList"].([]any)
		if len(items) != 4 || num(items[1].(map[string]any)["assetId"]) != picture || items[2].(map[string]any)["state"] != "pending" ||
			items[3].(map[string]any)["text"] != "Big words" || num(items[0].(map[string]any)["layerAssetId"]) != l2Item {
			t.Fatalf("slide media = %v", items)
		}
		r = e.do(ann, "DELETE", fmt.Sprintf("%s/assets/%d", layer(l2.ID), l2Item), nil, true)
		if items := slideIn(r.data(), l2.ID)["assetList"].([]any); r.Status != 200 || len(items) != 3 || num(items[0].(map[string]any)["assetId"]) != picture {
			t.Fatalf("remove media = %d %v", r.Status, items)
		}
		r = e.do(ann, "PUT", layer(l2.ID)+"/asset", map[string]any{"text": " Only words "}, true)
		if items := slideIn(r.data(), l2.ID)["assetList"].([]any); r.Status != 200 || len(items) != 1 || items[0].(map[string]any)["type"] != "text" ||
			items[0].(map[string]any)["text"] != "Only words" {
			t.Fatalf("replace with a text slide = %d %v", r.Status, items)
		}
		// Without media the slide shows in validation; then it gets a picture again.
		only := num(slideIn(r.data(), l2.ID)["assetList"].([]any)[0].(map[string]any)["layerAssetId"])
		if r := e.do(ann, "DELETE", fmt.Sprintf("%s/assets/%d", layer(l2.ID), only), nil, true); r.Status != 200 || len(slideIn(r.data(), l2.ID)["assetList"].([]any)) != 0 {
			t.Fatalf("remove the last media = %d %v", r.Status, r.Body)
		}
		missing := false
		for _, p := range e.do(ann, "GET", vpath+"/validate", nil, false).data()["validations"].([]any) {
			p := p.(map[string]any)
			missing = missing || num(p["layerId"]) == l2.ID && p["errorMessageKey"] == "slide_missing_media"
		}
		if !missing {
			t.Fatal("a slide without media is not in the validation list")
		}
		if r := e.do(ann, "POST", layer(l2.ID)+"/assets", map[string]any{"assetId": picture}, true); r.Status != 200 {
			t.Fatalf("media again = %d", r.Status)
		}

		// Voice: the slide's own, narrated again; back to the video's.
		fr := e.voice("fr-fr+f3")
		e.wf.scenes = nil
		r = e.do(ann, "PUT", layer(l2.ID)+"/voice", map[string]any{"voiceId": fr.ID}, true)
		if r.Status != 200 || num(slideIn(r.data(), l2.ID)["voiceId"]) != fr.ID || fmt.Sprint(e.wf.scenes) != fmt.Sprint([]int64{split}) {
			t.Fatalf("voice = %d %v narrated %v", r.Status, r.Body, e.wf.scenes)
		}
		r = e.do(ann, "PUT", layer(l2.ID)+"/voice", map[string]any{"voiceId": nil}, true)
		if r.Status != 200 || slideIn(r.data(), l2.ID)["voiceId"] != nil || len(e.wf.scenes) != 2 {
			t.Fatalf("default voice = %d %v", r.Status, r.Body)
		}

		// Mute and transform: nothing is narrated again.
		e.wf.scenes = nil
		r = e.do(ann, "PUT", layer(l2.ID)+"/mute", map[string]any{"muted": true}, true)
		if r.Status != 200 || slideIn(r.data(), l2.ID)["muted"] != true {
			t.Fatalf("mute = %d %v", r.Status, r.Body)
		}
		crop := map[string]any{"x": 0.25, "y": 0.1, "width": 0.5, "height": 0.9}
		r = e.do(ann, "PUT", layer(l2.ID)+"/transform", map[string]any{"fit": "contain", "crop": crop}, true)
		tr, _ := slideIn(r.data(), l2.ID)["transform"].(map[string]any)
		if r.Status != 200 || tr["fit"] != "contain" || fmt.Sprint(tr["crop"]) != fmt.Sprint(crop) {
			t.Fatalf("transform = %d %v", r.Status, r.Body)
		}
		r = e.do(ann, "PUT", layer(l2.ID)+"/transform", map[string]any{"fit": "cover", "crop": nil}, true)
		if r.Status != 200 || slideIn(r.data(), l2.ID)["transform"] != nil || len(e.wf.scenes) != 0 {
			t.Fatalf("reset transform = %d %v narrated %v", r.Status, r.Body, e.wf.scenes)
		}
		var l models.Layer
		e.store.DB().Take(&l, l2.ID)
		if !l.Muted || l.Transform != nil {
			t.Fatalf("stored slide = %+v", l)
		}
	})
}

func TestEditorVoiceoverDuration(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, _ := e.signUp("ann@example.com")
		bo, _ := e.signUp("bo@example.com")
		v := e.videoWithScenes(ann, map[string]any{"text": script})
		a, b, c := v.Scenes[0].Layers[0], v.Scenes[0].Layers[1], v.Scenes[1].Layers[0]
		e.exec("UPDATE videos SET is_voiceover = ?, draft = ? WHERE id = ?", true, false, v.ID)
		for id, ms := range map[int64]int{a.ID: 2000, b.ID: 1000, c.ID: 3000} {
			e.exec("UPDATE layers SET duration_ms = ? WHERE id = ?", ms, id)
		}
		path := fmt.Sprintf("/api/v2/video/%d/voiceover/duration", v.ID)
		e.refuse(ann, []int64{v.ID}, []refusal{
			{name: "under 500 ms", method: "PUT", path: path, body: map[string]any{"layerId": a.ID, "durationMs": 400}, status: 422, code: "invalid_duration", msg: api.MsgSlideDuration},
			{name: "the next slide left under 500 ms", method: "PUT", path: path, body: map[string]any{"layerId": a.ID, "durationMs": 2600}, status: 422, code: "invalid_duration"},
			{name: "the last slide takes from the one before", method: "PUT", path: path, body: map[string]any{"layerId": c.ID, "durationMs": 3600}, status: 422, code: "invalid_duration"},
			{name: "a slide of another video", method: "PUT", path: path, body: map[string]any{"layerId": 99999999, "durationMs": 1000}, status: 404, code: "slide_not_found"},
			{name: "no slide", method: "PUT", path: path, body: map[string]any{"durationMs": 1000}, status: 400, msg: api.MsgNameSlide},
			{name: "another account", method: "PUT", path: path, body: map[string]any{"layerId": a.ID, "durationMs": 1500}, status: 404, code: "video_not_found", by: bo},
		})
		durations := func(r response) []float64 {
			var out []float64
			for _, sc := range slides(r.data()) {
				for _, l := range sc {
					out = append(out, l["duration"].(float64))
				}
			}
			return out
		}
		r := e.do(ann, "PUT", path, map[string]any{"layerId": a.ID, "durationMs": 1500}, true)
		if got := durations(r); r.Status != 200 || fmt.Sprint(got) != "[1.5 1.5 3]" || !e.video(v.ID).Draft {
			t.Fatalf("shorter first slide = %d %v", r.Status, got)
		}
		r = e.do(ann, "PUT", path, map[string]any{"layerId": c.ID, "durationMs": 2500}, true)
		if got := durations(r); r.Status != 200 || fmt.Sprint(got) != "[1.5 2 2.5]" {
			t.Fatalf("last slide gives to the one before = %d %v", r.Status, got)
		}
		// A new slide of a voiceover video keeps its empty text and takes half of the
		// time of the slide before it; nothing is narrated.
		r = e.do(ann, "POST", fmt.Sprintf("/api/v2/scene/%d/layers", v.Scenes[1].ID), map[string]any{}, true)
		if got := durations(r); r.Status != 200 || fmt.Sprint(got) != "[1.5 2 1.25 1.25]" || slides(r.data())[1][1]["text"] != "" || len(e.wf.scenes) != 0 {
			t.Fatalf("new voiceover slide = %d %v %v", r.Status, got, r.Body)
		}
	})
}
