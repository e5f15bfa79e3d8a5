package api_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/store/storetest"
)

// style is a valid style body of the format, with over applied.
func style(aspect string, over map[string]any) map[string]any {
	b := map[string]any{
		"name": "Mine", "aspectRatio": aspect, "fontFamily": "DejaVu Serif", "fontSize": 60,
		"bold": false, "italic": true, "primaryColor": "00ff00", "outlineColor": "#112233",
		"shadowColor": "445566", "spacing": 2, "outline": 4, "shadowOffset": 3, "blurEdges": 1,
		"marginLeft": 20, "marginRight": 30, "marginVertical": 100, "angle": 10, "position": "top",
	}
	for k, v := range over {
		b[k] = v
	}
	return b
}

func styleIDs(r map[string]any) []int64 {
	var out []int64
	for _, s := range r["subtitleStyleConfigs"].([]any) {
		out = append(out, num(s.(map[string]any)["subtitleStyleConfigId"]))
	}
	return out
}

// TestSubtitleStyles: the built-in styles every account sees, creating and editing an
// account's own styles within the editor's limits, and no account reading or changing
// another's.
func TestSubtitleStyles(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		bob, _ := e.signUp("bob@example.com")
		const path = "/api/v2/subtitles/styles/config"

		list := e.do(ann, "GET", path, nil, false)
		if list.Status != 200 || fmt.Sprint(styleIDs(list.data())) != "[1 2 3 4]" {
			t.Fatalf("built-ins: %d %v", list.Status, list.Body)
		}
		for _, s := range list.data()["subtitleStyleConfigs"].([]any) {
			m := s.(map[string]any)
			id := num(m["subtitleStyleConfigId"])
			wantAspect := map[int64]string{1: "horizontal", 2: "vertical", 3: "horizontal", 4: "vertical"}[id]
			if m["aspectRatio"] != wantAspect || m["isBuiltIn"] != true || m["isDefault"] != (id >= 3) {
				t.Errorf("built-in %d = %v", id, m)
			}
		}
		classic := list.data()["subtitleStyleConfigs"].([]any)[2].(map[string]any)
		if classic["name"] != "Classic" || num(classic["fontSize"]) != 54 || classic["primaryColor"] != "FFFFFF" ||
			num(classic["marginVertical"]) != 67 || classic["position"] != "bottom" {
			t.Errorf("Classic 16:9 = %v", classic)
		}
		if r := e.do(ann, "GET", path+"?aspectRatio=vertical", nil, false); fmt.Sprint(styleIDs(r.data())) != "[2 4]" {
			t.Errorf("vertical: %v", r.Body)
		}
		if r := e.do(ann, "GET", path+"?aspectRatio=square", nil, false); r.Status != 400 || r.fields()["aspectRatio"] == "" {
			t.Errorf("unknown format: %d %v", r.Status, r.Body)
		}

		// Every limit of the editor, one field at a time; nothing is stored.
		refusals := []struct {
			field string
			over  map[string]any
		}{
			{"name", map[string]any{"name": "  "}},
			{"name", map[string]any{"name": string(make([]byte, 61))}},
			{"aspectRatio", map[string]any{"aspectRatio": "square"}},
			{"fontFamily", map[string]any{"fontFamily": "Comic Sans MS"}},
			{"fontSize", map[string]any{"fontSize": 9}},
			{"fontSize", map[string]any{"fontSize": 201}},
			{"primaryColor", map[string]any{"primaryColor": "fff"}},
			{"outlineColor", map[string]any{"outlineColor": "GG0000"}},
			{"shadowColor", map[string]any{"shadowColor": ""}},
			{"spacing", map[string]any{"spacing": 101}},
			{"outline", map[string]any{"outline": 51}},
			{"shadowOffset", map[string]any{"shadowOffset": -1}},
			{"blurEdges", map[string]any{"blurEdges": 51}},
			{"marginLeft", map[string]any{"marginLeft": 201}},
			{"marginRight", map[string]any{"marginRight": -1}},
			{"marginVertical", map[string]any{"marginVertical": 1071}},
			{"angle", map[string]any{"angle": 360}},
			{"position", map[string]any{"position": "left"}},
		}
		for _, tt := range refusals {
			r := e.do(ann, "POST", path, style("horizontal", tt.over), true)
			if r.Status != 400 || r.code() != "validation_failed" || r.fields()[tt.field] == "" {
				t.Errorf("%v: %d %v, want a 400 on %s", tt.over, r.Status, r.Body, tt.field)
			}
		}
		if r := e.do(ann, "POST", path, map[string]any{"name": 5}, true); r.Status != 400 {
			t.Errorf("malformed: %d", r.Status)
		}
		if n := e.count(&models.SubtitleStyleConfig{}); n != 4 {
			t.Fatalf("refused styles were stored: %d rows", n)
		}
		// A 9:16 style may sit 1910 px up; a 16:9 one may not.
		if r := e.do(ann, "POST", path, style("vertical", map[string]any{"marginVertical": 1910}), true); r.Status != 201 {
			t.Fatalf("tall vertical margin: %d %v", r.Status, r.Body)
		}

		r := e.do(ann, "POST", path, style("horizontal", map[string]any{"name": "  Big   green "}), true)
		if r.Status != 201 {
			t.Fatalf("create: %d %v", r.Status, r.Body)
		}
		mine := r.data()
		id := num(mine["subtitleStyleConfigId"])
		if mine["name"] != "Big green" || mine["outlineColor"] != "112233" || mine["primaryColor"] != "00FF00" ||
			mine["isBuiltIn"] != false || mine["isDefault"] != false || mine["italic"] != true || num(mine["angle"]) != 10 {
			t.Errorf("created = %v", mine)
		}
		var stored models.SubtitleStyleConfig
		if err := e.store.DB().Take(&stored, id).Error; err != nil || stored.PublisherID == nil || *stored.PublisherID != pub ||
			stored.FontFamily != "DejaVu Serif" || stored.Position != models.SubtitleTop || stored.BlurEdges != 1 {
			t.Fatalf("stored = %+v %v", stored, err)
		}
		if got := styleIDs(e.do(ann, "GET", path+"?aspectRatio=horizontal", nil, false).data()); fmt.Sprint(got) != fmt.Sprintf("[1 3 %d]", id) {
			t.Errorf("ann's horizontal styles = %v", got)
		}
		if got := styleIDs(e.do(bob, "GET", path, nil, false).data()); fmt.Sprint(got) != "[1 2 3 4]" {
			t.Errorf("bob sees %v", got)
		}

		// Updating: only one's own, never a built-in, never to the other format.
		one := fmt.Sprintf("%s/%d", path, id)
		updates := []struct {
			name   string
			c      *http.Client
			path   string
			body   map[string]any
			status int
			code   string
		}{
			{"built-in", ann, path + "/3", style("horizontal", nil), 403, "subtitle_style_built_in"},
			{"another account's", bob, one, style("horizontal", nil), 404, "subtitle_style_not_found"},
			{"missing", ann, path + "/999999", style("horizontal", nil), 404, "subtitle_style_not_found"},
			{"not an id", ann, path + "/x", style("horizontal", nil), 404, "subtitle_style_not_found"},
			{"other format", ann, one, style("vertical", nil), 400, "validation_failed"},
			{"out of range", ann, one, style("horizontal", map[string]any{"fontSize": 500}), 400, "validation_failed"},
		}
		for _, tt := range updates {
			r := e.do(tt.c, "PUT", tt.path, tt.body, true)
			if r.Status != tt.status || r.code() != tt.code {
				t.Errorf("%s: %d %v, want %d %s", tt.name, r.Status, r.Body, tt.status, tt.code)
			}
		}
		var after models.SubtitleStyleConfig
		if e.store.DB().Take(&after, id); after.FontSize != 60 || after.Name != "Big green" {
			t.Fatalf("a refused update changed the style: %+v", after)
		}
		var builtin models.SubtitleStyleConfig
		if e.store.DB().Take(&builtin, 3); builtin.FontSize != 54 {
			t.Fatalf("built-in changed: %+v", builtin)
		}
		body := style("", map[string]any{"name": "Renamed", "fontSize": 80, "position": "middle"})
		delete(body, "aspectRatio") // the format may be left out
		if r := e.do(ann, "PUT", one, body, true); r.Status != 200 || r.data()["name"] != "Renamed" ||
			num(r.data()["fontSize"]) != 80 || r.data()["aspectRatio"] != "horizontal" || r.data()["position"] != "middle" {
			t.Fatalf("update: %d %v", r.Status, r.Body)
		}
		// Up to domain.SubtitleStylesPerAccount of one's own.
		for n := e.count(&models.SubtitleStyleConfig{}) - 4; n < domain.SubtitleStylesPerAccount; n++ {
			c := models.SubtitleStyleConfig{PublisherID: &pub, Name: "Filler", AspectRatio: models.AspectHorizontal, SubtitleStyleLook: stored.SubtitleStyleLook}
			if err := e.store.CreateSubtitleStyleConfig(t.Context(), &c, domain.SubtitleStylesPerAccount, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		if r := e.do(ann, "POST", path, style("horizontal", nil), true); r.Status != 409 || r.code() != "subtitle_style_limit_reached" {
			t.Errorf("over the limit: %d %v", r.Status, r.Body)
		}
		if r := e.do(bob, "POST", path, style("horizontal", nil), true); r.Status != 201 {
			t.Errorf("bob is not limited by ann's styles: %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "GET", "/api/v2/font/fontFamilies", nil, false); fmt.Sprint(r.data()["fontFamilies"]) != fmt.Sprint(domain.SubtitleFontFamilies) {
			t.Errorf("fonts: %v", r.Body)
		}
	})
}

// TestVideoSubtitleStyle: a video takes a style of its format the account sees, at
// creation and later; choosing one, or editing the one it uses, makes a rendered
// video renderable again; GET styles/video answers the style its render will use.
func TestVideoSubtitleStyle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		bob, _ := e.signUp("bob@example.com")
		const styles = "/api/v2/subtitles/styles/config"
		create := func(c *http.Client, aspect string) int64 {
			r := e.do(c, "POST", styles, style(aspect, nil), true)
			if r.Status != 201 {
				t.Fatalf("create style: %d %v", r.Status, r.Body)
			}
			return num(r.data()["subtitleStyleConfigId"])
		}
		annH, annV, bobH := create(ann, "horizontal"), create(ann, "vertical"), create(bob, "horizontal")

		// At creation.
		for _, tt := range []struct {
			id     int64
			aspect string
			status int
		}{
			{annV, "horizontal", 400}, {2, "horizontal", 400}, {bobH, "horizontal", 400}, {999999, "horizontal", 400},
			{annH, "horizontal", 201}, {1, "horizontal", 201}, {annV, "vertical", 201},
		} {
			r := e.do(ann, "POST", "/api/v2/video", map[string]any{"text": script, "aspectRatio": tt.aspect, "subtitleStyleConfigId": tt.id}, true)
			if r.Status != tt.status || tt.status == 400 && r.fields()["subtitleStyleConfigId"] == "" {
				t.Errorf("create a %s video with style %d: %d %v, want %d", tt.aspect, tt.id, r.Status, r.Body, tt.status)
			}
			if r.Status == 201 {
				if got := e.video(num(r.data()["videoId"])).SubtitleStyleConfigID; int64(got) != tt.id {
					t.Errorf("stored style %d, want %d", got, tt.id)
				}
			}
		}

		// Later, on a rendered video.
		v := e.renderableVideo(ann, pub)
		path := fmt.Sprintf("/api/v2/video/%d", v.ID)
		rendered := func() {
			e.exec("UPDATE videos SET render_status = 'complete', content_key = 'videos/x/video.mp4', draft = ? WHERE id = ?", false, v.ID)
		}
		gate := func() bool {
			allowed, _ := e.do(ann, "GET", path+"/credits-info", nil, false).data()["renderAllowed"].(bool)
			return allowed
		}
		rendered()
		if gate() {
			t.Fatal("a rendered video without changes may render")
		}
		for _, id := range []int64{annV, 4, bobH, 999999} {
			if r := e.do(ann, "PUT", path, map[string]any{"subtitleStyleConfigId": id}, true); r.Status != 400 || r.fields()["subtitleStyleConfigId"] == "" {
				t.Errorf("style %d on a 16:9 video: %d %v", id, r.Status, r.Body)
			}
		}
		if got := e.video(v.ID); got.SubtitleStyleConfigID != 3 {
			t.Fatalf("refused choices changed the video: style %d", got.SubtitleStyleConfigID)
		}
		if gate() {
			t.Fatal("a refused choice made the video renderable")
		}
		if r := e.do(bob, "PUT", path, map[string]any{"subtitleStyleConfigId": 1}, true); r.Status != 404 {
			t.Errorf("bob chose ann's video's style: %d", r.Status)
		}
		if r := e.do(ann, "PUT", path, map[string]any{"subtitleStyleConfigId": annH}, true); r.Status != 200 || num(r.data()["subtitleStyleConfigId"]) != annH {
			t.Fatalf("choose: %d %v", r.Status, r.Body)
		}
		if !gate() {
			t.Fatal("after choosing a style the video may not render again")
		}
		sv := e.do(ann, "GET", "/api/v2/subtitles/styles/video/"+fmt.Sprint(v.ID), nil, false).data()
		if num(sv["subtitleStyleConfigId"]) != annH || sv["assSubtitlesURL"] != path+"/subtitles/ass" ||
			sv["subtitleStyleConfig"].(map[string]any)["fontFamily"] != "DejaVu Serif" {
			t.Errorf("styles/video = %v", sv)
		}

		// Editing the style the video uses makes it a draft; editing another does not.
		rendered()
		if r := e.do(ann, "PUT", fmt.Sprintf("%s/%d", styles, annV), style("vertical", map[string]any{"fontSize": 90}), true); r.Status != 200 {
			t.Fatalf("edit another style: %d %v", r.Status, r.Body)
		}
		if gate() {
			t.Fatal("editing a style the video does not use made it renderable")
		}
		if r := e.do(ann, "PUT", fmt.Sprintf("%s/%d", styles, annH), style("horizontal", map[string]any{"fontSize": 90}), true); r.Status != 200 {
			t.Fatalf("edit the video's style: %d %v", r.Status, r.Body)
		}
		if !gate() {
			t.Fatal("after its style was edited the video may not render again")
		}

		// A video whose style the account cannot see renders with its format's default.
		e.exec("UPDATE videos SET subtitle_style_config_id = ? WHERE id = ?", bobH, v.ID)
		sv = e.do(ann, "GET", "/api/v2/subtitles/styles/video/"+fmt.Sprint(v.ID), nil, false).data()
		if num(sv["subtitleStyleConfigId"]) != 3 {
			t.Errorf("unseen style answered %v", sv)
		}
		if r := e.do(bob, "GET", "/api/v2/subtitles/styles/video/"+fmt.Sprint(v.ID), nil, false); r.Status != 404 {
			t.Errorf("bob read ann's video's style: %d", r.Status)
		}
	})
}
