package activities

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"pagecast/blob"
	"pagecast/media"
	"pagecast/models"
	"pagecast/providers/webfetch"
	"pagecast/store"
)

// assetStore is what the asset activities need from the database.
type assetStore interface {
	AssetForImport(ctx context.Context, id int64) (models.Asset, error)
	MarkAssetProcessing(ctx context.Context, id int64) (models.Asset, error)
	SetAssetOriginal(ctx context.Context, id int64, o store.AssetOriginal) error
	CompleteAsset(ctx context.Context, id int64, r store.AssetImport, now time.Time) (models.Asset, error)
	FailAsset(ctx context.Context, id int64, message, key string) (models.Asset, error)
	MarkAssetObjectsDeleted(ctx context.Context, ids []int64, now time.Time) error
	DeletedAssetsWithObjects(ctx context.Context, before time.Time, limit int) ([]models.Asset, error)
	ExpiredFileUploads(ctx context.Context, before time.Time, limit int) ([]models.FileUpload, error)
	StaleCreatedAssets(ctx context.Context, before time.Time, limit int) ([]models.Asset, error)
	DeleteFileUpload(ctx context.Context, id string) error
}

// assetObjects is what the asset activities need from the object store.
type assetObjects interface {
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	Get(ctx context.Context, key string) (io.ReadCloser, blob.ObjectInfo, error)
	Delete(ctx context.Context, key string) error
	List(ctx context.Context, prefix string, fn func(blob.ObjectInfo) error) error
}

// mediaFetcher fetches URL imports; webfetch.Fetcher guards the addresses.
type mediaFetcher interface {
	Get(ctx context.Context, raw string) (*webfetch.Response, error)
}

// AssetActivities imports media into the library: fetch a URL, probe, make the
// thumbnail and preview, normalise, store, and delete objects of deleted assets.
// It is registered next to Activities; workflows call it through a nil pointer.
type AssetActivities struct {
	Store   assetStore
	Blob    assetObjects
	Media   media.Tool
	Fetcher mediaFetcher
	// WorkDir holds each import's temporary files; "" = the system temp dir.
	WorkDir string
	// MaxBytes caps a URL import (uploads are capped by the API).
	MaxBytes int64
	// HeartbeatEvery is how often long steps heartbeat; 0 = 5 s.
	HeartbeatEvery time.Duration
}

// Sizes of what the import makes.
const (
	ThumbnailWidth      = 480
	PreviewWidth        = 320
	PreviewSeconds      = 5.0
	WaveformWidth       = 640
	WaveformHeight      = 160
	sweepAge            = time.Hour
	sweepBatch          = 200
	defaultHeartbeatGap = 5 * time.Second
)

// User-facing reasons an import ends in error.
const (
	MsgNotMedia       = "This file is not a supported image, video or audio file."
	MsgURLNotMedia    = "The address does not point to a supported image, video or audio file."
	MsgImportFailed   = "We could not import this file. Please try again."
	msgMismatchFormat = "This file's content does not match its extension (%s)."
	msgUnreadable     = "We could not read this %s file."
	msgTooLarge       = "File is too large. The maximum size is %d MB."
)

// TooLargeMessage is the spec's size refusal (spec 001 section 8), in whole MB.
func TooLargeMessage(maxBytes int64) string {
	return fmt.Sprintf(msgTooLarge, maxBytes/(1<<20))
}

// badMedia is a non-retryable failure whose message the user sees and whose type is
// the error key stored with the asset.
func badMedia(key, message string, cause error) error {
	return temporal.NewApplicationErrorWithOptions(message, key, temporal.ApplicationErrorOptions{NonRetryable: true, Cause: cause})
}

// errorKeyFor returns the error key of bad media for an asset: URL imports get the
// spec's invalid-media-URL key.
func errorKeyFor(a models.Asset) string {
	if a.SourceURL != "" {
		return models.ErrorKeyInvalidMediaURL
	}
	return models.ErrorKeyInvalidMedia
}

// heartbeat records progress every HeartbeatEvery until the returned stop is called,
// so Temporal can tell a long ffmpeg run from a dead worker.
func (a *AssetActivities) heartbeat(ctx context.Context, step string) (stop func()) {
	if !activity.IsActivity(ctx) {
		return func() {}
	}
	every := a.HeartbeatEvery
	if every <= 0 {
		every = defaultHeartbeatGap
	}
	activity.RecordHeartbeat(ctx, step)
	done := make(chan struct{})
	var once sync.Once
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				activity.RecordHeartbeat(ctx, step)
			}
		}
	}()
	return func() { once.Do(func() { close(done) }) }
}

func (a *AssetActivities) workDir(assetID int64) (string, error) {
	dir, err := os.MkdirTemp(a.WorkDir, "asset-"+strconv.FormatInt(assetID, 10)+"-")
	if err != nil {
		return "", fmt.Errorf("asset work dir: %w", err)
	}
	return dir, nil
}

// FetchAssetSourceInput names the URL import to fetch.
type FetchAssetSourceInput struct {
	AssetID int64
}

// FetchAssetSourceResult tells where the fetched file was stored.
type FetchAssetSourceResult struct {
	Key         string
	Size        int64
	ContentType string
	// Deleted is true when the user deleted the asset before the fetch.
	Deleted bool
}

// FetchAssetSource downloads a URL import (streaming, through the address guard, up
// to MaxBytes) and stores it as the asset's original. Addresses that may not be
// fetched, answers that are not media and files too large fail for good with the
// invalid-media-URL key; network and server errors are retried.
func (a *AssetActivities) FetchAssetSource(ctx context.Context, in FetchAssetSourceInput) (FetchAssetSourceResult, error) {
	asset, err := a.Store.MarkAssetProcessing(ctx, in.AssetID)
	if err != nil {
		return FetchAssetSourceResult{}, finalOr(err)
	}
	if asset.DeletedAt != nil {
		return FetchAssetSourceResult{Deleted: true}, nil
	}
	if asset.SourceURL == "" {
		return FetchAssetSourceResult{}, temporal.NewNonRetryableApplicationError("asset has no source URL", "NoSourceURL", nil)
	}
	stop := a.heartbeat(ctx, "fetch")
	defer stop()
	resp, err := a.Fetcher.Get(ctx, asset.SourceURL)
	if err != nil {
		return FetchAssetSourceResult{}, a.fetchError(err)
	}
	defer resp.Body.Close()
	dir, err := a.workDir(asset.ID)
	if err != nil {
		return FetchAssetSourceResult{}, err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "source")
	size, err := copyToFile(file, resp.Body)
	if err != nil {
		return FetchAssetSourceResult{}, a.fetchError(err)
	}
	f, err := media.SniffFile(file)
	if err != nil {
		return FetchAssetSourceResult{}, badMedia(models.ErrorKeyInvalidMediaURL, MsgURLNotMedia, err)
	}
	key := models.AssetPrefix(asset.PublisherID, asset.ID) + models.AssetObjectOriginal + f.Ext
	if err := putFile(ctx, a.Blob, key, file, f.MIME); err != nil {
		return FetchAssetSourceResult{}, err
	}
	typeID := assetTypeID(f.Kind)
	if err := a.Store.SetAssetOriginal(ctx, asset.ID, store.AssetOriginal{Key: key, Size: size, ContentType: f.MIME, TypeID: typeID}); err != nil {
		return FetchAssetSourceResult{}, finalOr(err)
	}
	return FetchAssetSourceResult{Key: key, Size: size, ContentType: f.MIME}, nil
}

// fetchError sorts a fetch failure into bad URL (final) and transient (retried).
func (a *AssetActivities) fetchError(err error) error {
	var refused *webfetch.Error
	var status *webfetch.StatusError
	switch {
	case errors.As(err, &refused):
		return badMedia(models.ErrorKeyInvalidMediaURL, refused.Message, nil)
	case errors.As(err, &status) && !status.Temporary():
		return badMedia(models.ErrorKeyInvalidMediaURL, "The address answered "+status.Status+".", nil)
	case errors.Is(err, webfetch.ErrTooLarge):
		return badMedia(models.ErrorKeyInvalidMediaURL, TooLargeMessage(a.MaxBytes), nil)
	}
	return fmt.Errorf("fetch media: %w", err)
}

// finalOr makes "the asset is gone or its import already ended" final.
func finalOr(err error) error {
	if errors.Is(err, models.ErrNotFound) || errors.Is(err, models.ErrInvalidState) {
		return temporal.NewNonRetryableApplicationError(err.Error(), "AssetStateChanged", err)
	}
	return err
}

func assetTypeID(k media.Kind) models.AssetTypeID {
	switch k {
	case media.KindVideo:
		return models.AssetTypeIDVideo
	case media.KindImage:
		return models.AssetTypeIDImage
	default:
		return models.AssetTypeIDAudio
	}
}

// copyToFile streams r into a new file at path and returns its size.
func copyToFile(path string, r io.Reader) (int64, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// putFile streams a local file into the object store.
func putFile(ctx context.Context, b assetObjects, key, file, contentType string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	return b.Put(ctx, key, f, st.Size(), contentType)
}

// ProcessAssetInput names the asset to import.
type ProcessAssetInput struct {
	AssetID int64
}

// ProcessAssetResult is what the import measured and the objects it wrote.
type ProcessAssetResult struct {
	TypeID       models.AssetTypeID
	ContentType  string
	Duration     float64
	Width        int
	Height       int
	VideoCodec   string
	AudioCodec   string
	MediaKey     string
	PreviewKey   string
	ThumbnailKey string
	// Handling is what was done to a video: keep, remux or transcode.
	Handling string
	// Deleted is true when the user deleted the asset before the import ran.
	Deleted bool
}

// ProcessAsset imports a stored original: it checks the bytes are the media the
// name says, probes them, makes a thumbnail and a preview, normalises videos
// browsers cannot play everywhere, and writes the results under the asset's prefix
// (a retry overwrites them); media kept as uploaded is the checked file, stored there
// too, so the asset's media never changes after its import. It moves the asset to
// processing; CompleteAssetImport records the result. Bad media fails for good;
// anything else is retried.
func (a *AssetActivities) ProcessAsset(ctx context.Context, in ProcessAssetInput) (ProcessAssetResult, error) {
	asset, err := a.Store.MarkAssetProcessing(ctx, in.AssetID)
	if err != nil {
		return ProcessAssetResult{}, finalOr(err)
	}
	if asset.DeletedAt != nil {
		return ProcessAssetResult{Deleted: true}, nil
	}
	if asset.OriginalKey == "" {
		return ProcessAssetResult{}, temporal.NewNonRetryableApplicationError("asset has no original", "NoOriginal", nil)
	}
	dir, err := a.workDir(asset.ID)
	if err != nil {
		return ProcessAssetResult{}, err
	}
	defer os.RemoveAll(dir)

	stop := a.heartbeat(ctx, "download")
	original := filepath.Join(dir, "original")
	err = a.download(ctx, asset.OriginalKey, original)
	stop()
	if errors.Is(err, blob.ErrNotFound) {
		return ProcessAssetResult{}, badMedia(models.ErrorKeyImportFailed, "The uploaded file is missing. Please upload it again.", err)
	}
	if err != nil {
		return ProcessAssetResult{}, err
	}

	key := errorKeyFor(asset)
	f, err := media.SniffFile(original)
	if err != nil {
		if errors.Is(err, media.ErrUnknownFormat) {
			msg := MsgNotMedia
			if asset.SourceURL != "" {
				msg = MsgURLNotMedia
			}
			return ProcessAssetResult{}, badMedia(key, msg, err)
		}
		return ProcessAssetResult{}, err
	}
	if ext := path.Ext(asset.OriginalKey); !media.MatchesExtension(f, ext) {
		return ProcessAssetResult{}, badMedia(key, fmt.Sprintf(msgMismatchFormat, ext), nil)
	}
	probe, err := a.Media.Probe(ctx, original, f.Demuxer)
	kind := f.Kind
	if err == nil {
		kind, err = probe.Validate(f.Kind)
	}
	if errors.Is(err, media.ErrInvalidMedia) {
		return ProcessAssetResult{}, badMedia(key, fmt.Sprintf(msgUnreadable, f.Kind), err)
	}
	if err != nil {
		return ProcessAssetResult{}, err
	}

	prefix := models.AssetPrefix(asset.PublisherID, asset.ID)
	res := ProcessAssetResult{
		TypeID: assetTypeID(kind), ContentType: f.MIME, Duration: probe.Duration, Width: probe.Width, Height: probe.Height,
		VideoCodec: probe.VideoCodec, AudioCodec: probe.AudioCodec,
		ThumbnailKey: prefix + models.AssetObjectThumbnail,
	}
	var uploads []upload
	switch kind {
	case media.KindVideo:
		uploads, err = a.processVideo(ctx, dir, original, f, probe, prefix, &res)
	case media.KindImage:
		res.Duration = 0
		uploads, err = a.processImage(ctx, dir, original, f, probe, prefix, &res)
	case media.KindAudio:
		res.Width, res.Height, res.VideoCodec = 0, 0, ""
		if f.Kind == media.KindVideo {
			res.ContentType = "audio/" + f.MIME[len("video/"):]
		}
		uploads, err = a.processAudio(ctx, dir, original, f, prefix, &res)
	}
	if err != nil {
		return ProcessAssetResult{}, err
	}
	switch {
	case res.MediaKey != "": // normalised
	case strings.HasPrefix(asset.OriginalKey, prefix):
		// Kept as uploaded, where only the server writes (a multipart upload, a URL or
		// page import): the original is the media.
		res.MediaKey = asset.OriginalKey
	default:
		// Kept as uploaded from a browser's presigned PUT, whose URL can overwrite the
		// upload with unchecked bytes until it expires, and renders name content by the
		// key: the media is the file checked above, stored under a key of the asset's own.
		res.MediaKey = prefix + models.AssetObjectKeptMedia + f.Ext
		uploads = append(uploads, upload{file: original, key: res.MediaKey, contentType: res.ContentType})
	}
	stop = a.heartbeat(ctx, "store")
	defer stop()
	for _, u := range uploads {
		if err := putFile(ctx, a.Blob, u.key, u.file, u.contentType); err != nil {
			return ProcessAssetResult{}, err
		}
	}
	return res, nil
}

// upload is one output file and where it goes.
type upload struct {
	file, key, contentType string
}

func (a *AssetActivities) download(ctx context.Context, key, file string) error {
	rc, _, err := a.Blob.Get(ctx, key)
	if err != nil {
		return err
	}
	defer rc.Close()
	_, err = copyToFile(file, rc)
	return err
}

// run runs one ffmpeg step with heartbeats.
func (a *AssetActivities) run(ctx context.Context, step string, fn func() error) error {
	stop := a.heartbeat(ctx, step)
	defer stop()
	if err := fn(); err != nil {
		return fmt.Errorf("%s: %w", step, err)
	}
	return nil
}

func (a *AssetActivities) processVideo(ctx context.Context, dir, original string, f media.Format, p media.Probe, prefix string, res *ProcessAssetResult) ([]upload, error) {
	thumb := filepath.Join(dir, models.AssetObjectThumbnail)
	at := min(1.0, p.Duration/3)
	if err := a.run(ctx, "thumbnail", func() error {
		return a.Media.Thumbnail(ctx, original, f.Demuxer, at, p.Width, p.Height, ThumbnailWidth, thumb)
	}); err != nil {
		return nil, err
	}
	preview := filepath.Join(dir, models.AssetObjectPreviewVideo)
	if err := a.run(ctx, "preview", func() error {
		return a.Media.VideoPreview(ctx, original, f.Demuxer, PreviewSeconds, PreviewWidth, preview)
	}); err != nil {
		return nil, err
	}
	res.PreviewKey = prefix + models.AssetObjectPreviewVideo
	uploads := []upload{
		{file: thumb, key: res.ThumbnailKey, contentType: "image/jpeg"},
		{file: preview, key: res.PreviewKey, contentType: "video/mp4"},
	}
	moovFirst := false
	if f.Name == "mp4" {
		moovFirst, _ = media.MoovFirst(original)
	}
	handling := media.VideoHandling(f, p, moovFirst)
	switch handling {
	case media.Keep:
		res.Handling = "keep"
		return uploads, nil
	case media.Remux:
		res.Handling = "remux"
	default:
		res.Handling = "transcode"
	}
	normalised := filepath.Join(dir, models.AssetObjectMedia)
	err := a.run(ctx, res.Handling, func() error {
		if handling == media.Remux {
			return a.Media.Remux(ctx, original, f.Demuxer, normalised)
		}
		return a.Media.Transcode(ctx, original, f.Demuxer, normalised)
	})
	if err != nil {
		return nil, err
	}
	out, err := a.Media.Probe(ctx, normalised, "mov")
	if err != nil {
		return nil, fmt.Errorf("probe normalised video: %w", err)
	}
	res.ContentType, res.VideoCodec, res.AudioCodec = "video/mp4", out.VideoCodec, out.AudioCodec
	res.MediaKey = prefix + models.AssetObjectMedia
	return append(uploads, upload{file: normalised, key: res.MediaKey, contentType: "video/mp4"}), nil
}

func (a *AssetActivities) processImage(ctx context.Context, dir, original string, f media.Format, p media.Probe, prefix string, res *ProcessAssetResult) ([]upload, error) {
	thumb := filepath.Join(dir, models.AssetObjectThumbnail)
	if err := a.run(ctx, "thumbnail", func() error {
		return a.Media.Thumbnail(ctx, original, f.Demuxer, 0, p.Width, p.Height, ThumbnailWidth, thumb)
	}); err != nil {
		return nil, err
	}
	name, ct := models.AssetObjectPreviewPNG, "image/png"
	if f.Name == "jpeg" {
		name, ct = models.AssetObjectPreviewJPEG, "image/jpeg"
	}
	preview := filepath.Join(dir, name)
	if err := a.run(ctx, "preview", func() error {
		return a.Media.ImagePreview(ctx, original, f.Demuxer, p.Width, p.Height, PreviewWidth, preview)
	}); err != nil {
		return nil, err
	}
	res.PreviewKey = prefix + name
	res.VideoCodec = ""
	return []upload{
		{file: thumb, key: res.ThumbnailKey, contentType: "image/jpeg"},
		{file: preview, key: res.PreviewKey, contentType: ct},
	}, nil
}

func (a *AssetActivities) processAudio(ctx context.Context, dir, original string, f media.Format, prefix string, res *ProcessAssetResult) ([]upload, error) {
	wave := filepath.Join(dir, models.AssetObjectPreviewPNG)
	if err := a.run(ctx, "waveform", func() error {
		return a.Media.Waveform(ctx, original, f.Demuxer, WaveformWidth, WaveformHeight, wave)
	}); err != nil {
		return nil, err
	}
	thumb := filepath.Join(dir, models.AssetObjectThumbnail)
	if err := a.run(ctx, "thumbnail", func() error {
		return a.Media.Thumbnail(ctx, wave, "png_pipe", 0, WaveformWidth, WaveformHeight, ThumbnailWidth, thumb)
	}); err != nil {
		return nil, err
	}
	res.PreviewKey = prefix + models.AssetObjectPreviewPNG
	return []upload{
		{file: thumb, key: res.ThumbnailKey, contentType: "image/jpeg"},
		{file: wave, key: res.PreviewKey, contentType: "image/png"},
	}, nil
}

// CompleteAssetImportInput carries the import's result to the database.
type CompleteAssetImportInput struct {
	AssetID int64
	Result  ProcessAssetResult
}

// CompleteAssetImportResult tells whether the user deleted the asset meanwhile (its
// new objects must then go too).
type CompleteAssetImportResult struct {
	Deleted bool
}

// CompleteAssetImport moves the asset to complete with what the import measured; a
// second call changes nothing.
func (a *AssetActivities) CompleteAssetImport(ctx context.Context, in CompleteAssetImportInput) (CompleteAssetImportResult, error) {
	r := in.Result
	asset, err := a.Store.CompleteAsset(ctx, in.AssetID, store.AssetImport{
		TypeID: r.TypeID, ContentType: r.ContentType, Duration: r.Duration, Width: r.Width, Height: r.Height,
		VideoCodec: r.VideoCodec, AudioCodec: r.AudioCodec,
		MediaKey: r.MediaKey, PreviewKey: r.PreviewKey, ThumbnailKey: r.ThumbnailKey,
	}, time.Now())
	if err != nil {
		return CompleteAssetImportResult{}, finalOr(err)
	}
	return CompleteAssetImportResult{Deleted: asset.DeletedAt != nil}, nil
}

// FailAssetImportInput says why an import ended in error.
type FailAssetImportInput struct {
	AssetID int64
	Message string
	Key     string
}

// FailAssetImportResult is empty.
type FailAssetImportResult struct{}

// FailAssetImport moves the asset to error with the reason kept and deletes every
// object stored for it: refused media is not kept.
func (a *AssetActivities) FailAssetImport(ctx context.Context, in FailAssetImportInput) (FailAssetImportResult, error) {
	asset, err := a.Store.FailAsset(ctx, in.AssetID, in.Message, in.Key)
	if errors.Is(err, models.ErrInvalidState) || errors.Is(err, models.ErrNotFound) {
		return FailAssetImportResult{}, nil // complete already, or gone: nothing to fail
	}
	if err != nil {
		return FailAssetImportResult{}, err
	}
	return FailAssetImportResult{}, a.deleteObjects(ctx, asset)
}

func (a *AssetActivities) deleteObjects(ctx context.Context, asset models.Asset) error {
	keys := asset.ObjectKeys()
	seen := make(map[string]bool, len(keys))
	for _, k := range keys {
		seen[k] = true
	}
	err := a.Blob.List(ctx, models.AssetPrefix(asset.PublisherID, asset.ID), func(o blob.ObjectInfo) error {
		if !seen[o.Key] {
			seen[o.Key] = true
			keys = append(keys, o.Key)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("list objects of asset %d: %w", asset.ID, err)
	}
	for _, key := range keys {
		if err := a.Blob.Delete(ctx, key); err != nil && !errors.Is(err, blob.ErrNotFound) {
			return fmt.Errorf("delete objects of asset %d: %w", asset.ID, err)
		}
	}
	return nil
}

// DeleteAssetObjectsInput names deleted assets whose objects must go.
type DeleteAssetObjectsInput struct {
	AssetIDs []int64
}

// DeleteAssetObjectsResult counts the assets cleaned up.
type DeleteAssetObjectsResult struct {
	Assets int
}

// DeleteAssetObjects removes every object of the given soft-deleted assets and
// records it. Assets not deleted are left alone, so a stray call cannot remove the
// media of a live asset.
func (a *AssetActivities) DeleteAssetObjects(ctx context.Context, in DeleteAssetObjectsInput) (DeleteAssetObjectsResult, error) {
	stop := a.heartbeat(ctx, "delete")
	defer stop()
	var done []int64
	for _, id := range in.AssetIDs {
		asset, err := a.Store.AssetForImport(ctx, id)
		if errors.Is(err, models.ErrNotFound) {
			continue
		}
		if err != nil {
			return DeleteAssetObjectsResult{}, err
		}
		if asset.DeletedAt == nil {
			continue
		}
		if err := a.deleteObjects(ctx, asset); err != nil {
			return DeleteAssetObjectsResult{}, err
		}
		done = append(done, id)
	}
	if err := a.Store.MarkAssetObjectsDeleted(ctx, done, time.Now()); err != nil {
		return DeleteAssetObjectsResult{}, err
	}
	return DeleteAssetObjectsResult{Assets: len(done)}, nil
}

// SweepDeletedAssetObjectsInput is empty; the cut-off is the activity's clock.
type SweepDeletedAssetObjectsInput struct{}

// SweepDeletedAssetObjects cleans up assets deleted over an hour ago whose objects
// are still recorded as stored (a DeleteAssetObjects start that never happened).
func (a *AssetActivities) SweepDeletedAssetObjects(ctx context.Context, _ SweepDeletedAssetObjectsInput) (DeleteAssetObjectsResult, error) {
	assets, err := a.Store.DeletedAssetsWithObjects(ctx, time.Now().Add(-sweepAge), sweepBatch)
	if err != nil {
		return DeleteAssetObjectsResult{}, err
	}
	ids := make([]int64, len(assets))
	for i, as := range assets {
		ids[i] = as.ID
	}
	return a.DeleteAssetObjects(ctx, DeleteAssetObjectsInput{AssetIDs: ids})
}

// SweepAbandonedUploadsInput is empty; the cut-off is the activity's clock.
type SweepAbandonedUploadsInput struct{}

// SweepAbandonedUploadsResult counts the presigned upload records removed and the
// unfinished multipart uploads ended.
type SweepAbandonedUploadsResult struct {
	Uploads    int
	Unfinished int
}

// MsgUploadUnfinished is the reason a multipart upload that never reached the store
// ends in error.
const MsgUploadUnfinished = "The upload did not finish. Please upload the file again."

// SweepAbandonedUploads removes uploads that will never finish: presigned uploads
// that expired over an hour ago (the object of one never confirmed, and the record of
// every one; a confirmed upload's object is its asset's original and stays), and
// multipart uploads whose asset is still "created" an hour on (the API stopped while
// storing it): those end in error and lose whatever was stored.
func (a *AssetActivities) SweepAbandonedUploads(ctx context.Context, _ SweepAbandonedUploadsInput) (SweepAbandonedUploadsResult, error) {
	stop := a.heartbeat(ctx, "sweep uploads")
	defer stop()
	stale, err := a.Store.StaleCreatedAssets(ctx, time.Now().Add(-sweepAge), sweepBatch)
	if err != nil {
		return SweepAbandonedUploadsResult{}, err
	}
	for _, as := range stale {
		if _, err := a.FailAssetImport(ctx, FailAssetImportInput{AssetID: as.ID, Message: MsgUploadUnfinished, Key: models.ErrorKeyImportFailed}); err != nil {
			return SweepAbandonedUploadsResult{}, err
		}
	}
	ups, err := a.Store.ExpiredFileUploads(ctx, time.Now().Add(-sweepAge), sweepBatch)
	if err != nil {
		return SweepAbandonedUploadsResult{}, err
	}
	for i, u := range ups {
		if u.AssetID == nil {
			if err := a.Blob.Delete(ctx, u.ObjectKey); err != nil && !errors.Is(err, blob.ErrNotFound) {
				return SweepAbandonedUploadsResult{Uploads: i, Unfinished: len(stale)}, err
			}
		}
		if err := a.Store.DeleteFileUpload(ctx, u.ID); err != nil {
			return SweepAbandonedUploadsResult{Uploads: i, Unfinished: len(stale)}, err
		}
	}
	return SweepAbandonedUploadsResult{Uploads: len(ups), Unfinished: len(stale)}, nil
}
