package store

import (
	"context"
	"fmt"
	"reflect"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"pagecast/models"
)

// visiblePresets narrows to the public presets and the account's own.
func visiblePresets(tx *gorm.DB, publisherID int64) *gorm.DB {
	return tx.Model(&models.Preset{}).Where("(is_public = ? OR publisher_id = ?)", true, publisherID)
}

// PresetPage lists one page (0-based) of the presets the account sees and how many
// there are in all. Public presets come first in the order they were published (so
// the first one, the default, stays first), then the account's own, newest first.
func (s *Store) PresetPage(ctx context.Context, publisherID int64, page, size int) ([]models.Preset, int64, error) {
	db := s.db.WithContext(ctx)
	var total int64
	if err := visiblePresets(db, publisherID).Count(&total).Error; err != nil {
		return nil, 0, translate(err, "count presets")
	}
	out := []models.Preset{}
	err := visiblePresets(db, publisherID).
		Order("is_public DESC").
		Order("CASE WHEN is_public THEN id ELSE 0 END").
		Order("created_at DESC").Order("id DESC").
		Offset(max(page, 0) * size).Limit(size).Find(&out).Error
	if err != nil {
		return nil, 0, translate(err, "list presets")
	}
	return out, total, nil
}

// PresetCounts says how many public presets there are and how many the account owns.
func (s *Store) PresetCounts(ctx context.Context, publisherID int64) (public, own int64, err error) {
	db := s.db.WithContext(ctx)
	if err := db.Model(&models.Preset{}).Where("is_public = ?", true).Count(&public).Error; err != nil {
		return 0, 0, translate(err, "count public presets")
	}
	if err := db.Model(&models.Preset{}).Where("is_public = ? AND publisher_id = ?", false, publisherID).Count(&own).Error; err != nil {
		return 0, 0, translate(err, "count own presets")
	}
	return public, own, nil
}

// Preset returns a preset the account sees (public or its own); any other is
// ErrNotFound.
func (s *Store) Preset(ctx context.Context, publisherID, id int64) (models.Preset, error) {
	var p models.Preset
	err := visiblePresets(s.db.WithContext(ctx), publisherID).Where("id = ?", id).Take(&p).Error
	return p, translate(err, fmt.Sprintf("preset %d", id))
}

// CreatePreset stores a private preset of the account, unless it already has limit
// presets (models.ErrPresetLimit). The account's row is locked while counting, so two
// requests at once cannot pass the limit together.
func (s *Store) CreatePreset(ctx context.Context, p *models.Preset, limit int) error {
	if p.PublisherID == nil {
		return fmt.Errorf("create preset: no publisher")
	}
	pub := *p.PublisherID
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := s.lockPublisher(tx, pub); err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&models.Preset{}).Where("publisher_id = ? AND is_public = ?", pub, false).Count(&n).Error; err != nil {
			return translate(err, "count presets")
		}
		if n >= int64(limit) {
			return fmt.Errorf("create preset: %w", models.ErrPresetLimit)
		}
		now := time.Now().UTC()
		p.ID, p.IsPublic, p.SeedKey, p.CreatedAt, p.UpdatedAt = 0, false, nil, now, now
		if p.Settings == nil {
			p.Settings = []models.PresetSetting{}
		}
		return translate(tx.Create(p).Error, "create preset")
	})
}

// DeletePreset deletes one of the account's own presets and returns it. Public
// presets are models.ErrForbidden; other accounts' presets and missing ones are
// ErrNotFound.
func (s *Store) DeletePreset(ctx context.Context, publisherID, id int64) (models.Preset, error) {
	var p models.Preset
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := visiblePresets(tx, publisherID).Where("id = ?", id).Take(&p).Error; err != nil {
			return translate(err, fmt.Sprintf("preset %d", id))
		}
		if p.IsPublic {
			return fmt.Errorf("delete public preset %d: %w", id, models.ErrForbidden)
		}
		r := tx.Where("id = ? AND publisher_id = ? AND is_public = ?", id, publisherID, false).Delete(&models.Preset{})
		if r.Error != nil {
			return translate(r.Error, fmt.Sprintf("delete preset %d", id))
		}
		if r.RowsAffected == 0 {
			return fmt.Errorf("delete preset %d: %w", id, models.ErrNotFound)
		}
		return nil
	})
	return p, err
}

// SeedPresets upserts public presets by their SeedKey: a missing one is added, one
// whose name or settings changed is refreshed. It is idempotent and safe to run from
// several processes at once.
func (s *Store) SeedPresets(ctx context.Context, presets []models.Preset) (SeedResult, error) {
	var res SeedResult
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var existing []models.Preset
		if err := tx.Where("seed_key IS NOT NULL").Find(&existing).Error; err != nil {
			return translate(err, "seeded presets")
		}
		byKey := map[string]models.Preset{}
		for _, p := range existing {
			byKey[*p.SeedKey] = p
		}
		now := time.Now().UTC()
		var added []models.Preset
		for _, p := range presets {
			if p.SeedKey == nil || *p.SeedKey == "" {
				return fmt.Errorf("seed presets: %q has no seed key", p.Name)
			}
			if p.Settings == nil {
				p.Settings = []models.PresetSetting{}
			}
			old, found := byKey[*p.SeedKey]
			if !found {
				p.ID, p.PublisherID, p.IsPublic, p.CreatedAt, p.UpdatedAt = 0, nil, true, now, now
				added = append(added, p)
				continue
			}
			if old.Name == p.Name && reflect.DeepEqual([]models.PresetSetting(old.Settings), []models.PresetSetting(p.Settings)) {
				continue
			}
			err := tx.Model(&models.Preset{}).Where("id = ?", old.ID).
				Updates(map[string]any{"name": p.Name, "settings": p.Settings, "updated_at": now}).Error
			if err != nil {
				return translate(err, "update seeded preset")
			}
			res.Updated++
		}
		if len(added) == 0 {
			return nil
		}
		// Another process may be seeding too: its rows win and ours are skipped. Rows
		// are added one by one so that ids follow the given order (the list order).
		for i := range added {
			r := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "seed_key"}}, DoNothing: true}).Create(&added[i])
			if r.Error != nil {
				return translate(r.Error, "add seeded preset")
			}
			res.Added += int(r.RowsAffected)
		}
		return nil
	})
	return res, err
}
