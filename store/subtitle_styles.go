package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"pagecast/migrations"
	"pagecast/models"
)

// visibleSubtitleStyles narrows to the built-in styles and the account's own.
func visibleSubtitleStyles(tx *gorm.DB, publisherID int64) *gorm.DB {
	return tx.Model(&models.SubtitleStyleConfig{}).Where("(publisher_id IS NULL OR publisher_id = ?)", publisherID)
}

// SubtitleStyleConfigs lists the styles the account sees, of one format when aspect is
// not empty: the built-in ones by id, then the account's own, newest first.
func (s *Store) SubtitleStyleConfigs(ctx context.Context, publisherID int64, aspect models.AspectRatio) ([]models.SubtitleStyleConfig, error) {
	q := visibleSubtitleStyles(s.db.WithContext(ctx), publisherID)
	if aspect != "" {
		q = q.Where("aspect_ratio = ?", aspect)
	}
	out := []models.SubtitleStyleConfig{}
	err := q.Order("CASE WHEN publisher_id IS NULL THEN 0 ELSE 1 END").
		Order("CASE WHEN publisher_id IS NULL THEN id ELSE 0 END").
		Order("created_at DESC").Order("id DESC").Find(&out).Error
	return out, translate(err, "list subtitle styles")
}

// SubtitleStyleConfig returns a style the account sees (built-in or its own); any
// other is ErrNotFound.
func (s *Store) SubtitleStyleConfig(ctx context.Context, publisherID, id int64) (models.SubtitleStyleConfig, error) {
	var c models.SubtitleStyleConfig
	err := visibleSubtitleStyles(s.db.WithContext(ctx), publisherID).Where("id = ?", id).Take(&c).Error
	return c, translate(err, fmt.Sprintf("subtitle style %d", id))
}

// VideoSubtitleStyle is the style v renders with: its own, or its format's default
// when the account cannot see that one or it is of the other format (a video made
// before styles were checked).
func (s *Store) VideoSubtitleStyle(ctx context.Context, v models.Video) (models.SubtitleStyleConfig, error) {
	c, err := s.SubtitleStyleConfig(ctx, v.PublisherID, int64(v.SubtitleStyleConfigID))
	if errors.Is(err, models.ErrNotFound) || err == nil && c.AspectRatio != v.AspectRatio {
		c, err = s.SubtitleStyleConfig(ctx, v.PublisherID, models.DefaultSubtitleStyleFor(v.AspectRatio))
	}
	return c, err
}

// CreateSubtitleStyleConfig stores a style of the account (c.PublisherID), unless it
// already has limit styles (models.ErrSubtitleStyleLimit). The account's row is locked
// while counting, so two requests at once cannot pass the limit together.
func (s *Store) CreateSubtitleStyleConfig(ctx context.Context, c *models.SubtitleStyleConfig, limit int, now time.Time) error {
	if c.PublisherID == nil {
		return fmt.Errorf("create subtitle style: no publisher")
	}
	pub := *c.PublisherID
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := s.lockPublisher(tx, pub); err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&models.SubtitleStyleConfig{}).Where("publisher_id = ?", pub).Count(&n).Error; err != nil {
			return translate(err, "count subtitle styles")
		}
		if n >= int64(limit) {
			return fmt.Errorf("create subtitle style: %w", models.ErrSubtitleStyleLimit)
		}
		c.ID, c.CreatedAt, c.UpdatedAt = 0, now.UTC(), now.UTC()
		return translate(tx.Create(c).Error, "create subtitle style")
	})
}

// UpdateSubtitleStyleConfig gives one of the account's own styles a new name and look
// and returns it. Every live video of the account that uses the style becomes a draft,
// so it may render again with the new look. Built-in styles are models.ErrForbidden;
// other accounts' styles and missing ones are ErrNotFound. The format never changes.
func (s *Store) UpdateSubtitleStyleConfig(ctx context.Context, publisherID, id int64, name string, look models.SubtitleStyleLook, now time.Time) (models.SubtitleStyleConfig, error) {
	var c models.SubtitleStyleConfig
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		q := visibleSubtitleStyles(tx, publisherID).Where("id = ?", id)
		if s.dialect == migrations.Postgres {
			q = q.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		if err := q.Take(&c).Error; err != nil {
			return translate(err, fmt.Sprintf("subtitle style %d", id))
		}
		if c.BuiltIn() {
			return fmt.Errorf("update built-in subtitle style %d: %w", id, models.ErrForbidden)
		}
		c.Name, c.SubtitleStyleLook, c.UpdatedAt = name, look, now.UTC()
		err := tx.Model(&models.SubtitleStyleConfig{}).Where("id = ? AND publisher_id = ?", id, publisherID).
			Select("name", "font_family", "font_size", "bold", "italic", "primary_color", "outline_color",
				"shadow_color", "spacing", "outline", "shadow_offset", "blur_edges", "margin_left",
				"margin_right", "margin_vertical", "angle", "position", "updated_at").
			Updates(&c).Error
		if err != nil {
			return translate(err, "update subtitle style")
		}
		err = liveVideos(tx.Model(&models.Video{}), publisherID).Where("subtitle_style_config_id = ?", id).
			Updates(map[string]any{"draft": true, "updated_at": now.UTC()}).Error
		return translate(err, "mark videos with the subtitle style drafts")
	})
	return c, err
}
