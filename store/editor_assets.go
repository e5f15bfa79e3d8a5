package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"pagecast/models"
)

// ErrVoiceNotUsed: no slide of the video is narrated by the voice.
var ErrVoiceNotUsed = fmt.Errorf("no slide is narrated by that voice: %w", models.ErrInvalidState)

// ErrVideoBuilding: the video's own build is still matching media.
var ErrVideoBuilding = fmt.Errorf("the video is still being built: %w", models.ErrInvalidState)

// LayerWithVideo finds a slide of a live video of the account, and that video's row.
// Another account's slide is ErrNotFound.
func (s *Store) LayerWithVideo(ctx context.Context, publisherID, layerID int64) (models.Layer, models.Video, error) {
	db := s.db.WithContext(ctx)
	var l models.Layer
	if err := db.Take(&l, layerID).Error; err != nil {
		return l, models.Video{}, translate(err, fmt.Sprintf("slide %d", layerID))
	}
	var v models.Video
	if err := liveVideos(db, publisherID).Take(&v, l.VideoID).Error; err != nil {
		return l, v, translate(err, fmt.Sprintf("slide %d", layerID))
	}
	return l, v, nil
}

// StartVideoAutomatch counts an editor automatch run of the account's video, marks
// the video a draft (its slides are about to change) and returns the run's number,
// from 1. A video whose own build has not finished matching media is
// ErrVideoBuilding: CreateVideo's automatch is still to come or under way.
func (s *Store) StartVideoAutomatch(ctx context.Context, publisherID, videoID int64, now time.Time) (int, error) {
	var n int
	err := s.editVideoDraft(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video) error {
		if v.BuildStage < models.BuildAutomatchCompleted && v.BuildStep != models.StepFailed {
			return ErrVideoBuilding
		}
		if err := tx.Model(&models.Video{}).Where("id = ?", v.ID).
			UpdateColumn("automatch_runs", gorm.Expr("automatch_runs + 1")).Error; err != nil {
			return translate(err, "count automatch run")
		}
		var runs []int
		if err := tx.Model(&models.Video{}).Where("id = ?", v.ID).Pluck("automatch_runs", &runs).Error; err != nil || len(runs) != 1 {
			return translate(err, "automatch runs")
		}
		n = runs[0]
		return nil
	})
	return n, err
}

// DeleteVoiceNarration deletes the narration of the video's slides narrated by voiceID
// (their own voice, else the video's): the narration assets are soft-deleted for the
// sweep, and their scenes are marked for narration and returned to narrate. The video
// becomes a draft. A voiceover video is narrated by its upload (ErrInvalidState); a
// voice no slide uses is ErrVoiceNotUsed.
func (s *Store) DeleteVoiceNarration(ctx context.Context, publisherID, videoID, voiceID int64, now time.Time) (EditResult, error) {
	res := EditResult{VideoID: videoID}
	err := s.editVideoDraft(ctx, publisherID, videoID, now, func(tx *gorm.DB, v models.Video) error {
		if v.IsVoiceover {
			return fmt.Errorf("delete narration of voiceover video %d: %w", v.ID, models.ErrInvalidState)
		}
		var layers []models.Layer
		if err := tx.Where("video_id = ?", v.ID).Order("layer_order, id").Find(&layers).Error; err != nil {
			return translate(err, "slides")
		}
		var ids, narration []int64
		scenes := map[int64]bool{}
		for _, l := range layers {
			if EffectiveVoice(l, v) != voiceID {
				continue
			}
			ids = append(ids, l.ID)
			if l.NarrationAssetID != nil {
				narration = append(narration, *l.NarrationAssetID)
			}
			if !scenes[l.SceneID] {
				scenes[l.SceneID] = true
				res.NarrateScenes = append(res.NarrateScenes, l.SceneID)
			}
		}
		if len(ids) == 0 {
			return ErrVoiceNotUsed
		}
		if len(narration) > 0 {
			if err := tx.Model(&models.Asset{}).Where("id IN ? AND video_id = ? AND deleted_at IS NULL", narration, v.ID).
				Updates(map[string]any{"deleted_at": now.UTC(), "updated_at": now.UTC()}).Error; err != nil {
				return translate(err, "delete narration assets")
			}
		}
		if err := tx.Model(&models.Layer{}).Where("id IN ?", ids).Updates(map[string]any{
			"narration_asset_id": nil, "narration_hash": "", "narration_ms": 0, "narration_timings": nil,
			"updated_at": now.UTC(),
		}).Error; err != nil {
			return translate(err, "clear narration")
		}
		for _, id := range res.NarrateScenes {
			if err := markSceneForAudio(tx, id, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return EditResult{}, err
	}
	return res, nil
}

// MostUsedAvatars lists the live avatars the account may use (the catalogue's and its
// own) that its live videos' slides show, most used first (ties: smaller id), at most
// limit.
func (s *Store) MostUsedAvatars(ctx context.Context, publisherID int64, limit int) ([]models.Avatar, error) {
	type row struct {
		ID   int64
		Uses int64
	}
	var rows []row
	err := s.db.WithContext(ctx).Table("avatars").
		Select("avatars.id AS id, COUNT(*) AS uses").
		Joins("JOIN layer_assets ON layer_assets.asset_id = avatars.asset_id").
		Joins("JOIN layers ON layers.id = layer_assets.layer_id").
		Joins("JOIN videos ON videos.id = layers.video_id").
		Where("videos.publisher_id = ? AND videos.deleted_at IS NULL", publisherID).
		Where("avatars.deleted_at IS NULL AND (avatars.publisher_id IS NULL OR avatars.publisher_id = ?)", publisherID).
		Group("avatars.id").Order("uses DESC").Order("avatars.id").Limit(limit).Scan(&rows).Error
	if err != nil {
		return nil, translate(err, "most used avatars")
	}
	if len(rows) == 0 {
		return nil, nil
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	var found []models.Avatar
	if err := s.db.WithContext(ctx).Where("id IN ?", ids).Find(&found).Error; err != nil {
		return nil, translate(err, "avatars")
	}
	byID := map[int64]models.Avatar{}
	for _, a := range found {
		byID[a.ID] = a
	}
	out := make([]models.Avatar, 0, len(rows))
	for _, id := range ids {
		out = append(out, byID[id])
	}
	return out, nil
}

// SoundtrackCandidates lists the account's live, imported audio files of its library
// that are not yet under the video, newest first, at most limit. Another account's
// video is ErrNotFound.
func (s *Store) SoundtrackCandidates(ctx context.Context, publisherID, videoID int64, limit int) ([]models.Asset, error) {
	db := s.db.WithContext(ctx)
	var v models.Video
	if err := liveVideos(db, publisherID).Take(&v, videoID).Error; err != nil {
		return nil, translate(err, fmt.Sprintf("video %d", videoID))
	}
	var out []models.Asset
	err := live(db, publisherID).
		Where("video_id IS NULL AND asset_type_id = ? AND state = ? AND media_key <> ''", models.AssetTypeIDAudio, models.AssetStateComplete).
		Where("id NOT IN (?)", db.Model(&models.VideoBackgroundAudio{}).Select("asset_id").Where("video_id = ?", v.ID)).
		Order("created_at DESC").Order("id DESC").Limit(limit).Find(&out).Error
	return out, translate(err, "soundtrack candidates")
}
