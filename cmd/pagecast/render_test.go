//go:build !noembed

package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"pagecast/domain"
	"pagecast/media"
)

// TestRenderSurvivesThreeRestarts creates a video through the API of a real
// `pagecast run`, renders it, and stops the whole process (its worker with it) three
// times while the render runs. The render still completes: one attempt, credits
// charged once, and the video's content is a whole MP4 of the video's length.
func TestRenderSurvivesThreeRestarts(t *testing.T) {
	for _, bin := range []string{"ffmpeg", "ffprobe", "espeak-ng"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Skip(bin + " not installed")
		}
	}
	cfg := localConfig(t)
	base := cfg.HTTP.PublicURL
	stop := startRunAll(t, cfg)
	defer func() { stop() }()

	c, token := signUpInRun(t, base, "rita@example.com")
	status, body := callJSON(t, c, "POST", base+"/api/v2/video", token, map[string]any{"name": "Bergvik", "text": articleScript,
		"canCreateTextSlides": true, "hardcodeSubtitles": true})
	if status != http.StatusCreated {
		t.Fatalf("create = %d %v", status, body)
	}
	id := strconv.FormatInt(int64(dataOf(body)["videoId"].(float64)), 10)
	video := base + "/api/v2/video/" + id
	until := func(what string, within time.Duration, done func() bool) {
		t.Helper()
		deadline := time.Now().Add(within)
		for !done() {
			if time.Now().After(deadline) {
				t.Fatalf("%s: not within %s", what, within)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	until("video ready to render", 120*time.Second, func() bool {
		v := getJSON(t, c, video)
		if v["buildStep"] == "failed" {
			t.Fatalf("build failed: %v", v["buildError"])
		}
		return v["buildStage"].(float64) == 4
	})
	durationMs := getJSON(t, c, video)["duration"].(float64) * 1000
	credits := getJSON(t, c, video+"/credits-info")
	if credits["renderAllowed"] != true {
		t.Fatalf("render not allowed: %v", credits)
	}
	if status, body := callJSON(t, c, "PUT", video+"/render", token, nil); status != http.StatusAccepted {
		t.Fatalf("render = %d %v", status, body)
	}

	for kill := 1; kill <= 3; kill++ {
		until(fmt.Sprintf("render running before stop %d", kill), 60*time.Second, func() bool {
			d := getJSON(t, c, video+"/renderStatusWithDetails")
			if d["status"] == "completed" || d["status"] == "failed" {
				t.Fatalf("render ended (%v) before stop %d", d["status"], kill)
			}
			return d["stage"] == "rendering" || d["stage"] == "joining"
		})
		time.Sleep(100 * time.Millisecond)
		stop()
		stop = startRunAll(t, cfg)
		token = csrfToken(t, c, base)
	}

	var d map[string]any
	until("render complete after three stops", 180*time.Second, func() bool {
		d = getJSON(t, c, video+"/renderStatusWithDetails")
		if d["status"] == "failed" {
			t.Fatalf("render failed: %v", d["error"])
		}
		return d["status"] == "completed"
	})
	if d["attempt"].(float64) != 1 || d["renderStatus"] != domain.RenderStatusComplete || d["contentUrl"] == "" {
		t.Fatalf("details = %v", d)
	}
	limits := getJSON(t, c, base+"/api/v2/video/limits")
	if want := credits["remainingCredits"].(float64) - credits["requiredCredits"].(float64); limits["remainingCredits"].(float64) != want {
		t.Fatalf("credits left %v, want %v (charged once)", limits["remainingCredits"], want)
	}

	file := filepath.Join(t.TempDir(), "video.mp4")
	download(t, d["contentUrl"].(string), file)
	p, err := media.Tool{}.Probe(context.Background(), file, "")
	if err != nil {
		t.Fatal(err)
	}
	if p.Width != 1920 || p.Height != 1080 || p.VideoCodec != "h264" || p.AudioCodec != "aac" {
		t.Fatalf("probe = %+v", p)
	}
	if diff := math.Abs(p.Duration*1000 - durationMs); diff > 100 {
		t.Fatalf("MP4 lasts %.0f ms, the video %.0f ms", p.Duration*1000, durationMs)
	}
	t.Logf("rendered %.1f s of video through three restarts", p.Duration)
}

// download saves a URL's body to file.
func download(t *testing.T, url, file string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s = %d", url, resp.StatusCode)
	}
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := io.Copy(f, resp.Body); err != nil {
		t.Fatal(err)
	}
}
