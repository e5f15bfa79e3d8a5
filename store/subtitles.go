package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"pagecast/models"
)

// SubtitlesForWorkflow lists a video's edited subtitles in time order; edited is false
// when the user never edited them (or reset them): the narration's own are used then.
// An edited list may be empty: the user deleted every subtitle, and the video has none.
func (s *Store) SubtitlesForWorkflow(ctx context.Context, videoID int64) (list []models.VideoSubtitle, edited bool, err error) {
	return subtitles(s.db.WithContext(ctx), videoID)
}

// A video whose edited subtitles were all deleted keeps one row without text
// (noSubtitles): without a row the video would be taken for never edited, and the
// narration's subtitles would come back. Every subtitle shown has text (the API
// refuses an empty one, the narration makes none).
func noSubtitles(videoID int64, now time.Time) models.VideoSubtitle {
	return models.VideoSubtitle{VideoID: videoID, DurationMs: 1, CreatedAt: now.UTC(), UpdatedAt: now.UTC()}
}

// subtitles are a video's stored subtitles, without the noSubtitles row, and whether
// it has any row (the user edited them).
func subtitles(db *gorm.DB, videoID int64) ([]models.VideoSubtitle, bool, error) {
	var rows []models.VideoSubtitle
	if err := db.Where("video_id = ?", videoID).Order("start_ms, id").Find(&rows).Error; err != nil {
		return nil, false, translate(err, "subtitles")
	}
	out := make([]models.VideoSubtitle, 0, len(rows))
	for _, c := range rows {
		if c.Text != "" {
			out = append(out, c)
		}
	}
	return out, len(rows) > 0, nil
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
		_, edited, err := subtitles(tx, v.ID)
		if err != nil {
			return err
		}
		if !edited && len(e.Generated) > 0 {
			for i := range e.Generated {
				c := e.Generated[i]
				c.ID, c.VideoID, c.CreatedAt, c.UpdatedAt = 0, v.ID, now.UTC(), now.UTC()
				if err := tx.Create(&c).Error; err != nil {
					return translate(err, "store subtitles")
				}
				if e.Index == i+1 {
					e.ID = c.ID
				}
			}
		}
		switch {
		case e.Add:
			if err := tx.Where("video_id = ? AND text = ''", v.ID).Delete(&models.VideoSubtitle{}).Error; err != nil {
				return translate(err, "add subtitle")
			}
			c := e.Cue
			c.ID, c.VideoID, c.CreatedAt, c.UpdatedAt = 0, v.ID, now.UTC(), now.UTC()
			if err := tx.Create(&c).Error; err != nil {
				return translate(err, "add subtitle")
			}
		case e.Delete:
			res := tx.Where("id = ? AND video_id = ? AND text <> ''", e.ID, v.ID).Delete(&models.VideoSubtitle{})
			if res.Error != nil {
				return translate(res.Error, "delete subtitle")
			}
			if res.RowsAffected == 0 {
				return fmt.Errorf("subtitle %d: %w", e.ID, models.ErrNotFound)
			}
			var left int64
			if err := tx.Model(&models.VideoSubtitle{}).Where("video_id = ?", v.ID).Count(&left).Error; err != nil {
				return translate(err, "delete subtitle")
			}
			if left == 0 {
				none := noSubtitles(v.ID, now)
				if err := tx.Create(&none).Error; err != nil {
					return translate(err, "delete subtitle")
				}
			}
		default:
			res := tx.Model(&models.VideoSubtitle{}).Where("id = ? AND video_id = ? AND text <> ''", e.ID, v.ID).
				Updates(map[string]any{"start_ms": e.Cue.StartMs, "duration_ms": e.Cue.DurationMs, "text": e.Cue.Text, "updated_at": now.UTC()})
			if res.Error != nil {
				return translate(res.Error, "edit subtitle")
			}
			if res.RowsAffected == 0 {
				return fmt.Errorf("subtitle %d: %w", e.ID, models.ErrNotFound)
			}
		}
		out, _, err = subtitles(tx, v.ID)
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
