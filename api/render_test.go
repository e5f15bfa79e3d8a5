package api_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"pagecast/api"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

// recordedRenders records the renders the API starts.
type recordedRenders struct {
	mu       sync.Mutex
	started  []models.RenderAttempt
	fail     error
	progress api.RenderProgress
	// progressErr fails RenderProgress; progressBlocks makes it wait for its caller
	// to give up (15 s at most), as a query does with no worker up.
	progressErr    error
	progressBlocks bool
}

func (r *recordedRenders) StartRender(_ context.Context, a models.RenderAttempt, _ int64) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail != nil {
		return r.fail
	}
	r.started = append(r.started, a)
	return nil
}

func (r *recordedRenders) RenderProgress(ctx context.Context, _ int64, _ int) (api.RenderProgress, bool, error) {
	r.mu.Lock()
	p, err, blocks := r.progress, r.progressErr, r.progressBlocks
	r.mu.Unlock()
	if blocks {
		select {
		case <-ctx.Done():
			return api.RenderProgress{}, false, ctx.Err()
		case <-time.After(15 * time.Second):
			return api.RenderProgress{}, false, errors.New("no worker answered")
		}
	}
	if err != nil {
		return api.RenderProgress{}, false, err
	}
	return p, p.Stage != "", nil
}

// renderableVideo makes a video CreateVideo has finished: two scenes, every slide
// narrated and with a text slide as media.
func (e *assetEnv) renderableVideo(c *http.Client, pub int64) models.Video {
	e.t.Helper()
	ctx := e.t.Context()
	v := e.videoWithScenes(c, map[string]any{"text": script})
	narration := e.seed(pub, "narration.wav", models.AssetTypeIDAudio, 1)
	narrationKey := fmt.Sprintf("videos/%d/%d/narration/n.wav", pub, v.ID)
	e.exec("UPDATE assets SET media_key = ?, video_id = ? WHERE id = ?", narrationKey, v.ID, narration)
	e.putObject(narrationKey)
	var media []store.SlideMedia
	for _, sc := range v.Scenes {
		for _, l := range sc.Layers {
			if err := e.store.DB().Model(&models.Layer{}).Where("id = ?", l.ID).Updates(map[string]any{
				"narration_asset_id": narration, "narration_ms": 2000, "duration_ms": 2500}).Error; err != nil {
				e.t.Fatal(err)
			}
			media = append(media, store.SlideMedia{LayerID: l.ID, Text: l.Text})
		}
	}
	if err := e.store.SetAutomatchedMedia(ctx, v.ID, media, true, time.Now()); err != nil {
		e.t.Fatal(err)
	}
	if err := e.store.DB().Model(&models.Scene{}).Where("video_id = ?", v.ID).Update("needs_audio", false).Error; err != nil {
		e.t.Fatal(err)
	}
	if err := e.store.RecomputeVideoDuration(ctx, v.ID); err != nil {
		e.t.Fatal(err)
	}
	if err := e.store.SetBuildProgress(ctx, v.ID, store.BuildProgress{Stage: models.BuildReadyToRender, Step: models.StepReady}); err != nil {
		e.t.Fatal(err)
	}
	got, err := e.store.Video(ctx, pub, v.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	return got
}

// putObject stores a small object under key, standing for a file an import or the
// narration stored.
func (e *assetEnv) putObject(key string) {
	e.t.Helper()
	if err := e.objects.Put(e.t.Context(), key, strings.NewReader("bytes"), 5, "application/octet-stream"); err != nil {
		e.t.Fatal(err)
	}
}

func (e *assetEnv) exec(sql string, args ...any) {
	e.t.Helper()
	if err := e.store.DB().Exec(sql, args...).Error; err != nil {
		e.t.Fatalf("%s: %v", sql, err)
	}
}

func (e *assetEnv) balance(pub int64) int {
	e.t.Helper()
	b, err := e.store.CreditBalance(e.t.Context(), pub, time.Now())
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

// startRender asks for a render of the video at path and returns the attempt it started.
func (e *assetEnv) startRender(c *http.Client, path string) models.RenderAttempt {
	e.t.Helper()
	if r := e.do(c, "PUT", path+"/render", nil, true); r.Status != 202 {
		e.t.Fatalf("render = %d %v", r.Status, r.Body)
	}
	e.renders.mu.Lock()
	defer e.renders.mu.Unlock()
	return e.renders.started[len(e.renders.started)-1]
}

func (e *assetEnv) attempts(videoID int64) int64 {
	e.t.Helper()
	var n int64
	if err := e.store.DB().Model(&models.RenderAttempt{}).Where("video_id = ?", videoID).Count(&n).Error; err != nil {
		e.t.Fatal(err)
	}
	return n
}

// TestRenderGatingThroughTheAPI: every render rule refuses through PUT render with
// the spec's message, and a refused render reserves nothing.
func TestRenderGatingThroughTheAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ctx := t.Context()
		tests := []struct {
			name   string
			setup  func(v models.Video, pub int64)
			status int
			msg    string
		}{
			{"still building", func(v models.Video, _ int64) {
				e.exec("UPDATE videos SET build_stage = 2, build_step = 'matchingMedia' WHERE id = ?", v.ID)
			}, 409, "Loading, please wait."},
			{"generating audio", func(v models.Video, _ int64) {
				e.exec("UPDATE scenes SET needs_audio = ? WHERE id = ?", true, v.Scenes[1].ID)
			}, 409, "Generating audio for scene 2. Please wait."},
			{"a scene's narration failed", func(v models.Video, _ int64) {
				e.exec("UPDATE scenes SET needs_audio = ?, audio_error = 'The voice is unavailable.' WHERE id = ?", true, v.Scenes[0].ID)
			}, 409, "Scene 1 has an error: The voice is unavailable."},
			{"a slide without narration", func(v models.Video, _ int64) {
				e.exec("UPDATE layers SET narration_asset_id = NULL WHERE id = ?", v.Scenes[1].Layers[0].ID)
			}, 409, "Scene 2 is missing narration."},
			{"a slide without media", func(v models.Video, _ int64) {
				e.exec("DELETE FROM layer_assets WHERE layer_id = ?", v.Scenes[0].Layers[1].ID)
			}, 409, "Slide 2 of scene 1 has no media."},
			{"a placeholder slide", func(v models.Video, _ int64) {
				e.exec("UPDATE layers SET is_placeholder = ? WHERE id = ?", true, v.Scenes[0].Layers[0].ID)
			}, 409, "Some slides have issues. Fix them before rendering."},
			{"the video failed to build", func(v models.Video, _ int64) {
				e.exec("UPDATE videos SET build_step = 'failed', build_error = 'The page could not be read.' WHERE id = ?", v.ID)
			}, 409, "This video has an error: The page could not be read."},
			{"no slides", func(v models.Video, _ int64) {
				e.exec("DELETE FROM layers WHERE video_id = ?", v.ID)
			}, 409, "No slides found."},
			{"too few credits", func(v models.Video, _ int64) {
				// Eleven minutes need eleven credits; the free plan has ten.
				e.exec("UPDATE videos SET duration_ms = ? WHERE id = ?", 11*60_000, v.ID)
			}, 402, domain.MsgNotEnoughCredits(11, 10)},
			{"a retry after a failed render, with too few credits", func(v models.Video, _ int64) {
				// The spec's own credit check passes after a render error; the ledger still has to pay.
				e.exec("UPDATE videos SET render_status = 'error', draft = ?, duration_ms = ? WHERE id = ?", false, 11*60_000, v.ID)
			}, 402, domain.MsgNotEnoughCredits(11, 10)},
			{"the monthly video limit", func(_ models.Video, pub int64) {
				for i := range 5 {
					if err := e.store.CreateVideo(ctx, &models.Video{PublisherID: pub, Name: fmt.Sprint("more ", i), AspectRatio: models.AspectHorizontal,
						BuildStage: models.BuildPopulatingData}); err != nil {
						t.Fatal(err)
					}
				}
			}, 409, "You have reached your video limit for this month."},
			{"no changes since the last render", func(v models.Video, _ int64) {
				e.exec("UPDATE videos SET render_status = 'complete', content_key = 'videos/x/video.mp4', draft = ? WHERE id = ?", false, v.ID)
			}, 409, "No changes since the last render."},
			{"max attempts", func(v models.Video, pub int64) {
				for i := 1; i <= domain.MaxRenderAttempts; i++ {
					e.exec("INSERT INTO render_attempts (video_id, publisher_id, attempt, status, required_credits, duration_ms, created_at, updated_at) VALUES (?, ?, ?, 'completed', 1, 1000, ?, ?)",
						v.ID, pub, i, time.Now(), time.Now())
				}
				e.exec("UPDATE videos SET render_status = 'complete', content_key = 'videos/x/video.mp4', draft = ? WHERE id = ?", true, v.ID)
			}, 409, domain.MsgMaxAttempts(domain.MaxRenderAttempts)},
		}
		for i, tt := range tests {
			c, pub := e.signUp(fmt.Sprintf("gate%d@example.com", i))
			v := e.renderableVideo(c, pub)
			tt.setup(v, pub)
			before, attempts := e.balance(pub), e.attempts(v.ID)
			r := e.do(c, "PUT", fmt.Sprintf("/api/v2/video/%d/render", v.ID), nil, true)
			if r.Status != tt.status || r.message() != tt.msg {
				t.Errorf("%s: %d %q, want %d %q", tt.name, r.Status, r.message(), tt.status, tt.msg)
			}
			if e.balance(pub) != before || e.attempts(v.ID) != attempts {
				t.Errorf("%s: a refused render reserved credits or made an attempt", tt.name)
			}
			info := e.do(c, "GET", fmt.Sprintf("/api/v2/video/%d/credits-info", v.ID), nil, false).data()
			if info["renderAllowed"] != false || info["renderMessage"] != tt.msg {
				t.Errorf("%s: credits-info says %v %q", tt.name, info["renderAllowed"], info["renderMessage"])
			}
		}
		if n := len(e.renders.started); n != 0 {
			t.Fatalf("%d renders started by refused requests", n)
		}
	})
}

// TestRenderStartsOnceAndCharges: an allowed render reserves its credits and starts
// RenderVideo; a second request while it runs is refused; a render that cannot start
// gives its credits back.
func TestRenderStartsOnceAndCharges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		c, pub := e.signUp("ann@example.com")
		v := e.renderableVideo(c, pub)
		path := fmt.Sprintf("/api/v2/video/%d", v.ID)

		info := e.do(c, "GET", path+"/credits-info", nil, false).data()
		if info["renderAllowed"] != true || num(info["requiredCredits"]) != 1 || num(info["remainingCredits"]) != 10 ||
			info["canRender"] != true || num(info["maxRenderAttempts"]) != domain.MaxRenderAttempts {
			t.Fatalf("credits-info before = %v", info)
		}
		if d := e.do(c, "GET", path+"/renderStatusWithDetails", nil, false); d.Status != 200 || d.data()["status"] != "" {
			t.Fatalf("details before any render = %d %v", d.Status, d.Body)
		}

		// Two requests at once: one render, one charge.
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		for i := range statuses {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = e.do(c, "PUT", path+"/render", nil, true).Status
			}()
		}
		wg.Wait()
		if !(statuses[0] == 202 && statuses[1] == 409 || statuses[0] == 409 && statuses[1] == 202) {
			t.Fatalf("concurrent renders answered %v, want one 202 and one 409", statuses)
		}
		if len(e.renders.started) != 1 || e.attempts(v.ID) != 1 || e.balance(pub) != 9 {
			t.Fatalf("started %d, attempts %d, balance %d; want 1, 1, 9", len(e.renders.started), e.attempts(v.ID), e.balance(pub))
		}
		a := e.renders.started[0]
		if a.VideoID != v.ID || a.Attempt != 1 || a.Status != models.RenderAttemptRendering {
			t.Fatalf("started %+v", a)
		}
		r := e.do(c, "PUT", path+"/render", nil, true)
		if r.Status != 409 || r.message() != "This video is rendering." {
			t.Fatalf("render while rendering = %d %v", r.Status, r.Body)
		}

		// Progress comes from the render's workflow.
		e.renders.mu.Lock()
		e.renders.progress = api.RenderProgress{Stage: "rendering", TotalMs: 10000, DoneMs: 5000, Scenes: 2, Done: 1}
		e.renders.mu.Unlock()
		d := e.do(c, "GET", path+"/renderStatusWithDetails", nil, false).data()
		if d["status"] != "rendering" || d["stage"] != "rendering" || d["progress"].(float64) != 0.45 || num(d["scenesDone"]) != 1 ||
			d["renderStatus"] != domain.RenderStatusInProgress {
			t.Fatalf("details while rendering = %v", d)
		}
		// Unknown IDs are left out, and an ID asked twice is answered once.
		st := e.do(c, "POST", "/api/v2/video/renderStatus", map[string]any{"videoIds": []int64{v.ID, 999999, v.ID}}, true).data()
		if list := st["statuses"].([]any); len(list) != 1 || list[0].(map[string]any)["renderStatus"] != domain.RenderStatusInProgress {
			t.Fatalf("renderStatus = %v", st)
		}

		// The render ends: the MP4 is the video's content, with its files.
		out := store.RenderOutput{ContentKey: "videos/1/render/video.mp4", ThumbnailKey: "videos/1/render/thumbnail.jpg",
			SubtitlesKeyPrefix: "videos/1/render/subtitles", DurationMs: 7500}
		if err := e.store.FinishRender(t.Context(), a.ID, out, time.Now()); err != nil {
			t.Fatal(err)
		}
		ass := "[Script Info]\nScriptType: v4.00+\n"
		if err := e.objects.Put(t.Context(), out.SubtitlesKeyPrefix+".ass", strings.NewReader(ass), int64(len(ass)), "text/x-ssa"); err != nil {
			t.Fatal(err)
		}
		ex := e.do(c, "GET", path+"/exports", nil, false).data()["exports"].([]any)
		types := []string{}
		for _, x := range ex {
			types = append(types, x.(map[string]any)["type"].(string))
		}
		if strings.Join(types, ",") != "mp4,thumbnail,srt,vtt,ass" {
			t.Fatalf("exports = %v", types)
		}
		// Export links download: the object store names the file after the video.
		resp0, err := http.Get(ex[4].(map[string]any)["url"].(string))
		if err != nil {
			t.Fatal(err)
		}
		resp0.Body.Close()
		if cd := resp0.Header.Get("Content-Disposition"); resp0.StatusCode != 200 || !strings.HasPrefix(cd, "attachment") || !strings.Contains(cd, ".ass") {
			t.Fatalf("ASS download = %d, Content-Disposition %q", resp0.StatusCode, cd)
		}
		resp, err := c.Get(e.srv.URL + path + "/subtitles/ass")
		if err != nil {
			t.Fatal(err)
		}
		var body bytes.Buffer
		_, _ = body.ReadFrom(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || body.String() != ass || !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("subtitles/ass = %d %q %v", resp.StatusCode, body.String(), resp.Header)
		}
		// Saved under the same name as the exports' ASS file, the video's.
		_, exported, _ := mime.ParseMediaType(resp0.Header.Get("Content-Disposition"))
		if _, got, _ := mime.ParseMediaType(resp.Header.Get("Content-Disposition")); got["filename"] == "" || got["filename"] != exported["filename"] {
			t.Fatalf("subtitles/ass saved as %q, the exported ASS as %q", got["filename"], exported["filename"])
		}
		if r := e.do(c, "GET", path, nil, false); r.data()["contentUrl"] == "" || r.data()["renderStatus"] != domain.RenderStatusComplete {
			t.Fatalf("video after render: %d %v", r.Status, r.Body)
		}
		if r := e.do(c, "PUT", path+"/render", nil, true); r.Status != 409 || r.message() != "No changes since the last render." {
			t.Fatalf("render with no changes = %d %v", r.Status, r.Body)
		}

		// An edit makes it a draft again; a render that cannot start releases its credits.
		e.exec("UPDATE videos SET draft = ? WHERE id = ?", true, v.ID)
		e.renders.fail = errors.New("temporal: unavailable")
		if r := e.do(c, "PUT", path+"/render", nil, true); r.Status != 503 || r.code() != "render_not_started" {
			t.Fatalf("render that cannot start = %d %v", r.Status, r.Body)
		}
		if e.balance(pub) != 9 {
			t.Fatalf("balance %d after a render that could not start, want 9", e.balance(pub))
		}
		if got := e.do(c, "GET", path, nil, false).data(); got["contentUrl"] == "" {
			t.Fatal("a failed render took the video's content away")
		}
	})
}

// TestConcurrentRendersSayTheBalanceLeft: an account's videos asked to render at once
// with credits for one: one starts, and every other is refused with the balance it was
// refused on (0), not the one its request read before the first render spent it.
func TestConcurrentRendersSayTheBalanceLeft(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		c, pub := e.signUp("eve@example.com")
		const n = 4
		paths := make([]string, n)
		for i := range paths {
			paths[i] = fmt.Sprintf("/api/v2/video/%d/render", e.renderableVideo(c, pub).ID)
		}
		e.exec("INSERT INTO credit_entries (publisher_id, kind, amount, note, created_at) VALUES (?, 'reserve', ?, 'spent elsewhere', ?)",
			pub, 1-e.balance(pub), time.Now().UTC())
		results := make([]response, n)
		var wg sync.WaitGroup
		for i := range results {
			wg.Go(func() { results[i] = e.do(c, "PUT", paths[i], nil, true) })
		}
		wg.Wait()
		started := 0
		for _, r := range results {
			switch {
			case r.Status == 202:
				started++
			case r.Status != 402 || r.message() != "Not enough credits: this render needs 1 credit and you have 0.":
				t.Errorf("render = %d %v, want 202 or 402 with the balance left", r.Status, r.Body)
			}
		}
		if started != 1 || e.balance(pub) != 0 {
			t.Fatalf("%d renders started, balance %d; want 1 and 0", started, e.balance(pub))
		}
	})
}

// TestFailedRenderIsNotAnAttemptUsed: credits-info counts the renders a video used,
// and a render that failed delivered nothing, so it is not one of them.
func TestFailedRenderIsNotAnAttemptUsed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		c, pub := e.signUp("fay@example.com")
		v := e.renderableVideo(c, pub)
		path := fmt.Sprintf("/api/v2/video/%d", v.ID)
		a := e.startRender(c, path)
		if err := e.store.FailRender(t.Context(), a.ID, "A file the video needs is missing from storage.", time.Now()); err != nil {
			t.Fatal(err)
		}
		if info := e.do(c, "GET", path+"/credits-info", nil, false).data(); num(info["renderAttempts"]) != 0 || info["renderAllowed"] != true {
			t.Fatalf("credits-info after a failed render = %v, want 0 attempts used", info)
		}
		if err := e.store.FinishRender(t.Context(), e.startRender(c, path).ID, store.RenderOutput{ContentKey: "videos/r/video.mp4"}, time.Now()); err != nil {
			t.Fatal(err)
		}
		info := e.do(c, "GET", path+"/credits-info", nil, false).data()
		if num(info["renderAttempts"]) != 1 || num(info["maxRenderAttempts"]) != domain.MaxRenderAttempts {
			t.Fatalf("credits-info after a failed and a completed render = %v, want 1 attempt used", info)
		}
		if d := e.do(c, "GET", path+"/renderStatusWithDetails", nil, false).data(); num(d["attempt"]) != 2 || d["status"] != "completed" {
			t.Fatalf("details = %v, want attempt 2 completed", d)
		}
	})
}

// TestRenderCallsAreScoped: another account's video is not found by any render call.
func TestRenderCallsAreScoped(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		bo, _ := e.signUp("bo@example.com")
		v := e.renderableVideo(ann, pub)
		path := fmt.Sprintf("/api/v2/video/%d", v.ID)
		for _, call := range []struct{ method, path string }{
			{"PUT", path + "/render"}, {"GET", path + "/credits-info"}, {"GET", path + "/validate"},
			{"GET", path + "/renderStatusWithDetails"}, {"GET", path + "/exports"}, {"GET", path + "/subtitles/ass"},
		} {
			if r := e.do(bo, call.method, call.path, nil, true); r.Status != 404 {
				t.Errorf("%s %s as another account = %d %v", call.method, call.path, r.Status, r.Body)
			}
		}
		st := e.do(bo, "POST", "/api/v2/video/renderStatus", map[string]any{"videoIds": []int64{v.ID}}, true).data()
		if list := st["statuses"].([]any); len(list) != 0 {
			t.Fatalf("renderStatus shows another account's video: %v", list)
		}
		if e.attempts(v.ID) != 0 {
			t.Fatal("another account started a render")
		}
	})
}

// TestValidateFindsFilesMissingFromStorage: a slide whose picture or narration file is
// gone from the object store (deleted there, a failed import) is listed before the
// render would fail on it, and the render gate says so; another account's asset on a
// slide is not the account's media.
func TestValidateFindsFilesMissingFromStorage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		c, pub := e.signUp("ann@example.com")
		_, boPub := e.signUp("bo@example.com")
		// picture stores an imported picture of account p (its file stored) and returns
		// its id and file key.
		picture := func(p int64) (int64, string) {
			id := e.seed(p, "dawn.jpg", models.AssetTypeIDImage, 1)
			key := fmt.Sprintf("assets/%d/%d/media.jpg", p, id)
			e.exec("UPDATE assets SET media_key = ? WHERE id = ?", key, id)
			e.putObject(key)
			return id, key
		}
		tests := []struct {
			name string
			// spoil breaks the video whose first slide shows picture (file key pictureKey).
			spoil func(v models.Video, pictureKey string)
			want  []string // errorMessages, in order
		}{
			{"all files stored", func(models.Video, string) {}, nil},
			{"picture file deleted", func(_ models.Video, key string) {
				if err := e.objects.Delete(t.Context(), key); err != nil {
					t.Fatal(err)
				}
			}, []string{"The media file of slide 1 of scene 1 is missing from storage. Replace it."}},
			{"picture never stored", func(v models.Video, _ string) {
				e.exec("UPDATE assets SET media_key = '' WHERE id = (SELECT asset_id FROM layer_assets WHERE layer_id = ?)", v.Scenes[0].Layers[0].ID)
			}, []string{"The media file of slide 1 of scene 1 is missing from storage. Replace it."}},
			{"narration file deleted", func(v models.Video, _ string) {
				// The first slide gets a narration of its own whose file is gone.
				own := e.seed(pub, "narration.wav", models.AssetTypeIDAudio, 1)
				e.exec("UPDATE assets SET media_key = ?, video_id = ? WHERE id = ?", fmt.Sprintf("videos/%d/%d/narration/gone.wav", pub, v.ID), v.ID, own)
				e.exec("UPDATE layers SET narration_asset_id = ? WHERE id = ?", own, v.Scenes[0].Layers[0].ID)
			}, []string{"The narration of slide 1 of scene 1 is missing from storage. Generate the scene's audio again."}},
			{"another account's picture", func(v models.Video, _ string) {
				theirs, _ := picture(boPub)
				e.exec("UPDATE layer_assets SET asset_id = ? WHERE layer_id = ?", theirs, v.Scenes[0].Layers[0].ID)
			}, []string{"The media of slide 1 of scene 1 failed to import or was deleted. Replace it."}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				v := e.renderableVideo(c, pub)
				id, key := picture(pub)
				if r := e.do(c, "PUT", fmt.Sprintf("/api/v2/layer/%d/asset", v.Scenes[0].Layers[0].ID), map[string]any{"assetId": id}, true); r.Status != 200 {
					t.Fatalf("replace media = %d %v", r.Status, r.Body)
				}
				tt.spoil(v, key)
				path := fmt.Sprintf("/api/v2/video/%d", v.ID)
				list := e.do(c, "GET", path+"/validate", nil, false).data()["validations"].([]any)
				var got []string
				for _, it := range list {
					item := it.(map[string]any)
					if item["errorMessageKey"] != domain.ValidationKeyAssetBroken || num(item["layerId"]) != v.Scenes[0].Layers[0].ID ||
						num(item["sceneId"]) != v.Scenes[0].ID || num(item["videoId"]) != v.ID {
						t.Errorf("validation %v, want a broken asset of the first slide", item)
					}
					got = append(got, item["errorMessage"].(string))
				}
				if fmt.Sprint(got) != fmt.Sprint(tt.want) {
					t.Fatalf("validations = %q, want %q", got, tt.want)
				}
				info := e.do(c, "GET", path+"/credits-info", nil, false).data()
				if blocked := info["renderAllowed"] == false && strings.Contains(info["renderMessage"].(string), "validation error"); blocked != (len(tt.want) > 0) {
					t.Fatalf("credits-info = %v, want the render blocked: %v", info, len(tt.want) > 0)
				}
			})
		}
	})
}

// TestValidateFindsMusicAndInsertFilesMissing: a soundtrack item or an insert clip
// whose file is gone from the object store is listed, about the whole video, and the
// render is refused before it reserves anything; what the render leaves out (music
// deleted from the library, or muted) is not a problem, and another account's clip is.
func TestValidateFindsMusicAndInsertFilesMissing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		_, boPub := e.signUp("bo@example.com")
		// stored seeds a complete asset of account p with its file stored and returns
		// its id and file key.
		stored := func(p int64, name string, typ models.AssetTypeID) (int64, string) {
			id := e.seed(p, name, typ, 1)
			key := fmt.Sprintf("assets/%d/%d/original%s", p, id, name[strings.LastIndex(name, "."):])
			e.exec("UPDATE assets SET media_key = ? WHERE id = ?", key, id)
			e.putObject(key)
			return id, key
		}
		gone := func(key string) {
			if err := e.objects.Delete(t.Context(), key); err != nil {
				t.Fatal(err)
			}
		}
		type video struct {
			models.Video
			music, clip       int64  // asset ids
			musicKey, clipKey string // their files
		}
		tests := []struct {
			name  string
			spoil func(c *http.Client, v video)
			want  []string // errorMessages, in order
		}{
			{"all files stored", func(*http.Client, video) {}, nil},
			{"music file deleted", func(_ *http.Client, v video) { gone(v.musicKey) },
				[]string{`Soundtrack item 1 ("river.mp3") is missing from storage. Remove it or choose another.`}},
			{"intro clip deleted", func(_ *http.Client, v video) { gone(v.clipKey) },
				[]string{"The intro clip is missing from storage. Remove it or choose another."}},
			{"both deleted", func(_ *http.Client, v video) { gone(v.musicKey); gone(v.clipKey) }, []string{
				"The intro clip is missing from storage. Remove it or choose another.",
				`Soundtrack item 1 ("river.mp3") is missing from storage. Remove it or choose another.`,
			}},
			{"muted music's file deleted: not mixed", func(_ *http.Client, v video) {
				gone(v.musicKey)
				e.exec("UPDATE video_background_audios SET volume = 0 WHERE video_id = ?", v.ID)
			}, nil},
			{"music deleted from the library: left out", func(c *http.Client, v video) {
				if r := e.do(c, "DELETE", fmt.Sprintf("/api/v2/asset/%d", v.music), nil, true); r.Status/100 != 2 {
					t.Fatalf("delete the music = %d %v", r.Status, r.Body)
				}
				gone(v.musicKey)
			}, nil},
			{"another account's clip", func(_ *http.Client, v video) {
				theirs, _ := stored(boPub, "bo.mp4", models.AssetTypeIDVideo)
				e.exec("UPDATE video_inserts SET asset_id = ? WHERE video_id = ?", theirs, v.ID)
			}, []string{"The intro clip is missing from storage. Remove it or choose another."}},
		}
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				// An account each: the free plan's monthly videos run out.
				c, pub := e.signUp(fmt.Sprintf("ann%d@example.com", i))
				v := video{Video: e.renderableVideo(c, pub)}
				v.music, v.musicKey = stored(pub, "river.mp3", models.AssetTypeIDAudio)
				v.clip, v.clipKey = stored(pub, "intro.mp4", models.AssetTypeIDVideo)
				path := fmt.Sprintf("/api/v2/video/%d", v.ID)
				if r := e.do(c, "POST", path+"/backgroundAudio", map[string]any{"assetId": v.music}, true); r.Status != 201 {
					t.Fatalf("add music = %d %v", r.Status, r.Body)
				}
				if r := e.do(c, "POST", path+"/inserts", map[string]any{"videoInsertTypeId": 1, "assetId": v.clip}, true); r.Status != 201 {
					t.Fatalf("add intro = %d %v", r.Status, r.Body)
				}
				tt.spoil(c, v)
				var got []string
				for _, it := range e.do(c, "GET", path+"/validate", nil, false).data()["validations"].([]any) {
					item := it.(map[string]any)
					if item["errorMessageKey"] != domain.ValidationKeyAssetBroken || num(item["sceneId"]) != 0 || num(item["layerId"]) != 0 ||
						num(item["videoId"]) != v.ID {
						t.Errorf("validation %v, want a broken asset of the video", item)
					}
					got = append(got, item["errorMessage"].(string))
				}
				if fmt.Sprint(got) != fmt.Sprint(tt.want) {
					t.Fatalf("validations = %q, want %q", got, tt.want)
				}
				if len(tt.want) == 0 {
					e.startRender(c, path)
					return
				}
				r := e.do(c, "PUT", path+"/render", nil, true)
				if r.Status != http.StatusConflict || r.code() != "render_not_allowed" || !strings.Contains(r.message(), "validation error") {
					t.Fatalf("render = %d %v, want refused for validation errors", r.Status, r.Body)
				}
				if e.attempts(v.ID) != 0 {
					t.Fatal("a refused render reserved an attempt")
				}
			})
		}
	})
}

// TestValidateAndLimits: the validation list names what is wrong; limits count this
// month's videos.
func TestValidateAndLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		c, pub := e.signUp("ann@example.com")
		v := e.renderableVideo(c, pub)
		path := fmt.Sprintf("/api/v2/video/%d", v.ID)
		if list := e.do(c, "GET", path+"/validate", nil, false).data()["validations"].([]any); len(list) != 0 {
			t.Fatalf("validations of a ready video = %v", list)
		}
		e.exec("DELETE FROM layer_assets WHERE layer_id = ?", v.Scenes[1].Layers[0].ID)
		list := e.do(c, "GET", path+"/validate", nil, false).data()["validations"].([]any)
		if len(list) != 1 {
			t.Fatalf("validations = %v", list)
		}
		item := list[0].(map[string]any)
		if num(item["layerId"]) != v.Scenes[1].Layers[0].ID || num(item["sceneId"]) != v.Scenes[1].ID || item["errorMessage"] != "Slide 1 of scene 2 has no media." {
			t.Fatalf("validation = %v", item)
		}
		if r := e.do(c, "PUT", fmt.Sprintf("/api/v2/layer/%d/asset", v.Scenes[1].Layers[0].ID), map[string]any{"text": "Back"}, true); r.Status != 200 {
			t.Fatalf("text slide = %d %v", r.Status, r.Body)
		}

		// An edited subtitle that ends after the video is a problem, and the render gate says so.
		if r := e.do(c, "POST", path+"/subtitles", map[string]any{"startMs": v.DurationMs - 500, "durationMs": 1000, "text": "Too late"}, true); r.Status != 201 {
			t.Fatalf("add subtitle = %d %v", r.Status, r.Body)
		}
		list = e.do(c, "GET", path+"/validate", nil, false).data()["validations"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["errorMessageKey"] != domain.ValidationKeySubtitleOutOfRange ||
			list[0].(map[string]any)["errorMessage"] != "Subtitle 1 ends after the video." {
			t.Fatalf("validations with a late subtitle = %v", list)
		}
		info := e.do(c, "GET", path+"/credits-info", nil, false).data()
		if info["renderAllowed"] != false || info["renderMessage"] != "This video has 1 validation error. Fix it before rendering." {
			t.Fatalf("credits-info with a late subtitle = %v", info)
		}
		if r := e.do(c, "DELETE", path+"/subtitles", nil, true); r.Status != 200 {
			t.Fatalf("reset subtitles = %d %v", r.Status, r.Body)
		}
		if list := e.do(c, "GET", path+"/validate", nil, false).data()["validations"].([]any); len(list) != 0 {
			t.Fatalf("validations after the subtitles were reset = %v", list)
		}

		l := e.do(c, "GET", "/api/v2/video/limits", nil, false).data()
		if l["isUnlimited"] != false || num(l["videosMadeThisMonth"]) != 1 || num(l["videosAllowedThisMonth"]) != 5 ||
			num(l["draftsAllowedThisMonth"]) != 3 || num(l["draftsMadeThisMonth"]) != 1 || num(l["remainingCredits"]) != 10 {
			t.Fatalf("limits = %v", l)
		}
	})
}

// TestHardcodeSubtitlesSwitch: PUT /video/{id} {hardcodeSubtitles} switches burning the
// subtitles in for the next render; the change counts as an edit, so a rendered video
// may render again; bad input and other accounts change nothing.
func TestHardcodeSubtitlesSwitch(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		ann, pub := e.signUp("ann@example.com")
		bob, _ := e.signUp("bob@example.com")
		v := e.renderableVideo(ann, pub)
		e.exec("UPDATE videos SET render_status = 'complete', content_key = 'videos/x/video.mp4', draft = ? WHERE id = ?", false, v.ID)
		path := fmt.Sprintf("/api/v2/video/%d", v.ID)
		gate := func() (bool, string) {
			info := e.do(ann, "GET", path+"/credits-info", nil, false).data()
			allowed, _ := info["renderAllowed"].(bool)
			msg, _ := info["renderMessage"].(string)
			return allowed, msg
		}
		if allowed, msg := gate(); allowed || msg != "No changes since the last render." {
			t.Fatalf("rendered video: allowed %v %q", allowed, msg)
		}
		tests := []struct {
			name   string
			c      *http.Client
			body   map[string]any
			status int
			want   bool // hardcodeSubtitles afterwards
		}{
			{"not a boolean", ann, map[string]any{"hardcodeSubtitles": "yes"}, 400, false},
			{"another account's video", bob, map[string]any{"hardcodeSubtitles": true}, 404, false},
			{"left out: unchanged", ann, map[string]any{"name": "Renamed"}, 200, false},
			{"on", ann, map[string]any{"hardcodeSubtitles": true}, 200, true},
			{"off", ann, map[string]any{"hardcodeSubtitles": false}, 200, false},
			{"on again", ann, map[string]any{"hardcodeSubtitles": true}, 200, true},
		}
		for _, tt := range tests {
			r := e.do(tt.c, "PUT", path, tt.body, true)
			if r.Status != tt.status {
				t.Fatalf("%s: %d %v, want %d", tt.name, r.Status, r.Body, tt.status)
			}
			if tt.status == 200 && r.data()["hardcodeSubtitles"] != tt.want {
				t.Errorf("%s: answered hardcodeSubtitles %v", tt.name, r.data()["hardcodeSubtitles"])
			}
			if got := e.video(v.ID); got.HardcodeSubtitles != tt.want {
				t.Errorf("%s: stored hardcodeSubtitles %v, want %v", tt.name, got.HardcodeSubtitles, tt.want)
			}
		}
		e.exec("UPDATE videos SET draft = ? WHERE id = ?", false, v.ID)
		if r := e.do(ann, "PUT", path, map[string]any{"hardcodeSubtitles": false}, true); r.Status != 200 {
			t.Fatalf("switch off: %d %v", r.Status, r.Body)
		}
		if allowed, msg := gate(); !allowed {
			t.Fatalf("after switching burned subtitles: render refused with %q", msg)
		}
	})
}

// TestRenderDetailsNeverCompletedWithoutContent: a render that ends while its details
// are read (between the read of its attempt and of its video) is not answered as
// completed without the video's contentUrl: the web app stops following a completed
// render, and had no player for it.
func TestRenderDetailsNeverCompletedWithoutContent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		c, pub := e.signUp("ann@example.com")
		v := e.renderableVideo(c, pub)
		path := fmt.Sprintf("/api/v2/video/%d", v.ID)
		a := e.startRender(c, path)
		// The render ends right after the first of the two reads, whichever comes first.
		var armed, fired atomic.Bool
		armed.Store(true)
		err := e.store.DB().Callback().Query().After("gorm:query").Register("test:finish-between-reads", func(tx *gorm.DB) {
			if table := tx.Statement.Table; (table == "videos" || table == "render_attempts") && armed.Load() && fired.CompareAndSwap(false, true) {
				out := store.RenderOutput{ContentKey: "videos/1/render/video.mp4", ThumbnailKey: "videos/1/render/thumbnail.jpg",
					SubtitlesKeyPrefix: "videos/1/render/subtitles", DurationMs: 7500}
				if err := e.store.FinishRender(context.Background(), a.ID, out, time.Now()); err != nil {
					t.Errorf("finish render: %v", err)
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = e.store.DB().Callback().Query().Remove("test:finish-between-reads") })
		d := e.do(c, "GET", path+"/renderStatusWithDetails", nil, false).data()
		armed.Store(false)
		if !fired.Load() {
			t.Fatal("the render did not end during the request")
		}
		if d["status"] == "completed" && (d["contentUrl"] == "" || d["renderStatus"] != domain.RenderStatusComplete) {
			t.Fatalf("details = %v: completed without the render's content", d)
		}
	})
}
