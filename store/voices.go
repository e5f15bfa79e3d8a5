package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"pagecast/models"
)

// SeedResult says what seeding changed.
type SeedResult struct {
	Added   int
	Updated int
}

// SeedVoices upserts catalogue voices of one provider by their provider voice id,
// with their tags (given by category and value; missing tags are created). It is
// idempotent and safe to run from several processes at once. A new voice gets the
// given IsRecommended and IsPublic; an existing one has its name, gender and language
// refreshed but keeps its other fields (deleted, hidden or recommended stay as set).
// For each voice, the categories it is given tags in are replaced by the given tags;
// its tags in other categories stay.
func (s *Store) SeedVoices(ctx context.Context, provider models.VoiceProvider, voices []models.Voice) (SeedResult, error) {
	var res SeedResult
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		tags, err := ensureTags(tx, voices)
		if err != nil {
			return err
		}
		existing, err := voicesOfProvider(tx, provider)
		if err != nil {
			return err
		}
		now := time.Now().UTC()
		var added []models.Voice
		for _, v := range voices {
			old, found := existing[v.ProviderVoiceID]
			if !found {
				v.ID, v.Provider, v.Cloned, v.PublisherID, v.CreatedAt, v.UpdatedAt = 0, provider, false, nil, now, now
				added = append(added, v)
				continue
			}
			if old.Name == v.Name && old.Gender == v.Gender && old.LanguageCode == v.LanguageCode {
				continue
			}
			err := tx.Model(&models.Voice{}).Where("id = ?", old.ID).
				Updates(map[string]any{"name": v.Name, "gender": v.Gender, "language_code": v.LanguageCode, "updated_at": now}).Error
			if err != nil {
				return translate(err, "update catalogue voice")
			}
			res.Updated++
		}
		if len(added) > 0 {
			// Another process may be seeding too: its rows win and ours are skipped.
			r := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "provider"}, {Name: "provider_voice_id"}}, DoNothing: true}).
				CreateInBatches(added, 100)
			if r.Error != nil {
				return translate(r.Error, "add catalogue voices")
			}
			res.Added = int(r.RowsAffected)
			if existing, err = voicesOfProvider(tx, provider); err != nil {
				return err
			}
		}
		return seedVoiceTags(tx, voices, existing, tags)
	})
	return res, err
}

// tagKey identifies a tag by category and value.
type tagKey struct {
	category models.TagCategory
	tag      string
}

// ensureTags creates the tags the voices name and returns every tag of their categories.
func ensureTags(tx *gorm.DB, voices []models.Voice) (map[tagKey]models.Tag, error) {
	want := map[tagKey]bool{}
	var categories []models.TagCategory
	var add []models.Tag
	for _, v := range voices {
		for _, t := range v.Tags {
			k := tagKey{t.TagCategoryID, t.Tag}
			if !want[k] {
				want[k] = true
				add = append(add, models.Tag{TagCategoryID: t.TagCategoryID, Tag: t.Tag})
				categories = append(categories, t.TagCategoryID)
			}
		}
	}
	out := map[tagKey]models.Tag{}
	if len(add) == 0 {
		return out, nil
	}
	err := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "tag_category_id"}, {Name: "tag"}}, DoNothing: true}).
		CreateInBatches(add, 200).Error
	if err != nil {
		return nil, translate(err, "add tags")
	}
	var all []models.Tag
	if err := tx.Where("tag_category_id IN ?", categories).Find(&all).Error; err != nil {
		return nil, translate(err, "load tags")
	}
	for _, t := range all {
		out[tagKey{t.TagCategoryID, t.Tag}] = t
	}
	return out, nil
}

func voicesOfProvider(tx *gorm.DB, provider models.VoiceProvider) (map[string]models.Voice, error) {
	var vs []models.Voice
	if err := tx.Where("provider = ? AND cloned = ?", provider, false).Find(&vs).Error; err != nil {
		return nil, translate(err, "catalogue voices")
	}
	out := make(map[string]models.Voice, len(vs))
	for _, v := range vs {
		out[v.ProviderVoiceID] = v
	}
	return out, nil
}

// seedVoiceTags makes each seeded voice carry exactly the given tags in the
// categories it is given tags in.
func seedVoiceTags(tx *gorm.DB, voices []models.Voice, stored map[string]models.Voice, tags map[tagKey]models.Tag) error {
	ids := make([]int64, 0, len(voices))
	for _, v := range voices {
		if sv, ok := stored[v.ProviderVoiceID]; ok {
			ids = append(ids, sv.ID)
		}
	}
	current, err := tagsOfVoices(tx, ids)
	if err != nil {
		return err
	}
	var add []models.VoiceTag
	for _, v := range voices {
		sv, ok := stored[v.ProviderVoiceID]
		if !ok {
			continue
		}
		want := map[int64]bool{}
		owned := map[models.TagCategory]bool{}
		for _, t := range v.Tags {
			want[tags[tagKey{t.TagCategoryID, t.Tag}].ID] = true
			owned[t.TagCategoryID] = true
		}
		have := map[int64]bool{}
		var drop []int64
		for _, t := range current[sv.ID] {
			have[t.ID] = true
			if owned[t.TagCategoryID] && !want[t.ID] {
				drop = append(drop, t.ID)
			}
		}
		for id := range want {
			if !have[id] {
				add = append(add, models.VoiceTag{VoiceID: sv.ID, TagID: id})
			}
		}
		if len(drop) > 0 {
			if err := tx.Where("voice_id = ? AND tag_id IN ?", sv.ID, drop).Delete(&models.VoiceTag{}).Error; err != nil {
				return translate(err, "drop voice tags")
			}
		}
	}
	if len(add) == 0 {
		return nil
	}
	err = tx.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(add, 300).Error
	return translate(err, "add voice tags")
}

// voiceTagRow is a tag with the voice carrying it.
type voiceTagRow struct {
	VoiceID       int64
	ID            int64
	TagCategoryID models.TagCategory
	Tag           string
	ParentTagID   *int64
}

func tagsOfVoices(tx *gorm.DB, voiceIDs any) (map[int64][]models.Tag, error) {
	var rows []voiceTagRow
	err := tx.Table("voice_tags").
		Select("voice_tags.voice_id, tags.id, tags.tag_category_id, tags.tag, tags.parent_tag_id").
		Joins("JOIN tags ON tags.id = voice_tags.tag_id").
		Where("voice_tags.voice_id IN (?)", voiceIDs).
		Order("tags.tag_category_id").Order("tags.tag").Scan(&rows).Error
	if err != nil {
		return nil, translate(err, "voice tags")
	}
	out := map[int64][]models.Tag{}
	for _, r := range rows {
		out[r.VoiceID] = append(out[r.VoiceID], models.Tag{ID: r.ID, TagCategoryID: r.TagCategoryID, Tag: r.Tag, ParentTagID: r.ParentTagID})
	}
	return out, nil
}

// withTags loads the tags of voices, selected by the subquery voiceIDs.
func withTags(tx *gorm.DB, voices []models.Voice, voiceIDs any) ([]models.Voice, error) {
	if len(voices) == 0 {
		return voices, nil
	}
	tags, err := tagsOfVoices(tx, voiceIDs)
	if err != nil {
		return nil, err
	}
	for i := range voices {
		voices[i].Tags = tags[voices[i].ID]
	}
	return voices, nil
}

// visibleVoices selects the voices a caller may see: not deleted, and public
// catalogue voices or the caller's own cloned ones. domain.VoiceVisible is the rule;
// this is its first cut in SQL.
func visibleVoices(db *gorm.DB, publisherID int64) *gorm.DB {
	return db.Model(&models.Voice{}).Where(`deleted_at IS NULL AND provider_voice_id <> ''
		AND ((cloned = ? AND is_public = ?) OR (cloned = ? AND publisher_id = ?))`, false, true, true, publisherID)
}

// VisibleVoices returns the voices the account may see, with their tags.
func (s *Store) VisibleVoices(ctx context.Context, publisherID int64) ([]models.Voice, error) {
	db := s.db.WithContext(ctx)
	var vs []models.Voice
	if err := visibleVoices(db, publisherID).Order("id").Find(&vs).Error; err != nil {
		return nil, translate(err, "visible voices")
	}
	return withTags(db, vs, visibleVoices(db.Session(&gorm.Session{NewDB: true}), publisherID).Select("id"))
}

// Voice finds a voice by id, deleted or not, with its tags; callers apply
// domain.VoiceVisible.
func (s *Store) Voice(ctx context.Context, id int64) (models.Voice, error) {
	db := s.db.WithContext(ctx)
	var v models.Voice
	if err := db.Take(&v, id).Error; err != nil {
		return v, translate(err, fmt.Sprintf("voice %d", id))
	}
	vs, err := withTags(db, []models.Voice{v}, []int64{id})
	if err != nil {
		return v, err
	}
	return vs[0], nil
}

// Tags lists the tags of the given categories, by category and name.
func (s *Store) Tags(ctx context.Context, categories []models.TagCategory) ([]models.Tag, error) {
	var out []models.Tag
	err := s.db.WithContext(ctx).Where("tag_category_id IN ?", categories).
		Order("tag_category_id").Order("tag").Find(&out).Error
	return out, translate(err, "tags")
}

// liveClones selects an account's cloned voices that are not deleted.
func liveClones(db *gorm.DB, publisherID int64) *gorm.DB {
	return db.Model(&models.Voice{}).Where("cloned = ? AND publisher_id = ? AND deleted_at IS NULL", true, publisherID)
}

// CountClonedVoices counts the account's live cloned voices.
func (s *Store) CountClonedVoices(ctx context.Context, publisherID int64) (int, error) {
	var n int64
	err := liveClones(s.db.WithContext(ctx), publisherID).Count(&n).Error
	return int(n), translate(err, "count cloned voices")
}

// CreateClonedVoice stores a new cloned voice of v.PublisherID and sets its ID, unless
// the account already has limit live cloned voices (models.ErrCloneLimit). The check
// and the insert are one transaction holding the account's row, so two requests at
// once cannot pass the limit together.
func (s *Store) CreateClonedVoice(ctx context.Context, v *models.Voice, limit int) error {
	if v.PublisherID == nil {
		return fmt.Errorf("create cloned voice: no publisher")
	}
	pub := *v.PublisherID
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := s.lockPublisher(tx, pub); err != nil {
			return err
		}
		var n int64
		if err := liveClones(tx, pub).Count(&n).Error; err != nil {
			return translate(err, "count cloned voices")
		}
		if n >= int64(limit) {
			return fmt.Errorf("create cloned voice: %w", models.ErrCloneLimit)
		}
		now := time.Now().UTC()
		v.ID, v.Cloned, v.CreatedAt, v.UpdatedAt, v.DeletedAt = 0, true, now, now, nil
		return translate(tx.Create(v).Error, "create cloned voice")
	})
}

// SetVoiceSample records the object holding a voice's sample.
func (s *Store) SetVoiceSample(ctx context.Context, id int64, key string) error {
	err := s.db.WithContext(ctx).Model(&models.Voice{}).Where("id = ?", id).
		Updates(map[string]any{"sample_key": key, "updated_at": time.Now().UTC()}).Error
	return translate(err, "set voice sample")
}

// DiscardClonedVoice removes a cloned voice row outright; only for a clone that failed
// before the user got it.
func (s *Store) DiscardClonedVoice(ctx context.Context, id int64) error {
	err := s.db.WithContext(ctx).Where("id = ? AND cloned = ?", id, true).Delete(&models.Voice{}).Error
	return translate(err, "discard cloned voice")
}

// DeleteClonedVoice soft-deletes one of the account's live cloned voices and returns
// it. Catalogue voices, other accounts' voices and deleted ones are ErrNotFound.
func (s *Store) DeleteClonedVoice(ctx context.Context, publisherID, id int64, now time.Time) (models.Voice, error) {
	var v models.Voice
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := liveClones(tx, publisherID).Where("id = ?", id).
			Updates(map[string]any{"deleted_at": now.UTC(), "updated_at": now.UTC()})
		if res.Error != nil {
			return translate(res.Error, "delete cloned voice")
		}
		if res.RowsAffected != 1 {
			return fmt.Errorf("delete cloned voice %d: %w", id, models.ErrNotFound)
		}
		return translate(tx.Take(&v, id).Error, "deleted voice")
	})
	return v, err
}

// MarkVoiceProviderDeleted records that the provider deleted a cloned voice.
func (s *Store) MarkVoiceProviderDeleted(ctx context.Context, id int64, now time.Time) error {
	err := s.db.WithContext(ctx).Model(&models.Voice{}).Where("id = ?", id).
		Update("provider_deleted_at", now.UTC()).Error
	return translate(err, "mark voice deleted at provider")
}
