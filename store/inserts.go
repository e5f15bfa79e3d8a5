package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"pagecast/models"
)

// Inserts lists a live video's inserts of the account, by type, with their assets.
func (s *Store) Inserts(ctx context.Context, publisherID, videoID int64) ([]models.VideoInsert, error) {
	var v models.Video
	if err := liveVideos(s.db.WithContext(ctx), publisherID).Take(&v, videoID).Error; err != nil {
		return nil, translate(err, fmt.Sprintf("video %d", videoID))
	}
	return inserts(s.db.WithContext(ctx), videoID)
}

// InsertsForWorkflow lists a video's inserts for its render.
func (s *Store) InsertsForWorkflow(ctx context.Context, videoID int64) ([]models.VideoInsert, error) {
	return inserts(s.db.WithContext(ctx), videoID)
}

func inserts(db *gorm.DB, videoID int64) ([]models.VideoInsert, error) {
	var list []models.VideoInsert
	if err := db.Where("video_id = ?", videoID).Order("insert_type_id, id").Find(&list).Error; err != nil {
		return nil, translate(err, "inserts")
	}
	for i := range list {
		var a models.Asset
		if err := db.Take(&a, list[i].AssetID).Error; err != nil {
			return nil, translate(err, fmt.Sprintf("insert asset %d", list[i].AssetID))
		}
		list[i].Asset = &a
	}
	return list, nil
}

// insertClip checks that an asset can be an insert: a complete video of the account's
// library.
func insertClip(tx *gorm.DB, publisherID, assetID int64) (models.Asset, error) {
	var a models.Asset
	if err := live(tx, publisherID).Take(&a, assetID).Error; isNotFound(err) {
		return a, models.ErrNotVideoClip
	} else if err != nil {
		return a, translate(err, fmt.Sprintf("asset %d", assetID))
	}
	if a.TypeID != models.AssetTypeIDVideo || a.VideoID != nil {
		return a, models.ErrNotVideoClip
	}
	if a.State != models.AssetStateComplete || a.MediaKey == "" {
		return a, models.ErrMediaNotReady
	}
	return a, nil
}

// insertFits checks that video v can take an insert of type t: a voiceover video is
// one recording and takes no scene prepend (its render would leave it out).
func insertFits(v models.Video, t models.InsertType) error {
	if v.IsVoiceover && t == models.InsertScenePrepend {
		return models.ErrVoiceoverScenePrepend
	}
	return nil
}

// CreateInsert sets the video's insert of type t to a video of the library; a type
// already set is ErrInsertExists, a scene prepend of a voiceover video
// ErrVoiceoverScenePrepend.
func (s *Store) CreateInsert(ctx context.Context, publisherID, videoID int64, t models.InsertType, assetID int64, now time.Time) (models.VideoInsert, error) {
	var in models.VideoInsert
	err := s.editVideoDraft(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video) error {
		if err := insertFits(v, t); err != nil {
			return err
		}
		a, err := insertClip(tx, publisherID, assetID)
		if err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&models.VideoInsert{}).Where("video_id = ? AND insert_type_id = ?", v.ID, t).Count(&n).Error; err != nil {
			return translate(err, "count inserts")
		}
		if n > 0 {
			return models.ErrInsertExists
		}
		in = models.VideoInsert{VideoID: v.ID, Type: t, AssetID: a.ID, CreatedAt: now.UTC(), UpdatedAt: now.UTC(), Asset: &a}
		err = translate(tx.Create(&in).Error, "create insert")
		if errors.Is(err, models.ErrConflict) {
			return models.ErrInsertExists
		}
		return err
	})
	return in, err
}

// UpdateInsert changes an insert's type and clip (a voiceover video's to a scene
// prepend is ErrVoiceoverScenePrepend).
func (s *Store) UpdateInsert(ctx context.Context, publisherID, videoID, insertID int64, t models.InsertType, assetID int64, now time.Time) (models.VideoInsert, error) {
	var in models.VideoInsert
	err := s.editVideoDraft(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video) error {
		if err := tx.Where("video_id = ?", v.ID).Take(&in, insertID).Error; err != nil {
			return translate(err, fmt.Sprintf("insert %d", insertID))
		}
		if err := insertFits(v, t); err != nil {
			return err
		}
		a, err := insertClip(tx, publisherID, assetID)
		if err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&models.VideoInsert{}).Where("video_id = ? AND insert_type_id = ? AND id <> ?", v.ID, t, in.ID).Count(&n).Error; err != nil {
			return translate(err, "count inserts")
		}
		if n > 0 {
			return models.ErrInsertExists
		}
		in.Type, in.AssetID, in.UpdatedAt, in.Asset = t, a.ID, now.UTC(), &a
		return translate(tx.Model(&models.VideoInsert{}).Where("id = ?", in.ID).
			Updates(map[string]any{"insert_type_id": t, "asset_id": a.ID, "updated_at": now.UTC()}).Error, "update insert")
	})
	return in, err
}

// DeleteInsert removes an insert.
func (s *Store) DeleteInsert(ctx context.Context, publisherID, videoID, insertID int64, now time.Time) error {
	return s.editVideoDraft(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video) error {
		res := tx.Where("id = ? AND video_id = ?", insertID, v.ID).Delete(&models.VideoInsert{})
		if res.Error != nil {
			return translate(res.Error, "delete insert")
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("insert %d: %w", insertID, models.ErrNotFound)
		}
		return nil
	})
}
