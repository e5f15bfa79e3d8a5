package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/datatypes"
	"gorm.io/gorm"

	"pagecast/models"
)

// SceneForAudio loads a scene with its slides and its video (without the video's
// tree), for GenerateSceneAudio. A slide's Narration is set while its narration is a
// live asset of the video's account.
func (s *Store) SceneForAudio(ctx context.Context, sceneID int64) (models.Scene, models.Video, error) {
	db := s.db.WithContext(ctx)
	var sc models.Scene
	if err := db.Take(&sc, sceneID).Error; err != nil {
		return sc, models.Video{}, translate(err, fmt.Sprintf("scene %d", sceneID))
	}
	var v models.Video
	if err := db.Take(&v, sc.VideoID).Error; err != nil {
		return sc, v, translate(err, fmt.Sprintf("video %d", sc.VideoID))
	}
	if err := db.Where("scene_id = ?", sceneID).Order("layer_order, id").Find(&sc.Layers).Error; err != nil {
		return sc, v, translate(err, "slides")
	}
	var ids []int64
	for _, l := range sc.Layers {
		if l.NarrationAssetID != nil {
			ids = append(ids, *l.NarrationAssetID)
		}
	}
	if len(ids) == 0 {
		return sc, v, nil
	}
	var found []models.Asset
	if err := live(db, v.PublisherID).Where("id IN ?", uniqueIDs(ids)).Find(&found).Error; err != nil {
		return sc, v, translate(err, "narration")
	}
	byID := make(map[int64]*models.Asset, len(found))
	for i := range found {
		byID[found[i].ID] = &found[i]
	}
	for i, l := range sc.Layers {
		if l.NarrationAssetID != nil {
			sc.Layers[i].Narration = byID[*l.NarrationAssetID]
		}
	}
	return sc, v, nil
}

// LayerNarration is a slide's new narration, made from Text with voice VoiceID.
type LayerNarration struct {
	LayerID int64
	Text    string
	VoiceID int64
	Hash    string
	// Asset is the audio; it is created in the same transaction.
	Asset       models.Asset
	NarrationMs int
	Timings     []byte // JSON
	PauseMs     int    // the pause after the slide, added to its duration
}

// SetLayerNarration stores a slide's new narration, unless the slide changed since the
// narration was planned (its text or voice differ) or was deleted: then it returns
// false and stores nothing. The narration it replaces is soft-deleted.
func (s *Store) SetLayerNarration(ctx context.Context, n LayerNarration, now time.Time) (bool, error) {
	stored := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var l models.Layer
		if err := tx.Take(&l, n.LayerID).Error; err != nil {
			if isNotFound(err) {
				return nil
			}
			return translate(err, fmt.Sprintf("slide %d", n.LayerID))
		}
		var v models.Video
		if err := tx.Take(&v, l.VideoID).Error; err != nil {
			return translate(err, fmt.Sprintf("video %d", l.VideoID))
		}
		if l.Text != n.Text || EffectiveVoice(l, v) != n.VoiceID || v.DeletedAt != nil {
			return nil
		}
		if l.NarrationHash == n.Hash && l.NarrationAssetID != nil {
			// A retried activity already stored it: its key names the run. Another run
			// narrating the same text makes a narration that was lost again.
			var same int64
			if err := tx.Model(&models.Asset{}).Where("id = ? AND media_key = ? AND deleted_at IS NULL", *l.NarrationAssetID, n.Asset.MediaKey).
				Count(&same).Error; err != nil {
				return translate(err, "current narration")
			}
			if same > 0 {
				stored = true
				return nil
			}
		}
		a := n.Asset
		a.ID, a.VideoID, a.CreatedAt, a.UpdatedAt = 0, &v.ID, now.UTC(), now.UTC()
		a.PublisherID = v.PublisherID
		if err := tx.Create(&a).Error; err != nil {
			return translate(err, "create narration asset")
		}
		// Narration deleted earlier under the very same key (models.NarrationKey makes
		// that unlikely) hands its objects to the new asset: the sweep must not remove them.
		if err := tx.Model(&models.Asset{}).
			Where("video_id = ? AND deleted_at IS NOT NULL AND objects_deleted_at IS NULL AND media_key = ?", v.ID, a.MediaKey).
			Update("objects_deleted_at", now.UTC()).Error; err != nil {
			return translate(err, "hand over narration objects")
		}
		if l.NarrationAssetID != nil {
			if err := tx.Model(&models.Asset{}).Where("id = ?", *l.NarrationAssetID).
				Updates(map[string]any{"deleted_at": now.UTC(), "updated_at": now.UTC()}).Error; err != nil {
				return translate(err, "delete old narration")
			}
		}
		err := tx.Model(&models.Layer{}).Where("id = ?", l.ID).Updates(map[string]any{
			"narration_asset_id": a.ID, "narration_hash": n.Hash, "narration_ms": n.NarrationMs,
			"narration_timings": datatypes.JSON(n.Timings), "duration_ms": n.NarrationMs + n.PauseMs,
			"updated_at": now.UTC(),
		}).Error
		if err != nil {
			return translate(err, "set narration")
		}
		stored = true
		return nil
	})
	return stored, err
}

// ClearLayerNarration removes a slide's narration because it has nothing to say (no
// text): the slide keeps a silent duration of silentMs.
func (s *Store) ClearLayerNarration(ctx context.Context, layerID int64, silentMs int, now time.Time) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var l models.Layer
		if err := tx.Take(&l, layerID).Error; err != nil {
			if isNotFound(err) {
				return nil
			}
			return translate(err, fmt.Sprintf("slide %d", layerID))
		}
		if l.NarrationAssetID != nil {
			if err := tx.Model(&models.Asset{}).Where("id = ?", *l.NarrationAssetID).
				Updates(map[string]any{"deleted_at": now.UTC(), "updated_at": now.UTC()}).Error; err != nil {
				return translate(err, "delete old narration")
			}
		}
		err := tx.Model(&models.Layer{}).Where("id = ?", layerID).Updates(map[string]any{
			"narration_asset_id": nil, "narration_hash": "", "narration_ms": 0, "narration_timings": nil,
			"duration_ms": silentMs, "updated_at": now.UTC(),
		}).Error
		return translate(err, "clear narration")
	})
}

// FinishSceneAudio marks a scene's narration done when every slide with text has
// narration made from its current text and voice (hash computes that), and records
// the video's duration. It returns false when some slide changed meanwhile: the
// caller narrates again.
func (s *Store) FinishSceneAudio(ctx context.Context, sceneID int64, hash func(voiceID int64, text string) string, now time.Time) (bool, error) {
	current := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var sc models.Scene
		if err := tx.Take(&sc, sceneID).Error; err != nil {
			if isNotFound(err) {
				current = true // the scene was deleted: nothing to narrate
				return nil
			}
			return translate(err, fmt.Sprintf("scene %d", sceneID))
		}
		var v models.Video
		if err := tx.Take(&v, sc.VideoID).Error; err != nil {
			return translate(err, fmt.Sprintf("video %d", sc.VideoID))
		}
		var layers []models.Layer
		if err := tx.Where("scene_id = ?", sceneID).Find(&layers).Error; err != nil {
			return translate(err, "slides")
		}
		for _, l := range layers {
			if l.Text == "" || v.IsVoiceover { // a voiceover video is narrated by its upload
				continue
			}
			if l.NarrationAssetID == nil || l.NarrationHash != hash(EffectiveVoice(l, v), l.Text) {
				return nil
			}
		}
		current = true
		if err := tx.Model(&models.Scene{}).Where("id = ?", sceneID).
			Updates(map[string]any{"needs_audio": false, "audio_error": "", "updated_at": now.UTC()}).Error; err != nil {
			return translate(err, "finish scene audio")
		}
		return updateVideoDuration(tx, v.ID, now)
	})
	return current, err
}

// FailSceneAudio records why a scene's narration could not be made.
func (s *Store) FailSceneAudio(ctx context.Context, sceneID int64, message string) error {
	err := s.db.WithContext(ctx).Model(&models.Scene{}).Where("id = ?", sceneID).
		Updates(map[string]any{"audio_error": message, "updated_at": time.Now().UTC()}).Error
	return translate(err, "fail scene audio")
}

// MarkScenesForAudio marks scenes of a video for narration regeneration.
func (s *Store) MarkScenesForAudio(ctx context.Context, videoID int64, sceneIDs []int64) error {
	q := s.db.WithContext(ctx).Model(&models.Scene{}).Where("video_id = ?", videoID)
	if sceneIDs != nil {
		q = q.Where("id IN ?", sceneIDs)
	}
	return translate(q.Updates(map[string]any{"needs_audio": true, "audio_error": "", "updated_at": time.Now().UTC()}).Error,
		"mark scenes for narration")
}

// SetSceneVoice sets the narrator of every slide of a scene of the account's video
// and marks the scene for narration. A voiceover video's scenes are narrated by its
// upload: ErrInvalidState.
func (s *Store) SetSceneVoice(ctx context.Context, publisherID, videoID, sceneID int64, voiceID *int64, now time.Time) (models.Scene, error) {
	var sc models.Scene
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var v models.Video
		if err := s.lockVideo(tx, publisherID, videoID, &v); err != nil {
			return err
		}
		if err := tx.Where("video_id = ?", videoID).Take(&sc, sceneID).Error; err != nil {
			return translate(err, fmt.Sprintf("scene %d", sceneID))
		}
		if v.IsVoiceover {
			return fmt.Errorf("narrate a scene of voiceover video %d: %w", videoID, models.ErrInvalidState)
		}
		if voiceID != nil {
			if err := tx.Model(&models.Layer{}).Where("scene_id = ?", sceneID).
				Updates(map[string]any{"voice_id": *voiceID, "updated_at": now.UTC()}).Error; err != nil {
				return translate(err, "set scene voice")
			}
		}
		if err := tx.Model(&models.Video{}).Where("id = ?", videoID).
			Updates(map[string]any{"draft": true, "updated_at": now.UTC()}).Error; err != nil {
			return translate(err, "mark draft")
		}
		return translate(tx.Model(&sc).Updates(map[string]any{"needs_audio": true, "audio_error": "",
			"updated_at": now.UTC()}).Error, "mark scene for narration")
	})
	return sc, err
}

// updateVideoDuration sets a video's duration: the first asset's length for a
// voiceover video, else the sum of its non-placeholder slides' durations.
func updateVideoDuration(tx *gorm.DB, videoID int64, now time.Time) error {
	var v models.Video
	if err := tx.Take(&v, videoID).Error; err != nil {
		return translate(err, fmt.Sprintf("video %d", videoID))
	}
	var ms int64
	if v.IsVoiceover && v.VoiceoverAssetID != nil {
		var a models.Asset
		if err := tx.Take(&a, *v.VoiceoverAssetID).Error; err != nil {
			return translate(err, "voiceover asset")
		}
		ms = int64(a.Duration*1000 + 0.5)
	} else {
		row := tx.Model(&models.Layer{}).Select("COALESCE(SUM(duration_ms), 0)").
			Where("video_id = ? AND is_placeholder = ?", videoID, false).Row()
		if err := row.Scan(&ms); err != nil {
			return translate(err, "sum slide durations")
		}
	}
	return translate(tx.Model(&models.Video{}).Where("id = ?", videoID).
		Updates(map[string]any{"duration_ms": ms, "updated_at": now.UTC()}).Error, "set video duration")
}

// RecomputeVideoDuration sets a video's duration from its slides or voiceover.
func (s *Store) RecomputeVideoDuration(ctx context.Context, videoID int64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return updateVideoDuration(tx, videoID, time.Now().UTC())
	})
}

// EffectiveVoice is the voice that narrates a slide: its own, else the video's.
func EffectiveVoice(l models.Layer, v models.Video) int64 {
	if l.VoiceID != nil {
		return *l.VoiceID
	}
	if v.VoiceID != nil {
		return *v.VoiceID
	}
	return 0
}
