//go:build !noembed

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"pagecast/domain"
	"pagecast/providers/tts"
)

// articleScript is a three-paragraph script: three scenes of a few slides each.
const articleScript = `The lighthouse at Bergvik was built in 1872. Its lamp burned whale oil for the first twenty years. Keepers climbed its hundred steps every evening.

In 1950 the light was electrified. The last keeper left in 1987. [pause 1s] Since then a machine has done the work.

Today the tower is a small museum. Visitors can climb to the lamp room on summer weekends. The view reaches the islands of the outer archipelago.`

// TestCreateVideoEndToEnd runs `pagecast run` in-process: it creates a video from a
// script through the API, stops the whole process while CreateVideo is under way,
// starts it again, and finds the video ready with one set of scenes, each slide
// narrated with timings that add up to its audio.
func TestCreateVideoEndToEnd(t *testing.T) {
	for _, bin := range []string{"ffmpeg", "ffprobe", "espeak-ng"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Skip(bin + " not installed")
		}
	}
	cfg := localConfig(t)
	base := cfg.HTTP.PublicURL
	stop := startRunAll(t, cfg)
	defer func() { stop() }()

	c, token := signUpInRun(t, base, "lea@example.com")
	status, body := callJSON(t, c, "POST", base+"/api/v2/video", token, map[string]any{"name": "Bergvik", "text": articleScript})
	if status != http.StatusCreated {
		t.Fatalf("create = %d %v", status, body)
	}
	id := strconv.FormatInt(int64(dataOf(body)["videoId"].(float64)), 10)
	video := func() map[string]any { return getJSON(t, c, base+"/api/v2/video/"+id) }
	waitStage := func(stage float64, within time.Duration) map[string]any {
		t.Helper()
		deadline := time.Now().Add(within)
		for {
			v := video()
			if v["buildStep"] == "failed" {
				t.Fatalf("build failed: %v", v["buildError"])
			}
			if v["buildStage"].(float64) >= stage || time.Now().After(deadline) {
				return v
			}
			time.Sleep(20 * time.Millisecond)
		}
	}

	// Stop everything once the slides exist, while media and narration are under way.
	waitStage(2, 60*time.Second)
	stop()
	stop = startRunAll(t, cfg)
	token = csrfToken(t, c, base)
	v := waitStage(4, 120*time.Second)
	if v["buildStage"].(float64) != 4 || v["buildStep"] != "ready" {
		t.Fatalf("video not ready: stage %v step %v", v["buildStage"], v["buildStep"])
	}

	want := domain.SplitScenes(articleScript, domain.SlideOptions{})
	scenes := v["scenes"].([]any)
	if len(scenes) != len(want) {
		t.Fatalf("%d scenes, want %d (none duplicated)", len(scenes), len(want))
	}
	totalMs := 0.0
	for i, raw := range scenes {
		sc := raw.(map[string]any)
		layers := sc["layerList"].([]any)
		if len(layers) != len(want[i].Slides) || sc["needsAudio"] != false || sc["order"].(float64) != float64(i+1) {
			t.Fatalf("scene %d: %d slides (want %d), needsAudio %v, order %v", i, len(layers), len(want[i].Slides), sc["needsAudio"], sc["order"])
		}
		for j, lr := range layers {
			l := lr.(map[string]any)
			if l["text"] != want[i].Slides[j].Text() {
				t.Fatalf("scene %d slide %d text %q, want %q", i, j, l["text"], want[i].Slides[j].Text())
			}
			n, _ := l["narration"].(map[string]any)
			if n == nil {
				t.Fatalf("scene %d slide %d has no narration", i, j)
			}
			sum := 0.0
			for _, s := range n["sentences"].([]any) {
				sum += s.(map[string]any)["durationMs"].(float64)
			}
			probed := probeURL(t, n["url"].(string))
			if math.Abs(sum-probed) > 50 || math.Abs(n["durationMs"].(float64)-probed) > 50 {
				t.Fatalf("scene %d slide %d: timings sum %v ms, narration %v ms, audio %v ms", i, j, sum, n["durationMs"], probed)
			}
			if got, want := l["duration"].(float64)*1000, n["durationMs"].(float64)+500; math.Abs(got-want) > 1 {
				t.Fatalf("slide duration %v ms, want narration + 500 ms pause = %v", got, want)
			}
			totalMs += l["duration"].(float64) * 1000
		}
	}
	if math.Abs(v["duration"].(float64)*1000-totalMs) > 1 {
		t.Fatalf("video duration %v s, slides add up to %v ms", v["duration"], totalMs)
	}
	list := getJSON(t, c, base+"/api/v2/video")
	if list["total"].(float64) != 1 {
		t.Fatalf("list: %v", list)
	}
}

// probeURL downloads audio and returns its length in ms as ffprobe measures it.
func probeURL(t *testing.T, u string) float64 {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	path := filepath.Join(t.TempDir(), "narration.wav")
	f, _ := os.Create(path)
	if _, err := f.ReadFrom(resp.Body); err != nil {
		t.Fatal(err)
	}
	f.Close()
	ms, err := tts.Tools{}.ProbeFileDurationMs(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return float64(ms)
}

// TestCreateVideoFromPageTopicAndVoiceover makes three more videos through the API of a
// real `pagecast run`: one from a page URL alone (pulled by the workflow from a page
// served on loopback, which the test config allows), one from an AI topic written by
// the local script writer, one around an uploaded narration, and sees them
// ReadyToRender.
func TestCreateVideoFromPageTopicAndVoiceover(t *testing.T) {
	for _, bin := range []string{"ffmpeg", "ffprobe", "espeak-ng"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Skip(bin + " not installed")
		}
	}
	picture, err := os.ReadFile(makeMedia(t, t.TempDir(), "harbour.jpg", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=1", "-frames:v", "1"))
	if err != nil {
		t.Fatal(err)
	}
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/harbour.jpg" {
			w.Header().Set("Content-Type", "image/jpeg")
			_, _ = w.Write(picture)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(w, `<!doctype html><html><head><title>Bergvik harbour</title></head><body><nav>Home News</nav><article>
<h1>Bergvik harbour</h1><p>The harbour of Bergvik was busy all summer. Ferries left for the islands four times a day.</p>
<figure><img src="/harbour.jpg" alt="The harbour at dawn" width="1280" height="720"></figure>
<p>In winter the sound freezes and the crossing takes twice as long. The town council wants a new ferry.</p></article>
<footer>Coast News</footer></body></html>`)
	}))
	defer site.Close()
	t.Setenv("PAGECAST_ASSETS_ALLOW_LOOPBACK_URLS", "true")
	cfg := localConfig(t)
	base := cfg.HTTP.PublicURL
	stop := startRunAll(t, cfg)
	defer stop()
	c, token := signUpInRun(t, base, "ola@example.com")
	waitReadyVideo := func(id float64) map[string]any {
		t.Helper()
		deadline := time.Now().Add(120 * time.Second)
		for {
			v := getJSON(t, c, base+"/api/v2/video/"+strconv.FormatInt(int64(id), 10))
			if v["buildStep"] == "failed" {
				t.Fatalf("build failed: %v", v["buildError"])
			}
			if v["buildStage"].(float64) == 4 {
				return v
			}
			if time.Now().After(deadline) {
				t.Fatalf("video not ready: %v %v", v["buildStage"], v["buildStep"])
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	// A page URL alone: the workflow pulls the article and its picture.
	status, body := callJSON(t, c, "POST", base+"/api/v2/video", token, map[string]any{"pageUrl": site.URL + "/news/harbour"})
	if status != http.StatusCreated {
		t.Fatalf("create from a page = %d %v", status, body)
	}
	page := waitReadyVideo(dataOf(body)["videoId"].(float64))
	if page["name"] != "Bergvik harbour" || !strings.Contains(page["text"].(string), "busy all summer") || len(page["scenes"].([]any)) < 2 {
		t.Fatalf("page video: %q, %q", page["name"], page["text"])
	}
	first := page["scenes"].([]any)[0].(map[string]any)["layerList"].([]any)[0].(map[string]any)["assetList"].([]any)
	if len(first) == 0 || first[0].(map[string]any)["type"] != "image" || first[0].(map[string]any)["state"] != "complete" {
		t.Fatalf("the page's picture is not on the first slide: %v", first)
	}

	// An AI topic: the local writer's script becomes the video.
	status, body = callJSON(t, c, "POST", base+"/api/v2/ai/generateVideoScript", token,
		map[string]any{"text": "How lighthouses guided ships along rocky coasts", "sectionsAmount": 2})
	if status != http.StatusOK {
		t.Fatalf("generate script = %d %v", status, body)
	}
	script := dataOf(body)
	status, body = callJSON(t, c, "POST", base+"/api/v2/video", token, map[string]any{"name": script["title"], "text": script["text"]})
	if status != http.StatusCreated {
		t.Fatalf("create from topic = %d %v", status, body)
	}
	v := waitReadyVideo(dataOf(body)["videoId"].(float64))
	if len(v["scenes"].([]any)) == 0 || v["duration"].(float64) <= 0 {
		t.Fatalf("topic video: %d scenes, %v s", len(v["scenes"].([]any)), v["duration"])
	}

	// An uploaded narration: the slides are timed to it and nothing is synthesised.
	text := "Ships once feared the rocks of this coast. A lighthouse changed that for good."
	espeak, err := tts.NewEspeak("espeak-ng")
	if err != nil {
		t.Fatal(err)
	}
	n, err := tts.Narrate(context.Background(), espeak, []tts.Part{{Text: "Ships once feared the rocks of this coast."}, {PauseMs: 600},
		{Text: "A lighthouse changed that for good."}}, tts.NarrateOptions{VoiceID: "en-us"})
	if err != nil {
		t.Fatal(err)
	}
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	_ = mw.WriteField("name", "Told by me")
	_ = mw.WriteField("text", text)
	_ = mw.WriteField("maxSentencesPerSlide", "1")
	fw, _ := mw.CreateFormFile("narrationAssetFile", "narration.wav")
	_, _ = fw.Write(n.Audio)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", base+"/api/v2/video/voiceover", &form)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("X-CSRF-Token", token)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("voiceover = %d %s", resp.StatusCode, raw)
	}
	var created struct{ Data struct{ VideoID float64 } }
	_ = json.Unmarshal(raw, &created)
	v = waitReadyVideo(created.Data.VideoID)
	if v["isVoiceover"] != true || math.Abs(v["duration"].(float64)*1000-float64(n.DurationMs)) > 50 {
		t.Fatalf("voiceover video: isVoiceover %v, %v s, narration %d ms", v["isVoiceover"], v["duration"], n.DurationMs)
	}
	slides := 0.0
	for _, sc := range v["scenes"].([]any) {
		for _, l := range sc.(map[string]any)["layerList"].([]any) {
			slides += l.(map[string]any)["duration"].(float64) * 1000
		}
	}
	if math.Abs(slides-float64(n.DurationMs)) > 2 {
		t.Fatalf("slides last %v ms, the narration %d ms", slides, n.DurationMs)
	}
}
