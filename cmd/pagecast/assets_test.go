//go:build !noembed

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"

	"pagecast/media"
	"pagecast/workflows"
)

// callJSON sends a JSON call with the CSRF token and returns the status and body.
func callJSON(t *testing.T, c *http.Client, method, url, token string, body any) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, url, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-CSRF-Token", token)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return resp.StatusCode, out
}

func dataOf(body map[string]any) map[string]any {
	d, _ := body["data"].(map[string]any)
	return d
}

// makeMedia generates test media with ffmpeg's lavfi sources.
func makeMedia(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	out := filepath.Join(dir, name)
	full := append([]string{"-hide_banner", "-nostdin", "-v", "error", "-y"}, args...)
	if b, err := exec.Command("ffmpeg", append(full, out)...).CombinedOutput(); err != nil {
		t.Fatalf("generate %s: %v\n%s", name, err, b)
	}
	return out
}

// TestMediaImportEndToEnd runs `pagecast run` in-process and does what the browser
// does: ask for a presigned URL, pass the object store's CORS preflight, PUT the
// file there, confirm, and poll until the tile is playable; then it stops the whole
// thing in the middle of an import, starts it again and sees the import finish once,
// with one set of objects.
func TestMediaImportEndToEnd(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	cfg := localConfig(t)
	base := cfg.HTTP.PublicURL
	start := func() (stop func()) { return startRunAll(t, cfg) }

	src := t.TempDir()
	video := []string{"-f", "lavfi", "-i", "testsrc=size=640x360:rate=25:duration=3", "-f", "lavfi", "-i", "sine=frequency=330:duration=3", "-shortest"}
	files := []struct {
		name, mime, typ, preview string
		args                     []string
	}{
		{"clip.mp4", "video/mp4", "video", "mp4", append(video, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart")},
		{"photo.jpg", "image/jpeg", "image", "jpeg", []string{"-f", "lavfi", "-i", "testsrc=size=1280x720:rate=1", "-frames:v", "1"}},
		{"voice.mp3", "audio/mpeg", "audio", "png", []string{"-f", "lavfi", "-i", "sine=frequency=220:duration=3"}},
	}

	stop := start()
	defer func() { stop() }()
	c, token := signUpInRun(t, base, "mia@example.com")
	pub := int64(getJSON(t, c, base+"/api/v2/user")["publisherId"].(float64))

	upload := func(path, mime string) int64 {
		t.Helper()
		st, _ := os.Stat(path)
		status, body := callJSON(t, c, "POST", base+"/api/v2/upload/url", token,
			map[string]any{"name": filepath.Base(path), "type": mime, "size": st.Size()})
		if status != http.StatusOK {
			t.Fatalf("upload url = %d %v", status, body)
		}
		d := dataOf(body)
		putURL := d["url"].(string)
		// The app is on :apiPort, the store on :s3Port: the browser asks first.
		pre, _ := http.NewRequest("OPTIONS", putURL, nil)
		pre.Header.Set("Origin", base)
		pre.Header.Set("Access-Control-Request-Method", "PUT")
		pre.Header.Set("Access-Control-Request-Headers", "content-type")
		resp, err := http.DefaultClient.Do(pre)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if o := resp.Header.Get("Access-Control-Allow-Origin"); o != "*" && o != base {
			t.Fatalf("object store CORS preflight: %d %v", resp.StatusCode, resp.Header)
		}
		f, _ := os.Open(path)
		defer f.Close()
		put, _ := http.NewRequest("PUT", putURL, f)
		put.ContentLength = st.Size()
		for k, v := range d["headers"].(map[string]any) {
			put.Header.Set(k, v.(string))
		}
		resp, err = http.DefaultClient.Do(put)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("PUT to the store = %d", resp.StatusCode)
		}
		status, body = callJSON(t, c, "POST", base+"/api/v2/upload/confirmUpload", token, map[string]any{"fileUploadId": d["fileUploadId"]})
		if status != http.StatusCreated {
			t.Fatalf("confirm = %d %v", status, body)
		}
		return int64(dataOf(body)["assetId"].(float64))
	}
	state := func(id int64) map[string]any {
		raw := getJSONList(t, c, base+"/api/v2/asset/status?assetIds="+strconv.FormatInt(id, 10))
		if len(raw) != 1 {
			t.Fatalf("status of %d: %v", id, raw)
		}
		return raw[0]
	}
	waitFor := func(id int64, want string, within time.Duration) {
		t.Helper()
		deadline := time.Now().Add(within)
		for time.Now().Before(deadline) {
			s := state(id)
			if s["state"] == want {
				return
			}
			if s["state"] == "error" {
				t.Fatalf("asset %d failed: %v", id, s)
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("asset %d not %s after %s: %v", id, want, within, state(id))
	}
	sniffURL := func(u string) media.Format {
		t.Helper()
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		head := make([]byte, 512)
		n, _ := io.ReadFull(resp.Body, head)
		f, ok := media.Sniff(head[:n])
		if resp.StatusCode != http.StatusOK || !ok {
			t.Fatalf("GET %s = %d, %q", u, resp.StatusCode, head[:n])
		}
		return f
	}

	// An MP4, a JPG and an MP3 go from processing to a playable preview.
	for _, f := range files {
		id := upload(makeMedia(t, src, f.name, f.args...), f.mime)
		waitFor(id, "complete", 60*time.Second)
		a := getJSON(t, c, base+"/api/v2/asset/"+strconv.FormatInt(id, 10))
		if a["type"] != f.typ || a["status"].(float64) != 4 {
			t.Fatalf("%s: %v", f.name, a)
		}
		if got := sniffURL(a["previewUrl"].(string)); got.Name != f.preview {
			t.Fatalf("%s: preview is %s, want %s", f.name, got.Name, f.preview)
		}
		if got := sniffURL(a["thumbnailUrl"].(string)); got.Name != "jpeg" {
			t.Fatalf("%s: thumbnail is %s", f.name, got.Name)
		}
		sniffURL(a["url"].(string))
	}
	page := getJSON(t, c, base+"/api/v2/asset/page")
	if page["totalItems"].(float64) != 3 {
		t.Fatalf("library page = %v", page)
	}

	// Refusals before any byte is stored, and a loopback import with the default config.
	if status, body := callJSON(t, c, "POST", base+"/api/v2/upload/url", token, map[string]any{"name": "notes.txt", "type": "text/plain", "size": 10}); status != 400 {
		t.Fatalf("txt upload = %d %v", status, body)
	}
	status, body := callJSON(t, c, "POST", base+"/api/v2/upload/url", token, map[string]any{"name": "big.mp4", "type": "video/mp4", "size": 600 << 20})
	if e, _ := body["error"].(map[string]any); status != 413 || e["message"] != "File is too large. The maximum size is 500 MB." {
		t.Fatalf("big upload = %d %v", status, body)
	}
	for _, u := range []string{base + "/a.mp4", "http://169.254.169.254/latest/meta-data/", "http://2130706433/", "http://[::1]/", "http://[::ffff:127.0.0.1]/"} {
		if status, body := callJSON(t, c, "POST", base+"/api/v2/asset/import", token, map[string]any{"url": u}); status != 400 {
			t.Fatalf("import %s = %d %v", u, status, body)
		}
	}

	// Stop everything in the middle of transcoding a long AVI, start again.
	avi := makeMedia(t, src, "long.avi", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25:duration=60",
		"-f", "lavfi", "-i", "sine=frequency=440:duration=60", "-shortest", "-c:v", "mpeg4", "-q:v", "5", "-c:a", "mp3")
	id := upload(avi, "video/x-msvideo")
	waitFor(id, "processing", 30*time.Second)
	time.Sleep(1500 * time.Millisecond)
	stop()
	stop = start()
	if s := state(id); s["state"] != "processing" && s["state"] != "pending" {
		t.Fatalf("after the restart the import is %v, want still running", s)
	}
	waitFor(id, "complete", 3*time.Minute)

	objects := filepath.Join(cfg.DataDir, "objects", "buckets", cfg.S3.Bucket, "assets", strconv.FormatInt(pub, 10), strconv.FormatInt(id, 10))
	var names []string
	_ = filepath.WalkDir(objects, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, strings.TrimPrefix(p, objects+"/"))
		}
		return nil
	})
	sort.Strings(names)
	if strings.Join(names, " ") != "media.mp4 preview.mp4 thumbnail.jpg" {
		t.Fatalf("objects of the restarted import: %v", names)
	}
	a := getJSON(t, c, base+"/api/v2/asset/"+strconv.FormatInt(id, 10))
	if a["duration"].(float64) < 59 || sniffURL(a["url"].(string)).Name != "mp4" {
		t.Fatalf("restarted import: %v", a)
	}

	// Temporal saw the processing step run again after the stop, in one workflow run.
	tc, err := client.Dial(client.Options{HostPort: cfg.Temporal.HostPort, Namespace: cfg.Temporal.Namespace})
	if err != nil {
		t.Fatal(err)
	}
	defer tc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	it := tc.GetWorkflowHistory(ctx, workflows.ImportAssetID(id), "", false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	maxAttempt := int32(0)
	completed := 0
	for it.HasNext() {
		ev, err := it.Next()
		if err != nil {
			t.Fatal(err)
		}
		if a := ev.GetActivityTaskStartedEventAttributes(); a != nil {
			maxAttempt = max(maxAttempt, a.GetAttempt())
		}
		if ev.GetActivityTaskCompletedEventAttributes() != nil {
			completed++
		}
	}
	t.Logf("import of %d: highest activity attempt %d, %d activities completed", id, maxAttempt, completed)
	if maxAttempt < 2 {
		t.Fatalf("no activity was retried after the restart (highest attempt %d)", maxAttempt)
	}
}

// getJSONList is getJSON for a list answer.
func getJSONList(t *testing.T, c *http.Client, url string) []map[string]any {
	t.Helper()
	resp, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var body struct{ Data []map[string]any }
	if err := json.Unmarshal(raw, &body); err != nil {
		t.Fatalf("%s: %s", url, raw)
	}
	return body.Data
}

// signUpInRun registers an individual account with email through a running API and
// returns its signed-in browser and CSRF token.
func signUpInRun(t *testing.T, base, email string) (*http.Client, string) {
	t.Helper()
	c := browser()
	token := csrfToken(t, c, base)
	reg := map[string]any{"signupEmail": email, "signupEmailConfirm": email, "signupPassword": "correct-horse",
		"userCategory": "Individual", "websiteUrl": ""}
	if status, body := callJSON(t, c, "POST", base+"/pub/v1/user/register", token, reg); status != http.StatusCreated {
		t.Fatalf("register = %d %v", status, body)
	}
	return c, token
}
