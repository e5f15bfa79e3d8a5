package api_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"gorm.io/datatypes"

	"pagecast/api"
	"pagecast/blob"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/captcha"
	"pagecast/providers/stock"
	"pagecast/providers/webfetch"
	"pagecast/store/storetest"
)

// fakeStockSearch answers every search with its items of the asked kind and records
// the queries.
type fakeStockSearch struct {
	mu      sync.Mutex
	items   []stock.Item
	fail    bool
	queries []stock.Query
}

func (f *fakeStockSearch) Configured() bool { return true }

func (f *fakeStockSearch) Search(_ context.Context, q stock.Query) ([]stock.Item, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.queries = append(f.queries, q)
	if f.fail {
		return nil, errors.New("stock library down")
	}
	var out []stock.Item
	for _, it := range f.items {
		if it.Kind == q.Kind && len(out) < q.PerPage {
			out = append(out, it)
		}
	}
	return out, nil
}

// newEditorAssetsEnv is newVideoEnv with a stock library for suggestions.
func newEditorAssetsEnv(t *testing.T, db storetest.DB, st api.StockSearcher) *assetEnv {
	t.Helper()
	if _, err := api.SeedLocalVoices(t.Context(), db.Store, needEspeak(t)); err != nil {
		t.Fatal(err)
	}
	backend := s3mem.New()
	if err := backend.CreateBucket("pagecast"); err != nil {
		t.Fatal(err)
	}
	s3srv := httptest.NewServer(gofakes3.New(backend, gofakes3.WithoutVersioning()).Server())
	t.Cleanup(s3srv.Close)
	cfg := testConfig(t)
	objects, err := blob.New(t.Context(), blob.Config{Endpoint: s3srv.URL, Region: "us-east-1", Bucket: "pagecast",
		AccessKeyID: "k", SecretAccessKey: "s", UsePathStyle: true, PresignTTL: cfg.S3.PresignTTL})
	if err != nil {
		t.Fatal(err)
	}
	wf, awf, renders := &recordedWorkflows{}, &recordedAssetWorkflows{}, &recordedRenders{}
	s, err := api.New(api.Deps{
		Config: cfg, Store: db.Store, Workflows: wf, Captcha: captcha.Off{},
		Logger:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		PasswordParams: domain.PasswordParams{Memory: 1024, Time: 1, Threads: 1},
		Assets: &api.AssetDeps{Workflows: awf, Objects: objects, URLs: webfetch.New(webfetch.Options{Lookup: publicDNS}),
			SpoolDir: t.TempDir()},
		Render: &api.RenderDeps{Renders: renders, Objects: objects},
		Stock:  st,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return &assetEnv{env: &env{t: t, store: db.Store, srv: srv, wf: wf, http: newBrowser(t)}, objects: objects, awf: awf, cfg: cfg, renders: renders}
}

// dbSnapshot is every row of the tables the editor's calls may change, to show a
// assetRefusal changed nothing.
func (e *assetEnv) dbSnapshot() string {
	e.t.Helper()
	var b strings.Builder
	for _, table := range []string{"videos", "scenes", "layers", "layer_assets", "assets", "video_background_audios", "video_inserts", "avatars"} {
		var rows []map[string]any
		if err := e.store.DB().Table(table).Order("id").Find(&rows).Error; err != nil {
			e.t.Fatalf("snapshot %s: %v", table, err)
		}
		fmt.Fprintf(&b, "%s: %v\n", table, rows)
	}
	return b.String()
}

// assetRefusal is one refused call and its answer.
type assetRefusal struct {
	name, method, path string
	body               any
	status             int
	code, msg          string
}

// checkRefusals makes each call as c and checks its answer and that the database is
// as it was.
func (e *assetEnv) checkRefusals(t *testing.T, as func(name string) *http.Client, tests []assetRefusal) {
	t.Helper()
	for _, tt := range tests {
		before := e.dbSnapshot()
		scenes := len(e.wf.scenes)
		r := e.do(as(tt.name), tt.method, tt.path, tt.body, true)
		if r.Status != tt.status || r.code() != tt.code || tt.msg != "" && r.message() != tt.msg {
			t.Errorf("%s: %d %s %q, want %d %s %q", tt.name, r.Status, r.code(), r.message(), tt.status, tt.code, tt.msg)
		}
		if after := e.dbSnapshot(); after != before {
			t.Errorf("%s: the assetRefusal changed the database:\nbefore %s\nafter  %s", tt.name, before, after)
		}
		if len(e.wf.scenes) != scenes {
			t.Errorf("%s: the assetRefusal started narration", tt.name)
		}
	}
}

// editorVideo is a renderable video of ann whose slides have words to match:
// l1 "Solar panels on the roof.", l2 "Sunlight turns into electricity.", l3 "Qqq zzz."
// (scene 2).
type editorVideo struct {
	v          models.Video
	l1, l2, l3 models.Layer
	path       string
}

func (e *assetEnv) editorVideo(c *http.Client, pub int64) editorVideo {
	e.t.Helper()
	v := e.renderableVideo(c, pub)
	ev := editorVideo{v: v, l1: v.Scenes[0].Layers[0], l2: v.Scenes[0].Layers[1], l3: v.Scenes[1].Layers[0], path: fmt.Sprintf("/api/v2/video/%d", v.ID)}
	for id, text := range map[int64]string{ev.l1.ID: "Solar panels on the roof.", ev.l2.ID: "Sunlight turns into electricity.", ev.l3.ID: "Qqq zzz."} {
		e.exec("UPDATE layers SET text = ? WHERE id = ?", text, id)
	}
	e.exec("UPDATE videos SET draft = ? WHERE id = ?", false, v.ID)
	return ev
}

func (e *assetEnv) seedText(pub int64, name, text string, typ models.AssetTypeID, hoursAgo int) int64 {
	e.t.Helper()
	id := e.seed(pub, name, typ, hoursAgo)
	e.exec("UPDATE assets SET text = ?, media_key = ? WHERE id = ?", text, fmt.Sprintf("assets/%d/media", id), id)
	return id
}

func TestRecommendedAndSuggestedAssets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		fs := &fakeStockSearch{items: []stock.Item{
			{Provider: "pexels", ID: "1", Kind: stock.KindImage, URL: "https://media.example.com/1.jpg", PreviewURL: "https://media.example.com/1s.jpg", Text: "sunny field"},
			{Provider: "pexels", ID: "2", Kind: stock.KindVideo, URL: "https://media.example.com/2.mp4", Text: "sun timelapse"},
		}}
		e := newEditorAssetsEnv(t, db, fs)
		ann, pub := e.signUp("ann@example.com")
		bo, boPub := e.signUp("bo@example.com")
		ev := e.editorVideo(ann, pub)
		roof := e.seedText(pub, "roof.jpg", "Solar panels on a roof", models.AssetTypeIDImage, 3)
		sun := e.seedText(pub, "sunlight.mp4", "sunlight over solar farm", models.AssetTypeIDVideo, 2)
		e.seedText(pub, "cat.jpg", "a sleeping cat", models.AssetTypeIDImage, 1)
		e.seedText(pub, "solar song.mp3", "solar panels roof", models.AssetTypeIDAudio, 1) // not a picture
		broken := e.seedText(pub, "broken solar.jpg", "solar panels roof", models.AssetTypeIDImage, 1)
		e.exec("UPDATE assets SET state = ? WHERE id = ?", models.AssetStateError, broken)
		e.seedText(boPub, "bo solar.jpg", "solar panels roof", models.AssetTypeIDImage, 1)
		rec := func(l models.Layer, query string) response {
			return e.do(ann, "GET", fmt.Sprintf("/api/v2/layer/%d/recommendedAssets%s", l.ID, query), nil, false)
		}

		r := rec(ev.l1, "")
		got := r.list()
		if r.Status != 200 || len(got) != 2 || num(got[0]["assetId"]) != roof || num(got[0]["score"]) != 3 ||
			num(got[1]["assetId"]) != sun || num(got[1]["score"]) != 1 || got[0]["name"] != "roof.jpg" || got[0]["url"] == "" {
			t.Fatalf("recommended for slide 1 = %d %v", r.Status, r.Body)
		}
		if got := rec(ev.l1, "?limit=1").list(); len(got) != 1 || num(got[0]["assetId"]) != roof {
			t.Fatalf("limit 1 = %v", got)
		}
		// The video's initial assets (an article's pictures) come first.
		e.store.DB().Model(&models.Video{}).Where("id = ?", ev.v.ID).Update("initial_assets", datatypes.JSONSlice[int64]{sun})
		if got := rec(ev.l1, "").list(); len(got) != 2 || num(got[0]["assetId"]) != sun || num(got[1]["assetId"]) != roof {
			t.Fatalf("with an initial asset = %v", got)
		}
		if r := rec(ev.l3, ""); r.Status != 200 || r.Body["data"] == nil || len(r.list()) != 0 {
			t.Fatalf("nothing matches = %d %v", r.Status, r.Body)
		}

		// Suggestions: the library by the query, then stock.
		sug := func(l models.Layer, query string) response {
			return e.do(ann, "GET", fmt.Sprintf("/api/v2/layer/%d/suggestedAssets%s", l.ID, query), nil, false)
		}
		r = sug(ev.l3, "?query=sunlight&limit=3")
		got = r.list()
		if r.Status != 200 || len(got) != 3 || got[0]["source"] != "library" || num(got[0]["assetId"]) != sun || got[0]["type"] != "video" ||
			got[1]["source"] != "pexels" || got[1]["url"] != "https://media.example.com/1.jpg" || got[1]["assetId"] != nil ||
			got[1]["thumbnailUrl"] != "https://media.example.com/1s.jpg" || got[2]["type"] != "video" {
			t.Fatalf("suggested for sunlight = %d %v", r.Status, r.Body)
		}
		if q := fs.queries[0]; q.Text != "sunlight" || q.Orientation != stock.Landscape || q.PerPage != 2 {
			t.Fatalf("stock asked %+v", q)
		}
		// Without a query, the slide's own words.
		if got := sug(ev.l1, "?limit=1").list(); len(got) != 1 || num(got[0]["assetId"]) != roof {
			t.Fatalf("suggested by the slide's words = %v", got)
		}
		// A stock library that fails leaves the library's suggestions.
		fs.fail = true
		if r := sug(ev.l3, "?query=cat"); r.Status != 200 || len(r.list()) != 1 || r.list()[0]["name"] != "cat.jpg" {
			t.Fatalf("with stock down = %d %v", r.Status, r.Body)
		}

		as := func(name string) *http.Client {
			if strings.HasPrefix(name, "another account") {
				return bo
			}
			return ann
		}
		l1 := fmt.Sprintf("/api/v2/layer/%d", ev.l1.ID)
		e.checkRefusals(t, as, []assetRefusal{
			{"limit 0", "GET", l1 + "/recommendedAssets?limit=0", nil, 400, "validation_failed", api.MsgMediaHelpLimit},
			{"limit not a number", "GET", l1 + "/recommendedAssets?limit=x", nil, 400, "validation_failed", api.MsgMediaHelpLimit},
			{"limit over 50", "GET", l1 + "/suggestedAssets?limit=51", nil, 400, "validation_failed", api.MsgMediaHelpLimit},
			{"query too long", "GET", l1 + "/suggestedAssets?query=" + strings.Repeat("a", 101), nil, 400, "validation_failed", api.MsgSuggestionQuery},
			{"no such slide", "GET", "/api/v2/layer/999999/recommendedAssets", nil, 404, "slide_not_found", ""},
			{"another account's slide (recommended)", "GET", l1 + "/recommendedAssets", nil, 404, "slide_not_found", ""},
			{"another account's slide (suggested)", "GET", l1 + "/suggestedAssets?query=solar", nil, 404, "slide_not_found", ""},
		})
	})
}

func TestEditorAutomatch(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newEditorAssetsEnv(t, db, nil)
		ann, pub := e.signUp("ann@example.com")
		bo, _ := e.signUp("bo@example.com")
		ev := e.editorVideo(ann, pub)

		as := func(name string) *http.Client {
			if strings.HasPrefix(name, "another account") {
				return bo
			}
			return ann
		}
		e.checkRefusals(t, as, []assetRefusal{
			{"another account's video", "POST", ev.path + "/automatch", map[string]any{}, 404, "video_not_found", ""},
			{"no such video", "POST", "/api/v2/video/999999/automatch", map[string]any{}, 404, "video_not_found", ""},
			{"not JSON", "POST", ev.path + "/automatch", "overwrite", 400, "malformed_json", ""},
		})
		e.exec("UPDATE videos SET build_stage = ?, build_step = ? WHERE id = ?", models.BuildLayersCreated, models.StepMatchingMedia, ev.v.ID)
		e.checkRefusals(t, as, []assetRefusal{
			{"still building", "POST", ev.path + "/automatch", map[string]any{}, 409, "video_building", domain.MsgRenderLoading},
		})
		if len(e.wf.automatches) != 0 {
			t.Fatalf("refusals started %v", e.wf.automatches)
		}
		e.exec("UPDATE videos SET build_stage = ?, build_step = ? WHERE id = ?", models.BuildReadyToRender, models.StepReady, ev.v.ID)

		r := e.do(ann, "POST", ev.path+"/automatch", nil, true)
		want := fmt.Sprintf("AutomatchVideo:%d:1", ev.v.ID)
		if r.Status != 202 || r.data()["workflowId"] != want {
			t.Fatalf("automatch = %d %v", r.Status, r.Body)
		}
		r = e.do(ann, "POST", ev.path+"/automatch", map[string]any{"overwrite": true}, true)
		if r.Status != 202 || r.data()["workflowId"] != fmt.Sprintf("AutomatchVideo:%d:2", ev.v.ID) {
			t.Fatalf("automatch with overwrite = %d %v", r.Status, r.Body)
		}
		if fmt.Sprint(e.wf.automatches) != fmt.Sprintf("[%s AutomatchVideo:%d:2 overwrite]", want, ev.v.ID) {
			t.Fatalf("started %v", e.wf.automatches)
		}
		if !e.video(ev.v.ID).Draft {
			t.Fatal("automatch did not mark the video a draft")
		}
	})
}

func TestSoundtrackCalls(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newEditorAssetsEnv(t, db, nil)
		ann, pub := e.signUp("ann@example.com")
		bo, boPub := e.signUp("bo@example.com")
		ev := e.editorVideo(ann, pub)
		e.exec("UPDATE videos SET name = ? WHERE id = ?", "Solar at sunrise", ev.v.ID)
		as := func(name string) *http.Client {
			if strings.HasPrefix(name, "another account") {
				return bo
			}
			return ann
		}
		recs := func() response { return e.do(ann, "GET", ev.path+"/soundtrackRecommendations", nil, false) }

		if r := recs(); r.Status != 200 || r.Body["data"] == nil || len(r.list()) != 0 {
			t.Fatalf("no music = %d %v", r.Status, r.Body)
		}
		e.seedText(boPub, "bo solar.mp3", "solar", models.AssetTypeIDAudio, 1)
		importing := e.seedPending(pub, "solar rain.mp3")
		e.exec("UPDATE assets SET asset_type_id = ? WHERE id = ?", models.AssetTypeIDAudio, importing)
		e.checkRefusals(t, as, []assetRefusal{
			{"no soundtrack", "POST", ev.path + "/automatchSoundtrack", nil, 422, "no_soundtrack", api.MsgNoSoundtrack},
			{"another account's video", "POST", ev.path + "/automatchSoundtrack", nil, 404, "video_not_found", ""},
			{"another account's recommendations", "GET", ev.path + "/soundtrackRecommendations", nil, 404, "video_not_found", ""},
		})

		piano := e.seedText(pub, "calm piano.mp3", "", models.AssetTypeIDAudio, 1)
		sunrise := e.seedText(pub, "sunrise.mp3", "morning solar theme", models.AssetTypeIDAudio, 5)
		if got := idsOfList(recs().list()); fmt.Sprint(got) != fmt.Sprint([]int64{sunrise, piano}) {
			t.Fatalf("recommendations = %v, want the matching one, then the newest", got)
		}
		r := e.do(ann, "POST", ev.path+"/automatchSoundtrack", nil, true)
		items, _ := r.data()["items"].([]any)
		if r.Status != 200 || len(items) != 1 || num(items[0].(map[string]any)["assetId"]) != sunrise ||
			num(items[0].(map[string]any)["volume"]) != models.DefaultBackgroundAudioVolume {
			t.Fatalf("automatch soundtrack = %d %v", r.Status, r.Body)
		}
		if got := idsOfList(recs().list()); fmt.Sprint(got) != fmt.Sprint([]int64{piano}) {
			t.Fatalf("recommendations after = %v", got)
		}
		if !e.video(ev.v.ID).Draft {
			t.Fatal("adding a soundtrack did not mark the video a draft")
		}
		for range models.MaxBackgroundAudios - 1 {
			if _, err := e.store.AddBackgroundAudio(t.Context(), pub, ev.v.ID, sunrise, 20, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		e.checkRefusals(t, as, []assetRefusal{
			{"the video has the most background audio", "POST", ev.path + "/automatchSoundtrack", nil, 409, "background_audio_limit", ""},
		})
	})
}

func idsOfList(list []map[string]any) []int64 {
	out := []int64{}
	for _, a := range list {
		out = append(out, num(a["assetId"]))
	}
	return out
}

func TestDeleteVoiceNarration(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newEditorAssetsEnv(t, db, nil)
		ann, pub := e.signUp("ann@example.com")
		bo, _ := e.signUp("bo@example.com")
		ev := e.editorVideo(ann, pub)
		other := e.voice("fr-fr+f3")
		e.exec("UPDATE layers SET voice_id = ? WHERE id = ?", other.ID, ev.l3.ID)
		def := *e.video(ev.v.ID).VoiceID
		own := e.seed(pub, "narration3.wav", models.AssetTypeIDAudio, 1) // slide 3's own narration
		e.exec("UPDATE assets SET media_key = 'n3.wav', video_id = ? WHERE id = ?", ev.v.ID, own)
		e.exec("UPDATE layers SET narration_asset_id = ? WHERE id = ?", own, ev.l3.ID)
		as := func(name string) *http.Client {
			if strings.HasPrefix(name, "another account") {
				return bo
			}
			return ann
		}
		del := func(query string) string { return "/api/v2/video/narration" + query }
		id := fmt.Sprintf("videoID=%d", ev.v.ID)
		e.checkRefusals(t, as, []assetRefusal{
			{"no video id", "DELETE", del(fmt.Sprintf("?voiceID=%d", other.ID)), nil, 400, "video_id_missing", api.MsgVideoIDMissing},
			{"video id not a number", "DELETE", del(fmt.Sprintf("?videoID=x&voiceID=%d", other.ID)), nil, 400, "video_id_missing", api.MsgVideoIDMissing},
			{"no voice id", "DELETE", del("?" + id), nil, 400, "voice_id_missing", api.MsgVoiceIDMissing},
			{"a voice no slide uses", "DELETE", del("?" + id + "&voiceID=999999"), nil, 422, "voice_not_used", api.MsgVoiceNotUsed},
			{"another account's video", "DELETE", del(fmt.Sprintf("?%s&voiceID=%d", id, other.ID)), nil, 404, "video_not_found", ""},
			{"no such video", "DELETE", del(fmt.Sprintf("?videoID=999999&voiceID=%d", other.ID)), nil, 404, "video_not_found", ""},
		})
		e.exec("UPDATE videos SET is_voiceover = ? WHERE id = ?", true, ev.v.ID)
		e.checkRefusals(t, as, []assetRefusal{
			{"a voiceover video", "DELETE", del(fmt.Sprintf("?%s&voiceID=%d", id, def)), nil, 422, "voiceover_video", api.MsgVoiceoverVoice},
		})
		e.exec("UPDATE videos SET is_voiceover = ? WHERE id = ?", false, ev.v.ID)

		r := e.do(ann, "DELETE", del(fmt.Sprintf("?%s&voiceID=%d", id, other.ID)), nil, true)
		if r.Status != 200 || num(r.data()["videoId"]) != ev.v.ID {
			t.Fatalf("delete narration = %d %v", r.Status, r.Body)
		}
		scenes := r.data()["scenes"].([]any)
		s1, s2 := scenes[0].(map[string]any), scenes[1].(map[string]any)
		if s1["needsAudio"] != false || s2["needsAudio"] != true {
			t.Fatalf("video after = %v", r.Body)
		}
		after, err := e.store.Video(t.Context(), pub, ev.v.ID)
		if err != nil {
			t.Fatal(err)
		}
		if l := after.Scenes[0].Layers[0]; l.NarrationAssetID == nil {
			t.Fatalf("slide 1 lost its narration: %+v", l)
		}
		if l := after.Scenes[1].Layers[0]; l.NarrationAssetID != nil || l.NarrationMs != 0 {
			t.Fatalf("slide 3 kept its narration: %+v", l)
		}
		var deleted []int64
		e.store.DB().Model(&models.Asset{}).Where("video_id = ? AND deleted_at IS NOT NULL", ev.v.ID).Pluck("id", &deleted)
		if len(deleted) != 1 || deleted[0] != own {
			t.Fatalf("deleted narration %d, want slide 3's %d only", deleted, own)
		}
		if fmt.Sprint(e.wf.scenes) != fmt.Sprint([]int64{ev.l3.SceneID}) || !e.video(ev.v.ID).Draft {
			t.Fatalf("narration started for %v, draft %v", e.wf.scenes, e.video(ev.v.ID).Draft)
		}
	})
}

func TestPendingAssetStatus(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newEditorAssetsEnv(t, db, nil)
		ann, pub := e.signUp("ann@example.com")
		bo, _ := e.signUp("bo@example.com")
		ev := e.editorVideo(ann, pub)
		status := func() response { return e.do(ann, "GET", ev.path+"/pendingAssetStatus", nil, false) }
		if r := status(); r.Status != 200 || r.data()["pending"] != false || len(r.data()["assets"].([]any)) != 0 {
			t.Fatalf("nothing pending = %d %v", r.Status, r.Body)
		}
		onSlide := e.seedPending(pub, "clip.mp4")
		e.exec("UPDATE assets SET state = ? WHERE id = ?", models.AssetStateProcessing, onSlide)
		done := e.seed(pub, "done.jpg", models.AssetTypeIDImage, 1)
		for _, a := range []int64{onSlide, done} {
			if err := e.store.DB().Create(&models.LayerAsset{LayerID: ev.l2.ID, AssetID: &a, Position: 1, Kind: models.LayerAssetMedia, CreatedAt: time.Now()}).Error; err != nil {
				t.Fatal(err)
			}
		}
		intro := e.seedPending(pub, "intro.mp4")
		if err := e.store.DB().Create(&models.VideoInsert{VideoID: ev.v.ID, Type: models.InsertIntro, AssetID: intro, CreatedAt: time.Now(), UpdatedAt: time.Now()}).Error; err != nil {
			t.Fatal(err)
		}
		music := e.seedPending(pub, "music.mp3")
		if err := e.store.DB().Create(&models.VideoBackgroundAudio{VideoID: ev.v.ID, AssetID: music, Order: 1, Volume: 20, CreatedAt: time.Now(), UpdatedAt: time.Now()}).Error; err != nil {
			t.Fatal(err)
		}
		r := status()
		list, _ := r.data()["assets"].([]any)
		want := fmt.Sprintf("[map[assetId:%d importStatus:3 layerId:%d status:processing] map[assetId:%d importStatus:2 layerId:<nil> status:pending] map[assetId:%d importStatus:2 layerId:<nil> status:pending]]",
			onSlide, ev.l2.ID, intro, music)
		if r.Status != 200 || r.data()["pending"] != true || fmt.Sprint(list) != want {
			t.Fatalf("pending = %d %v\nwant assets %s", r.Status, r.Body, want)
		}
		e.checkRefusals(t, func(string) *http.Client { return bo }, []assetRefusal{
			{"another account's video", "GET", ev.path + "/pendingAssetStatus", nil, 404, "video_not_found", ""},
		})
	})
}

func TestAvatarSuggestions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newEditorAssetsEnv(t, db, nil)
		ann, pub := e.signUp("ann@example.com")
		bo, _ := e.signUp("bo@example.com")
		ev := e.editorVideo(ann, pub)
		female := e.voice("fr-fr+f3")
		def := e.voice("en-us")
		if female.Gender != models.GenderFemale || def.Gender != models.GenderMale {
			t.Fatalf("test voices: %s %q, %s %q", female.ProviderVoiceID, female.Gender, def.ProviderVoiceID, def.Gender)
		}
		e.exec("UPDATE videos SET voice_id = ? WHERE id = ?", def.ID, ev.v.ID)
		e.exec("UPDATE layers SET voice_id = NULL WHERE video_id = ?", ev.v.ID)
		e.exec("UPDATE layers SET voice_id = ? WHERE id = ?", female.ID, ev.l3.ID)
		suggestions := func() string {
			r := e.do(ann, "GET", ev.path+"/avatarSuggestions", nil, false)
			if r.Status != 200 {
				t.Fatalf("avatar suggestions = %d %v", r.Status, r.Body)
			}
			return fmt.Sprint(r.Body["data"])
		}
		if got, want := suggestions(), fmt.Sprintf("[map[avatarId:<nil> voiceId:%d] map[avatarId:<nil> voiceId:%d]]", def.ID, female.ID); got != want {
			t.Fatalf("no avatars used = %s, want %s", got, want)
		}
		avatar := func(gender string, uses ...models.Layer) int64 {
			clip := e.seed(pub, "avatar.mp4", models.AssetTypeIDVideo, 1)
			a := models.Avatar{Name: "av", Gender: gender, AssetID: &clip, CreatedAt: time.Now(), UpdatedAt: time.Now()}
			if err := e.store.DB().Create(&a).Error; err != nil {
				t.Fatal(err)
			}
			for _, l := range uses {
				if err := e.store.DB().Create(&models.LayerAsset{LayerID: l.ID, AssetID: &clip, Position: 1, Kind: models.LayerAssetMedia, CreatedAt: time.Now()}).Error; err != nil {
					t.Fatal(err)
				}
			}
			return a.ID
		}
		avatar(models.GenderFemale, ev.l1)
		her := avatar(models.GenderFemale, ev.l1, ev.l2)
		avatar(models.GenderMale) // never used
		if got, want := suggestions(), fmt.Sprintf("[map[avatarId:<nil> voiceId:%d] map[avatarId:%d voiceId:%d]]", def.ID, her, female.ID); got != want {
			t.Fatalf("female avatars used = %s, want %s", got, want)
		}
		him := avatar(models.GenderMale, ev.l3)
		if got, want := suggestions(), fmt.Sprintf("[map[avatarId:%d voiceId:%d] map[avatarId:%d voiceId:%d]]", him, def.ID, her, female.ID); got != want {
			t.Fatalf("both used = %s, want %s", got, want)
		}
		e.checkRefusals(t, func(string) *http.Client { return bo }, []assetRefusal{
			{"another account's video", "GET", ev.path + "/avatarSuggestions", nil, 404, "video_not_found", ""},
		})
	})
}
