package api

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"pagecast/blob"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/store"
)

// AssetWorkflows starts the media library's durable jobs.
type AssetWorkflows interface {
	ImportAsset(ctx context.Context, assetID int64, fromURL bool) error
	DeleteAssetObjects(ctx context.Context, assetIDs []int64) error
}

// AssetObjects is the object store as the media library uses it.
type AssetObjects interface {
	PresignPut(ctx context.Context, key, contentType string, ttl time.Duration) (string, error)
	PresignGet(ctx context.Context, key string, ttl time.Duration) (string, error)
	Head(ctx context.Context, key string) (blob.ObjectInfo, error)
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	Copy(ctx context.Context, src, dst string) error
	Delete(ctx context.Context, key string) error
}

// MediaURLChecker refuses URLs media may not be imported from; its errors are
// messages for the user.
type MediaURLChecker interface {
	CheckURL(ctx context.Context, raw string) (*url.URL, error)
}

// AssetDeps is what the media library calls need.
type AssetDeps struct {
	Workflows AssetWorkflows
	Objects   AssetObjects
	URLs      MediaURLChecker
	// SpoolDir holds multipart uploads while they are checked; "" = the system temp dir.
	SpoolDir string
}

func (d *AssetDeps) check() error {
	switch {
	case d.Workflows == nil:
		return errors.New("api: asset workflows are required")
	case d.Objects == nil:
		return errors.New("api: asset object store is required")
	case d.URLs == nil:
		return errors.New("api: media URL checker is required")
	}
	return nil
}

var errAssetsUnavailable = &Error{Status: http.StatusServiceUnavailable, Code: "media_library_unavailable",
	Message: "The media library is not available on this server."}

// requireAssets answers 503 when the server runs without the media library.
func (s *Server) requireAssets() gin.HandlerFunc {
	return func(c *gin.Context) {
		if s.assets == nil {
			_ = c.Error(errAssetsUnavailable)
			c.Abort()
			return
		}
		c.Next()
	}
}

// Limits of the library calls.
const (
	defaultAssetPageSize = 20
	maxAssetPageSize     = 100
	maxAssetIDs          = 100
)

// assetResponse is the wire shape of an asset (spec 000 section 3 "Media asset" and
// spec 001 section 3 "Asset"). url, previewUrl and thumbnailUrl are short-lived
// presigned GETs; they are empty until the import is complete.
type assetResponse struct {
	AssetID       int64               `json:"assetId"`
	Name          string              `json:"name"`
	Type          models.AssetType    `json:"type"`
	AssetTypeID   models.AssetTypeID  `json:"assetTypeId"`
	Source        models.AssetSource  `json:"source"`
	Size          int64               `json:"size"`
	Duration      float64             `json:"duration"`
	Length        float64             `json:"length"`
	Width         int                 `json:"width"`
	Height        int                 `json:"height"`
	URL           string              `json:"url"`
	PreviewURL    string              `json:"previewUrl"`
	ThumbnailURL  string              `json:"thumbnailUrl"`
	State         models.AssetState   `json:"state"`
	Status        models.ImportStatus `json:"status"`
	ErrorMessage  string              `json:"errorMessage"`
	ErrorKey      string              `json:"errorKey"`
	Text          string              `json:"text"`
	ParentAssetID *int64              `json:"parentAssetId"`
	IsPublic      bool                `json:"isPublic"`
	ContentType   string              `json:"contentType"`
	CreatedAt     time.Time           `json:"createdAt"`
}

func (s *Server) assetJSON(ctx context.Context, a models.Asset) (assetResponse, error) {
	r := assetResponse{
		AssetID: a.ID, Name: a.Name, Type: a.Type(), AssetTypeID: a.TypeID, Source: a.Source, Size: a.Size,
		Duration: a.Duration, Length: a.Duration, Width: a.Width, Height: a.Height,
		State: a.State, Status: a.State.Status(), ErrorMessage: a.ErrorMessage, ErrorKey: a.ErrorKey, Text: a.Text,
		ParentAssetID: a.ParentAssetID, IsPublic: a.IsPublic, ContentType: a.ContentType, CreatedAt: a.CreatedAt.UTC(),
	}
	if a.State != models.AssetStateComplete {
		return r, nil
	}
	for _, f := range []struct {
		key string
		dst *string
	}{{a.MediaKey, &r.URL}, {a.PreviewKey, &r.PreviewURL}, {a.ThumbnailKey, &r.ThumbnailURL}} {
		if f.key == "" {
			continue
		}
		u, err := s.presignGet(ctx, f.key)
		if err != nil {
			return r, err
		}
		*f.dst = u
	}
	return r, nil
}

// urlCache keeps presigned GET URLs for half their validity, so the library's
// polling shows the same URLs and the browser's cache keeps the previews.
type urlCache struct {
	mu sync.Mutex
	m  map[string]cachedURL
}

type cachedURL struct {
	url    string
	signed time.Time
}

// maxCachedURLs bounds the cache; past it the cache starts over.
const maxCachedURLs = 20000

// presignGet returns a presigned GET of key valid for at least half the configured TTL.
func (s *Server) presignGet(ctx context.Context, key string) (string, error) {
	reuse := s.cfg.S3.PresignTTL / 2
	now := time.Now()
	c := &s.assetURLs
	c.mu.Lock()
	hit, found := c.m[key]
	c.mu.Unlock()
	if found && now.Sub(hit.signed) < reuse {
		return hit.url, nil
	}
	u, err := s.assets.Objects.PresignGet(ctx, key, 0)
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxCachedURLs {
		c.m = map[string]cachedURL{}
	}
	c.m[key] = cachedURL{url: u, signed: now}
	c.mu.Unlock()
	return u, nil
}

func (s *Server) assetsJSON(ctx context.Context, as []models.Asset) ([]assetResponse, error) {
	out := make([]assetResponse, 0, len(as))
	for _, a := range as {
		r, err := s.assetJSON(ctx, a)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// assetID reads the :id path parameter.
func assetID(c *gin.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id < 1 {
		return 0, &Error{Status: http.StatusBadRequest, Code: "invalid_asset_id", Message: "No asset id provided"}
	}
	return id, nil
}

// queryIDs reads a repeated (or comma-separated) id parameter.
func queryIDs(c *gin.Context, name string) ([]int64, error) {
	var ids []int64
	for _, v := range c.QueryArray(name) {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p == "" {
				continue
			}
			id, err := strconv.ParseInt(p, 10, 64)
			if err != nil || id < 1 {
				return nil, validation(domain.FieldError{Field: name, Message: "Asset ids must be positive numbers."})
			}
			ids = append(ids, id)
		}
	}
	if len(ids) > maxAssetIDs {
		return nil, validation(domain.FieldError{Field: name, Message: "Ask for at most 100 assets at a time."})
	}
	return ids, nil
}

type assetPageResponse struct {
	Assets     []assetResponse `json:"assets"`
	TotalItems int64           `json:"totalItems"`
	Page       int             `json:"page"`
	PageSize   int             `json:"pageSize"`
}

// assetPage lists the caller's library, newest first (spec 000 section 7, "list
// assets"; spec 001 section 7, GET /v2/asset/page).
func (s *Server) assetPage(c *gin.Context) error {
	f := store.AssetFilter{Page: 1, PageSize: defaultAssetPageSize, Name: strings.TrimSpace(c.Query("assetName"))}
	var fields []domain.FieldError
	positive := func(name string) (int, bool) {
		v := c.Query(name)
		if v == "" {
			return 0, false
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			fields = append(fields, domain.FieldError{Field: name, Message: "Must be a whole number of at least 1."})
			return 0, false
		}
		return n, true
	}
	if n, ok := positive("page"); ok {
		f.Page = n
	}
	if n, ok := positive("pageSize"); ok {
		f.PageSize = min(n, maxAssetPageSize)
	}
	if n, ok := positive("limit"); ok {
		f.PageSize = min(n, maxAssetPageSize)
	}
	for _, v := range splitQuery(c, "assetType") {
		id, ok := models.ParseAssetType(v)
		if !ok {
			fields = append(fields, domain.FieldError{Field: "assetType", Message: "Asset type must be video, image, audio or text (or 1, 2, 6, 3)."})
			break
		}
		f.Types = append(f.Types, id)
	}
	for _, v := range splitQuery(c, "assetSource") {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			fields = append(fields, domain.FieldError{Field: "assetSource", Message: "Asset source must be a number."})
			break
		}
		f.Sources = append(f.Sources, models.AssetSource(n))
	}
	for _, p := range []struct {
		name string
		dst  **time.Time
	}{{"createdAfterTime", &f.CreatedAfter}, {"createdBeforeTime", &f.CreatedBefore}} {
		if v := c.Query(p.name); v != "" {
			t, err := time.Parse(time.RFC3339, v)
			if err != nil {
				fields = append(fields, domain.FieldError{Field: p.name, Message: "Must be an RFC 3339 time, e.g. 2026-01-31T00:00:00Z."})
				continue
			}
			*p.dst = &t
		}
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	resp := assetPageResponse{Assets: []assetResponse{}, Page: f.Page, PageSize: f.PageSize}
	// Every asset of an account is its own; there is no public library yet.
	if c.Query("isPublic") == "true" {
		return ok(c, http.StatusOK, resp)
	}
	ctx := c.Request.Context()
	as, total, err := s.store.AssetPage(ctx, session(c).PublisherID, f)
	if err != nil {
		return err
	}
	if resp.Assets, err = s.assetsJSON(ctx, as); err != nil {
		return err
	}
	resp.TotalItems = total
	return ok(c, http.StatusOK, resp)
}

// splitQuery returns a repeated query parameter, also split at commas.
func splitQuery(c *gin.Context, name string) []string {
	var out []string
	for _, v := range c.QueryArray(name) {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// getAsset returns one asset of the caller.
func (s *Server) getAsset(c *gin.Context) error {
	id, err := assetID(c)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	a, err := s.store.Asset(ctx, session(c).PublisherID, id)
	if err != nil {
		return err
	}
	r, err := s.assetJSON(ctx, a)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, r)
}

// assetsByIDs returns several assets of the caller, all or none (404).
func (s *Server) assetsByIDs(c *gin.Context) error {
	ids, err := queryIDs(c, "assetIds")
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	as, err := s.store.AssetsByIDs(ctx, session(c).PublisherID, ids)
	if err != nil {
		return err
	}
	out, err := s.assetsJSON(ctx, as)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, out)
}

type assetStatusResponse struct {
	AssetID      int64               `json:"assetId"`
	Status       models.ImportStatus `json:"status"`
	State        models.AssetState   `json:"state"`
	ErrorMessage string              `json:"errorMessage"`
	ErrorKey     string              `json:"errorKey"`
}

// assetStatus reports import states for polling (spec 001 section 7,
// GET /v2/asset/status). videoId is accepted and checked; it narrows nothing until
// assets are linked to videos.
func (s *Server) assetStatus(c *gin.Context) error {
	ids, err := queryIDs(c, "assetIds")
	if err != nil {
		return err
	}
	if v := c.Query("videoId"); v != "" {
		if n, err := strconv.ParseInt(v, 10, 64); err != nil || n < 1 {
			return validation(domain.FieldError{Field: "videoId", Message: "videoId must be a positive number."})
		}
	}
	as, err := s.store.AssetsByIDs(c.Request.Context(), session(c).PublisherID, ids)
	if err != nil {
		return err
	}
	out := make([]assetStatusResponse, len(as))
	for i, a := range as {
		out[i] = assetStatusResponse{AssetID: a.ID, Status: a.State.Status(), State: a.State, ErrorMessage: a.ErrorMessage, ErrorKey: a.ErrorKey}
	}
	return ok(c, http.StatusOK, out)
}

type updateAssetRequest struct {
	AssetID *int64  `json:"assetId"`
	Name    *string `json:"name"`
	Text    *string `json:"text"`
	LayerID *int64  `json:"layerId"`
}

// updateAsset renames an asset or sets its text. layerId is checked but not stored:
// the link from a slide to its media lands with the editor.
func (s *Server) updateAsset(c *gin.Context) error {
	id, err := assetID(c)
	if err != nil {
		return err
	}
	var req updateAssetRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	var fields []domain.FieldError
	var u store.AssetUpdate
	if req.AssetID != nil && *req.AssetID != id {
		fields = append(fields, domain.FieldError{Field: "assetId", Message: "assetId does not match the asset in the path."})
	}
	if req.Name != nil {
		name := models.CleanAssetName(*req.Name)
		if name == "" || utf8.RuneCountInString(strings.TrimSpace(*req.Name)) > models.MaxAssetNameLen {
			fields = append(fields, domain.FieldError{Field: "name", Message: "Name must be 1 to 255 characters."})
		}
		u.Name = &name
	}
	if req.Text != nil {
		if utf8.RuneCountInString(*req.Text) > models.MaxAssetTextLen {
			fields = append(fields, domain.FieldError{Field: "text", Message: "Text must be at most 100000 characters."})
		}
		u.Text = req.Text
	}
	if req.LayerID != nil && *req.LayerID < 1 {
		fields = append(fields, domain.FieldError{Field: "layerId", Message: "layerId must be a positive number."})
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	ctx := c.Request.Context()
	a, err := s.store.UpdateAsset(ctx, session(c).PublisherID, id, u)
	if err != nil {
		return err
	}
	r, err := s.assetJSON(ctx, a)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, r)
}

type deletedAssetsResponse struct {
	Deleted []int64 `json:"deleted"`
}

// deleteAsset soft-deletes one asset; a workflow removes its objects.
func (s *Server) deleteAsset(c *gin.Context) error {
	id, err := assetID(c)
	if err != nil {
		return err
	}
	return s.deleteAssets(c, []int64{id})
}

type bulkDeleteRequest struct {
	AssetIDs []int64 `json:"assetIds"`
}

// bulkDeleteAssets soft-deletes several assets in one transaction: all of them, or
// none when any is not the caller's (404).
func (s *Server) bulkDeleteAssets(c *gin.Context) error {
	var req bulkDeleteRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	switch {
	case len(req.AssetIDs) == 0:
		return validation(domain.FieldError{Field: "assetIds", Message: "No asset id provided"})
	case len(req.AssetIDs) > maxAssetIDs:
		return validation(domain.FieldError{Field: "assetIds", Message: "Delete at most 100 assets at a time."})
	}
	for _, id := range req.AssetIDs {
		if id < 1 {
			return validation(domain.FieldError{Field: "assetIds", Message: "Asset ids must be positive numbers."})
		}
	}
	return s.deleteAssets(c, req.AssetIDs)
}

func (s *Server) deleteAssets(c *gin.Context, ids []int64) error {
	ctx := c.Request.Context()
	deleted, err := s.store.DeleteAssets(ctx, session(c).PublisherID, ids, time.Now())
	if err != nil {
		return err
	}
	out := make([]int64, len(deleted))
	for i, a := range deleted {
		out[i] = a.ID
	}
	// The rows are deleted; if the cleanup cannot start now, the hourly sweep removes
	// the objects later, so the user's answer does not depend on it.
	if err := s.assets.Workflows.DeleteAssetObjects(ctx, out); err != nil {
		s.log.WarnContext(ctx, "start asset object cleanup", "asset_ids", out, "err", err)
	}
	return ok(c, http.StatusOK, deletedAssetsResponse{Deleted: out})
}
