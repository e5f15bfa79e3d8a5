package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"pagecast/api"
	"pagecast/blob"
	"pagecast/config"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/captcha"
	"pagecast/providers/webfetch"
	"pagecast/store"
	"pagecast/store/storetest"
)

// recordedAssetWorkflows records the media library workflows the API starts.
type recordedAssetWorkflows struct {
	mu      sync.Mutex
	imports map[int64]bool // asset id -> from URL
	deletes [][]int64
}

func (r *recordedAssetWorkflows) ImportAsset(_ context.Context, id int64, fromURL bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.imports == nil {
		r.imports = map[int64]bool{}
	}
	r.imports[id] = fromURL
	return nil
}

func (r *recordedAssetWorkflows) DeleteAssetObjects(_ context.Context, ids []int64) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.deletes = append(r.deletes, ids)
	return nil
}

// assetEnv is the API with the media library over one database and an in-memory S3.
type assetEnv struct {
	*env
	objects *blob.Store
	awf     *recordedAssetWorkflows
	cfg     config.Config
	renders *recordedRenders
	// renderDeps are the server's own: a test may swap its Renders or StartTimeout.
	renderDeps *api.RenderDeps
}

// publicDNS resolves the test's public-looking names without a network.
func publicDNS(_ context.Context, host string) ([]netip.Addr, error) {
	table := map[string]string{"media.example.com": "93.184.216.34", "sneaky.example.com": "127.0.0.1", "inside.example.com": "10.0.0.7"}
	if a, ok := table[host]; ok {
		return []netip.Addr{netip.MustParseAddr(a)}, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

func newAssetEnv(t *testing.T, db storetest.DB, tune func(*config.Config)) *assetEnv {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket("pagecast"); err != nil {
		t.Fatal(err)
	}
	s3srv := httptest.NewServer(gofakes3.New(backend, gofakes3.WithoutVersioning()).Server())
	t.Cleanup(s3srv.Close)
	cfg := testConfig(t)
	if tune != nil {
		tune(&cfg)
	}
	objects, err := blob.New(t.Context(), blob.Config{Endpoint: s3srv.URL, Region: "us-east-1", Bucket: "pagecast",
		AccessKeyID: "k", SecretAccessKey: "s", UsePathStyle: true, PresignTTL: cfg.S3.PresignTTL})
	if err != nil {
		t.Fatal(err)
	}
	wf, awf, renders := &recordedWorkflows{}, &recordedAssetWorkflows{}, &recordedRenders{}
	renderDeps := &api.RenderDeps{Renders: renders, Objects: objects}
	s, err := api.New(api.Deps{
		Config: cfg, Store: db.Store, Workflows: wf, Captcha: captcha.Off{},
		Logger:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		PasswordParams: domain.PasswordParams{Memory: 1024, Time: 1, Threads: 1},
		Assets: &api.AssetDeps{Workflows: awf, Objects: objects, URLs: webfetch.New(webfetch.Options{Lookup: publicDNS}),
			SpoolDir: t.TempDir()},
		Render: renderDeps,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return &assetEnv{env: &env{t: t, store: db.Store, srv: srv, wf: wf, http: newBrowser(t)}, objects: objects, awf: awf, cfg: cfg, renders: renders,
		renderDeps: renderDeps}
}

func num(v any) int64 {
	f, _ := v.(float64)
	return int64(f)
}

func (r response) list() []map[string]any {
	raw, _ := r.Body["data"].([]any)
	out := make([]map[string]any, len(raw))
	for i, v := range raw {
		out[i], _ = v.(map[string]any)
	}
	return out
}

func (r response) message() string {
	e, _ := r.Body["error"].(map[string]any)
	s, _ := e["message"].(string)
	return s
}

func TestPresignedUpload(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAssetEnv(t, db, nil)
		ann, pub := e.signUp("ann@example.com")
		content := append([]byte("\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2"), bytes.Repeat([]byte{7}, 3000)...)

		r := e.do(ann, "POST", "/api/v2/upload/url", map[string]any{"name": "Holiday clip.mp4", "type": "video/mp4", "size": len(content)}, true)
		if r.Status != 200 {
			t.Fatalf("upload url = %d %v", r.Status, r.Body)
		}
		d := r.data()
		putURL, uploadID := d["url"].(string), d["fileUploadId"].(string)
		headers, _ := d["headers"].(map[string]any)
		if d["method"] != "PUT" || headers["Content-Type"] != "video/mp4" || !strings.Contains(putURL, "X-Amz-Signature=") || uploadID == "" {
			t.Fatalf("upload url data = %v", d)
		}

		// Confirming before the bytes arrived is refused with the spec's message.
		r = e.do(ann, "POST", "/api/v2/upload/confirmUpload", map[string]any{"fileUploadId": uploadID}, true)
		if r.Status != 400 || r.message() != "Failed to parse data" {
			t.Fatalf("early confirm = %d %v", r.Status, r.Body)
		}

		// The browser asks the object store for CORS, then PUTs the file straight there.
		pre, _ := http.NewRequest("OPTIONS", putURL, nil)
		pre.Header.Set("Origin", "http://localhost:8080")
		pre.Header.Set("Access-Control-Request-Method", "PUT")
		pre.Header.Set("Access-Control-Request-Headers", "content-type")
		resp, err := http.DefaultClient.Do(pre)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.Header.Get("Access-Control-Allow-Origin") == "" || !strings.Contains(resp.Header.Get("Access-Control-Allow-Methods"), "PUT") {
			t.Fatalf("preflight answered %d %v", resp.StatusCode, resp.Header)
		}
		put, _ := http.NewRequest("PUT", putURL, bytes.NewReader(content))
		put.Header.Set("Content-Type", "video/mp4")
		resp, err = http.DefaultClient.Do(put)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("PUT = %d", resp.StatusCode)
		}

		// Another account cannot confirm it.
		bo, _ := e.signUp("bo@example.com")
		if r := e.do(bo, "POST", "/api/v2/upload/confirmUpload", map[string]any{"fileUploadId": uploadID}, true); r.Status != 404 {
			t.Fatalf("bo confirms ann's upload = %d %v", r.Status, r.Body)
		}

		r = e.do(ann, "POST", "/api/v2/upload/confirmUpload", map[string]any{"fileUploadId": uploadID}, true)
		if r.Status != 201 {
			t.Fatalf("confirm = %d %v", r.Status, r.Body)
		}
		a := r.data()
		id := num(a["assetId"])
		if a["name"] != "Holiday clip.mp4" || a["type"] != "video" || num(a["assetTypeId"]) != 1 || num(a["source"]) != 10 ||
			a["state"] != "pending" || num(a["status"]) != 2 || num(a["size"]) != int64(len(content)) || a["url"] != "" || a["parentAssetId"] != nil {
			t.Fatalf("confirmed asset = %v", a)
		}
		if fromURL, started := e.awf.imports[id]; !started || fromURL {
			t.Fatalf("imports started = %v", e.awf.imports)
		}
		// Confirming again is harmless: same asset, no second row.
		r = e.do(ann, "POST", "/api/v2/upload/confirmUpload", map[string]any{"fileUploadId": uploadID}, true)
		if r.Status != 200 || num(r.data()["assetId"]) != id || e.count(&models.Asset{}) != 1 {
			t.Fatalf("second confirm = %d %v", r.Status, r.Body)
		}

		// Once imported, the asset is served through presigned GETs only.
		key := models.UploadKey(pub, uploadID, ".mp4")
		prefix := models.AssetPrefix(pub, id)
		if _, err := e.store.CompleteAsset(t.Context(), id, store.AssetImport{TypeID: models.AssetTypeIDVideo, ContentType: "video/mp4",
			Duration: 2.5, Width: 640, Height: 360, MediaKey: key, PreviewKey: prefix + "preview.mp4", ThumbnailKey: prefix + "thumbnail.jpg"}, time.Now()); err != nil {
			t.Fatal(err)
		}
		a = e.do(ann, "GET", "/api/v2/asset/"+strconv.FormatInt(id, 10), nil, false).data()
		if a["state"] != "complete" || num(a["status"]) != 4 || a["duration"] != 2.5 || a["length"] != 2.5 || num(a["width"]) != 640 {
			t.Fatalf("complete asset = %v", a)
		}
		for _, f := range []string{"url", "previewUrl", "thumbnailUrl"} {
			u, _ := a[f].(string)
			if !strings.Contains(u, "X-Amz-Signature=") || !strings.Contains(u, "X-Amz-Expires=900") {
				t.Fatalf("%s = %q, want a presigned GET", f, u)
			}
		}
		got, err := http.Get(a["url"].(string))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(got.Body)
		got.Body.Close()
		if !bytes.Equal(body, content) {
			t.Fatalf("GET url returned %d bytes", len(body))
		}
		// Polling shows the same URLs, so the browser keeps its cached previews.
		if again := e.do(ann, "GET", "/api/v2/asset/"+strconv.FormatInt(id, 10), nil, false).data(); again["previewUrl"] != a["previewUrl"] {
			t.Fatal("presigned URLs change between polls")
		}
	})
}

func TestUploadURLRefusals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAssetEnv(t, db, nil)
		ann, _ := e.signUp("ann@example.com")
		tests := []struct {
			name   string
			body   any
			status int
			code   string
			msg    string
		}{
			{"no name", map[string]any{"type": "video/mp4", "size": 10}, 400, "no_file", "No file provided"},
			{"no size", map[string]any{"name": "a.mp4", "type": "video/mp4"}, 400, "no_file", "No file provided"},
			{"empty file", map[string]any{"name": "a.mp4", "type": "video/mp4", "size": 0}, 400, "no_file", "No file provided"},
			{"exe", map[string]any{"name": "setup.exe", "type": "application/octet-stream", "size": 10}, 400, "file_type_not_allowed", ""},
			{"svg", map[string]any{"name": "logo.svg", "type": "image/svg+xml", "size": 10}, 400, "file_type_not_allowed", ""},
			{"no extension", map[string]any{"name": "video", "type": "video/mp4", "size": 10}, 400, "file_type_not_allowed", ""},
			{"type does not fit", map[string]any{"name": "a.jpg", "type": "video/mp4", "size": 10}, 400, "file_type_not_allowed", ""},
			{"one byte too large", map[string]any{"name": "a.mp4", "type": "video/mp4", "size": 524288001}, 413, "file_too_large", "File is too large. The maximum size is 500 MB."},
			{"no CSRF", nil, 403, "csrf_failed", ""},
		}
		for _, tt := range tests {
			r := e.do(ann, "POST", "/api/v2/upload/url", tt.body, tt.body != nil)
			if r.Status != tt.status || r.code() != tt.code || (tt.msg != "" && r.message() != tt.msg) {
				t.Errorf("%s: %d %v", tt.name, r.Status, r.Body)
			}
		}
		if n := e.count(&models.FileUpload{}); n != 0 {
			t.Fatalf("%d uploads recorded by refused calls", n)
		}
		for _, name := range []string{"a.mov", "b.AVI", "c.webm", "d.gif", "e.webp", "f.jpeg", "g.png", "h.mp3", "i.ogg", "j.aac", "k.mpeg", "l.opus", "m.wav", "n.flac"} {
			r := e.do(ann, "POST", "/api/v2/upload/url", map[string]any{"name": name, "type": "", "size": 524288000}, true)
			if r.Status != 200 {
				t.Errorf("%s at the limit: %d %v", name, r.Status, r.Body)
			}
		}
	})
}

func TestConfirmRefusesOversizedObject(t *testing.T) {
	e := newAssetEnv(t, storetest.SQLite(t), func(c *config.Config) { c.Assets.MaxUploadBytes = 1 << 20 })
	ann, pub := e.signUp("ann@example.com")
	r := e.do(ann, "POST", "/api/v2/upload/url", map[string]any{"name": "a.png", "type": "image/png", "size": 1000}, true)
	if r.Status != 200 {
		t.Fatalf("upload url = %d %v", r.Status, r.Body)
	}
	id := r.data()["fileUploadId"].(string)
	// The browser declared 1000 bytes and sent 2 MB.
	put, _ := http.NewRequest("PUT", r.data()["url"].(string), bytes.NewReader(make([]byte, 2<<20)))
	put.Header.Set("Content-Type", "image/png")
	resp, err := http.DefaultClient.Do(put)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	r = e.do(ann, "POST", "/api/v2/upload/confirmUpload", map[string]any{"fileUploadId": id}, true)
	if r.Status != 413 || r.message() != "Failed to parse data" {
		t.Fatalf("confirm oversized = %d %v", r.Status, r.Body)
	}
	if _, err := e.objects.Head(t.Context(), models.UploadKey(pub, id, ".png")); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("oversized object kept: %v", err)
	}
	if n := e.count(&models.Asset{}); n != 0 {
		t.Fatalf("%d assets", n)
	}
	if r := e.do(ann, "POST", "/api/v2/upload/confirmUpload", map[string]any{"fileUploadId": "upl_nope"}, true); r.Status != 404 {
		t.Fatalf("unknown upload = %d", r.Status)
	}
	if r := e.do(ann, "POST", "/api/v2/upload/confirmUpload", map[string]any{}, true); r.Status != 400 || r.message() != "No file provided" {
		t.Fatalf("no id = %d %v", r.Status, r.Body)
	}
}

// multipartUpload posts one file part (or none when field is "") as the browser would.
func (e *assetEnv) multipartUpload(c *http.Client, field, filename string, content []byte, csrf bool) response {
	e.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("note", "ignored")
	if field != "" {
		w, _ := mw.CreateFormFile(field, filename)
		_, _ = w.Write(content)
	}
	mw.Close()
	req, _ := http.NewRequest("POST", e.srv.URL+"/api/v2/asset/upload", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if csrf {
		req.Header.Set(api.CSRFHeader, e.csrfToken(c))
	}
	resp, err := c.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	out := response{Status: resp.StatusCode, Header: resp.Header}
	raw, _ := io.ReadAll(resp.Body)
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

var pngBytes = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{1}, 2000)...)

func TestMultipartUpload(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAssetEnv(t, db, func(c *config.Config) { c.Assets.MaxUploadBytes = 1 << 20 })
		ann, pub := e.signUp("ann@example.com")

		r := e.multipartUpload(ann, "file", "logo.png", pngBytes, true)
		if r.Status != 201 {
			t.Fatalf("upload = %d %v", r.Status, r.Body)
		}
		a := r.data()
		id := num(a["assetId"])
		if a["name"] != "logo.png" || a["type"] != "image" || a["state"] != "pending" || num(a["size"]) != int64(len(pngBytes)) || a["contentType"] != "image/png" {
			t.Fatalf("asset = %v", a)
		}
		info, err := e.objects.Head(t.Context(), models.AssetPrefix(pub, id)+"original.png")
		if err != nil || info.Size != int64(len(pngBytes)) {
			t.Fatalf("stored original: %+v %v", info, err)
		}
		if _, started := e.awf.imports[id]; !started {
			t.Fatal("import not started")
		}

		tests := []struct {
			name, field, file string
			content           []byte
			csrf              bool
			status            int
			code, msg         string
		}{
			{"no file part", "", "", nil, true, 400, "no_file", "No file provided"},
			{"empty file", "file", "a.png", nil, true, 400, "no_file", "No file provided"},
			{"text file", "file", "notes.txt", []byte("hello"), true, 400, "file_type_not_allowed", ""},
			{"html named mp4", "file", "clip.mp4", []byte("<!doctype html><html></html>"), true, 415, "file_type_not_allowed", "This file is not a supported image, video or audio file."},
			{"png named jpg", "file", "photo.jpg", pngBytes, true, 415, "file_type_not_allowed", "This file's content does not match its extension (.jpg)."},
			{"too large", "file", "big.png", append(append([]byte{}, pngBytes...), make([]byte, 1<<20)...), true, 413, "file_too_large", "File is too large. The maximum size is 1 MB."},
			{"no CSRF", "file", "logo.png", pngBytes, false, 403, "csrf_failed", ""},
		}
		for _, tt := range tests {
			r := e.multipartUpload(ann, tt.field, tt.file, tt.content, tt.csrf)
			if r.Status != tt.status || r.code() != tt.code || (tt.msg != "" && r.message() != tt.msg) {
				t.Errorf("%s: %d %v", tt.name, r.Status, r.Body)
			}
		}
		if n := e.count(&models.Asset{}); n != 1 {
			t.Fatalf("refused uploads left %d assets", n)
		}
	})
}

func TestImportFromURLChecksTheAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAssetEnv(t, db, nil)
		ann, _ := e.signUp("ann@example.com")
		for _, raw := range []string{
			"http://127.0.0.1/clip.mp4",
			"http://169.254.169.254/latest/meta-data/",
			"http://2130706433/",
			"http://0x7f000001/",
			"http://[::1]/",
			"http://[::ffff:127.0.0.1]/",
			"http://localhost:8080/a.mp4",
			"http://sneaky.example.com/a.mp4",
			"http://inside.example.com/a.mp4",
			"http://nowhere.example.com/a.mp4",
			"ftp://media.example.com/a.mp4",
			"javascript:alert(1)",
		} {
			r := e.do(ann, "POST", "/api/v2/asset/import", map[string]any{"url": raw}, true)
			if r.Status != 400 || r.code() != "invalid_media_url" || r.message() == "" {
				t.Errorf("%s: %d %v", raw, r.Status, r.Body)
			}
		}
		if r := e.do(ann, "POST", "/api/v2/asset/import", map[string]any{"url": "  "}, true); r.Status != 400 || r.fields()["url"] != "Please enter a URL" {
			t.Fatalf("empty url = %d %v", r.Status, r.Body)
		}
		if n := e.count(&models.Asset{}); n != 0 {
			t.Fatalf("refused imports made %d assets", n)
		}
		r := e.do(ann, "POST", "/api/v2/asset/import", map[string]any{"url": "https://media.example.com/films/Sea%20view.mp4?x=1"}, true)
		if r.Status != 202 {
			t.Fatalf("import = %d %v", r.Status, r.Body)
		}
		a := r.data()
		if a["name"] != "Sea view.mp4" || a["type"] != "video" || a["state"] != "pending" {
			t.Fatalf("imported asset = %v", a)
		}
		if fromURL := e.awf.imports[num(a["assetId"])]; !fromURL {
			t.Fatalf("imports = %v", e.awf.imports)
		}
		r = e.do(ann, "POST", "/api/v2/asset/import", map[string]any{"url": "https://media.example.com/get?id=3", "name": "Intro music"}, true)
		if r.Status != 202 || r.data()["name"] != "Intro music" {
			t.Fatalf("named import = %d %v", r.Status, r.Body)
		}
	})
}

// seed writes assets straight to the store: name, type and age in hours.
func (e *assetEnv) seed(pub int64, name string, typ models.AssetTypeID, hoursAgo int) int64 {
	e.t.Helper()
	at := time.Now().UTC().Add(-time.Duration(hoursAgo) * time.Hour)
	a := models.Asset{PublisherID: pub, Name: name, TypeID: typ, Source: models.AssetSourceInternal, State: models.AssetStateComplete,
		OriginalKey: models.AssetPrefix(pub, 0) + "original", CreatedAt: at, UpdatedAt: at}
	if err := e.store.CreateAsset(e.t.Context(), &a); err != nil {
		e.t.Fatal(err)
	}
	return a.ID
}

func idsOf(assets []any) []int64 {
	out := []int64{}
	for _, a := range assets {
		out = append(out, num(a.(map[string]any)["assetId"]))
	}
	return out
}

func TestLibraryCalls(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAssetEnv(t, db, nil)
		ann, pub := e.signUp("ann@example.com")
		_, boPub := e.signUp("bo@example.com")
		sea := e.seed(pub, "Sea view.mp4", models.AssetTypeIDVideo, 50)
		logo := e.seed(pub, "logo.png", models.AssetTypeIDImage, 30)
		song := e.seed(pub, "Theme song.mp3", models.AssetTypeIDAudio, 10)
		photo := e.seed(pub, "SEA photo.jpg", models.AssetTypeIDImage, 1)
		e.seed(boPub, "sea of bo.mp4", models.AssetTypeIDVideo, 2)

		after := url.QueryEscape(time.Now().UTC().Add(-40 * time.Hour).Format(time.RFC3339))
		before := url.QueryEscape(time.Now().UTC().Add(-5 * time.Hour).Format(time.RFC3339))
		pages := []struct {
			query string
			want  []int64
			total int64
			size  int64
		}{
			{"", []int64{photo, song, logo, sea}, 4, 20},
			{"?page=2&limit=3", []int64{sea}, 4, 3},
			{"?pageSize=2", []int64{photo, song}, 4, 2},
			{"?limit=1000", []int64{photo, song, logo, sea}, 4, 100},
			{"?assetType=image", []int64{photo, logo}, 2, 20},
			{"?assetType=2", []int64{photo, logo}, 2, 20},
			{"?assetType=video&assetType=audio", []int64{song, sea}, 2, 20},
			{"?assetType=video,6", []int64{song, sea}, 2, 20},
			{"?assetSource=10", []int64{photo, song, logo, sea}, 4, 20},
			{"?assetSource=11", []int64{}, 0, 20},
			{"?assetName=sea", []int64{photo, sea}, 2, 20},
			{"?createdAfterTime=" + after + "&createdBeforeTime=" + before, []int64{song, logo}, 2, 20},
			{"?isPublic=true", []int64{}, 0, 20},
		}
		for _, p := range pages {
			r := e.do(ann, "GET", "/api/v2/asset/page"+p.query, nil, false)
			d := r.data()
			assets, _ := d["assets"].([]any)
			got := idsOf(assets)
			if r.Status != 200 || fmt.Sprint(got) != fmt.Sprint(p.want) || num(d["totalItems"]) != p.total || num(d["pageSize"]) != p.size {
				t.Errorf("page%s = %d %v, want %v", p.query, r.Status, d, p.want)
			}
		}
		for _, q := range []string{"?page=0", "?limit=x", "?assetType=document", "?assetSource=abc", "?createdAfterTime=yesterday"} {
			if r := e.do(ann, "GET", "/api/v2/asset/page"+q, nil, false); r.Status != 400 || r.code() != "validation_failed" {
				t.Errorf("page%s = %d %v", q, r.Status, r.Body)
			}
		}

		// Several at once, and import states.
		r := e.do(ann, "GET", fmt.Sprintf("/api/v2/asset?assetIds=%d&assetIds=%d", song, sea), nil, false)
		if l := r.list(); r.Status != 200 || len(l) != 2 || num(l[0]["assetId"]) != song || num(l[1]["assetId"]) != sea {
			t.Fatalf("by ids = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "GET", "/api/v2/asset", nil, false); r.Status != 200 || len(r.list()) != 0 {
			t.Fatalf("no ids = %d %v", r.Status, r.Body)
		}
		if _, err := e.store.FailAsset(t.Context(), logo, "This file is not a supported image, video or audio file.", models.ErrorKeyInvalidMedia); !errors.Is(err, models.ErrInvalidState) {
			t.Fatal("complete asset failed")
		}
		failing := e.seedPending(pub, "broken.mp4")
		if _, err := e.store.FailAsset(t.Context(), failing, "We could not read this video file.", models.ErrorKeyInvalidMedia); err != nil {
			t.Fatal(err)
		}
		r = e.do(ann, "GET", fmt.Sprintf("/api/v2/asset/status?assetIds=%d,%d&videoId=12", sea, failing), nil, false)
		l := r.list()
		if r.Status != 200 || len(l) != 2 || num(l[0]["status"]) != 4 || l[0]["state"] != "complete" ||
			num(l[1]["status"]) != 5 || l[1]["errorMessage"] != "We could not read this video file." || l[1]["errorKey"] != models.ErrorKeyInvalidMedia {
			t.Fatalf("status = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "GET", "/api/v2/asset/status?assetIds=x", nil, false); r.Status != 400 {
			t.Fatalf("bad ids = %d", r.Status)
		}

		// Update: name and text; layerId is checked only.
		path := "/api/v2/asset/" + strconv.FormatInt(sea, 10)
		r = e.do(ann, "PUT", path, map[string]any{"name": "  Sea at dawn.mp4 ", "text": "Waves", "layerId": 4}, true)
		if r.Status != 200 || r.data()["name"] != "Sea at dawn.mp4" || r.data()["text"] != "Waves" {
			t.Fatalf("update = %d %v", r.Status, r.Body)
		}
		for _, body := range []map[string]any{{"name": ""}, {"name": strings.Repeat("n", 256)}, {"layerId": 0}, {"layerId": -3}, {"assetId": sea + 1}, {"text": strings.Repeat("t", 100001)}} {
			if r := e.do(ann, "PUT", path, body, true); r.Status != 400 {
				t.Errorf("update %v = %d %v", body, r.Status, r.Body)
			}
		}
		if r := e.do(ann, "PUT", path, map[string]any{"layerId": "x"}, true); r.Status != 400 {
			t.Errorf("layerId string = %d", r.Status)
		}
		if r := e.do(ann, "GET", "/api/v2/asset/abc", nil, false); r.Status != 400 || r.code() != "invalid_asset_id" {
			t.Errorf("non-numeric id = %d %v", r.Status, r.Body)
		}

		// Delete one, then bulk delete.
		if r := e.do(ann, "DELETE", path, nil, true); r.Status != 200 || fmt.Sprint(r.data()["deleted"]) != fmt.Sprintf("[%d]", sea) {
			t.Fatalf("delete = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "GET", path, nil, false); r.Status != 404 {
			t.Fatalf("deleted asset = %d", r.Status)
		}
		if r := e.do(ann, "POST", "/api/v2/asset/bulkDelete", map[string]any{"assetIds": []int64{}}, true); r.Status != 400 {
			t.Fatalf("empty bulk delete = %d", r.Status)
		}
		r = e.do(ann, "POST", "/api/v2/asset/bulkDelete", map[string]any{"assetIds": []int64{logo, song}}, true)
		if r.Status != 200 || fmt.Sprint(r.data()["deleted"]) != fmt.Sprintf("[%d %d]", logo, song) {
			t.Fatalf("bulk delete = %d %v", r.Status, r.Body)
		}
		if len(e.awf.deletes) != 2 || fmt.Sprint(e.awf.deletes[1]) != fmt.Sprintf("[%d %d]", logo, song) {
			t.Fatalf("object cleanups started = %v", e.awf.deletes)
		}
		if d := e.do(ann, "GET", "/api/v2/asset/page", nil, false).data(); num(d["totalItems"]) != 2 {
			t.Fatalf("after deletes: %v", d)
		}
	})
}

func (e *assetEnv) seedPending(pub int64, name string) int64 {
	a := models.Asset{PublisherID: pub, Name: name, TypeID: models.AssetTypeIDVideo, Source: models.AssetSourceInternal, State: models.AssetStatePending}
	if err := e.store.CreateAsset(e.t.Context(), &a); err != nil {
		e.t.Fatal(err)
	}
	return a.ID
}

// TestAnotherAccountsAssetsAre404 tries every asset call on someone else's asset.
func TestAnotherAccountsAssetsAre404(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAssetEnv(t, db, nil)
		ann, pub := e.signUp("ann@example.com")
		bo, boPub := e.signUp("bo@example.com")
		mine := e.seed(pub, "ann's.mp4", models.AssetTypeIDVideo, 1)
		bos := e.seed(boPub, "bo's.mp4", models.AssetTypeIDVideo, 1)
		id := strconv.FormatInt(mine, 10)
		calls := []struct {
			method, path string
			body         any
		}{
			{"GET", "/api/v2/asset/" + id, nil},
			{"GET", "/api/v2/asset?assetIds=" + id, nil},
			{"GET", fmt.Sprintf("/api/v2/asset?assetIds=%d&assetIds=%d", bos, mine), nil},
			{"GET", "/api/v2/asset/status?assetIds=" + id, nil},
			{"PUT", "/api/v2/asset/" + id, map[string]any{"name": "stolen"}},
			{"DELETE", "/api/v2/asset/" + id, nil},
			{"POST", "/api/v2/asset/bulkDelete", map[string]any{"assetIds": []int64{bos, mine}}},
		}
		for _, c := range calls {
			if r := e.do(bo, c.method, c.path, c.body, true); r.Status != 404 || r.code() != "not_found" {
				t.Errorf("bo %s %s = %d %v", c.method, c.path, r.Status, r.Body)
			}
		}
		if r := e.do(ann, "GET", "/api/v2/asset/"+id, nil, false); r.Status != 200 || r.data()["name"] != "ann's.mp4" {
			t.Fatalf("ann's asset after bo's attempts = %d %v", r.Status, r.Body)
		}
		if r := e.do(bo, "GET", "/api/v2/asset/"+strconv.FormatInt(bos, 10), nil, false); r.Status != 200 {
			t.Fatalf("bo's own asset after the refused bulk delete = %d", r.Status)
		}
		if d := e.do(bo, "GET", "/api/v2/asset/page", nil, false).data(); num(d["totalItems"]) != 1 {
			t.Fatalf("bo's library = %v", d)
		}
		if len(e.awf.deletes) != 0 {
			t.Fatalf("cleanups started: %v", e.awf.deletes)
		}
		// Anonymous callers get 401.
		if r := e.do(newBrowser(t), "GET", "/api/v2/asset/page", nil, false); r.Status != 401 {
			t.Fatalf("anonymous = %d", r.Status)
		}
	})
}

func TestMediaLibraryOffAnswers503(t *testing.T) {
	e := newEnv(t, storetest.SQLite(t), nil)
	c := newBrowser(t)
	e.do(c, "POST", "/pub/v1/user/register", validRegistration("cy@example.com"), true)
	if r := e.do(c, "GET", "/api/v2/asset/page", nil, false); r.Status != 503 || r.code() != "media_library_unavailable" {
		t.Fatalf("page without the library = %d %v", r.Status, r.Body)
	}
}
