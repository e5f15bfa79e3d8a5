package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"pagecast/models"
)

// live selects an account's assets that are not deleted.
func live(db *gorm.DB, publisherID int64) *gorm.DB {
	return db.Where("publisher_id = ? AND deleted_at IS NULL", publisherID)
}

// CreateAsset stores a new asset and sets its ID.
func (s *Store) CreateAsset(ctx context.Context, a *models.Asset) error {
	return translate(s.db.WithContext(ctx).Create(a).Error, "create asset")
}

// Asset finds a live asset of the account; another account's gives ErrNotFound.
func (s *Store) Asset(ctx context.Context, publisherID, id int64) (models.Asset, error) {
	var a models.Asset
	err := live(s.db.WithContext(ctx), publisherID).Take(&a, id).Error
	return a, translate(err, fmt.Sprintf("asset %d", id))
}

// AssetsByIDs returns the account's live assets with the given ids, in the order
// asked. It is all or nothing: if any id is not a live asset of the account the
// answer is ErrNotFound, so a caller learns nothing about other accounts' ids.
func (s *Store) AssetsByIDs(ctx context.Context, publisherID int64, ids []int64) ([]models.Asset, error) {
	ids = uniqueIDs(ids)
	if len(ids) == 0 {
		return []models.Asset{}, nil
	}
	var found []models.Asset
	if err := live(s.db.WithContext(ctx), publisherID).Where("id IN ?", ids).Find(&found).Error; err != nil {
		return nil, translate(err, "assets by ids")
	}
	if len(found) != len(ids) {
		return nil, fmt.Errorf("assets by ids: %w", models.ErrNotFound)
	}
	byID := make(map[int64]models.Asset, len(found))
	for _, a := range found {
		byID[a.ID] = a
	}
	out := make([]models.Asset, len(ids))
	for i, id := range ids {
		out[i] = byID[id]
	}
	return out, nil
}

func uniqueIDs(ids []int64) []int64 {
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// AssetFilter narrows a library page. Empty fields do not filter.
type AssetFilter struct {
	Types         []models.AssetTypeID
	Sources       []models.AssetSource
	CreatedAfter  *time.Time
	CreatedBefore *time.Time
	// Name matches assets whose name contains it, ignoring case.
	Name     string
	Page     int // 1-based
	PageSize int
}

// AssetPage lists one page of the account's live assets, newest first, and how many
// match in all.
func (s *Store) AssetPage(ctx context.Context, publisherID int64, f AssetFilter) ([]models.Asset, int64, error) {
	q := live(s.db.WithContext(ctx).Model(&models.Asset{}), publisherID).Where("video_id IS NULL")
	if len(f.Types) > 0 {
		q = q.Where("asset_type_id IN ?", f.Types)
	}
	if len(f.Sources) > 0 {
		q = q.Where("source IN ?", f.Sources)
	}
	if f.CreatedAfter != nil {
		q = q.Where("created_at >= ?", f.CreatedAfter.UTC())
	}
	if f.CreatedBefore != nil {
		q = q.Where("created_at <= ?", f.CreatedBefore.UTC())
	}
	if f.Name != "" {
		q = q.Where(`LOWER(name) LIKE ? ESCAPE '\'`, "%"+escapeLike(strings.ToLower(f.Name))+"%")
	}
	q = q.Session(&gorm.Session{}) // reusable for the count and the page
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, translate(err, "count assets")
	}
	page := max(f.Page, 1)
	size := max(f.PageSize, 1)
	var out []models.Asset
	err := q.Order("created_at DESC").Order("id DESC").Offset((page - 1) * size).Limit(size).Find(&out).Error
	if err != nil {
		return nil, 0, translate(err, "list assets")
	}
	return out, total, nil
}

// escapeLike makes s match literally inside a LIKE pattern with ESCAPE '\'.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// AssetUpdate changes what a user may edit; nil fields stay.
type AssetUpdate struct {
	Name *string
	Text *string
}

// UpdateAsset edits a live asset of the account.
func (s *Store) UpdateAsset(ctx context.Context, publisherID, id int64, u AssetUpdate) (models.Asset, error) {
	var a models.Asset
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := live(tx, publisherID).Take(&a, id).Error; err != nil {
			return translate(err, fmt.Sprintf("asset %d", id))
		}
		changes := map[string]any{"updated_at": time.Now().UTC()}
		if u.Name != nil {
			changes["name"] = *u.Name
		}
		if u.Text != nil {
			changes["text"] = *u.Text
		}
		if err := tx.Model(&a).Updates(changes).Error; err != nil {
			return translate(err, "update asset")
		}
		return translate(tx.Take(&a, id).Error, "reload asset")
	})
	return a, err
}

// DeleteAssets soft-deletes the account's assets with the given ids in one
// transaction and returns them (their objects are removed by a workflow). It is all
// or nothing: if any id is not a live asset of the account, nothing is deleted and
// the answer is ErrNotFound.
func (s *Store) DeleteAssets(ctx context.Context, publisherID int64, ids []int64, now time.Time) ([]models.Asset, error) {
	ids = uniqueIDs(ids)
	if len(ids) == 0 {
		return []models.Asset{}, nil
	}
	var out []models.Asset
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := live(tx.Model(&models.Asset{}), publisherID).Where("id IN ?", ids).
			Updates(map[string]any{"deleted_at": now.UTC(), "updated_at": now.UTC()})
		if res.Error != nil {
			return translate(res.Error, "delete assets")
		}
		if res.RowsAffected != int64(len(ids)) {
			return fmt.Errorf("delete assets: %w", models.ErrNotFound)
		}
		return translate(tx.Where("id IN ?", ids).Order("id").Find(&out).Error, "deleted assets")
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DiscardAsset removes an asset row outright; only for an upload whose bytes never
// reached the object store.
func (s *Store) DiscardAsset(ctx context.Context, id int64) error {
	return translate(s.db.WithContext(ctx).Where("id = ? AND state = ?", id, models.AssetStateCreated).
		Delete(&models.Asset{}).Error, "discard asset")
}

// AssetForImport finds an asset by id for the import workflow, deleted or not.
func (s *Store) AssetForImport(ctx context.Context, id int64) (models.Asset, error) {
	var a models.Asset
	err := s.db.WithContext(ctx).Take(&a, id).Error
	return a, translate(err, fmt.Sprintf("asset %d", id))
}

// SetUploadKey records where a created asset's bytes are about to be stored, so a
// sweep can find them if the upload never finishes.
func (s *Store) SetUploadKey(ctx context.Context, id int64, key string) error {
	return s.moveAsset(ctx, id, []models.AssetState{models.AssetStateCreated}, models.AssetStateCreated,
		map[string]any{"original_key": key})
}

// MarkAssetUploaded records that a created asset's bytes are stored: it is pending
// and its import may start.
func (s *Store) MarkAssetUploaded(ctx context.Context, id int64) error {
	return s.moveAsset(ctx, id, []models.AssetState{models.AssetStateCreated}, models.AssetStatePending, nil)
}

// StaleCreatedAssets lists up to limit assets still in state created (their upload
// never finished) that were created before the cut-off.
func (s *Store) StaleCreatedAssets(ctx context.Context, before time.Time, limit int) ([]models.Asset, error) {
	var out []models.Asset
	err := s.db.WithContext(ctx).Where("state = ? AND created_at < ? AND deleted_at IS NULL", models.AssetStateCreated, before.UTC()).
		Order("created_at").Limit(limit).Find(&out).Error
	return out, translate(err, "stale created assets")
}

// MarkAssetProcessing moves a pending asset to processing (again, on a retry) and
// returns it. An asset whose import already ended gives ErrInvalidState.
func (s *Store) MarkAssetProcessing(ctx context.Context, id int64) (models.Asset, error) {
	err := s.moveAsset(ctx, id, []models.AssetState{models.AssetStatePending, models.AssetStateProcessing}, models.AssetStateProcessing, nil)
	if err != nil {
		return models.Asset{}, err
	}
	return s.AssetForImport(ctx, id)
}

// moveAsset changes the state of an asset in one of from, with extra column changes.
func (s *Store) moveAsset(ctx context.Context, id int64, from []models.AssetState, to models.AssetState, extra map[string]any) error {
	changes := map[string]any{"state": to, "updated_at": time.Now().UTC()}
	for k, v := range extra {
		changes[k] = v
	}
	res := s.db.WithContext(ctx).Model(&models.Asset{}).Where("id = ? AND state IN ?", id, from).Updates(changes)
	if res.Error != nil {
		return translate(res.Error, fmt.Sprintf("asset %d to %s", id, to))
	}
	if res.RowsAffected == 0 {
		if _, err := s.AssetForImport(ctx, id); err != nil {
			return err
		}
		return fmt.Errorf("asset %d to %s: %w", id, to, models.ErrInvalidState)
	}
	return nil
}

// AssetOriginal is what a URL import learned when it stored the fetched file.
type AssetOriginal struct {
	Key         string
	Size        int64
	ContentType string
	TypeID      models.AssetTypeID
}

// SetAssetOriginal records the stored original of an asset still being imported.
func (s *Store) SetAssetOriginal(ctx context.Context, id int64, o AssetOriginal) error {
	res := s.db.WithContext(ctx).Model(&models.Asset{}).
		Where("id = ? AND state IN ?", id, []models.AssetState{models.AssetStatePending, models.AssetStateProcessing}).
		Updates(map[string]any{"original_key": o.Key, "size": o.Size, "content_type": o.ContentType,
			"asset_type_id": o.TypeID, "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return translate(res.Error, "set asset original")
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("set asset original %d: %w", id, models.ErrInvalidState)
	}
	return nil
}

// AssetImport is what a finished import measured and made.
type AssetImport struct {
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
}

// CompleteAsset records a finished import and moves the asset to complete, once: an
// asset already complete is returned unchanged. It returns the asset, whose
// DeletedAt tells whether the user deleted it meanwhile.
func (s *Store) CompleteAsset(ctx context.Context, id int64, r AssetImport, now time.Time) (models.Asset, error) {
	err := s.moveAsset(ctx, id, []models.AssetState{models.AssetStatePending, models.AssetStateProcessing}, models.AssetStateComplete, map[string]any{
		"asset_type_id": r.TypeID, "content_type": r.ContentType, "duration": r.Duration,
		"width": r.Width, "height": r.Height, "video_codec": r.VideoCodec, "audio_codec": r.AudioCodec,
		"media_key": r.MediaKey, "preview_key": r.PreviewKey, "thumbnail_key": r.ThumbnailKey,
		"error_message": "", "error_key": "", "completed_at": now.UTC(),
	})
	a, getErr := s.AssetForImport(ctx, id)
	if getErr != nil {
		return a, getErr
	}
	if errors.Is(err, models.ErrInvalidState) && a.State == models.AssetStateComplete {
		return a, nil
	}
	return a, err
}

// FailAsset ends an import in the error state with the reason shown to the user. An
// asset already complete stays complete (ErrInvalidState).
func (s *Store) FailAsset(ctx context.Context, id int64, message, key string) (models.Asset, error) {
	err := s.moveAsset(ctx, id,
		[]models.AssetState{models.AssetStateCreated, models.AssetStatePending, models.AssetStateProcessing, models.AssetStateError},
		models.AssetStateError, map[string]any{"error_message": message, "error_key": key})
	if err != nil {
		return models.Asset{}, err
	}
	return s.AssetForImport(ctx, id)
}

// MarkAssetObjectsDeleted records that a deleted asset's objects are gone.
func (s *Store) MarkAssetObjectsDeleted(ctx context.Context, ids []int64, now time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	err := s.db.WithContext(ctx).Model(&models.Asset{}).Where("id IN ? AND deleted_at IS NOT NULL", ids).
		Update("objects_deleted_at", now.UTC()).Error
	return translate(err, "mark asset objects deleted")
}

// DeletedAssetsWithObjects lists up to limit assets deleted before the cut-off whose
// objects may still be stored, oldest first.
func (s *Store) DeletedAssetsWithObjects(ctx context.Context, before time.Time, limit int) ([]models.Asset, error) {
	var out []models.Asset
	err := s.db.WithContext(ctx).Where("deleted_at IS NOT NULL AND deleted_at < ? AND objects_deleted_at IS NULL", before.UTC()).
		Order("deleted_at").Limit(limit).Find(&out).Error
	return out, translate(err, "deleted assets with objects")
}

// ExpiredFileUploads lists up to limit uploads that expired before the cut-off,
// confirmed or not, oldest first.
func (s *Store) ExpiredFileUploads(ctx context.Context, before time.Time, limit int) ([]models.FileUpload, error) {
	var out []models.FileUpload
	err := s.db.WithContext(ctx).Where("expires_at < ?", before.UTC()).Order("expires_at").Limit(limit).Find(&out).Error
	return out, translate(err, "expired file uploads")
}

// DeleteFileUpload forgets an upload record.
func (s *Store) DeleteFileUpload(ctx context.Context, id string) error {
	return translate(s.db.WithContext(ctx).Where("id = ?", id).Delete(&models.FileUpload{}).Error, "delete file upload")
}

// CreateFileUpload records a presigned browser upload.
func (s *Store) CreateFileUpload(ctx context.Context, u models.FileUpload) error {
	return translate(s.db.WithContext(ctx).Create(&u).Error, "create file upload")
}

// FileUpload finds an upload of the account that has not expired at now.
func (s *Store) FileUpload(ctx context.Context, publisherID int64, id string, now time.Time) (models.FileUpload, error) {
	var u models.FileUpload
	err := s.db.WithContext(ctx).Where("id = ? AND publisher_id = ? AND expires_at > ?", id, publisherID, now.UTC()).Take(&u).Error
	return u, translate(err, "file upload")
}

// ConfirmFileUpload creates the asset of an upload, once: it writes the asset and
// links the upload to it in one transaction. Confirming again returns the same asset
// with created false; a confirmed upload whose asset was deleted gives ErrNotFound.
func (s *Store) ConfirmFileUpload(ctx context.Context, u models.FileUpload, a models.Asset) (models.Asset, bool, error) {
	created := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var cur models.FileUpload
		if err := tx.Where("id = ? AND publisher_id = ?", u.ID, u.PublisherID).Take(&cur).Error; err != nil {
			return translate(err, "file upload")
		}
		if cur.AssetID == nil {
			if err := tx.Create(&a).Error; err != nil {
				return translate(err, "create asset")
			}
			res := tx.Model(&models.FileUpload{}).Where("id = ? AND asset_id IS NULL", u.ID).Update("asset_id", a.ID)
			if res.Error != nil {
				return translate(res.Error, "confirm file upload")
			}
			if res.RowsAffected == 1 {
				created = true
				return nil
			}
			// Another confirmation won the race: drop ours and answer with theirs.
			if err := tx.Take(&cur, "id = ?", u.ID).Error; err != nil {
				return translate(err, "file upload")
			}
			return errConfirmedMeanwhile
		}
		a = models.Asset{}
		return translate(live(tx, u.PublisherID).Take(&a, *cur.AssetID).Error, "confirmed asset")
	})
	if errors.Is(err, errConfirmedMeanwhile) {
		got, _, err := s.ConfirmFileUpload(ctx, u, models.Asset{})
		return got, false, err
	}
	return a, created, err
}

var errConfirmedMeanwhile = errors.New("file upload confirmed meanwhile")
