package blob_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"pagecast/blob"
	"pagecast/embedded"
)

const bucket = "pagecast-test"

// startS3 runs an embedded S3 server on dir and returns it with a Store on it.
func startS3(t *testing.T, dir string) (*embedded.S3, *blob.Store) {
	t.Helper()
	srv, err := embedded.StartS3(embedded.S3Options{Dir: dir, Buckets: []string{bucket}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	store, err := blob.New(t.Context(), blob.Config{
		Endpoint:        srv.Endpoint(),
		Region:          "us-east-1",
		Bucket:          bucket,
		AccessKeyID:     "test",
		SecretAccessKey: "test-secret",
		UsePathStyle:    true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Ping(t.Context()); err != nil {
		t.Fatal(err)
	}
	return srv, store
}

func readAll(t *testing.T, store *blob.Store, key string) (string, blob.ObjectInfo) {
	t.Helper()
	rc, info, err := store.Get(t.Context(), key)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), info
}

func TestStoreObjects(t *testing.T) {
	ctx := t.Context()
	_, store := startS3(t, t.TempDir())

	const key, body = "pages/a b+c/page 1.html", "<h1>hello</h1>"
	// A non-seekable reader, as when streaming an upload through.
	if err := store.Put(ctx, key, io.MultiReader(strings.NewReader(body)), int64(len(body)), "text/html"); err != nil {
		t.Fatal(err)
	}
	got, info := readAll(t, store, key)
	if got != body || info.Size != int64(len(body)) || info.ContentType != "text/html" || info.ETag == "" {
		t.Fatalf("get = %q %+v", got, info)
	}
	head, err := store.Head(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	if head.Size != int64(len(body)) || head.ContentType != "text/html" || head.ETag != info.ETag || head.LastModified.IsZero() {
		t.Fatalf("head = %+v, get = %+v", head, info)
	}

	if err := store.Copy(ctx, key, "copies/page.html"); err != nil {
		t.Fatal(err)
	}
	if got, info := readAll(t, store, "copies/page.html"); got != body || info.ContentType != "text/html" {
		t.Fatalf("copy = %q %+v", got, info)
	}

	if err := store.Delete(ctx, key); err != nil {
		t.Fatal(err)
	}
	if err := store.Delete(ctx, key); err != nil {
		t.Fatalf("second delete: %v", err)
	}
	if _, err := store.Head(ctx, key); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("head after delete: %v", err)
	}
	if _, _, err := store.Get(ctx, "missing"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("get missing: %v", err)
	}
	if err := store.Copy(ctx, "missing", "elsewhere"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("copy missing: %v", err)
	}
}

func TestPresignedRoundTrip(t *testing.T) {
	ctx := t.Context()
	_, store := startS3(t, t.TempDir())
	body := bytes.Repeat([]byte{0, 1, 2, 0xff}, 64<<10)

	putURL, err := store.PresignPut(ctx, "uploads/blob.bin", "application/octet-stream", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(putURL, "checksum") {
		t.Fatalf("presigned PUT carries a checksum parameter: %s", putURL)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, putURL, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/octet-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("presigned PUT: %s", resp.Status)
	}

	getURL, err := store.PresignGet(ctx, "uploads/blob.bin", 0)
	if err != nil {
		t.Fatal(err)
	}
	resp, err = http.Get(getURL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || !bytes.Equal(got, body) {
		t.Fatalf("presigned GET: %s, %d bytes", resp.Status, len(got))
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/octet-stream" {
		t.Fatalf("content type %q", ct)
	}
}

func TestRestartKeepsObjects(t *testing.T) {
	dir := t.TempDir()
	srv, store := startS3(t, dir)
	if err := store.Put(t.Context(), "kept.txt", strings.NewReader("still here"), 10, "text/plain"); err != nil {
		t.Fatal(err)
	}
	if err := srv.Stop(); err != nil {
		t.Fatal(err)
	}

	_, store = startS3(t, dir)
	if got, info := readAll(t, store, "kept.txt"); got != "still here" || info.ContentType != "text/plain" {
		t.Fatalf("after restart: %q %+v", got, info)
	}
}

func TestEnsureBucket(t *testing.T) {
	srv, err := embedded.StartS3(embedded.S3Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	store, err := blob.New(t.Context(), blob.Config{
		Endpoint: srv.Endpoint(), Region: "eu-west-1", Bucket: "fresh",
		AccessKeyID: "k", SecretAccessKey: "s", UsePathStyle: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Ping(t.Context()); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("ping before create: %v", err)
	}
	for range 2 {
		if err := store.EnsureBucket(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	if err := store.Ping(t.Context()); err != nil {
		t.Fatal(err)
	}
}

func TestConfigValidation(t *testing.T) {
	valid := blob.Config{Region: "us-east-1", Bucket: "b", Endpoint: "http://127.0.0.1:9000", AccessKeyID: "k", SecretAccessKey: "s"}
	for name, mutate := range map[string]func(*blob.Config){
		"no bucket":    func(c *blob.Config) { c.Bucket = "" },
		"no region":    func(c *blob.Config) { c.Region = "" },
		"half creds":   func(c *blob.Config) { c.SecretAccessKey = "" },
		"bad endpoint": func(c *blob.Config) { c.Endpoint = "127.0.0.1:9000" },
		"huge ttl":     func(c *blob.Config) { c.PresignTTL = 8 * 24 * time.Hour },
		"negative ttl": func(c *blob.Config) { c.PresignTTL = -time.Second },
	} {
		c := valid
		mutate(&c)
		if _, err := blob.New(context.Background(), c); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := blob.New(context.Background(), valid); err != nil {
		t.Fatal(err)
	}
}

// TestList: every object under a prefix, in key order, across S3's pages of 1,000.
func TestList(t *testing.T) {
	ctx := t.Context()
	_, store := startS3(t, t.TempDir()) // on disk, as `pagecast run` keeps it
	want := []string{}
	for i := range 1003 {
		key := fmt.Sprintf("renders/1/segments/%04d.mp4", i)
		want = append(want, key)
		if err := store.Put(ctx, key, strings.NewReader("x"), 1, "video/mp4"); err != nil {
			t.Fatal(err)
		}
	}
	for _, key := range []string{"renders/10/segments/a.mp4", "videos/1/1/renders/1/video.mp4"} {
		if err := store.Put(ctx, key, strings.NewReader("xy"), 2, "video/mp4"); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	err := store.List(ctx, "renders/1/", func(o blob.ObjectInfo) error {
		if o.Size != 1 || o.ETag == "" || time.Since(o.LastModified) > time.Minute {
			return fmt.Errorf("listed %+v", o)
		}
		got = append(got, o.Key)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("listed %d keys (first %q), want %d", len(got), got[:min(len(got), 1)], len(want))
	}
	stop := errors.New("stop")
	n := 0
	if err := store.List(ctx, "renders/", func(blob.ObjectInfo) error { n++; return stop }); !errors.Is(err, stop) || n != 1 {
		t.Fatalf("stopping after one: err %v after %d", err, n)
	}
	if err := store.List(ctx, "nothing/", func(blob.ObjectInfo) error { return stop }); err != nil {
		t.Fatalf("empty prefix: %v", err)
	}
}

// TestPresignedURLsUseThePublicEndpoint: where the servers reach the store by a name
// browsers cannot (http://minio:9000 in docker-compose), presigned links name the
// public endpoint, and they work there; the store's own requests still go to Endpoint.
func TestPresignedURLsUseThePublicEndpoint(t *testing.T) {
	srv, err := embedded.StartS3(embedded.S3Options{Buckets: []string{bucket}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	// The same server under another name: "localhost" for the browser, 127.0.0.1 for the API.
	public := strings.Replace(srv.Endpoint(), "127.0.0.1", "localhost", 1)
	store, err := blob.New(t.Context(), blob.Config{Endpoint: srv.Endpoint(), PublicEndpoint: public, Region: "us-east-1",
		Bucket: bucket, AccessKeyID: "test", SecretAccessKey: "test-secret", UsePathStyle: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	if err := store.Put(ctx, "videos/a.mp4", strings.NewReader("frames"), 6, "video/mp4"); err != nil {
		t.Fatal(err)
	}
	for _, presign := range []func() (string, error){
		func() (string, error) { return store.PresignGet(ctx, "videos/a.mp4", 0) },
		func() (string, error) { return store.PresignPut(ctx, "uploads/b.bin", "application/octet-stream", 0) },
	} {
		link, err := presign()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(link, public+"/") {
			t.Errorf("presigned link %s, want it at %s", link, public)
		}
	}
	link, _ := store.PresignGet(ctx, "videos/a.mp4", 0)
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if got, _ := io.ReadAll(resp.Body); resp.StatusCode != http.StatusOK || string(got) != "frames" {
		t.Fatalf("GET at the public endpoint: %s %q", resp.Status, got)
	}

	if _, err := blob.New(ctx, blob.Config{PublicEndpoint: "minio:9000", Region: "us-east-1", Bucket: bucket}); err == nil {
		t.Error("a public endpoint without a scheme was taken")
	}
}
