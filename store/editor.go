package store

import (
	"context"
	"fmt"
	"sort"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"pagecast/domain"
	"pagecast/models"
)

// EditResult says which scenes of a video an edit left needing narration.
type EditResult struct {
	VideoID int64
	// NarrateScenes are scenes marked for narration (GenerateSceneAudio should run).
	NarrateScenes []int64
}

// editLayer runs fn in one transaction on a slide of the account, with its video
// locked and marked a draft (markEditing); the result names the video.
func (s *Store) editLayer(ctx context.Context, publisherID, layerID int64, now time.Time, fn func(tx *gorm.DB, l models.Layer, v models.Video, res *EditResult) error) (EditResult, error) {
	var res EditResult
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var l models.Layer
		if err := tx.Take(&l, layerID).Error; err != nil {
			return translate(err, fmt.Sprintf("slide %d", layerID))
		}
		var v models.Video
		if err := markEditing(tx, publisherID, l.VideoID, now, &v); err != nil {
			return err
		}
		res.VideoID = v.ID
		return fn(tx, l, v, &res)
	})
	return res, err
}

// markEditing locks a live video of the account for an edit, marks it a draft and
// loads it into v, in one statement: edits of a video queue on its row until commit,
// so each round trip saved while holding it is time the next edit does not wait. A
// failed edit rolls the mark back.
func markEditing(tx *gorm.DB, publisherID, videoID int64, now time.Time, v *models.Video) error {
	res := liveVideos(tx.Model(v), publisherID).Clauses(clause.Returning{}).Where("id = ?", videoID).
		Updates(map[string]any{"draft": true, "updated_at": now.UTC()})
	if res.Error != nil {
		return translate(res.Error, fmt.Sprintf("video %d", videoID))
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("video %d: %w", videoID, models.ErrNotFound)
	}
	return nil
}

// sameIDs reports whether a and b hold the same ids, each once.
func sameIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := append([]int64{}, a...), append([]int64{}, b...)
	sort.Slice(x, func(i, j int) bool { return x[i] < x[j] })
	sort.Slice(y, func(i, j int) bool { return y[i] < y[j] })
	for i := range x {
		if x[i] != y[i] || i > 0 && x[i] == x[i-1] {
			return false
		}
	}
	return true
}

// markDraft marks a video a draft (an edit) and recomputes its duration; every edit
// ends with it (editVideoDraft, editLayer's callers).
func markDraft(tx *gorm.DB, videoID int64, now time.Time) error {
	// One statement for a slide video (edits hold the video's lock until commit, so
	// every round trip here is time other edits of the video wait); a voiceover video
	// takes its length from the recording.
	res := tx.Model(&models.Video{}).Where("id = ? AND is_voiceover = ?", videoID, false).Updates(map[string]any{
		"draft": true, "updated_at": now.UTC(),
		"duration_ms": tx.Model(&models.Layer{}).Select("COALESCE(SUM(duration_ms), 0)").Where("video_id = ? AND is_placeholder = ?", videoID, false),
	})
	if res.Error != nil {
		return translate(res.Error, "mark video draft")
	}
	if res.RowsAffected == 1 {
		return nil
	}
	if err := tx.Model(&models.Video{}).Where("id = ?", videoID).Updates(map[string]any{"draft": true, "updated_at": now.UTC()}).Error; err != nil {
		return translate(err, "mark video draft")
	}
	return updateVideoDuration(tx, videoID, now.UTC())
}

// markSceneForAudio marks a scene for narration.
func markSceneForAudio(tx *gorm.DB, sceneID int64, now time.Time) error {
	return translate(tx.Model(&models.Scene{}).Where("id = ?", sceneID).
		Updates(map[string]any{"needs_audio": true, "audio_error": "", "updated_at": now.UTC()}).Error, "mark scene for narration")
}

// deleteScene removes a scene with its slides, soft-deletes the narration they owned
// (the sweep removes its bytes) and numbers the remaining scenes from 1.
func deleteScene(tx *gorm.DB, videoID, sceneID int64, now time.Time) error {
	var narration []int64
	if err := tx.Model(&models.Layer{}).Where("scene_id = ? AND narration_asset_id IS NOT NULL", sceneID).
		Pluck("narration_asset_id", &narration).Error; err != nil {
		return translate(err, "scene narration")
	}
	if err := tx.Where("id = ? AND video_id = ?", sceneID, videoID).Delete(&models.Scene{}).Error; err != nil {
		return translate(err, "delete scene")
	}
	if len(narration) > 0 {
		if err := tx.Model(&models.Asset{}).Where("id IN ? AND video_id = ?", narration, videoID).
			Updates(map[string]any{"deleted_at": now.UTC(), "updated_at": now.UTC()}).Error; err != nil {
			return translate(err, "delete scene narration")
		}
	}
	var ids []int64
	if err := tx.Model(&models.Scene{}).Where("video_id = ?", videoID).Order("scene_order, id").Pluck("id", &ids).Error; err != nil {
		return translate(err, "scenes")
	}
	return renumber(tx, &models.Scene{}, "scene_order", ids, now)
}

// renumber sets the order column of the rows with ids to 1, 2, ... in that order.
func renumber(tx *gorm.DB, model any, column string, ids []int64, now time.Time) error {
	for i, id := range ids {
		if err := tx.Model(model).Where("id = ?", id).Updates(map[string]any{column: i + 1, "updated_at": now.UTC()}).Error; err != nil {
			return translate(err, "renumber")
		}
	}
	return nil
}

// DeleteScene removes a scene of the account's video; the last one is ErrLastScene.
func (s *Store) DeleteScene(ctx context.Context, publisherID, videoID, sceneID int64, now time.Time) error {
	return s.editVideoDraft(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video) error {
		var sc models.Scene
		if err := tx.Where("video_id = ?", v.ID).Take(&sc, sceneID).Error; err != nil {
			return translate(err, fmt.Sprintf("scene %d", sceneID))
		}
		var n int64
		if err := tx.Model(&models.Scene{}).Where("video_id = ?", v.ID).Count(&n).Error; err != nil {
			return translate(err, "count scenes")
		}
		if n <= 1 {
			return models.ErrLastScene
		}
		return deleteScene(tx, v.ID, sc.ID, now)
	})
}

// ReorderScenes puts the video's scenes in the order of sceneIDs, which must name
// exactly the scenes there are (ErrStaleOrder otherwise).
func (s *Store) ReorderScenes(ctx context.Context, publisherID, videoID int64, sceneIDs []int64, now time.Time) error {
	return s.editVideoDraft(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video) error {
		var have []int64
		if err := tx.Model(&models.Scene{}).Where("video_id = ?", v.ID).Pluck("id", &have).Error; err != nil {
			return translate(err, "scenes")
		}
		if len(sceneIDs) == 0 || !sameIDs(have, sceneIDs) {
			return models.ErrStaleOrder
		}
		return renumber(tx, &models.Scene{}, "scene_order", sceneIDs, now)
	})
}

// DeleteLayer removes a slide. Deleting a scene's last slide deletes the scene when
// the video has others, and is ErrLastScene when it has none. The slide's scene is
// marked for narration (its order changed).
func (s *Store) DeleteLayer(ctx context.Context, publisherID, layerID int64, now time.Time) (EditResult, error) {
	return s.editLayer(ctx, publisherID, layerID, now, func(tx *gorm.DB, l models.Layer, v models.Video, res *EditResult) error {
		var left []int64
		if err := tx.Model(&models.Layer{}).Where("scene_id = ? AND id <> ?", l.SceneID, l.ID).Order("layer_order, id").Pluck("id", &left).Error; err != nil {
			return translate(err, "slides")
		}
		if len(left) == 0 {
			var n int64
			if err := tx.Model(&models.Scene{}).Where("video_id = ?", v.ID).Count(&n).Error; err != nil {
				return translate(err, "count scenes")
			}
			if n <= 1 {
				return models.ErrLastScene
			}
			if err := deleteScene(tx, v.ID, l.SceneID, now); err != nil {
				return err
			}
			return markDraft(tx, v.ID, now)
		}
		if err := tx.Delete(&models.Layer{}, l.ID).Error; err != nil {
			return translate(err, "delete slide")
		}
		if l.NarrationAssetID != nil {
			if err := tx.Model(&models.Asset{}).Where("id = ? AND video_id = ?", *l.NarrationAssetID, v.ID).
				Updates(map[string]any{"deleted_at": now.UTC(), "updated_at": now.UTC()}).Error; err != nil {
				return translate(err, "delete slide narration")
			}
		}
		if err := renumber(tx, &models.Layer{}, "layer_order", left, now); err != nil {
			return err
		}
		if !v.IsVoiceover {
			if err := markSceneForAudio(tx, l.SceneID, now); err != nil {
				return err
			}
			res.NarrateScenes = []int64{l.SceneID}
		}
		return markDraft(tx, v.ID, now)
	})
}

// ReorderLayers puts a scene's slides in the order of layerIDs, which must name
// exactly the scene's slides (ErrStaleOrder otherwise), and marks it for narration.
func (s *Store) ReorderLayers(ctx context.Context, publisherID, sceneID int64, layerIDs []int64, now time.Time) (EditResult, error) {
	return s.editScene(ctx, publisherID, sceneID, now, func(tx *gorm.DB, sc models.Scene, v models.Video, res *EditResult) error {
		var have []int64
		if err := tx.Model(&models.Layer{}).Where("scene_id = ?", sc.ID).Pluck("id", &have).Error; err != nil {
			return translate(err, "slides")
		}
		if len(layerIDs) == 0 || !sameIDs(have, layerIDs) {
			return models.ErrStaleOrder
		}
		if err := renumber(tx, &models.Layer{}, "layer_order", layerIDs, now); err != nil {
			return err
		}
		if !v.IsVoiceover {
			if err := markSceneForAudio(tx, sc.ID, now); err != nil {
				return err
			}
			res.NarrateScenes = []int64{sc.ID}
		}
		return markDraft(tx, v.ID, now)
	})
}

// SetLayerText changes a slide's narration text and marks its scene for narration
// (only that slide is spoken again: its narration no longer matches its text).
func (s *Store) SetLayerText(ctx context.Context, publisherID, layerID int64, text string, now time.Time) (EditResult, error) {
	return s.editLayer(ctx, publisherID, layerID, now, func(tx *gorm.DB, l models.Layer, v models.Video, res *EditResult) error {
		if err := tx.Model(&models.Layer{}).Where("id = ?", l.ID).Updates(map[string]any{"text": text, "updated_at": now.UTC()}).Error; err != nil {
			return translate(err, "slide text")
		}
		if err := followSlideText(tx, l, text); err != nil {
			return err
		}
		if !v.IsVoiceover && text != l.Text {
			if err := markSceneForAudio(tx, l.SceneID, now); err != nil {
				return err
			}
			res.NarrateScenes = []int64{l.SceneID}
		}
		return nil // marked a draft by editLayer; the length changes with the narration
	})
}

// followSlideText makes the slide's text slide show its new words, when what it shows
// was made from the old ones (domain.FollowSlideText).
func followSlideText(tx *gorm.DB, l models.Layer, text string) error {
	var items []models.LayerAsset
	if err := tx.Where("layer_id = ? AND kind = ?", l.ID, models.LayerAssetText).Find(&items).Error; err != nil {
		return translate(err, "text slide")
	}
	for _, it := range items {
		next, ok := domain.FollowSlideText(it.Text, l.Text, text)
		if !ok {
			continue
		}
		if err := tx.Model(&models.LayerAsset{}).Where("id = ?", it.ID).Update("text", next).Error; err != nil {
			return translate(err, "text slide")
		}
	}
	return nil
}

// SetLayerTagline changes a slide's headline.
func (s *Store) SetLayerTagline(ctx context.Context, publisherID, layerID int64, tagline string, now time.Time) (EditResult, error) {
	return s.editLayer(ctx, publisherID, layerID, now, func(tx *gorm.DB, l models.Layer, v models.Video, res *EditResult) error {
		if err := tx.Model(&models.Layer{}).Where("id = ?", l.ID).Updates(map[string]any{"tagline": tagline, "updated_at": now.UTC()}).Error; err != nil {
			return translate(err, "slide tagline")
		}
		return nil // marked a draft by editLayer; a headline changes no length
	})
}

// ReplaceLayerMedia makes a picture or video of the account's library, or a text
// slide (m.AssetID 0), the slide's media, in place of what it showed. The asset may
// still be importing: the render waits for it (its validation says so).
func (s *Store) ReplaceLayerMedia(ctx context.Context, publisherID, layerID int64, m SlideMediaInput, now time.Time) (EditResult, error) {
	return s.editLayer(ctx, publisherID, layerID, now, func(tx *gorm.DB, l models.Layer, v models.Video, res *EditResult) error {
		item, err := slideMediaItem(tx, publisherID, l.ID, m, 0, now)
		if err != nil {
			return err
		}
		if err := tx.Where("layer_id = ?", l.ID).Delete(&models.LayerAsset{}).Error; err != nil {
			return translate(err, "clear slide media")
		}
		if err := tx.Create(&item).Error; err != nil {
			return translate(err, "slide media")
		}
		return markDraft(tx, v.ID, now)
	})
}
