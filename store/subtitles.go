package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"pagecast/models"
)

// SubtitlesForWorkflow lists a video's edited subtitles in time order (none: the
// narration's own are used).
func (s *Store) SubtitlesForWorkflow(ctx context.Context, videoID int64) ([]models.VideoSubtitle, error) {
	return subtitles(s.db.WithContext(ctx), videoID)
}

func subtitles(db *gorm.DB, videoID int64) ([]models.VideoSubtitle, error) {
	var out []models.VideoSubtitle
	err := db.Where("video_id = ?", videoID).Order("start_ms, id").Find(&out).Error
	return out, translate(err, "subtitles")
}

// SubtitleEdit is one change to a video's subtitles. Generated are the subtitles the
// narration makes, stored first when the video has no edited ones yet, so that the
// edit applies to the list the user saw; Index then names the subtitle (1-based) in
// that list, else ID does.
type SubtitleEdit struct {
	Generated []models.VideoSubtitle
	Delete    bool
	Add       bool
	ID        int64
	Index     int
	Cue       models.VideoSubtitle
}

// EditSubtitles applies one change to a video of the account and returns its
// subtitles after it; a subtitle that does not exist is ErrNotFound.
func (s *Store) EditSubtitles(ctx context.Context, publisherID, videoID int64, e SubtitleEdit, now time.Time) ([]models.VideoSubtitle, error) {
	var out []models.VideoSubtitle
	err := s.editVideoDraft(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video) error {
		have, err := subtitles(tx, v.ID)
		if err != nil {
			return err
		}
		if len(have) == 0 && len(e.Generated) > 0 {
			for i := range e.Generated {
				c := e.Generated[i]
				c.ID, c.VideoID, c.CreatedAt, c.UpdatedAt = 0, v.ID, now.UTC(), now.UTC()
				if err := tx.Create(&c).Error; err != nil {
					return translate(err, "store subtitles")
				}
				have = append(have, c)
				if e.Index == i+1 {
					e.ID = c.ID
				}
			}
		}
		switch {
		case e.Add:
			c := e.Cue
			c.ID, c.VideoID, c.CreatedAt, c.UpdatedAt = 0, v.ID, now.UTC(), now.UTC()
			if err := tx.Create(&c).Error; err != nil {
				return translate(err, "add subtitle")
			}
		case e.Delete:
			res := tx.Where("id = ? AND video_id = ?", e.ID, v.ID).Delete(&models.VideoSubtitle{})
			if res.Error != nil {
				return translate(res.Error, "delete subtitle")
			}
			if res.RowsAffected == 0 {
				return fmt.Errorf("subtitle %d: %w", e.ID, models.ErrNotFound)
			}
		default:
			res := tx.Model(&models.VideoSubtitle{}).Where("id = ? AND video_id = ?", e.ID, v.ID).
				Updates(map[string]any{"start_ms": e.Cue.StartMs, "duration_ms": e.Cue.DurationMs, "text": e.Cue.Text, "updated_at": now.UTC()})
			if res.Error != nil {
				return translate(res.Error, "edit subtitle")
			}
			if res.RowsAffected == 0 {
				return fmt.Errorf("subtitle %d: %w", e.ID, models.ErrNotFound)
			}
		}
		out, err = subtitles(tx, v.ID)
		return err
	})
	return out, err
}

// ResetSubtitles drops a video's edited subtitles: its narration's own are used again.
func (s *Store) ResetSubtitles(ctx context.Context, publisherID, videoID int64, now time.Time) error {
	return s.editVideoDraft(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video) error {
		return translate(tx.Where("video_id = ?", v.ID).Delete(&models.VideoSubtitle{}).Error, "reset subtitles")
	})
}
