package store

import (
	"context"
	"fmt"
	"sort"
	"time"

	"gorm.io/gorm"

	"pagecast/models"
)

// BackgroundAudios lists a live video's background audio of the account, in order,
// with their assets.
func (s *Store) BackgroundAudios(ctx context.Context, publisherID, videoID int64) ([]models.VideoBackgroundAudio, error) {
	var v models.Video
	if err := liveVideos(s.db.WithContext(ctx), publisherID).Take(&v, videoID).Error; err != nil {
		return nil, translate(err, fmt.Sprintf("video %d", videoID))
	}
	return backgroundAudios(s.db.WithContext(ctx), videoID)
}

// BackgroundAudiosForWorkflow lists a video's background audio for its render.
func (s *Store) BackgroundAudiosForWorkflow(ctx context.Context, videoID int64) ([]models.VideoBackgroundAudio, error) {
	return backgroundAudios(s.db.WithContext(ctx), videoID)
}

func backgroundAudios(db *gorm.DB, videoID int64) ([]models.VideoBackgroundAudio, error) {
	var items []models.VideoBackgroundAudio
	if err := db.Where("video_id = ?", videoID).Order("item_order, id").Find(&items).Error; err != nil {
		return nil, translate(err, "background audio")
	}
	ids := make([]int64, len(items))
	for i, it := range items {
		ids[i] = it.AssetID
	}
	if len(ids) == 0 {
		return items, nil
	}
	var assets []models.Asset
	if err := db.Where("id IN ?", uniqueIDs(ids)).Find(&assets).Error; err != nil {
		return nil, translate(err, "background audio assets")
	}
	byID := map[int64]*models.Asset{}
	for i := range assets {
		byID[assets[i].ID] = &assets[i]
	}
	for i := range items {
		items[i].Asset = byID[items[i].AssetID]
	}
	return items, nil
}

// AddBackgroundAudio puts an audio asset of the account's library at the end of the
// video's background audio at volume (0 to 100).
func (s *Store) AddBackgroundAudio(ctx context.Context, publisherID, videoID, assetID int64, volume int, now time.Time) (models.VideoBackgroundAudio, error) {
	var item models.VideoBackgroundAudio
	err := s.editVideoDraft(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video) error {
		var a models.Asset
		if err := live(tx, publisherID).Take(&a, assetID).Error; isNotFound(err) {
			return models.ErrNotAudio
		} else if err != nil {
			return translate(err, fmt.Sprintf("asset %d", assetID))
		}
		if a.TypeID != models.AssetTypeIDAudio || a.VideoID != nil {
			return models.ErrNotAudio // narration belongs to its video, not the library
		}
		if a.State != models.AssetStateComplete || a.MediaKey == "" {
			return models.ErrMediaNotReady
		}
		var n int64
		if err := tx.Model(&models.VideoBackgroundAudio{}).Where("video_id = ?", v.ID).Count(&n).Error; err != nil {
			return translate(err, "count background audio")
		}
		if n >= models.MaxBackgroundAudios {
			return models.ErrBackgroundAudioLimit
		}
		item = models.VideoBackgroundAudio{VideoID: v.ID, AssetID: a.ID, Order: int(n) + 1, Volume: volume,
			CreatedAt: now.UTC(), UpdatedAt: now.UTC(), Asset: &a}
		return translate(tx.Create(&item).Error, "add background audio")
	})
	return item, err
}

// SetBackgroundAudioVolume sets one item's volume (0 to 100).
func (s *Store) SetBackgroundAudioVolume(ctx context.Context, publisherID, videoID, itemID int64, volume int, now time.Time) error {
	return s.editVideoDraft(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video) error {
		res := tx.Model(&models.VideoBackgroundAudio{}).Where("id = ? AND video_id = ?", itemID, v.ID).
			Updates(map[string]any{"volume": volume, "updated_at": now.UTC()})
		if res.Error != nil {
			return translate(res.Error, "set background audio volume")
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("background audio %d: %w", itemID, models.ErrNotFound)
		}
		return nil
	})
}

// DeleteBackgroundAudio removes one item and numbers the rest from 1 again.
func (s *Store) DeleteBackgroundAudio(ctx context.Context, publisherID, videoID, itemID int64, now time.Time) error {
	return s.editVideoDraft(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video) error {
		res := tx.Where("id = ? AND video_id = ?", itemID, v.ID).Delete(&models.VideoBackgroundAudio{})
		if res.Error != nil {
			return translate(res.Error, "delete background audio")
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("background audio %d: %w", itemID, models.ErrNotFound)
		}
		items, err := backgroundAudios(tx, v.ID)
		if err != nil {
			return err
		}
		ids := make([]int64, len(items))
		for i, it := range items {
			ids[i] = it.ID
		}
		return renumberBackgroundAudios(tx, ids, now)
	})
}

// ReorderBackgroundAudios puts the video's items in the order of ids, which must name
// exactly the existing items (the spec: a rearrangement holds only existing items).
func (s *Store) ReorderBackgroundAudios(ctx context.Context, publisherID, videoID int64, ids []int64, now time.Time) error {
	return s.editVideoDraft(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video) error {
		items, err := backgroundAudios(tx, v.ID)
		if err != nil {
			return err
		}
		have := make([]int64, len(items))
		for i, it := range items {
			have[i] = it.ID
		}
		want := append([]int64{}, ids...)
		sort.Slice(have, func(i, j int) bool { return have[i] < have[j] })
		sort.Slice(want, func(i, j int) bool { return want[i] < want[j] })
		if len(have) != len(want) {
			return models.ErrOrderMismatch
		}
		for i := range have {
			if have[i] != want[i] {
				return models.ErrOrderMismatch
			}
		}
		return renumberBackgroundAudios(tx, ids, now)
	})
}

func renumberBackgroundAudios(tx *gorm.DB, ids []int64, now time.Time) error {
	for i, id := range ids {
		if err := tx.Model(&models.VideoBackgroundAudio{}).Where("id = ?", id).
			Updates(map[string]any{"item_order": i + 1, "updated_at": now.UTC()}).Error; err != nil {
			return translate(err, "order background audio")
		}
	}
	return nil
}
