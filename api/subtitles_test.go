package api_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"pagecast/activities"
	"pagecast/api"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/store/storetest"
)

// sayEachSlideInTwoSeconds gives v's slides narration timing: each says its text as one
// sentence for 2 s.
func sayEachSlideInTwoSeconds(e *assetEnv, v models.Video) {
	for _, sc := range v.Scenes {
		for _, l := range sc.Layers {
			timings, _ := json.Marshal([]map[string]any{{"text": l.Text, "startMs": 0, "durationMs": 2000}})
			e.exec("UPDATE layers SET narration_timings = ? WHERE id = ?", string(timings), l.ID)
		}
	}
}

func TestSubtitleAndMediaEdits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		bo, _ := e.signUp("bo@example.com")
		v := e.renderableVideo(ann, pub)
		sayEachSlideInTwoSeconds(e, v)
		path := fmt.Sprintf("/api/v2/video/%d/subtitles", v.ID)
		r := e.do(ann, "GET", path, nil, false)
		subs := r.data()["subtitles"].([]any)
		if r.Status != 200 || r.data()["edited"] != false || len(subs) != 3 || num(subs[1].(map[string]any)["startMs"]) != 2500 {
			t.Fatalf("generated subtitles = %d %v", r.Status, r.Body)
		}
		for _, tt := range []struct {
			name string
			body map[string]any
			msg  string
		}{
			{"zero duration", map[string]any{"startMs": 0, "durationMs": 0, "text": "Hi"}, api.MsgSubtitleDuration},
			{"negative duration", map[string]any{"startMs": 0, "durationMs": -5, "text": "Hi"}, api.MsgSubtitleDuration},
			{"no duration", map[string]any{"startMs": 0, "text": "Hi"}, api.MsgSubtitleDuration},
			{"empty text", map[string]any{"startMs": 0, "durationMs": 500, "text": "   "}, api.MsgSubtitleText},
		} {
			if r := e.do(ann, "PUT", path+"/2", tt.body, true); r.Status != 400 || r.message() != tt.msg {
				t.Errorf("%s: %d %q, want 400 %q", tt.name, r.Status, r.message(), tt.msg)
			}
		}
		var n int64
		e.store.DB().Model(&models.VideoSubtitle{}).Count(&n)
		if n != 0 {
			t.Fatalf("refused edits stored %d subtitles", n)
		}
		// The first edit stores the list; the start is clamped and the text trimmed.
		r = e.do(ann, "PUT", path+"/2", map[string]any{"startMs": -300, "durationMs": 1200, "text": "  Edited line  "}, true)
		subs = r.data()["subtitles"].([]any)
		if r.Status != 200 || r.data()["edited"] != true || len(subs) != 3 {
			t.Fatalf("first edit = %d %v", r.Status, r.Body)
		}
		var first map[string]any
		for _, x := range subs {
			if x.(map[string]any)["text"] == "Edited line" {
				first = x.(map[string]any)
			}
		}
		if first == nil || num(first["startMs"]) != 0 || num(first["durationMs"]) != 1200 {
			t.Fatalf("edited subtitle = %v in %v", first, subs)
		}
		id := num(first["subtitleId"])
		if r := e.do(ann, "POST", path, map[string]any{"startMs": 9000, "durationMs": 800, "text": "The end."}, true); r.Status != 201 || len(r.data()["subtitles"].([]any)) != 4 {
			t.Fatalf("add = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "DELETE", fmt.Sprintf("%s/%d", path, id), nil, true); r.Status != 200 || len(r.data()["subtitles"].([]any)) != 3 {
			t.Fatalf("delete = %d %v", r.Status, r.Body)
		}
		if r := e.do(bo, "PUT", fmt.Sprintf("%s/%d", path, id+1), map[string]any{"durationMs": 100, "text": "x"}, true); r.Status != 404 {
			t.Fatalf("another account edits = %d", r.Status)
		}
		if r := e.do(ann, "DELETE", path, nil, true); r.Status != 200 || r.data()["edited"] != false || len(r.data()["subtitles"].([]any)) != 3 {
			t.Fatalf("reset = %d %v", r.Status, r.Body)
		}

		// Replacing a slide's media with a library picture; a sound is refused.
		picture := e.seed(pub, "dawn.jpg", models.AssetTypeIDImage, 1)
		sound := e.seed(pub, "river.mp3", models.AssetTypeIDAudio, 1)
		l := v.Scenes[0].Layers[0]
		if r := e.do(ann, "PUT", fmt.Sprintf("/api/v2/layer/%d/asset", l.ID), map[string]any{"assetId": sound}, true); r.Status != 400 || r.message() != api.MsgNotSlideMedia {
			t.Fatalf("a sound as slide media = %d %v", r.Status, r.Body)
		}
		r = e.do(ann, "PUT", fmt.Sprintf("/api/v2/layer/%d/asset", l.ID), map[string]any{"assetId": picture}, true)
		items := r.data()["scenes"].([]any)[0].(map[string]any)["layerList"].([]any)[0].(map[string]any)["assetList"].([]any)
		if r.Status != 200 || len(items) != 1 || num(items[0].(map[string]any)["assetId"]) != picture {
			t.Fatalf("replace media = %d %v", r.Status, r.Body)
		}
		if r := e.do(bo, "PUT", fmt.Sprintf("/api/v2/layer/%d/asset", l.ID), map[string]any{"assetId": picture}, true); r.Status != 404 {
			t.Fatalf("another account replaces media = %d", r.Status)
		}
	})
}

// TestSubtitlesFitTheVideosCanvas: the subtitles the API answers are cut in lines as
// wide as the video's render draws them: up to 42 columns on 16:9, fewer on 9:16 (a
// long URL cut to that width), the same cues the render burns.
func TestSubtitlesFitTheVideosCanvas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		v := e.renderableVideo(ann, pub)
		sentence := "Read it at https://www.example.com/articles/2026/november/subtitles-that-fit-the-canvas today."
		timings, _ := json.Marshal([]map[string]any{{"text": sentence, "startMs": 0, "durationMs": 2000}})
		e.exec("UPDATE layers SET narration_timings = ? WHERE id = ?", string(timings), v.Scenes[0].Layers[0].ID)
		path := fmt.Sprintf("/api/v2/video/%d/subtitles", v.ID)
		widest := func() (string, int) {
			t.Helper()
			r := e.do(ann, "GET", path, nil, false)
			if r.Status != 200 {
				t.Fatalf("subtitles = %d %v", r.Status, r.Body)
			}
			first, w := "", 0
			for _, s := range r.data()["subtitles"].([]any) {
				text := s.(map[string]any)["text"].(string)
				if first == "" {
					first = text
				}
				for _, l := range strings.Split(text, "\n") {
					w = max(w, utf8.RuneCountInString(l))
				}
			}
			return first, w
		}
		_, wide := widest()
		if wide > domain.DefaultCueLineChars {
			t.Errorf("16:9: the widest line is %d columns, want at most %d", wide, domain.DefaultCueLineChars)
		}

		// The same video on 9:16, with its format's default style.
		e.exec("UPDATE videos SET aspect_ratio = ? WHERE id = ?", string(models.AspectVertical), v.ID)
		vv, err := e.store.Video(t.Context(), pub, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := e.store.VideoSubtitleStyle(t.Context(), vv)
		if err != nil {
			t.Fatal(err)
		}
		width := activities.CueOptions(vv, cfg).MaxLineChars
		if width >= domain.DefaultCueLineChars {
			t.Fatalf("9:16 lines of %d columns, want fewer than %d", width, domain.DefaultCueLineChars)
		}
		if wide <= width {
			t.Errorf("16:9: the widest line is %d columns, no wider than 9:16's %d", wide, width)
		}
		first, w := widest()
		if w > width {
			t.Errorf("9:16: the widest line is %d columns, want at most %d", w, width)
		}
		cues, err := domain.VideoCues(vv, activities.CueOptions(vv, cfg))
		if err != nil {
			t.Fatal(err)
		}
		if len(cues) == 0 || cues[0].Text != first {
			t.Errorf("9:16: the API's first subtitle is %q, the render's %+v", first, cues)
		}
	})
}

// TestDeletingEverySubtitleLeavesNone: a user who deletes the video's subtitles one by
// one is left with none, edited, and no validation problem; they do not come back from
// the narration until Reset. Adding one after that gives just that one.
func TestDeletingEverySubtitleLeavesNone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		v := e.renderableVideo(ann, pub)
		sayEachSlideInTwoSeconds(e, v)
		path := fmt.Sprintf("/api/v2/video/%d/subtitles", v.ID)
		n := len(e.do(ann, "GET", path, nil, false).data()["subtitles"].([]any))
		if n == 0 {
			t.Fatal("the video has no narrated subtitles to delete")
		}
		// The first delete names the narration's first cue; later ones the stored ids.
		r := e.do(ann, "DELETE", path+"/1", nil, true)
		for r.Status == 200 && len(r.data()["subtitles"].([]any)) > 0 {
			id := num(r.data()["subtitles"].([]any)[0].(map[string]any)["subtitleId"])
			r = e.do(ann, "DELETE", fmt.Sprintf("%s/%d", path, id), nil, true)
		}
		if r.Status != 200 || r.data()["edited"] != true {
			t.Fatalf("deleting the last subtitle = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "GET", fmt.Sprintf("/api/v2/video/%d/validate", v.ID), nil, false); r.Status != 200 || len(r.data()["validations"].([]any)) != 0 {
			t.Fatalf("validate with no subtitles = %d %v", r.Status, r.Body)
		}
		for _, tt := range []struct {
			name, method, path string
			body               map[string]any
			status, want       int
			edited             bool
		}{
			{"list after deleting all", "GET", path, nil, 200, 0, true},
			{"delete again", "DELETE", path + "/1", nil, 404, -1, true},
			{"add one", "POST", path, map[string]any{"startMs": 100, "durationMs": 900, "text": "Only this"}, 201, 1, true},
			{"list after adding", "GET", path, nil, 200, 1, true},
			{"reset", "DELETE", path, nil, 200, n, false},
		} {
			r := e.do(ann, tt.method, tt.path, tt.body, tt.method != "GET")
			if r.Status != tt.status {
				t.Fatalf("%s = %d %v, want %d", tt.name, r.Status, r.Body, tt.status)
			}
			if tt.want < 0 {
				continue
			}
			if got := len(r.data()["subtitles"].([]any)); got != tt.want || r.data()["edited"] != tt.edited {
				t.Fatalf("%s = %d subtitles, edited %v; want %d, edited %v (%v)", tt.name, got, r.data()["edited"], tt.want, tt.edited, r.Body)
			}
		}
	})
}
