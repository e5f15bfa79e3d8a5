package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"path"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"pagecast/blob"
	"pagecast/domain"
	"pagecast/media"
	"pagecast/models"
)

// Upload refusals, with the spec's messages (spec 000 section 8 and 001 section 8).
var (
	errNoFile = &Error{Status: http.StatusBadRequest, Code: "no_file", Message: "No file provided"}
	// errUploadFailed is a storage failure while taking a file in.
	errUploadFailed = &Error{Status: http.StatusBadGateway, Code: "upload_failed", Message: "Failed to upload file"}
)

// errTypeNotAllowed refuses a file by its name or declared type.
func errTypeNotAllowed() *Error {
	return &Error{Status: http.StatusBadRequest, Code: "file_type_not_allowed",
		Message: "This file type is not allowed. Allowed types: " + strings.Join(media.AllowedExtensions(), ", ") + "."}
}

// errTooLarge is the spec's size refusal in whole MB.
func (s *Server) errTooLarge() *Error {
	return &Error{Status: http.StatusRequestEntityTooLarge, Code: "file_too_large",
		Message: fmt.Sprintf("File is too large. The maximum size is %d MB.", s.cfg.Assets.MaxUploadBytes/(1<<20))}
}

// errNotReadable is the spec's answer when a confirmed upload cannot be read.
func errNotReadable(status int) *Error {
	return &Error{Status: status, Code: "invalid_upload", Message: "Failed to parse data"}
}

type uploadURLRequest struct {
	Name     string  `json:"name"`
	Type     string  `json:"type"`
	Size     *int64  `json:"size"`
	Duration float64 `json:"duration"`
	Height   int     `json:"height"`
	Width    int     `json:"width"`
}

type uploadURLResponse struct {
	URL          string            `json:"url"`
	FileUploadID string            `json:"fileUploadId"`
	Method       string            `json:"method"`
	Headers      map[string]string `json:"headers"`
	ExpiresAt    time.Time         `json:"expiresAt"`
}

// uploadURL checks a file the browser is about to upload (name, declared type and
// size) and returns a presigned PUT straight to the object store (spec 000 section 7,
// "Request presigned upload"). The bytes are checked by the import workflow.
func (s *Server) uploadURL(c *gin.Context) error {
	var req uploadURLRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	name := models.CleanAssetName(req.Name)
	if name == "" || req.Size == nil || *req.Size <= 0 {
		return errNoFile
	}
	ext := media.Extension(name)
	if _, allowed := media.DeclaredKind(ext, req.Type); !allowed {
		return errTypeNotAllowed()
	}
	if *req.Size > s.cfg.Assets.MaxUploadBytes {
		return s.errTooLarge()
	}
	if req.Duration < 0 || req.Width < 0 || req.Height < 0 {
		return validation(domain.FieldError{Field: "duration", Message: "Duration, width and height cannot be negative."})
	}
	ctx := c.Request.Context()
	pub := session(c).PublisherID
	now := time.Now().UTC()
	id := "upl_" + randomToken(18)
	contentType := media.ContentTypeFor(ext, req.Type)
	u := models.FileUpload{
		ID: id, PublisherID: pub, Name: name, ContentType: contentType, Extension: ext, DeclaredSize: *req.Size,
		Duration: req.Duration, Width: req.Width, Height: req.Height, ObjectKey: models.UploadKey(pub, id, ext),
		CreatedAt: now,
		// The URL expires with the presign TTL; confirming may come a little later.
		ExpiresAt: now.Add(s.cfg.S3.PresignTTL + time.Hour),
	}
	putURL, err := s.assets.Objects.PresignPut(ctx, u.ObjectKey, contentType, 0)
	if err != nil {
		return err
	}
	if err := s.store.CreateFileUpload(ctx, u); err != nil {
		return err
	}
	return ok(c, http.StatusOK, uploadURLResponse{
		URL: putURL, FileUploadID: id, Method: http.MethodPut,
		Headers: map[string]string{"Content-Type": contentType}, ExpiresAt: now.Add(s.cfg.S3.PresignTTL),
	})
}

type confirmUploadRequest struct {
	FileUploadID string `json:"fileUploadId"`
}

// confirmUpload turns a finished browser upload into an asset and starts its import
// (spec 000 section 7, "Confirm upload"). Confirming twice returns the same asset.
func (s *Server) confirmUpload(c *gin.Context) error {
	var req confirmUploadRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.FileUploadID) == "" {
		return errNoFile
	}
	ctx := c.Request.Context()
	pub := session(c).PublisherID
	u, err := s.store.FileUpload(ctx, pub, req.FileUploadID, time.Now())
	if err != nil {
		return err
	}
	info, err := s.assets.Objects.Head(ctx, u.ObjectKey)
	if errors.Is(err, blob.ErrNotFound) {
		return errNotReadable(http.StatusBadRequest)
	}
	if err != nil {
		return err
	}
	if info.Size == 0 {
		return errNotReadable(http.StatusBadRequest)
	}
	if info.Size > s.cfg.Assets.MaxUploadBytes {
		// The browser sent more than it declared: nothing of it is kept.
		if err := s.assets.Objects.Delete(ctx, u.ObjectKey); err != nil {
			s.log.WarnContext(ctx, "delete oversized upload", "key", u.ObjectKey, "err", err)
		}
		return errNotReadable(http.StatusRequestEntityTooLarge)
	}
	kind, _ := media.DeclaredKind(u.Extension, u.ContentType)
	now := time.Now().UTC()
	asset, created, err := s.store.ConfirmFileUpload(ctx, u, models.Asset{
		PublisherID: pub, Name: u.Name, TypeID: kindTypeID(kind), Source: models.AssetSourceInternal,
		State: models.AssetStatePending, ContentType: u.ContentType, Size: info.Size,
		Duration: u.Duration, Width: u.Width, Height: u.Height, OriginalKey: u.ObjectKey,
		CreatedAt: now, UpdatedAt: now,
	})
	if err != nil {
		return err
	}
	// Starting is idempotent, so a confirmation retried after a failed start starts it.
	if err := s.assets.Workflows.ImportAsset(ctx, asset.ID, false); err != nil {
		return err
	}
	r, err := s.assetJSON(ctx, asset)
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if !created {
		status = http.StatusOK
	}
	return ok(c, status, r)
}

func kindTypeID(k media.Kind) models.AssetTypeID {
	switch k {
	case media.KindImage:
		return models.AssetTypeIDImage
	case media.KindAudio:
		return models.AssetTypeIDAudio
	default:
		return models.AssetTypeIDVideo
	}
}

// multipartOverhead is what a multipart body may carry besides the file.
const multipartOverhead = 1 << 20

// uploadAsset takes a file as multipart field "file" (spec 001 section 7,
// POST /v2/asset/upload), for small files and API users. The file is spooled to local
// disk, never memory, and checked (extension, size, real content type) before any
// byte reaches the object store.
func (s *Server) uploadAsset(c *gin.Context) error {
	limit := s.cfg.Assets.MaxUploadBytes
	if c.Request.ContentLength > limit+multipartOverhead {
		return s.errTooLarge()
	}
	if mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type")); err != nil || mt != "multipart/form-data" {
		return errNoFile
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, limit+multipartOverhead)
	mr, err := c.Request.MultipartReader()
	if err != nil {
		return errNoFile
	}
	for {
		part, err := mr.NextPart()
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				return s.errTooLarge()
			}
			return errNoFile // no "file" part before the end
		}
		if part.FormName() != "file" {
			part.Close()
			continue
		}
		defer part.Close()
		return s.takeUpload(c, part.FileName(), part, limit)
	}
}

func (s *Server) takeUpload(c *gin.Context, fileName string, r io.Reader, limit int64) error {
	ctx := c.Request.Context()
	name := models.CleanAssetName(fileName)
	if name == "" {
		return errNoFile
	}
	ext := media.Extension(name)
	if !media.AllowedExtension(ext) {
		return errTypeNotAllowed()
	}
	spool, err := os.CreateTemp(s.assets.SpoolDir, "upload-*"+ext)
	if err != nil {
		return fmt.Errorf("spool upload: %w", err)
	}
	defer os.Remove(spool.Name())
	defer spool.Close()
	n, err := io.Copy(spool, io.LimitReader(r, limit+1))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return s.errTooLarge()
		}
		return errUploadFailed
	}
	switch {
	case n == 0:
		return errNoFile
	case n > limit:
		return s.errTooLarge()
	}
	f, err := media.SniffFile(spool.Name())
	if err != nil || !media.MatchesExtension(f, ext) {
		msg := "This file is not a supported image, video or audio file."
		if err == nil {
			msg = fmt.Sprintf("This file's content does not match its extension (%s).", ext)
		}
		return &Error{Status: http.StatusUnsupportedMediaType, Code: "file_type_not_allowed", Message: msg}
	}
	pub := session(c).PublisherID
	now := time.Now().UTC()
	a := models.Asset{PublisherID: pub, Name: name, TypeID: kindTypeID(f.Kind), Source: models.AssetSourceInternal,
		State: models.AssetStateCreated, ContentType: f.MIME, Size: n, CreatedAt: now, UpdatedAt: now}
	if err := s.store.CreateAsset(ctx, &a); err != nil {
		return err
	}
	a.OriginalKey = models.AssetPrefix(pub, a.ID) + models.AssetObjectOriginal + ext
	if err := s.store.SetUploadKey(ctx, a.ID, a.OriginalKey); err != nil {
		return err
	}
	if _, err := spool.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if err := s.assets.Objects.Put(ctx, a.OriginalKey, spool, n, f.MIME); err != nil {
		s.log.ErrorContext(ctx, "store upload", "asset_id", a.ID, "err", err)
		if derr := s.store.DiscardAsset(context.WithoutCancel(ctx), a.ID); derr != nil {
			s.log.ErrorContext(ctx, "discard asset", "asset_id", a.ID, "err", derr)
		}
		return errUploadFailed
	}
	if err := s.store.MarkAssetUploaded(ctx, a.ID); err != nil {
		return err
	}
	if err := s.startImport(ctx, a.ID, false); err != nil {
		return err
	}
	got, err := s.store.Asset(ctx, pub, a.ID)
	if err != nil {
		return err
	}
	resp, err := s.assetJSON(ctx, got)
	if err != nil {
		return err
	}
	return ok(c, http.StatusCreated, resp)
}

// startImport starts an asset's import; if that fails the asset is marked failed
// rather than left pending for ever.
func (s *Server) startImport(ctx context.Context, assetID int64, fromURL bool) error {
	err := s.assets.Workflows.ImportAsset(ctx, assetID, fromURL)
	if err == nil {
		return nil
	}
	if _, ferr := s.store.FailAsset(context.WithoutCancel(ctx), assetID,
		"We could not start importing this file. Please try again.", models.ErrorKeyImportFailed); ferr != nil {
		s.log.ErrorContext(ctx, "mark asset failed", "asset_id", assetID, "err", ferr)
	}
	return err
}

type importAssetRequest struct {
	URL  string `json:"url"`
	Name string `json:"name"`
}

// importAsset submits media from a URL (spec 000 section 7, "Submit media from URL";
// the path is ours). The URL is checked at once: scheme, host as written and what it
// resolves to. The import workflow fetches it through the same guard, which checks
// again when it connects, and refuses what is not media.
func (s *Server) importAsset(c *gin.Context) error {
	var req importAssetRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	raw := strings.TrimSpace(req.URL)
	if raw == "" {
		return validation(domain.FieldError{Field: "url", Message: "Please enter a URL"})
	}
	if len(raw) > 2048 {
		return &Error{Status: http.StatusBadRequest, Code: "invalid_media_url", Message: "The URL is too long."}
	}
	ctx := c.Request.Context()
	u, err := s.assets.URLs.CheckURL(ctx, raw)
	if err != nil {
		return &Error{Status: http.StatusBadRequest, Code: "invalid_media_url", Message: err.Error(),
			Fields: []domain.FieldError{{Field: "url", Message: err.Error()}}}
	}
	name := models.CleanAssetName(req.Name)
	if name == "" {
		name = models.CleanAssetName(path.Base(u.Path))
		if name == "" || name == "." || name == "/" {
			name = u.Hostname()
		}
	}
	kind := media.KindVideo
	if k, allowed := media.DeclaredKind(media.Extension(u.Path), ""); allowed {
		kind = k
	}
	now := time.Now().UTC()
	a := models.Asset{PublisherID: session(c).PublisherID, Name: name, TypeID: kindTypeID(kind), Source: models.AssetSourceInternal,
		State: models.AssetStatePending, SourceURL: u.String(), CreatedAt: now, UpdatedAt: now}
	if err := s.store.CreateAsset(ctx, &a); err != nil {
		return err
	}
	if err := s.startImport(ctx, a.ID, true); err != nil {
		return err
	}
	resp, err := s.assetJSON(ctx, a)
	if err != nil {
		return err
	}
	return ok(c, http.StatusAccepted, resp)
}
