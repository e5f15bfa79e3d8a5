package activities_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.temporal.io/sdk/temporal"

	"pagecast/activities"
	"pagecast/blob"
	"pagecast/embedded"
	"pagecast/media"
	"pagecast/models"
	"pagecast/providers/webfetch"
	"pagecast/store"
	"pagecast/store/storetest"
)

// generate makes test media with ffmpeg's lavfi sources; no binaries are committed.
func generate(t *testing.T, name string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	out := filepath.Join(t.TempDir(), name)
	full := append([]string{"-hide_banner", "-nostdin", "-v", "error", "-y"}, args...)
	if b, err := exec.Command("ffmpeg", append(full, out)...).CombinedOutput(); err != nil {
		t.Fatalf("generate %s: %v\n%s", name, err, b)
	}
	return out
}

var (
	videoSrc = []string{"-f", "lavfi", "-i", "testsrc=size=320x240:rate=15:duration=2", "-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-shortest"}
	imageSrc = []string{"-f", "lavfi", "-i", "testsrc=size=640x360:rate=1", "-frames:v", "1"}
	audioSrc = []string{"-f", "lavfi", "-i", "sine=frequency=440:duration=2"}
)

func with(base []string, more ...string) []string {
	return append(append([]string{}, base...), more...)
}

// assetEnv is a database, an object store and the asset activities over them.
type assetEnv struct {
	t     *testing.T
	store *store.Store
	blob  *blob.Store
	acts  *activities.AssetActivities
	pub   int64
}

func newAssetEnv(t *testing.T, db storetest.DB, fetch webfetch.Options) *assetEnv {
	t.Helper()
	srv, err := embedded.StartS3(embedded.S3Options{Buckets: []string{"pagecast"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	b, err := blob.New(t.Context(), blob.Config{Endpoint: srv.Endpoint(), Region: "us-east-1", Bucket: "pagecast",
		AccessKeyID: "k", SecretAccessKey: "s", UsePathStyle: true})
	if err != nil {
		t.Fatal(err)
	}
	u, err := db.Store.CreateAccount(t.Context(), store.NewAccount{Email: "ann@example.com", PasswordHash: "h", Category: models.UserCategoryIndividual})
	if err != nil {
		t.Fatal(err)
	}
	fetch.MaxBytes = 50 << 20
	return &assetEnv{t: t, store: db.Store, blob: b, pub: u.PublisherID, acts: &activities.AssetActivities{
		Store: db.Store, Blob: b, Fetcher: webfetch.New(fetch), WorkDir: t.TempDir(), MaxBytes: fetch.MaxBytes,
	}}
}

// upload stores file as a new pending asset named name, as confirmUpload would.
func (e *assetEnv) upload(file, name string) models.Asset {
	e.t.Helper()
	ctx := e.t.Context()
	a := models.Asset{PublisherID: e.pub, Name: name, TypeID: models.AssetTypeIDVideo, Source: models.AssetSourceInternal, State: models.AssetStatePending}
	if err := e.store.CreateAsset(ctx, &a); err != nil {
		e.t.Fatal(err)
	}
	a.OriginalKey = models.AssetPrefix(e.pub, a.ID) + models.AssetObjectOriginal + media.Extension(name)
	if err := e.store.DB().Model(&a).Update("original_key", a.OriginalKey).Error; err != nil {
		e.t.Fatal(err)
	}
	f, err := os.Open(file)
	if err != nil {
		e.t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	if err := e.blob.Put(ctx, a.OriginalKey, f, st.Size(), ""); err != nil {
		e.t.Fatal(err)
	}
	return a
}

// uploadPresigned stores file where a browser's presigned PUT lands (outside the
// asset's prefix) and makes the pending asset confirmUpload would.
func (e *assetEnv) uploadPresigned(file, name, uploadID string) models.Asset {
	e.t.Helper()
	ctx := e.t.Context()
	a := models.Asset{PublisherID: e.pub, Name: name, TypeID: models.AssetTypeIDVideo, Source: models.AssetSourceInternal,
		State: models.AssetStatePending, OriginalKey: models.UploadKey(e.pub, uploadID, media.Extension(name))}
	if err := e.store.CreateAsset(ctx, &a); err != nil {
		e.t.Fatal(err)
	}
	e.put(a.OriginalKey, file)
	return a
}

// put stores a local file under key, as a PUT to a presigned URL would.
func (e *assetEnv) put(key, file string) {
	e.t.Helper()
	f, err := os.Open(file)
	if err != nil {
		e.t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	if err := e.blob.Put(e.t.Context(), key, f, st.Size(), ""); err != nil {
		e.t.Fatal(err)
	}
}

// read returns an object's bytes and content type.
func (e *assetEnv) read(key string) ([]byte, string) {
	e.t.Helper()
	rc, info, err := e.blob.Get(e.t.Context(), key)
	if err != nil {
		e.t.Fatalf("get %s: %v", key, err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		e.t.Fatal(err)
	}
	return b, info.ContentType
}

// importAsset runs the workflow's steps in order, as the worker would.
func (e *assetEnv) importAsset(id int64) (models.Asset, activities.ProcessAssetResult, error) {
	ctx := e.t.Context()
	res, err := e.acts.ProcessAsset(ctx, activities.ProcessAssetInput{AssetID: id})
	if err != nil {
		return models.Asset{}, res, err
	}
	if _, err := e.acts.CompleteAssetImport(ctx, activities.CompleteAssetImportInput{AssetID: id, Result: res}); err != nil {
		e.t.Fatal(err)
	}
	a, err := e.store.AssetForImport(ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return a, res, nil
}

func (e *assetEnv) head(key string) (blob.ObjectInfo, bool) {
	info, err := e.blob.Head(e.t.Context(), key)
	if errors.Is(err, blob.ErrNotFound) {
		return info, false
	}
	if err != nil {
		e.t.Fatal(err)
	}
	return info, true
}

func (e *assetEnv) sniff(key string) media.Format {
	e.t.Helper()
	rc, _, err := e.blob.Get(e.t.Context(), key)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rc.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(rc, head)
	f, ok := media.Sniff(head[:n])
	if !ok {
		e.t.Fatalf("%s is not media", key)
	}
	return f
}

func TestImportUploadedMedia(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAssetEnv(t, db, webfetch.Options{})
		tests := []struct {
			name      string
			args      []string
			typ       models.AssetType
			handling  string
			preview   string // sniffed format of the preview
			mediaName string // object name of the served media
		}{
			{"clip.mp4", with(videoSrc, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart"), models.AssetTypeVideo, "keep", "mp4", "original.mp4"},
			{"phone.mov", with(videoSrc, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac"), models.AssetTypeVideo, "remux", "mp4", models.AssetObjectMedia},
			{"old.avi", with(videoSrc, "-c:v", "mpeg4", "-c:a", "mp3"), models.AssetTypeVideo, "transcode", "mp4", models.AssetObjectMedia},
			{"photo.jpg", imageSrc, models.AssetTypeImage, "", "jpeg", "original.jpg"},
			{"logo.png", imageSrc, models.AssetTypeImage, "", "png", "original.png"},
			{"voice.mp3", audioSrc, models.AssetTypeAudio, "", "png", "original.mp3"},
			{"sound-only.mp4", with(audioSrc, "-c:a", "aac"), models.AssetTypeAudio, "", "png", "original.mp4"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				up := e.upload(generate(t, tt.name, tt.args...), tt.name)
				a, res, err := e.importAsset(up.ID)
				if err != nil {
					t.Fatal(err)
				}
				if a.State != models.AssetStateComplete || a.Type() != tt.typ || res.Handling != tt.handling {
					t.Fatalf("asset %+v, handling %q", a, res.Handling)
				}
				prefix := models.AssetPrefix(e.pub, a.ID)
				if a.MediaKey != prefix+tt.mediaName || a.ThumbnailKey != prefix+models.AssetObjectThumbnail {
					t.Fatalf("keys: media %s thumbnail %s", a.MediaKey, a.ThumbnailKey)
				}
				if f := e.sniff(a.ThumbnailKey); f.Name != "jpeg" {
					t.Fatalf("thumbnail is %s", f.Name)
				}
				if f := e.sniff(a.PreviewKey); f.Name != tt.preview {
					t.Fatalf("preview is %s, want %s", f.Name, tt.preview)
				}
				switch tt.typ {
				case models.AssetTypeVideo:
					if a.Duration < 1.9 || a.Width != 320 || a.Height != 240 || a.VideoCodec != "h264" || a.AudioCodec != "aac" || a.ContentType != "video/mp4" {
						t.Fatalf("video measured %+v", a)
					}
				case models.AssetTypeImage:
					if a.Duration != 0 || a.Width != 640 || a.Height != 360 {
						t.Fatalf("image measured %+v", a)
					}
				case models.AssetTypeAudio:
					if a.Duration < 1.9 || a.Width != 0 || a.AudioCodec == "" {
						t.Fatalf("audio measured %+v", a)
					}
				}
				// A retried import overwrites the same objects and leaves the asset complete once.
				completedAt := *a.CompletedAt
				res2, err := e.acts.ProcessAsset(t.Context(), activities.ProcessAssetInput{AssetID: a.ID})
				if err == nil {
					t.Fatalf("processing a complete asset again succeeded: %+v", res2)
				}
				again, _ := e.store.AssetForImport(t.Context(), a.ID)
				if again.State != models.AssetStateComplete || !again.CompletedAt.Equal(completedAt) {
					t.Fatalf("after a second run: %+v", again)
				}
			})
		}
	})
}

// The presigned PUT URL of an upload stays valid after the import (s3.presign_ttl), so
// the upload's object can change under the asset. Media kept as uploaded must be the
// bytes the import checked, under a key of the asset's own that nothing else writes:
// otherwise renders (which name content by the media key) reuse stale segments and
// unchecked bytes reach ffmpeg.
func TestImportKeepsTheCheckedBytes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAssetEnv(t, db, webfetch.Options{})
		other := generate(t, "other.png", "-f", "lavfi", "-i", "color=c=blue:size=64x64", "-frames:v", "1")
		tests := []struct {
			name      string
			args      []string
			handling  string
			mediaName string // the kept copy, named with the format's canonical extension
			mime      string
		}{
			{"red.png", imageSrc, "", "media.png", "image/png"},
			{"red.jpeg", imageSrc, "", "media.jpg", "image/jpeg"},
			{"clip.mp4", with(videoSrc, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart"), "keep", "media.mp4", "video/mp4"},
			{"voice.mp3", audioSrc, "", "media.mp3", "audio/mpeg"},
		}
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				file := generate(t, tt.name, tt.args...)
				checked, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				up := e.uploadPresigned(file, tt.name, "upl_swap"+strconv.Itoa(i))
				a, res, err := e.importAsset(up.ID)
				if err != nil {
					t.Fatal(err)
				}
				if res.Handling != tt.handling {
					t.Fatalf("handling %q, want %q", res.Handling, tt.handling)
				}
				if a.OriginalKey != up.OriginalKey {
					t.Fatalf("original key %s, want %s", a.OriginalKey, up.OriginalKey)
				}
				// The same presigned URL is used again, with other bytes.
				e.put(up.OriginalKey, other)
				if got, _ := e.read(up.OriginalKey); bytes.Equal(got, checked) {
					t.Fatal("the upload's object did not change")
				}
				got, ct := e.read(a.MediaKey)
				if !bytes.Equal(got, checked) {
					t.Fatalf("the asset's media (%s) changed with its upload: %d bytes, want the %d checked", a.MediaKey, len(got), len(checked))
				}
				if want := models.AssetPrefix(e.pub, a.ID) + tt.mediaName; a.MediaKey != want {
					t.Fatalf("media key %s, want %s", a.MediaKey, want)
				}
				if ct != tt.mime {
					t.Fatalf("media stored as %q, want %q", ct, tt.mime)
				}
			})
		}
	})
}

// A kept copy stored by an import whose result was never recorded (retries ran out,
// or the asset was deleted before a retry) is removed with the asset's other objects.
func TestFailedImportRemovesItsKeptCopy(t *testing.T) {
	e := newAssetEnv(t, storetest.SQLite(t), webfetch.Options{})
	up := e.uploadPresigned(generate(t, "a.png", imageSrc...), "a.png", "upl_failed")
	res, err := e.acts.ProcessAsset(t.Context(), activities.ProcessAssetInput{AssetID: up.ID})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := e.head(res.MediaKey); !ok {
		t.Fatalf("%s not stored", res.MediaKey)
	}
	if _, err := e.acts.FailAssetImport(t.Context(), activities.FailAssetImportInput{AssetID: up.ID, Message: activities.MsgImportFailed, Key: models.ErrorKeyImportFailed}); err != nil {
		t.Fatal(err)
	}
	var left []string
	if err := e.blob.List(t.Context(), models.AssetPrefix(e.pub, up.ID), func(o blob.ObjectInfo) error {
		left = append(left, o.Key)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(left) != 0 {
		t.Fatalf("left behind: %v", left)
	}
	if _, ok := e.head(up.OriginalKey); ok {
		t.Fatal("the refused upload is still stored")
	}
}

func TestImportRetriedMidwayWritesOneSetOfObjects(t *testing.T) {
	e := newAssetEnv(t, storetest.SQLite(t), webfetch.Options{})
	up := e.upload(generate(t, "c.avi", with(videoSrc, "-c:v", "mpeg4", "-c:a", "mp3")...), "c.avi")
	// The first attempt dies after storing its objects (a worker killed before it
	// reported); the retry runs the same step again.
	first, err := e.acts.ProcessAsset(t.Context(), activities.ProcessAssetInput{AssetID: up.ID})
	if err != nil {
		t.Fatal(err)
	}
	a, second, err := e.importAsset(up.ID)
	if err != nil {
		t.Fatal(err)
	}
	if first.MediaKey != second.MediaKey || first.PreviewKey != second.PreviewKey || first.ThumbnailKey != second.ThumbnailKey {
		t.Fatalf("retry wrote different keys: %+v vs %+v", first, second)
	}
	stored := 0
	for _, k := range a.ObjectKeys() {
		if _, ok := e.head(k); ok {
			stored++
		}
	}
	if stored != 4 { // original, media.mp4, preview.mp4, thumbnail.jpg
		t.Fatalf("%d objects stored, want 4", stored)
	}
}

func TestImportRefusesBadMedia(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAssetEnv(t, db, webfetch.Options{})
		text := filepath.Join(t.TempDir(), "notes.mp4")
		if err := os.WriteFile(text, []byte(strings.Repeat("this is not a video\n", 100)), 0o600); err != nil {
			t.Fatal(err)
		}
		png := generate(t, "picture.png", imageSrc...)
		truncated := filepath.Join(t.TempDir(), "cut.mp4")
		data := append([]byte("\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2"), []byte(strings.Repeat("\x42", 5000))...)
		if err := os.WriteFile(truncated, data, 0o600); err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			file, name, message string
		}{
			{text, "notes.mp4", activities.MsgNotMedia},
			{png, "picture.mp4", "This file's content does not match its extension (.mp4)."},
			{truncated, "cut.mp4", "We could not read this video file."},
		}
		for _, tt := range tests {
			up := e.upload(tt.file, tt.name)
			_, _, err := e.importAsset(up.ID)
			var appErr *temporal.ApplicationError
			if !errors.As(err, &appErr) || !appErr.NonRetryable() || appErr.Type() != models.ErrorKeyInvalidMedia || appErr.Message() != tt.message {
				t.Fatalf("%s: %v", tt.name, err)
			}
			if _, err := e.acts.FailAssetImport(t.Context(), activities.FailAssetImportInput{AssetID: up.ID, Message: appErr.Message(), Key: appErr.Type()}); err != nil {
				t.Fatal(err)
			}
			a, _ := e.store.AssetForImport(t.Context(), up.ID)
			if a.State != models.AssetStateError || a.ErrorMessage != tt.message || a.ErrorKey != models.ErrorKeyInvalidMedia {
				t.Fatalf("%s: asset %+v", tt.name, a)
			}
			if _, ok := e.head(up.OriginalKey); ok {
				t.Fatalf("%s: the refused original is still stored", tt.name)
			}
		}
	})
}

func TestImportFromURL(t *testing.T) {
	mp3 := generate(t, "song.mp3", audioSrc...)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/song":
			http.ServeFile(w, r, mp3)
		case "/page":
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, "<!doctype html><title>not media</title>")
		case "/gone":
			http.NotFound(w, r)
		case "/redirect":
			http.Redirect(w, r, "http://"+r.Context().Value(http.LocalAddrContextKey).(net.Addr).String()+"/song", http.StatusFound)
		}
	}))
	defer srv.Close()
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := t.Context()
		e := newAssetEnv(t, db, webfetch.Options{AllowLoopback: true})
		newImport := func(url string) models.Asset {
			a := models.Asset{PublisherID: e.pub, Name: "import", TypeID: models.AssetTypeIDVideo, Source: models.AssetSourceInternal,
				State: models.AssetStatePending, SourceURL: url}
			if err := e.store.CreateAsset(ctx, &a); err != nil {
				t.Fatal(err)
			}
			return a
		}
		song := newImport(srv.URL + "/song")
		fr, err := e.acts.FetchAssetSource(ctx, activities.FetchAssetSourceInput{AssetID: song.ID})
		if err != nil {
			t.Fatal(err)
		}
		if fr.Key != models.AssetPrefix(e.pub, song.ID)+"original.mp3" || fr.ContentType != "audio/mpeg" {
			t.Fatalf("fetched %+v", fr)
		}
		a, _, err := e.importAsset(song.ID)
		if err != nil {
			t.Fatal(err)
		}
		if a.State != models.AssetStateComplete || a.Type() != models.AssetTypeAudio || a.Size == 0 {
			t.Fatalf("imported %+v", a)
		}

		for path, want := range map[string]string{"/page": activities.MsgURLNotMedia, "/gone": "The address answered 404 Not Found."} {
			bad := newImport(srv.URL + path)
			_, err := e.acts.FetchAssetSource(ctx, activities.FetchAssetSourceInput{AssetID: bad.ID})
			var appErr *temporal.ApplicationError
			if !errors.As(err, &appErr) || !appErr.NonRetryable() || appErr.Type() != models.ErrorKeyInvalidMediaURL || appErr.Message() != want {
				t.Fatalf("%s: %v", path, err)
			}
		}

		// A public-looking host that redirects to loopback is refused at the redirect: the
		// test's DNS says media.example.com is 93.184.216.34 and its dialer carries that
		// address to the test server, whose answer redirects to 127.0.0.1.
		public := *e.acts
		srvAddr := srv.Listener.Addr().String()
		public.Fetcher = webfetch.New(webfetch.Options{
			Lookup: func(context.Context, string) ([]netip.Addr, error) {
				return []netip.Addr{netip.MustParseAddr("93.184.216.34")}, nil
			},
			Dial: func(ctx context.Context, network, addr string) (net.Conn, error) {
				if !strings.HasPrefix(addr, "93.184.216.34:") {
					return nil, errors.New("unexpected dial to " + addr)
				}
				return (&net.Dialer{}).DialContext(ctx, network, srvAddr)
			},
		})
		_, port, _ := net.SplitHostPort(srvAddr)
		redirected := newImport("http://media.example.com:" + port + "/redirect")
		_, err = public.FetchAssetSource(ctx, activities.FetchAssetSourceInput{AssetID: redirected.ID})
		var redirErr *temporal.ApplicationError
		if !errors.As(err, &redirErr) || redirErr.Type() != models.ErrorKeyInvalidMediaURL || !strings.Contains(redirErr.Message(), "loopback") {
			t.Fatalf("redirect to loopback: %v", err)
		}
		if _, err := e.acts.FailAssetImport(ctx, activities.FailAssetImportInput{AssetID: redirected.ID, Message: redirErr.Message(), Key: redirErr.Type()}); err != nil {
			t.Fatal(err)
		}
		if got, _ := e.store.AssetForImport(ctx, redirected.ID); got.State != models.AssetStateError || got.ErrorKey != models.ErrorKeyInvalidMediaURL || got.ErrorMessage == "" {
			t.Fatalf("redirected import = %+v", got)
		}

		// With the default guard, loopback is refused at fetch time too.
		strict := *e.acts
		strict.Fetcher = webfetch.New(webfetch.Options{})
		bad := newImport(srv.URL + "/song")
		_, err = strict.FetchAssetSource(ctx, activities.FetchAssetSourceInput{AssetID: bad.ID})
		var appErr *temporal.ApplicationError
		if !errors.As(err, &appErr) || appErr.Type() != models.ErrorKeyInvalidMediaURL || !strings.Contains(appErr.Message(), "loopback") {
			t.Fatalf("strict fetch of loopback: %v", err)
		}
	})
}

func TestDeleteAssetObjects(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := t.Context()
		e := newAssetEnv(t, db, webfetch.Options{})
		img := generate(t, "a.jpg", imageSrc...)
		gone, _, err := e.importAsset(e.upload(img, "a.jpg").ID)
		if err != nil {
			t.Fatal(err)
		}
		kept, _, err := e.importAsset(e.upload(img, "b.jpg").ID)
		if err != nil {
			t.Fatal(err)
		}
		// A live asset is never cleaned up, even if asked.
		if res, err := e.acts.DeleteAssetObjects(ctx, activities.DeleteAssetObjectsInput{AssetIDs: []int64{kept.ID}}); err != nil || res.Assets != 0 {
			t.Fatalf("cleanup of a live asset: %+v %v", res, err)
		}
		if _, err := e.store.DeleteAssets(ctx, e.pub, []int64{gone.ID}, time.Now()); err != nil {
			t.Fatal(err)
		}
		res, err := e.acts.DeleteAssetObjects(ctx, activities.DeleteAssetObjectsInput{AssetIDs: []int64{gone.ID, kept.ID}})
		if err != nil || res.Assets != 1 {
			t.Fatalf("cleanup: %+v %v", res, err)
		}
		for _, k := range gone.ObjectKeys() {
			if _, ok := e.head(k); ok {
				t.Fatalf("%s survived", k)
			}
		}
		for _, k := range []string{kept.MediaKey, kept.PreviewKey, kept.ThumbnailKey} {
			if _, ok := e.head(k); !ok {
				t.Fatalf("%s of the live asset is gone", k)
			}
		}
		after, _ := e.store.AssetForImport(ctx, gone.ID)
		if after.ObjectsDeletedAt == nil {
			t.Fatal("objects_deleted_at not set")
		}
	})
}

func TestSweepAbandonedUploads(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := t.Context()
		e := newAssetEnv(t, db, webfetch.Options{})
		old := time.Now().UTC().Add(-3 * time.Hour)
		put := func(id string, expires time.Time, assetID *int64) models.FileUpload {
			u := models.FileUpload{ID: id, PublisherID: e.pub, Name: id + ".png", ContentType: "image/png", Extension: ".png",
				DeclaredSize: 3, ObjectKey: models.UploadKey(e.pub, id, ".png"), AssetID: assetID, CreatedAt: old, ExpiresAt: expires}
			if err := e.store.CreateFileUpload(ctx, u); err != nil {
				t.Fatal(err)
			}
			if err := e.blob.Put(ctx, u.ObjectKey, strings.NewReader("png"), 3, "image/png"); err != nil {
				t.Fatal(err)
			}
			return u
		}
		a := models.Asset{PublisherID: e.pub, Name: "kept.png", TypeID: models.AssetTypeIDImage, Source: models.AssetSourceInternal, State: models.AssetStatePending}
		if err := e.store.CreateAsset(ctx, &a); err != nil {
			t.Fatal(err)
		}
		// A multipart upload whose API stopped between the row and the store.
		stuck := models.Asset{PublisherID: e.pub, Name: "stuck.png", TypeID: models.AssetTypeIDImage, Source: models.AssetSourceInternal,
			State: models.AssetStateCreated, CreatedAt: old, UpdatedAt: old}
		if err := e.store.CreateAsset(ctx, &stuck); err != nil {
			t.Fatal(err)
		}
		stuckKey := models.AssetPrefix(e.pub, stuck.ID) + "original.png"
		if err := e.store.SetUploadKey(ctx, stuck.ID, stuckKey); err != nil {
			t.Fatal(err)
		}
		if err := e.blob.Put(ctx, stuckKey, strings.NewReader("png"), 3, "image/png"); err != nil {
			t.Fatal(err)
		}
		abandoned := put("upl_abandoned", old, nil)
		confirmed := put("upl_confirmed", old, &a.ID)
		fresh := put("upl_fresh", time.Now().Add(time.Hour), nil)
		res, err := e.acts.SweepAbandonedUploads(ctx, activities.SweepAbandonedUploadsInput{})
		if err != nil || res.Uploads != 2 || res.Unfinished != 1 {
			t.Fatalf("sweep = %+v, %v", res, err)
		}
		if got, _ := e.store.AssetForImport(ctx, stuck.ID); got.State != models.AssetStateError || got.ErrorMessage != activities.MsgUploadUnfinished {
			t.Fatalf("stuck upload = %+v", got)
		}
		if _, ok := e.head(stuckKey); ok {
			t.Fatal("the unfinished upload's bytes survived")
		}
		if _, ok := e.head(abandoned.ObjectKey); ok {
			t.Fatal("the abandoned upload's object survived")
		}
		for _, u := range []models.FileUpload{confirmed, fresh} {
			if _, ok := e.head(u.ObjectKey); !ok {
				t.Fatalf("%s's object was removed", u.ID)
			}
		}
		var left int64
		e.store.DB().Model(&models.FileUpload{}).Count(&left)
		if left != 1 {
			t.Fatalf("%d upload records left, want the fresh one", left)
		}
	})
}
