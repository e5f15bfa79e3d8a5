package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"gorm.io/gorm"

	"pagecast/models"
)

// Parts of a video an editor call names that are not there (each is ErrNotFound), so
// the API can tell which one is missing.
var (
	ErrSceneNotFound      = fmt.Errorf("scene: %w", models.ErrNotFound)
	ErrSlideNotFound      = fmt.Errorf("slide: %w", models.ErrNotFound)
	ErrSlideMediaNotFound = fmt.Errorf("slide media: %w", models.ErrNotFound)
)

// NewScene is a scene to insert: after PrevSceneID (nil: first), with one slide of
// Text ("" in a narrated video: models.DefaultSlideText) and TemplateID (0: the
// video's).
type NewScene struct {
	PrevSceneID *int64
	TemplateID  int
	Text        string
}

// NewLayer is a slide to add to a scene: at the end when Append, else after
// AfterLayerID (nil: first). Text "" in a narrated video is models.DefaultSlideText.
type NewLayer struct {
	Text         string
	Append       bool
	AfterLayerID *int64
}

// SlideMediaInput is what a slide shows: a picture or video of the library (AssetID),
// or, when AssetID is 0, Text as a text slide.
type SlideMediaInput struct {
	AssetID int64
	Text    string
}

// slideText is the text of a new slide.
func slideText(v models.Video, text string) string {
	if text == "" && !v.IsVoiceover {
		return models.DefaultSlideText
	}
	return text
}

// narrateScenes marks scenes of a narrated video for narration and names them in res;
// a voiceover video's narration is its upload.
func narrateScenes(tx *gorm.DB, v models.Video, res *EditResult, now time.Time, sceneIDs ...int64) error {
	if v.IsVoiceover {
		return nil
	}
	for _, id := range sceneIDs {
		if err := markSceneForAudio(tx, id, now); err != nil {
			return err
		}
		res.NarrateScenes = append(res.NarrateScenes, id)
	}
	return nil
}

// orderedIDs lists the ids of model rows matching where in column order.
func orderedIDs(tx *gorm.DB, model any, column, where string, args ...any) ([]int64, error) {
	var ids []int64
	err := tx.Model(model).Where(where, args...).Order(column+", id").Pluck("id", &ids).Error
	return ids, translate(err, "order")
}

// insertAfter returns ids with id put after prev (0: first).
func insertAfter(ids []int64, prev, id int64) []int64 {
	out := make([]int64, 0, len(ids)+1)
	if prev == 0 {
		out = append(out, id)
	}
	for _, x := range ids {
		out = append(out, x)
		if x == prev {
			out = append(out, id)
		}
	}
	return out
}

// containsID reports whether id is in ids.
func containsID(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// editScene runs fn in one transaction on a scene of the account, with its video
// locked and marked a draft (markEditing); the result names the video.
func (s *Store) editScene(ctx context.Context, publisherID, sceneID int64, now time.Time, fn func(tx *gorm.DB, sc models.Scene, v models.Video, res *EditResult) error) (EditResult, error) {
	var res EditResult
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var sc models.Scene
		if err := tx.Take(&sc, sceneID).Error; isNotFound(err) {
			return ErrSceneNotFound
		} else if err != nil {
			return translate(err, fmt.Sprintf("scene %d", sceneID))
		}
		var v models.Video
		if err := markEditing(tx, publisherID, sc.VideoID, now, &v); isNotFound(err) {
			return ErrSceneNotFound
		} else if err != nil {
			return err
		}
		res.VideoID = v.ID
		return fn(tx, sc, v, &res)
	})
	return res, err
}

// editVideo runs fn on a live video of the account, locked, and marks it a draft, in
// one transaction (editVideoDraft with the edit's result).
func (s *Store) editVideo(ctx context.Context, publisherID, videoID int64, now time.Time, fn func(tx *gorm.DB, v models.Video, res *EditResult) error) (EditResult, error) {
	res := EditResult{VideoID: videoID}
	err := s.editVideoDraft(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video) error {
		return fn(tx, v, &res)
	})
	return res, err
}

// createSlide adds a slide of text to a scene at layer_order order (renumbered by the
// caller).
func createSlide(tx *gorm.DB, v models.Video, sceneID int64, order int, text string, now time.Time) (models.Layer, error) {
	l := models.Layer{SceneID: sceneID, VideoID: v.ID, Order: order, Text: slideText(v, text), Paragraph: -1,
		CreatedAt: now.UTC(), UpdatedAt: now.UTC()}
	return l, translate(tx.Create(&l).Error, "create slide")
}

// playOrder lists a video's slides that are not placeholders in the order they play.
func playOrder(tx *gorm.DB, videoID int64) ([]models.Layer, error) {
	var ls []models.Layer
	err := tx.Table("layers").Select("layers.*").Joins("JOIN scenes ON scenes.id = layers.scene_id").
		Where("layers.video_id = ? AND layers.is_placeholder = ?", videoID, false).
		Order("scenes.scene_order, scenes.id, layers.layer_order, layers.id").Find(&ls).Error
	return ls, translate(err, "slides in order")
}

// shareVoiceover gives a new slide of a voiceover video half the time of the slide
// before it (the one after, when it is first), so the voiceover's length stays the
// slides' total; a neighbour too short to halve leaves it 0 ms (not shown until its
// duration is set).
func shareVoiceover(tx *gorm.DB, v models.Video, layerID int64, now time.Time) error {
	if !v.IsVoiceover {
		return nil
	}
	ls, err := playOrder(tx, v.ID)
	if err != nil {
		return err
	}
	for i, l := range ls {
		if l.ID != layerID {
			continue
		}
		var nb models.Layer
		switch {
		case i > 0:
			nb = ls[i-1]
		case i+1 < len(ls):
			nb = ls[i+1]
		default:
			return nil
		}
		if nb.DurationMs < 2*models.MinVoiceoverSlideMs {
			return nil
		}
		half := nb.DurationMs / 2
		return setDurations(tx, now, map[int64]int{nb.ID: nb.DurationMs - half, l.ID: half})
	}
	return nil
}

// setDurations sets slides' durations.
func setDurations(tx *gorm.DB, now time.Time, ms map[int64]int) error {
	for id, d := range ms {
		if err := tx.Model(&models.Layer{}).Where("id = ?", id).Updates(map[string]any{"duration_ms": d, "updated_at": now.UTC()}).Error; err != nil {
			return translate(err, "slide duration")
		}
	}
	return nil
}

// AddScene inserts a scene with one slide into the account's video after
// in.PrevSceneID (nil: first) and numbers the scenes from 1. An unknown previous
// scene is ErrSceneNotFound.
func (s *Store) AddScene(ctx context.Context, publisherID, videoID int64, in NewScene, now time.Time) (EditResult, error) {
	return s.editVideo(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video, res *EditResult) error {
		ids, err := orderedIDs(tx, &models.Scene{}, "scene_order", "video_id = ?", v.ID)
		if err != nil {
			return err
		}
		var prev int64
		if in.PrevSceneID != nil {
			if prev = *in.PrevSceneID; !containsID(ids, prev) {
				return ErrSceneNotFound
			}
		}
		tpl := in.TemplateID
		if tpl == 0 {
			tpl = v.TemplateID
		}
		sc := models.Scene{VideoID: v.ID, Order: len(ids) + 1, TemplateID: tpl, CreatedAt: now.UTC(), UpdatedAt: now.UTC()}
		if err := tx.Create(&sc).Error; err != nil {
			return translate(err, "create scene")
		}
		l, err := createSlide(tx, v, sc.ID, 1, in.Text, now)
		if err != nil {
			return err
		}
		if err := renumber(tx, &models.Scene{}, "scene_order", insertAfter(ids, prev, sc.ID), now); err != nil {
			return err
		}
		if err := shareVoiceover(tx, v, l.ID, now); err != nil {
			return err
		}
		return narrateScenes(tx, v, res, now, sc.ID)
	})
}

// SplitScene moves the slide layerID of a scene and the slides after it to a new
// scene right after it; both scenes are narrated again. The scene's first slide is
// ErrSplitFirstSlide; a slide of another scene is ErrSlideNotFound.
func (s *Store) SplitScene(ctx context.Context, publisherID, videoID, sceneID, layerID int64, now time.Time) (EditResult, error) {
	return s.editVideo(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video, res *EditResult) error {
		var sc models.Scene
		if err := tx.Where("video_id = ?", v.ID).Take(&sc, sceneID).Error; isNotFound(err) {
			return ErrSceneNotFound
		} else if err != nil {
			return translate(err, fmt.Sprintf("scene %d", sceneID))
		}
		slides, err := orderedIDs(tx, &models.Layer{}, "layer_order", "scene_id = ?", sc.ID)
		if err != nil {
			return err
		}
		at := -1
		for i, id := range slides {
			if id == layerID {
				at = i
			}
		}
		switch {
		case at < 0:
			return ErrSlideNotFound
		case at == 0:
			return models.ErrSplitFirstSlide
		}
		scenes, err := orderedIDs(tx, &models.Scene{}, "scene_order", "video_id = ?", v.ID)
		if err != nil {
			return err
		}
		next := models.Scene{VideoID: v.ID, Order: len(scenes) + 1, TemplateID: sc.TemplateID, CreatedAt: now.UTC(), UpdatedAt: now.UTC()}
		if err := tx.Create(&next).Error; err != nil {
			return translate(err, "create scene")
		}
		moved := slides[at:]
		if err := tx.Model(&models.Layer{}).Where("id IN ?", moved).Updates(map[string]any{"scene_id": next.ID, "updated_at": now.UTC()}).Error; err != nil {
			return translate(err, "move slides")
		}
		if err := renumber(tx, &models.Layer{}, "layer_order", moved, now); err != nil {
			return err
		}
		if err := renumber(tx, &models.Scene{}, "scene_order", insertAfter(scenes, sc.ID, next.ID), now); err != nil {
			return err
		}
		return narrateScenes(tx, v, res, now, sc.ID, next.ID)
	})
}

// AddLayer adds a slide to a scene of the account (at the end, first, or after a
// slide of that scene) and marks the scene for narration. An unknown scene is
// ErrSceneNotFound, an AfterLayerID not of the scene ErrSlideNotFound.
func (s *Store) AddLayer(ctx context.Context, publisherID, sceneID int64, in NewLayer, now time.Time) (EditResult, error) {
	return s.editScene(ctx, publisherID, sceneID, now, func(tx *gorm.DB, sc models.Scene, v models.Video, res *EditResult) error {
		ids, err := orderedIDs(tx, &models.Layer{}, "layer_order", "scene_id = ?", sc.ID)
		if err != nil {
			return err
		}
		var after int64
		switch {
		case in.Append && len(ids) > 0:
			after = ids[len(ids)-1]
		case !in.Append && in.AfterLayerID != nil:
			if after = *in.AfterLayerID; !containsID(ids, after) {
				return ErrSlideNotFound
			}
		}
		l, err := createSlide(tx, v, sc.ID, len(ids)+1, in.Text, now)
		if err != nil {
			return err
		}
		if err := renumber(tx, &models.Layer{}, "layer_order", insertAfter(ids, after, l.ID), now); err != nil {
			return err
		}
		if err := shareVoiceover(tx, v, l.ID, now); err != nil {
			return err
		}
		if err := narrateScenes(tx, v, res, now, sc.ID); err != nil {
			return err
		}
		return markDraft(tx, v.ID, now)
	})
}

// SwapLayers exchanges the places (scene and order) of two slides of the account's
// video and marks their scenes for narration. The same slide twice is ErrSameSlide, a
// slide of another video ErrSlideNotFound.
func (s *Store) SwapLayers(ctx context.Context, publisherID, videoID, firstID, secondID int64, now time.Time) (EditResult, error) {
	return s.editVideo(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video, res *EditResult) error {
		if firstID == secondID {
			return models.ErrSameSlide
		}
		var ls []models.Layer
		if err := tx.Where("video_id = ? AND id IN ?", v.ID, []int64{firstID, secondID}).Find(&ls).Error; err != nil {
			return translate(err, "slides")
		}
		if len(ls) != 2 {
			return ErrSlideNotFound
		}
		a, b := ls[0], ls[1]
		for _, m := range []struct {
			l  models.Layer
			to models.Layer
		}{{a, b}, {b, a}} {
			if err := tx.Model(&models.Layer{}).Where("id = ?", m.l.ID).
				Updates(map[string]any{"scene_id": m.to.SceneID, "layer_order": m.to.Order, "updated_at": now.UTC()}).Error; err != nil {
				return translate(err, "swap slides")
			}
		}
		scenes := []int64{a.SceneID}
		if b.SceneID != a.SceneID {
			scenes = append(scenes, b.SceneID)
		}
		return narrateScenes(tx, v, res, now, scenes...)
	})
}

// slideMediaItem checks what a slide is to show and returns it as a media item of
// the slide at position: a live picture or video of the account's library (it may
// still be importing), else ErrNotSlideMedia; or a text slide.
func slideMediaItem(tx *gorm.DB, publisherID, layerID int64, m SlideMediaInput, position int, now time.Time) (models.LayerAsset, error) {
	item := models.LayerAsset{LayerID: layerID, Position: position, Kind: models.LayerAssetMedia, CreatedAt: now.UTC()}
	if m.AssetID == 0 {
		item.Kind, item.Text = models.LayerAssetText, m.Text
		return item, nil
	}
	var a models.Asset
	if err := live(tx, publisherID).Take(&a, m.AssetID).Error; isNotFound(err) {
		return item, models.ErrNotSlideMedia
	} else if err != nil {
		return item, translate(err, fmt.Sprintf("asset %d", m.AssetID))
	}
	if a.TypeID != models.AssetTypeIDImage && a.TypeID != models.AssetTypeIDVideo || a.VideoID != nil || a.State == models.AssetStateError {
		return item, models.ErrNotSlideMedia
	}
	item.AssetID = &a.ID
	return item, nil
}

// AddLayerMedia adds a picture or video of the account's library, or a text slide,
// after the slide's media. The asset may still be importing: the render waits.
func (s *Store) AddLayerMedia(ctx context.Context, publisherID, layerID int64, m SlideMediaInput, now time.Time) (EditResult, error) {
	return s.editLayer(ctx, publisherID, layerID, now, func(tx *gorm.DB, l models.Layer, v models.Video, res *EditResult) error {
		var last struct{ N int }
		if err := tx.Model(&models.LayerAsset{}).Select("COALESCE(MAX(position), -1) + 1 AS n").Where("layer_id = ?", l.ID).Scan(&last).Error; err != nil {
			return translate(err, "slide media")
		}
		item, err := slideMediaItem(tx, publisherID, l.ID, m, last.N, now)
		if err != nil {
			return err
		}
		if err := tx.Create(&item).Error; err != nil {
			return translate(err, "add slide media")
		}
		return markDraft(tx, v.ID, now)
	})
}

// DeleteLayerMedia removes a media item of a slide (the slide may be left without
// media: validation says so). An item of another slide is ErrSlideMediaNotFound.
func (s *Store) DeleteLayerMedia(ctx context.Context, publisherID, layerID, itemID int64, now time.Time) (EditResult, error) {
	return s.editLayer(ctx, publisherID, layerID, now, func(tx *gorm.DB, l models.Layer, v models.Video, res *EditResult) error {
		q := tx.Where("id = ? AND layer_id = ?", itemID, l.ID).Delete(&models.LayerAsset{})
		if q.Error != nil {
			return translate(q.Error, "delete slide media")
		}
		if q.RowsAffected == 0 {
			return ErrSlideMediaNotFound
		}
		return markDraft(tx, v.ID, now)
	})
}

// SetLayerVoice sets a slide's own narrator (nil: the video's) and, when it changed,
// marks the scene for narration.
func (s *Store) SetLayerVoice(ctx context.Context, publisherID, layerID int64, voiceID *int64, now time.Time) (EditResult, error) {
	return s.editLayer(ctx, publisherID, layerID, now, func(tx *gorm.DB, l models.Layer, v models.Video, res *EditResult) error {
		if err := tx.Model(&models.Layer{}).Where("id = ?", l.ID).Updates(map[string]any{"voice_id": voiceID, "updated_at": now.UTC()}).Error; err != nil {
			return translate(err, "slide voice")
		}
		if (l.VoiceID == nil) != (voiceID == nil) || l.VoiceID != nil && *l.VoiceID != *voiceID {
			if err := narrateScenes(tx, v, res, now, l.SceneID); err != nil {
				return err
			}
		}
		return markDraft(tx, v.ID, now)
	})
}

// SetLayerMuted mutes or unmutes a slide: a muted slide keeps its time on screen, its
// narration is left out of the render and it has no subtitles.
func (s *Store) SetLayerMuted(ctx context.Context, publisherID, layerID int64, muted bool, now time.Time) (EditResult, error) {
	return s.editLayer(ctx, publisherID, layerID, now, func(tx *gorm.DB, l models.Layer, v models.Video, res *EditResult) error {
		if err := tx.Model(&models.Layer{}).Where("id = ?", l.ID).Updates(map[string]any{"muted": muted, "updated_at": now.UTC()}).Error; err != nil {
			return translate(err, "slide mute")
		}
		return markDraft(tx, v.ID, now)
	})
}

// SetLayerTransform sets how a slide's picture is fitted and cropped (nil: the whole
// picture covering the frame). An invalid transform is ErrInvalidTransform.
func (s *Store) SetLayerTransform(ctx context.Context, publisherID, layerID int64, t *models.SlideTransform, now time.Time) (EditResult, error) {
	var value any
	if t != nil {
		if err := t.Validate(); err != nil {
			return EditResult{}, err
		}
		raw, err := json.Marshal(t)
		if err != nil {
			return EditResult{}, err
		}
		value = string(raw)
	}
	return s.editLayer(ctx, publisherID, layerID, now, func(tx *gorm.DB, l models.Layer, v models.Video, res *EditResult) error {
		if err := tx.Model(&models.Layer{}).Where("id = ?", l.ID).Updates(map[string]any{"transform": value, "updated_at": now.UTC()}).Error; err != nil {
			return translate(err, "slide transform")
		}
		return markDraft(tx, v.ID, now)
	})
}

// SetVoiceoverDuration sets a slide's share of a voiceover video's recording; the
// next slide (the previous one, for the last) absorbs the difference so the slides
// still add up to the recording. Either left under models.MinVoiceoverSlideMs is
// ErrSlideDuration; a narrated video is ErrNotVoiceover.
func (s *Store) SetVoiceoverDuration(ctx context.Context, publisherID, videoID, layerID int64, durationMs int, now time.Time) (EditResult, error) {
	return s.editVideo(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video, res *EditResult) error {
		if !v.IsVoiceover {
			return models.ErrNotVoiceover
		}
		ls, err := playOrder(tx, v.ID)
		if err != nil {
			return err
		}
		for i, l := range ls {
			if l.ID != layerID {
				continue
			}
			if durationMs == l.DurationMs {
				return nil
			}
			var nb models.Layer
			switch {
			case i+1 < len(ls):
				nb = ls[i+1]
			case i > 0:
				nb = ls[i-1]
			default:
				return models.ErrSlideDuration
			}
			rest := nb.DurationMs - (durationMs - l.DurationMs)
			if durationMs < models.MinVoiceoverSlideMs || rest < models.MinVoiceoverSlideMs {
				return models.ErrSlideDuration
			}
			return setDurations(tx, now, map[int64]int{l.ID: durationMs, nb.ID: rest})
		}
		return ErrSlideNotFound
	})
}
