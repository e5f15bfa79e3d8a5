package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"pagecast/models"
)

// CreateVoiceoverVideo stores a new voiceover video and its uploaded narration in one
// transaction, and sets both IDs. The narration asset belongs to the video (VideoID),
// so it stays out of the media library and is deleted with the video; the video points
// at it (IsVoiceover, VoiceoverAssetID), so its duration is the narration's length.
// The asset is stored as given (normally state created, its bytes not yet stored).
func (s *Store) CreateVoiceoverVideo(ctx context.Context, v *models.Video, narration *models.Asset) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		v.IsVoiceover, v.VoiceoverAssetID = true, nil
		if err := tx.Create(v).Error; err != nil {
			return translate(err, "create voiceover video")
		}
		narration.PublisherID, narration.VideoID = v.PublisherID, &v.ID
		if err := tx.Create(narration).Error; err != nil {
			return translate(err, "create narration asset")
		}
		v.VoiceoverAssetID = &narration.ID
		err := tx.Model(&models.Video{}).Where("id = ?", v.ID).Update("voiceover_asset_id", narration.ID).Error
		return translate(err, "link narration to video")
	})
}

// DiscardVoiceoverVideo removes a voiceover video whose build could not start, and
// its narration: the asset row goes too while its bytes never reached the object store
// (state created); once they may have, it is soft-deleted instead, so the hourly
// sweep removes its objects.
func (s *Store) DiscardVoiceoverVideo(ctx context.Context, videoID, assetID int64, now time.Time) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("id = ? AND state = ?", assetID, models.AssetStateCreated).Delete(&models.Asset{}).Error; err != nil {
			return translate(err, fmt.Sprintf("discard narration asset %d", assetID))
		}
		if err := tx.Model(&models.Asset{}).Where("id = ? AND deleted_at IS NULL", assetID).
			Updates(map[string]any{"deleted_at": now.UTC(), "updated_at": now.UTC()}).Error; err != nil {
			return translate(err, fmt.Sprintf("delete narration asset %d", assetID))
		}
		return translate(tx.Delete(&models.Video{}, videoID).Error, "discard voiceover video")
	})
}
