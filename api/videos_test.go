package api_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"pagecast/api"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

// newVideoEnv is the API with the media library, over a database seeded with the
// espeak-ng catalogue.
func newVideoEnv(t *testing.T, db storetest.DB) *assetEnv {
	t.Helper()
	if _, err := api.SeedLocalVoices(t.Context(), db.Store, needEspeak(t)); err != nil {
		t.Fatal(err)
	}
	return newAssetEnv(t, db, nil)
}

func (e *assetEnv) voice(providerVoiceID string) models.Voice {
	e.t.Helper()
	var v models.Voice
	if err := e.store.DB().Where("provider = ? AND provider_voice_id = ?", models.VoiceProviderEspeak, providerVoiceID).Take(&v).Error; err != nil {
		e.t.Fatalf("voice %s: %v", providerVoiceID, err)
	}
	return v
}

func (e *assetEnv) video(id int64) models.Video {
	e.t.Helper()
	var v models.Video
	if err := e.store.DB().Take(&v, id).Error; err != nil {
		e.t.Fatalf("video %d: %v", id, err)
	}
	return v
}

// createVideo posts body and returns the new video's id.
func (e *assetEnv) createVideo(c *http.Client, body map[string]any) int64 {
	e.t.Helper()
	r := e.do(c, "POST", "/api/v2/video", body, true)
	if r.Status != http.StatusCreated {
		e.t.Fatalf("create video = %d %v", r.Status, r.Body)
	}
	return num(r.data()["videoId"])
}

const script = "Solar panels turn sunlight into electricity for the home.\n\nThey work best on roofs that face the sun. Prices have fallen a lot in recent years."

// scriptOf returns a script of exactly n characters.
func scriptOf(n int) string {
	s := strings.Repeat("Solar panels turn sunlight into power. ", n/38+2)[:n]
	return s[:n-1] + "x"
}

func TestCreateVideo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		annUser, _ := e.store.UserByEmail(t.Context(), "ann@example.com")
		fr := e.voice("fr-fr+f3")

		id := e.createVideo(ann, map[string]any{"text": script})
		v := e.video(id)
		if v.PublisherID != pub || v.CreatedBy == nil || *v.CreatedBy != annUser.ID || v.Name != "Untitled" ||
			v.TemplateID != 88 || v.SubtitleStyleConfigID != 3 || v.PauseAfterSlideMs != 500 || v.MaxSentencesPerSlide != 2 ||
			v.AspectRatio != models.AspectHorizontal || v.BuildStage != models.BuildPopulatingData || !v.Draft || v.Text != script {
			t.Fatalf("video with defaults = %+v", v)
		}
		if v.VoiceID == nil {
			t.Fatal("no default narrator")
		}
		narrator, err := e.store.Voice(t.Context(), *v.VoiceID)
		if err != nil || !narrator.IsRecommended || narrator.Provider != models.VoiceProviderEspeak ||
			!strings.HasPrefix(narrator.LanguageCode, "en") || narrator.Cloned {
			t.Fatalf("default narrator = %+v, %v", narrator, err)
		}
		settings := domain.DefaultAutomatchSettings()
		var stored domain.AutomatchSettings
		if err := json.Unmarshal(v.Automatch, &stored); err != nil || stored != settings {
			t.Fatalf("automatch = %s, %v", v.Automatch, err)
		}
		if len(e.wf.videos) != 1 || e.wf.videos[0] != id {
			t.Fatalf("CreateVideo started for %v", e.wf.videos)
		}

		pic := e.seed(pub, "article picture.jpg", models.AssetTypeIDImage, 1)
		id = e.createVideo(ann, map[string]any{"text": script, "name": "  My   video ", "aspectRatio": "9:16", "voiceId": fr.ID,
			"pauseAfterSlide": 1.5, "maxSentencesPerSlide": 1, "pageUrl": "https://blog.example.com/solar#top",
			"initialAssets": []int64{pic}, "canCreateTextSlides": true})
		v = e.video(id)
		if v.Name != "My video" || v.TemplateID != 282 || v.SubtitleStyleConfigID != 4 || v.AspectRatio != models.AspectVertical ||
			v.VoiceID == nil || *v.VoiceID != fr.ID || v.PauseAfterSlideMs != 1500 || v.MaxSentencesPerSlide != 1 ||
			v.PageURL != "https://blog.example.com/solar" || len(v.InitialAssets) != 1 || v.InitialAssets[0] != pic || !v.CanCreateTextSlides {
			t.Fatalf("vertical video = %+v", v)
		}
	})
}

func TestCreateVideoRefusesBadInput(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		_, boPub := e.signUp("bo@example.com")
		rich, richPub := e.signUp("rich@example.com")
		if err := e.store.SetPlan(t.Context(), richPub, models.PlanPaid); err != nil {
			t.Fatal(err)
		}
		mine := e.seed(pub, "mine.jpg", models.AssetTypeIDImage, 1)
		bos := e.seed(boPub, "bo.jpg", models.AssetTypeIDImage, 1)
		tests := []struct {
			name  string
			as    *http.Client
			body  map[string]any
			field string
			msg   string
		}{
			{"invalid page URL", ann, map[string]any{"text": script, "pageUrl": "http://"}, "pageUrl", "invalid page URL"},
			{"page URL with a space", ann, map[string]any{"text": script, "pageUrl": "https://example.com/a b"}, "pageUrl", "invalid page URL"},
			{"URL of another domain", ann, map[string]any{"text": script, "pageUrl": "https://notexample.com/post"}, "pageUrl", "URL must be from example.com"},
			{"empty script", ann, map[string]any{"text": "   "}, "text", "invalid text"},
			{"no script", ann, map[string]any{"name": "x"}, "text", "invalid text"},
			{"script over the free plan", ann, map[string]any{"text": scriptOf(7001)}, "text", domain.MsgScriptTooLong(7000)},
			{"60,001 characters on the paid plan", rich, map[string]any{"text": scriptOf(60001)}, "text", domain.MsgScriptTooLong(60000)},
			{"pause out of range", ann, map[string]any{"text": "Wait for it. [pause 12s] Done now."}, "text",
				"Pause [pause 12s] is out of range: a pause lasts 0 to 10 seconds"},
			{"unknown voice", ann, map[string]any{"text": script, "voiceId": 99999999}, "voiceId", api.MsgUnknownVoice},
			{"negative voice", ann, map[string]any{"text": script, "voiceId": -3}, "voiceId", api.MsgUnknownVoice},
			{"bad pause", ann, map[string]any{"text": script, "pauseAfterSlide": 0.7}, "pauseAfterSlide", domain.MsgPauseBetweenSlides},
			{"too many sentences per slide", ann, map[string]any{"text": script, "maxSentencesPerSlide": 11}, "maxSentencesPerSlide", ""},
			{"another account's asset", ann, map[string]any{"text": script, "initialAssets": []int64{mine, bos}}, "initialAssets",
				"initialAssets must be assets of your media library"},
			{"unknown aspect ratio", ann, map[string]any{"text": script, "aspectRatio": "4:3"}, "aspectRatio", ""},
			{"unknown image style", ann, map[string]any{"text": script, "automatch": map[string]any{"aiImageStyle": "oil"}}, "automatch.aiImageStyle", ""},
		}
		for _, tt := range tests {
			r := e.do(tt.as, "POST", "/api/v2/video", tt.body, true)
			got := r.fields()[tt.field]
			if r.Status != http.StatusBadRequest || got == "" || tt.msg != "" && got != tt.msg {
				t.Errorf("%s: %d %v; want 400 with %s %q", tt.name, r.Status, r.Body, tt.field, tt.msg)
			}
			if tt.msg != "" && len(r.fields()) == 1 && r.message() != tt.msg {
				t.Errorf("%s: message %q, want %q", tt.name, r.message(), tt.msg)
			}
		}
		if n := e.count(&models.Video{}); n != 0 || len(e.wf.videos) != 0 {
			t.Fatalf("%d videos stored, %d workflows started after refusals", n, len(e.wf.videos))
		}

		// Just at the paid plan's limit is fine.
		if id := e.createVideo(rich, map[string]any{"text": scriptOf(60000)}); utf8.RuneCountInString(e.video(id).Text) != 60000 {
			t.Fatal("60,000 characters not kept")
		}

		// A workflow that cannot start leaves no video behind.
		e.wf.failVideo = errors.New("temporal: connection refused")
		r := e.do(ann, "POST", "/api/v2/video", map[string]any{"text": script}, true)
		if r.Status != http.StatusInternalServerError || strings.Contains(fmt.Sprint(r.Body), "temporal") {
			t.Fatalf("failed start = %d %v", r.Status, r.Body)
		}
		if n := e.count(&models.Video{}); n != 1 {
			t.Fatalf("%d videos after a failed start, want 1", n)
		}
	})
}

// videoWithScenes creates a video through the API and gives it scenes, as CreateVideo
// would.
func (e *assetEnv) videoWithScenes(c *http.Client, body map[string]any) models.Video {
	e.t.Helper()
	id := e.createVideo(c, body)
	v, err := e.store.CreateScenes(e.t.Context(), id, []store.SceneInput{
		{Layers: []store.LayerInput{{Text: "One two three."}, {Text: "Four five six."}}},
		{Layers: []store.LayerInput{{Text: "Seven eight nine."}}},
	}, time.Now())
	if err != nil {
		e.t.Fatal(err)
	}
	return v
}

func TestAnotherAccountsVideoIs404(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, _ := e.signUp("ann@example.com")
		bo, _ := e.signUp("bo@example.com")
		v := e.videoWithScenes(ann, map[string]any{"text": script, "name": "Ann's"})
		path := fmt.Sprintf("/api/v2/video/%d", v.ID)
		calls := []struct {
			method, path string
			body         any
		}{
			{"GET", path, nil},
			{"PUT", path, map[string]any{"name": "Bo's now"}},
			{"DELETE", path, nil},
			{"POST", path + "/copy", nil},
			{"GET", "/api/v2/video/99999999", nil},
			{"GET", "/api/v2/video/abc", nil},
		}
		for _, c := range calls {
			if r := e.do(bo, c.method, c.path, c.body, true); r.Status != http.StatusNotFound || r.code() != "video_not_found" {
				t.Errorf("%s %s by bo = %d %v", c.method, c.path, r.Status, r.Body)
			}
		}
		r := e.do(bo, "POST", "/api/v2/scene/audio", map[string]any{"videoID": v.ID, "sceneID": v.Scenes[0].ID}, true)
		if r.Status != http.StatusNotFound {
			t.Errorf("scene audio by bo = %d %v", r.Status, r.Body)
		}
		if got := e.video(v.ID); got.Name != "Ann's" || got.DeletedAt != nil {
			t.Fatalf("ann's video after bo's calls = %+v", got)
		}
		if n := e.count(&models.Video{}); n != 1 || len(e.wf.scenes) != 0 || len(e.wf.videos) != 1 {
			t.Fatalf("%d videos, workflows %v %v", n, e.wf.videos, e.wf.scenes)
		}
	})
}

func TestGetCopyDeleteVideo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, _ := e.signUp("ann@example.com")
		v := e.videoWithScenes(ann, map[string]any{"text": script, "name": "Solar"})
		path := fmt.Sprintf("/api/v2/video/%d", v.ID)

		r := e.do(ann, "GET", path, nil, false)
		d := r.data()
		scenes, _ := d["scenes"].([]any)
		if r.Status != 200 || num(d["videoId"]) != v.ID || d["name"] != "Solar" || d["buildStageName"] != "PopulatingData" ||
			d["pauseAfterSlide"] != 0.5 || len(scenes) != 2 {
			t.Fatalf("get = %d %v", r.Status, r.Body)
		}
		first := scenes[0].(map[string]any)
		layers, _ := first["layerList"].([]any)
		if len(layers) != 2 || first["needsAudio"] != true || layers[0].(map[string]any)["text"] != "One two three." {
			t.Fatalf("first scene = %v", first)
		}

		r = e.do(ann, "POST", path+"/copy", nil, true)
		cp := num(r.data()["videoId"])
		if r.Status != http.StatusCreated || cp == v.ID || r.data()["message"] != "Video copied successfully" {
			t.Fatalf("copy = %d %v", r.Status, r.Body)
		}
		if got := e.video(cp); got.Name != "Solar (Copy)" {
			t.Fatalf("copy name = %q", got.Name)
		}
		if len(e.wf.videos) != 2 || e.wf.videos[1] != cp {
			t.Fatalf("CreateVideo for the copy: %v", e.wf.videos)
		}

		if r := e.do(ann, "DELETE", path, nil, true); r.Status != 200 {
			t.Fatalf("delete = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "GET", path, nil, false); r.Status != 404 {
			t.Fatalf("get after delete = %d", r.Status)
		}
		if r := e.do(ann, "DELETE", path, nil, true); r.Status != 404 {
			t.Fatalf("second delete = %d", r.Status)
		}
		if r := e.do(ann, "DELETE", path, nil, false); r.Status != http.StatusForbidden {
			t.Fatalf("delete without CSRF = %d", r.Status)
		}
	})
}

func TestListVideos(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, _ := e.signUp("ann@example.com")
		bo, _ := e.signUp("bo@example.com")
		solar := e.createVideo(ann, map[string]any{"text": script, "name": "Solar panels"})
		wind := e.createVideo(ann, map[string]any{"text": script, "name": "Wind power"})
		roofs := e.createVideo(ann, map[string]any{"text": script, "name": "Solar roofs"})
		e.createVideo(bo, map[string]any{"text": script, "name": "Solar of bo"})
		windThumb := fmt.Sprintf("renders/%d/videos/%d/1/thumbnail.jpg", 1, wind)
		if err := e.store.DB().Model(&models.Video{}).Where("id = ?", wind).
			Updates(map[string]any{"render_status": "complete", "thumbnail_key": windThumb}).Error; err != nil {
			t.Fatal(err)
		}
		// roofs was made by someone else of the account.
		if err := e.store.DB().Model(&models.Video{}).Where("id = ?", roofs).Update("created_by", nil).Error; err != nil {
			t.Fatal(err)
		}

		r := e.do(ann, "GET", "/api/v2/video", nil, false)
		d := r.data()
		list, _ := d["videos"].([]any)
		if r.Status != 200 || num(d["total"]) != 3 || num(d["page"]) != 1 || num(d["pageSize"]) != 12 || len(list) != 3 {
			t.Fatalf("list = %d %v", r.Status, r.Body)
		}
		item := list[0].(map[string]any)
		for _, k := range []string{"videoId", "name", "thumbnailURL", "renderStatus", "buildStage", "buildStep", "duration",
			"sceneCount", "aspectRatio", "isVoiceover", "createdAt"} {
			if _, ok := item[k]; !ok {
				t.Errorf("list item lacks %s: %v", k, item)
			}
		}
		// A rendered video's card shows its render's thumbnail; the others have no media to show.
		for _, it := range list {
			item := it.(map[string]any)
			url, _ := item["thumbnailURL"].(string)
			if rendered := int64(num(item["videoId"])) == wind; rendered != strings.Contains(url, windThumb) || (!rendered && url != "") {
				t.Errorf("video %v thumbnailURL %q (rendered: %v)", item["videoId"], url, rendered)
			}
		}
		tests := []struct {
			query string
			want  []int64
		}{
			{"", []int64{roofs, wind, solar}},
			{"?search=SOLAR", []int64{roofs, solar}},
			{"?createdByMe=true", []int64{wind, solar}},
			{"?renderStatus=rendered", []int64{wind}},
			{"?renderStatus=draft", []int64{roofs, solar}},
			{"?page=2&pageSize=2", []int64{solar}},
			{"?createdAfter=2000-01-01T00:00:00Z&createdBefore=2999-01-01T00:00:00Z", []int64{roofs, wind, solar}},
			{"?createdBefore=2000-01-01T00:00:00Z", []int64{}},
		}
		for _, tt := range tests {
			r := e.do(ann, "GET", "/api/v2/video"+tt.query, nil, false)
			list, _ := r.data()["videos"].([]any)
			if got := idsOfVideos(list); r.Status != 200 || fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("%s: %d ids %v, want %v", tt.query, r.Status, got, tt.want)
			}
		}
		for _, q := range []string{"?renderStatus=nope", "?page=0", "?pageSize=101", "?createdAfter=yesterday"} {
			if r := e.do(ann, "GET", "/api/v2/video"+q, nil, false); r.Status != 400 {
				t.Errorf("%s = %d, want 400", q, r.Status)
			}
		}
	})
}

func idsOfVideos(list []any) []int64 {
	out := []int64{}
	for _, v := range list {
		out = append(out, num(v.(map[string]any)["videoId"]))
	}
	return out
}

func TestUpdateVideoNarratorStartsSceneAudio(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, _ := e.signUp("ann@example.com")
		en, fr := e.voice("en-us"), e.voice("fr-fr")
		v := e.videoWithScenes(ann, map[string]any{"text": script, "voiceId": en.ID})
		path := fmt.Sprintf("/api/v2/video/%d", v.ID)

		// While CreateVideo has not narrated yet, it narrates with the new voice itself.
		if r := e.do(ann, "PUT", path, map[string]any{"voiceId": fr.ID}, true); r.Status != 200 || num(r.data()["voiceId"]) != fr.ID {
			t.Fatalf("put voice = %d %v", r.Status, r.Body)
		}
		if len(e.wf.scenes) != 0 {
			t.Fatalf("scene audio started before automatch: %v", e.wf.scenes)
		}
		if err := e.store.SetBuildProgress(t.Context(), v.ID, store.BuildProgress{Stage: models.BuildReadyToRender, Step: models.StepReady}); err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			name       string
			body       map[string]any
			status     int
			wantScenes int
		}{
			{"new narrator", map[string]any{"voiceId": en.ID}, 200, 2},
			{"same narrator", map[string]any{"voiceId": en.ID}, 200, 0},
			{"rename", map[string]any{"name": "Renamed"}, 200, 0},
			{"unknown voice", map[string]any{"voiceId": 99999999}, 400, 0},
			{"empty name", map[string]any{"name": "  "}, 400, 0},
		}
		for _, tt := range tests {
			before := len(e.wf.scenes)
			r := e.do(ann, "PUT", path, tt.body, true)
			if r.Status != tt.status || len(e.wf.scenes)-before != tt.wantScenes {
				t.Errorf("%s: %d %v, %d scene audio starts; want %d, %d", tt.name, r.Status, r.Body, len(e.wf.scenes)-before, tt.status, tt.wantScenes)
			}
		}
		if got := e.wf.scenes; len(got) != 2 || got[0] != v.Scenes[0].ID || got[1] != v.Scenes[1].ID {
			t.Fatalf("scene audio for %v, want both scenes", got)
		}
		if got := e.video(v.ID); got.Name != "Renamed" || *got.VoiceID != en.ID {
			t.Fatalf("video = %+v", got)
		}
	})
}

func TestGenerateSceneAudioCall(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, _ := e.signUp("ann@example.com")
		fr := e.voice("fr-fr")
		v := e.videoWithScenes(ann, map[string]any{"text": script})
		other := e.videoWithScenes(ann, map[string]any{"text": script})
		sc := v.Scenes[1]
		tests := []struct {
			name   string
			body   map[string]any
			status int
			field  string
		}{
			{"no ids", map[string]any{}, 400, "sceneID"},
			{"no video", map[string]any{"sceneID": sc.ID}, 400, "videoID"},
			{"unknown voice", map[string]any{"videoID": v.ID, "sceneID": sc.ID, "voiceID": 99999999}, 400, "voiceID"},
			{"scene of another video", map[string]any{"videoID": v.ID, "sceneID": other.Scenes[0].ID}, 404, ""},
			{"with a voice", map[string]any{"videoID": v.ID, "sceneID": sc.ID, "voiceID": fr.ID}, 202, ""},
			{"again, without a voice", map[string]any{"videoID": v.ID, "sceneID": sc.ID}, 202, ""},
		}
		for _, tt := range tests {
			r := e.do(ann, "POST", "/api/v2/scene/audio", tt.body, true)
			if r.Status != tt.status || tt.field != "" && r.fields()[tt.field] == "" {
				t.Errorf("%s: %d %v; want %d with field %q", tt.name, r.Status, r.Body, tt.status, tt.field)
			}
		}
		if len(e.wf.scenes) != 2 || e.wf.scenes[0] != sc.ID || e.wf.scenes[1] != sc.ID {
			t.Fatalf("scene audio started for %v", e.wf.scenes)
		}
		got, err := e.store.Video(t.Context(), v.PublisherID, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range got.Scenes[1].Layers {
			if l.VoiceID == nil || *l.VoiceID != fr.ID {
				t.Errorf("slide %d voice %v, want %d", l.ID, l.VoiceID, fr.ID)
			}
		}
		for _, l := range got.Scenes[0].Layers {
			if l.VoiceID != nil {
				t.Errorf("slide %d of the other scene got voice %d", l.ID, *l.VoiceID)
			}
		}
		if !got.Scenes[1].NeedsAudio || !got.Draft {
			t.Fatalf("scene needsAudio %v, draft %v", got.Scenes[1].NeedsAudio, got.Draft)
		}
	})
}
