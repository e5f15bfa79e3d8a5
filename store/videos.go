package store

import (
	"context"
	"fmt"
	"path"
	"strings"
	"time"

	"gorm.io/datatypes"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"pagecast/migrations"
	"pagecast/models"
)

func liveVideos(db *gorm.DB, publisherID int64) *gorm.DB {
	return db.Where("publisher_id = ? AND deleted_at IS NULL", publisherID)
}

// CreateVideo stores a new video and sets its ID.
func (s *Store) CreateVideo(ctx context.Context, v *models.Video) error {
	return translate(s.db.WithContext(ctx).Create(v).Error, "create video")
}

// DiscardVideo removes a video row outright; only for a video whose workflow could not
// start, so no half-made video is left behind.
func (s *Store) DiscardVideo(ctx context.Context, id int64) error {
	return translate(s.db.WithContext(ctx).Delete(&models.Video{}, id).Error, "discard video")
}

// Video finds a live video of the account with its scenes, slides and slide media.
// Another account's video is ErrNotFound.
func (s *Store) Video(ctx context.Context, publisherID, id int64) (models.Video, error) {
	var v models.Video
	if err := liveVideos(s.db.WithContext(ctx), publisherID).Take(&v, id).Error; err != nil {
		return v, translate(err, fmt.Sprintf("video %d", id))
	}
	return v, loadTree(s.db.WithContext(ctx), &v)
}

// VideoRow finds a live video of the account without its scenes, for calls that need
// only its own fields.
func (s *Store) VideoRow(ctx context.Context, publisherID, id int64) (models.Video, error) {
	var v models.Video
	err := liveVideos(s.db.WithContext(ctx), publisherID).Take(&v, id).Error
	return v, translate(err, fmt.Sprintf("video %d", id))
}

// VideoForWorkflow finds a video by id for its workflows, with its tree; a deleted
// video is still found (the workflow then stops).
func (s *Store) VideoForWorkflow(ctx context.Context, id int64) (models.Video, error) {
	var v models.Video
	if err := s.db.WithContext(ctx).Take(&v, id).Error; err != nil {
		return v, translate(err, fmt.Sprintf("video %d", id))
	}
	return v, loadTree(s.db.WithContext(ctx), &v)
}

// loadTree fills v.Scenes, their Layers and the layers' Assets (with the assets).
func loadTree(db *gorm.DB, v *models.Video) error {
	var scenes []models.Scene
	if err := db.Where("video_id = ?", v.ID).Order("scene_order, id").Find(&scenes).Error; err != nil {
		return translate(err, "scenes")
	}
	var layers []models.Layer
	if err := db.Where("video_id = ?", v.ID).Order("layer_order, id").Find(&layers).Error; err != nil {
		return translate(err, "layers")
	}
	layerIDs := make([]int64, len(layers))
	for i, l := range layers {
		layerIDs[i] = l.ID
	}
	var items []models.LayerAsset
	if len(layerIDs) > 0 {
		if err := db.Where("layer_id IN ?", layerIDs).Order("position, id").Find(&items).Error; err != nil {
			return translate(err, "layer assets")
		}
	}
	var assetIDs []int64
	for _, it := range items {
		if it.AssetID != nil {
			assetIDs = append(assetIDs, *it.AssetID)
		}
	}
	for _, l := range layers {
		if l.NarrationAssetID != nil {
			assetIDs = append(assetIDs, *l.NarrationAssetID)
		}
	}
	assets := map[int64]*models.Asset{}
	if len(assetIDs) > 0 {
		var found []models.Asset
		if err := db.Where("id IN ?", uniqueIDs(assetIDs)).Find(&found).Error; err != nil {
			return translate(err, "slide media")
		}
		for i := range found {
			assets[found[i].ID] = &found[i]
		}
	}
	byLayer := map[int64][]models.LayerAsset{}
	for _, it := range items {
		if it.AssetID != nil {
			it.Asset = assets[*it.AssetID]
		}
		byLayer[it.LayerID] = append(byLayer[it.LayerID], it)
	}
	byScene := map[int64][]models.Layer{}
	for _, l := range layers {
		l.Assets = byLayer[l.ID]
		if l.NarrationAssetID != nil {
			// A narration is the slide's while it is a live asset of the video's account.
			if a := assets[*l.NarrationAssetID]; a != nil && a.PublisherID == v.PublisherID && a.DeletedAt == nil {
				l.Narration = a
			}
		}
		byScene[l.SceneID] = append(byScene[l.SceneID], l)
	}
	for i := range scenes {
		scenes[i].Layers = byScene[scenes[i].ID]
	}
	v.Scenes = scenes
	return nil
}

// VideoFilter selects a page of Manage Videos.
type VideoFilter struct {
	Page, PageSize int
	CreatedBy      *int64 // only videos this user created
	CreatedAfter   *time.Time
	CreatedBefore  *time.Time
	Search         string // case-insensitive name containment
	// RenderStatus filters by render status; "draft" means not rendered yet.
	RenderStatus string
}

// VideoSummary is a video as Manage Videos lists it.
type VideoSummary struct {
	models.Video
	SceneCount int
	// Thumbnail is the first slide's first media asset, if any.
	Thumbnail *models.Asset
}

// VideoPage lists one page of the account's live videos, newest first, and how many
// match in all.
func (s *Store) VideoPage(ctx context.Context, publisherID int64, f VideoFilter) ([]VideoSummary, int64, error) {
	db := s.db.WithContext(ctx)
	q := liveVideos(db.Model(&models.Video{}), publisherID)
	if f.CreatedBy != nil {
		q = q.Where("created_by = ?", *f.CreatedBy)
	}
	if f.CreatedAfter != nil {
		q = q.Where("created_at >= ?", f.CreatedAfter.UTC())
	}
	if f.CreatedBefore != nil {
		q = q.Where("created_at <= ?", f.CreatedBefore.UTC())
	}
	if f.Search != "" {
		q = q.Where(`LOWER(name) LIKE ? ESCAPE '\'`, "%"+escapeLike(strings.ToLower(f.Search))+"%")
	}
	switch f.RenderStatus {
	case "":
	case "draft":
		q = q.Where("render_status = ''")
	default:
		q = q.Where("render_status = ?", f.RenderStatus)
	}
	q = q.Session(&gorm.Session{})
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, translate(err, "count videos")
	}
	page, size := max(f.Page, 1), max(f.PageSize, 1)
	var videos []models.Video
	if err := q.Order("created_at DESC").Order("id DESC").Offset((page - 1) * size).Limit(size).Find(&videos).Error; err != nil {
		return nil, 0, translate(err, "list videos")
	}
	out := make([]VideoSummary, len(videos))
	ids := make([]int64, len(videos))
	for i, v := range videos {
		out[i].Video = v
		ids[i] = v.ID
	}
	if len(ids) == 0 {
		return out, total, nil
	}
	var counts []struct {
		VideoID int64
		N       int
	}
	if err := db.Model(&models.Scene{}).Select("video_id, COUNT(*) AS n").Where("video_id IN ?", ids).
		Group("video_id").Scan(&counts).Error; err != nil {
		return nil, 0, translate(err, "count scenes")
	}
	// The first media item of each video's first slide that has one.
	var firsts []struct {
		VideoID int64
		AssetID int64
	}
	err := db.Table("layer_assets AS la").
		Select("l.video_id AS video_id, la.asset_id AS asset_id").
		Joins("JOIN layers l ON l.id = la.layer_id").
		Joins("JOIN scenes sc ON sc.id = l.scene_id").
		Where("l.video_id IN ? AND la.asset_id IS NOT NULL", ids).
		Order("l.video_id, sc.scene_order, l.layer_order, la.position, la.id").Scan(&firsts).Error
	if err != nil {
		return nil, 0, translate(err, "video thumbnails")
	}
	thumb := map[int64]int64{}
	var thumbIDs []int64
	for _, f := range firsts {
		if _, ok := thumb[f.VideoID]; !ok {
			thumb[f.VideoID] = f.AssetID
			thumbIDs = append(thumbIDs, f.AssetID)
		}
	}
	assets := map[int64]*models.Asset{}
	if len(thumbIDs) > 0 {
		var found []models.Asset
		if err := db.Where("id IN ?", thumbIDs).Find(&found).Error; err != nil {
			return nil, 0, translate(err, "thumbnail assets")
		}
		for i := range found {
			assets[found[i].ID] = &found[i]
		}
	}
	n := map[int64]int{}
	for _, c := range counts {
		n[c.VideoID] = c.N
	}
	for i := range out {
		out[i].SceneCount = n[out[i].ID]
		out[i].Thumbnail = assets[thumb[out[i].ID]]
	}
	return out, total, nil
}

// VideoUpdate is what PUT /video/{id} may change; nil fields stay.
type VideoUpdate struct {
	Name        *string
	Description *string
	// VoiceID changes the default narrator: slides narrated by the old default take the
	// new one, narration is deleted and every scene is marked for regeneration.
	VoiceID *int64
	// HardcodeSubtitles says whether the next render burns the subtitles in.
	HardcodeSubtitles *bool
	// SubtitleStyleConfigID is the subtitle style of the next render; the caller has
	// checked the account sees it and it is of the video's format.
	SubtitleStyleConfigID *int64
}

// UpdateVideo edits a live video of the account in one transaction and marks it a
// draft. It returns the video and, when slides need narrating again because the
// narrator changed, true (never for a voiceover video, narrated by its upload).
func (s *Store) UpdateVideo(ctx context.Context, publisherID, id int64, u VideoUpdate, now time.Time) (models.Video, bool, error) {
	var v models.Video
	narratorChanged := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.lockVideo(tx, publisherID, id, &v); err != nil {
			return err
		}
		changes := map[string]any{"updated_at": now.UTC(), "draft": true}
		if u.Name != nil {
			changes["name"] = *u.Name
		}
		if u.Description != nil {
			changes["description"] = *u.Description
		}
		if u.HardcodeSubtitles != nil {
			changes["hardcode_subtitles"] = *u.HardcodeSubtitles
		}
		if u.SubtitleStyleConfigID != nil {
			changes["subtitle_style_config_id"] = *u.SubtitleStyleConfigID
		}
		if u.VoiceID != nil && (v.VoiceID == nil || *v.VoiceID != *u.VoiceID) {
			narratorChanged = !v.IsVoiceover
			changes["voice_id"] = *u.VoiceID
			if v.VoiceID != nil {
				if err := tx.Model(&models.Layer{}).Where("video_id = ? AND voice_id = ?", id, *v.VoiceID).
					Updates(map[string]any{"voice_id": *u.VoiceID, "updated_at": now.UTC()}).Error; err != nil {
					return translate(err, "reassign slide voices")
				}
			}
			if err := deleteNarration(tx, v, now); err != nil {
				return err
			}
		}
		if err := tx.Model(&models.Video{}).Where("id = ?", id).Updates(changes).Error; err != nil {
			return translate(err, "update video")
		}
		return nil
	})
	if err != nil {
		return v, false, err
	}
	v, err = s.Video(ctx, publisherID, id)
	return v, narratorChanged, err
}

// deleteNarration removes every slide's narration of a video (the assets are
// soft-deleted for the sweep) and marks all its scenes for regeneration. A voiceover
// video keeps its uploaded narration: nothing of it is generated.
func deleteNarration(tx *gorm.DB, v models.Video, now time.Time) error {
	if v.IsVoiceover {
		return nil
	}
	err := tx.Model(&models.Asset{}).Where("video_id = ? AND deleted_at IS NULL", v.ID).
		Updates(map[string]any{"deleted_at": now.UTC(), "updated_at": now.UTC()}).Error
	if err != nil {
		return translate(err, "delete narration assets")
	}
	err = tx.Model(&models.Layer{}).Where("video_id = ?", v.ID).Updates(map[string]any{
		"narration_asset_id": nil, "narration_hash": "", "narration_ms": 0, "narration_timings": nil,
		"updated_at": now.UTC(),
	}).Error
	if err != nil {
		return translate(err, "clear narration")
	}
	err = tx.Model(&models.Scene{}).Where("video_id = ?", v.ID).
		Updates(map[string]any{"needs_audio": true, "audio_error": "", "updated_at": now.UTC()}).Error
	return translate(err, "mark scenes for narration")
}

// editVideoDraft runs fn on a live video of the account, locked, and marks the
// video a draft, in one transaction.
func (s *Store) editVideoDraft(ctx context.Context, publisherID, videoID int64, now time.Time, fn func(tx *gorm.DB, v models.Video) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var v models.Video
		if err := s.lockVideo(tx, publisherID, videoID, &v); err != nil {
			return err
		}
		if err := fn(tx, v); err != nil {
			return err
		}
		return markDraft(tx, v.ID, now)
	})
}

// lockVideo loads a live video of the account for update inside tx.
func (s *Store) lockVideo(tx *gorm.DB, publisherID, id int64, v *models.Video) error {
	q := liveVideos(tx, publisherID)
	if s.dialect == migrations.Postgres {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	return translate(q.Take(v, id).Error, fmt.Sprintf("video %d", id))
}

// DeleteVideo soft-deletes a live video of the account and the narration it owns, and
// cancels its render if one runs: the render's credits are released and it can no
// longer finish (nor e-mail that a deleted video is ready). Attempts are locked before
// the video's row is written, in the order FinishRender takes them.
func (s *Store) DeleteVideo(ctx context.Context, publisherID, id int64, now time.Time) error {
	now = now.UTC()
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := liveVideos(tx.Model(&models.Video{}), publisherID).Where("id = ?", id).Count(&n).Error; err != nil {
			return translate(err, "delete video")
		}
		if n == 0 {
			return fmt.Errorf("video %d: %w", id, models.ErrNotFound)
		}
		if err := s.cancelVideoRenders(tx, id, "The video was deleted.", now); err != nil {
			return err
		}
		res := liveVideos(tx.Model(&models.Video{}), publisherID).Where("id = ?", id).
			Updates(map[string]any{"deleted_at": now, "updated_at": now})
		if res.Error != nil {
			return translate(res.Error, "delete video")
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("video %d: %w", id, models.ErrNotFound)
		}
		err := tx.Model(&models.Asset{}).Where("video_id = ? AND deleted_at IS NULL", id).
			Updates(map[string]any{"deleted_at": now, "updated_at": now}).Error
		return translate(err, "delete video narration")
	})
}

// CopyVideo copies a live video of the account with its scenes, slides and slide
// media, as a new draft named "<name> (Copy)". Narration is not shared between videos:
// the copy's scenes are marked for narration, which is regenerated from the same text;
// a voiceover video's uploaded narration gets a new asset, whose objects the caller
// copies (the returned ObjectCopy list) before the copy is used.
func (s *Store) CopyVideo(ctx context.Context, publisherID, id int64, userID *int64, now time.Time) (models.Video, []ObjectCopy, error) {
	var cp models.Video
	var objects []ObjectCopy
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var src models.Video
		if err := liveVideos(tx, publisherID).Take(&src, id).Error; err != nil {
			return translate(err, fmt.Sprintf("video %d", id))
		}
		if err := loadTree(tx, &src); err != nil {
			return err
		}
		cp = src
		cp.ID, cp.CreatedBy, cp.CopiedFrom = 0, userID, &src.ID
		cp.Name = src.Name + " (Copy)"
		cp.Draft, cp.RenderStatus, cp.ContentKey, cp.ThumbnailKey = true, "", "", ""
		cp.CreatedAt, cp.UpdatedAt, cp.DeletedAt = now.UTC(), now.UTC(), nil
		if src.BuildStage == models.BuildReadyToRender {
			// The copy's narration is made again before it is ready.
			cp.BuildStage, cp.BuildStep = models.BuildAutomatchCompleted, models.StepGeneratingNarration
		}
		cp.Scenes, cp.VoiceoverAssetID = nil, nil
		if err := tx.Create(&cp).Error; err != nil {
			return translate(err, "copy video")
		}
		if src.VoiceoverAssetID != nil {
			var err error
			if objects, err = copyVoiceover(tx, src, &cp, now); err != nil {
				return err
			}
		}
		for _, sc := range src.Scenes {
			nsc := sc
			nsc.ID, nsc.VideoID, nsc.NeedsAudio, nsc.AudioError = 0, cp.ID, !src.IsVoiceover, ""
			nsc.CreatedAt, nsc.UpdatedAt, nsc.Layers = now.UTC(), now.UTC(), nil
			if err := tx.Create(&nsc).Error; err != nil {
				return translate(err, "copy scene")
			}
			for _, l := range sc.Layers {
				nl := l
				nl.ID, nl.SceneID, nl.VideoID = 0, nsc.ID, cp.ID
				nl.NarrationAssetID, nl.NarrationHash, nl.NarrationMs, nl.NarrationTimings = nil, "", 0, nil
				nl.CreatedAt, nl.UpdatedAt, nl.Assets = now.UTC(), now.UTC(), nil
				if err := tx.Create(&nl).Error; err != nil {
					return translate(err, "copy slide")
				}
				for _, it := range l.Assets {
					ni := it
					ni.ID, ni.LayerID, ni.CreatedAt, ni.Asset = 0, nl.ID, now.UTC(), nil
					if err := tx.Create(&ni).Error; err != nil {
						return translate(err, "copy slide media")
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		return cp, nil, err
	}
	cp, err = s.Video(ctx, publisherID, cp.ID)
	return cp, objects, err
}

// ObjectCopy is an object to copy in the object store.
type ObjectCopy struct{ From, To string }

// copyVoiceover gives a copied voiceover video its own narration asset: the source's
// row under the copy's keys. The objects are copied by the caller.
func copyVoiceover(tx *gorm.DB, src models.Video, cp *models.Video, now time.Time) ([]ObjectCopy, error) {
	var a models.Asset
	if err := tx.Take(&a, *src.VoiceoverAssetID).Error; err != nil {
		return nil, translate(err, "voiceover asset")
	}
	na := a
	na.ID, na.VideoID, na.CreatedAt, na.UpdatedAt = 0, &cp.ID, now.UTC(), now.UTC()
	na.OriginalKey, na.MediaKey, na.PreviewKey, na.ThumbnailKey = "", "", "", ""
	if err := tx.Create(&na).Error; err != nil {
		return nil, translate(err, "copy voiceover asset")
	}
	oldPrefix, newPrefix := models.AssetPrefix(a.PublisherID, a.ID), models.AssetPrefix(na.PublisherID, na.ID)
	var objects []ObjectCopy
	rekey := func(k string) string {
		if k == "" {
			return ""
		}
		nk := newPrefix + path.Base(k)
		if strings.HasPrefix(k, oldPrefix) {
			nk = newPrefix + strings.TrimPrefix(k, oldPrefix)
		}
		for _, o := range objects {
			if o.From == k {
				return nk
			}
		}
		objects = append(objects, ObjectCopy{From: k, To: nk})
		return nk
	}
	keys := map[string]any{"original_key": rekey(a.OriginalKey), "media_key": rekey(a.MediaKey),
		"preview_key": rekey(a.PreviewKey), "thumbnail_key": rekey(a.ThumbnailKey)}
	if err := tx.Model(&models.Asset{}).Where("id = ?", na.ID).Updates(keys).Error; err != nil {
		return nil, translate(err, "copy voiceover keys")
	}
	cp.VoiceoverAssetID = &na.ID
	err := tx.Model(&models.Video{}).Where("id = ?", cp.ID).Update("voiceover_asset_id", na.ID).Error
	return objects, translate(err, "copy voiceover")
}

// BuildProgress is where CreateVideo has got.
type BuildProgress struct {
	Stage models.BuildStage // 0 keeps the stage
	Step  models.BuildStep
	Error string
}

// SetBuildProgress records CreateVideo's stage and step. The stage never moves back.
func (s *Store) SetBuildProgress(ctx context.Context, id int64, p BuildProgress) error {
	changes := map[string]any{"build_step": p.Step, "build_error": p.Error, "updated_at": time.Now().UTC()}
	q := s.db.WithContext(ctx).Model(&models.Video{}).Where("id = ?", id)
	if p.Stage != 0 {
		changes["build_stage"] = gorm.Expr("CASE WHEN build_stage < ? THEN ? ELSE build_stage END", p.Stage, p.Stage)
	}
	return translate(q.Updates(changes).Error, "set build progress")
}

// VideoContent is what was pulled from a video's page.
type VideoContent struct {
	Name, Description, Text string
	Keywords                []string
	// Pictures are the page's pictures, created as assets of the account (pending URL
	// imports) with the content.
	Pictures []models.Asset
}

// SetVideoContent stores the content pulled for a video created from a page URL
// alone, in one transaction: its script, the page's pictures as assets (which become
// the video's initial assets) and the name, description and keywords the user did
// not give. A video that has its script already is left as it is (a retried
// activity). It returns the video.
func (s *Store) SetVideoContent(ctx context.Context, id int64, c VideoContent, now time.Time) (models.Video, error) {
	var v models.Video
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Take(&v, id).Error; err != nil {
			return translate(err, fmt.Sprintf("video %d", id))
		}
		if v.Text != "" {
			return nil
		}
		changes := map[string]any{"text": c.Text, "updated_at": now.UTC()}
		if (v.Name == "" || v.Name == models.DefaultVideoName) && c.Name != "" {
			changes["name"] = c.Name
		}
		if v.Description == "" {
			changes["description"] = c.Description
		}
		if len(v.Keywords) == 0 {
			changes["keywords"] = datatypes.JSONSlice[string](c.Keywords)
		}
		ids := append([]int64{}, v.InitialAssets...)
		for _, p := range c.Pictures {
			p.ID, p.PublisherID = 0, v.PublisherID
			if err := tx.Create(&p).Error; err != nil {
				return translate(err, "create page picture")
			}
			ids = append(ids, p.ID)
		}
		changes["initial_assets"] = datatypes.JSONSlice[int64](ids)
		if err := tx.Model(&models.Video{}).Where("id = ?", id).Updates(changes).Error; err != nil {
			return translate(err, "set video content")
		}
		return translate(tx.Take(&v, id).Error, "reload video")
	})
	return v, err
}

// SceneInput is one scene to create: its slides.
type SceneInput struct {
	Layers []LayerInput
}

// LayerInput is one slide to create.
type LayerInput struct {
	Text       string
	Tagline    string
	Keywords   []string
	Paragraph  int
	DurationMs int // for slides without narration (a voiceover video's timing)
}

// CreateScenes writes a video's scenes and slides in one transaction, unless it has
// some already (a retried activity), and returns the video with its tree.
func (s *Store) CreateScenes(ctx context.Context, videoID int64, scenes []SceneInput, now time.Time) (models.Video, error) {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&models.Scene{}).Where("video_id = ?", videoID).Count(&n).Error; err != nil {
			return translate(err, "count scenes")
		}
		if n > 0 {
			return nil
		}
		var v models.Video
		if err := tx.Take(&v, videoID).Error; err != nil {
			return translate(err, fmt.Sprintf("video %d", videoID))
		}
		for i, in := range scenes {
			sc := models.Scene{VideoID: videoID, Order: i + 1, TemplateID: v.TemplateID, NeedsAudio: !v.IsVoiceover,
				CreatedAt: now.UTC(), UpdatedAt: now.UTC()}
			if err := tx.Create(&sc).Error; err != nil {
				return translate(err, "create scene")
			}
			for j, li := range in.Layers {
				l := models.Layer{SceneID: sc.ID, VideoID: videoID, Order: j + 1, Text: li.Text, Tagline: li.Tagline,
					Keywords: datatypes.JSONSlice[string](li.Keywords), Paragraph: li.Paragraph,
					DurationMs: li.DurationMs, CreatedAt: now.UTC(), UpdatedAt: now.UTC()}
				if err := tx.Create(&l).Error; err != nil {
					return translate(err, "create slide")
				}
			}
		}
		return nil
	})
	if err != nil {
		return models.Video{}, err
	}
	return s.VideoForWorkflow(ctx, videoID)
}

// SlideMedia is the media automatch chose for one slide: an asset, or a text slide.
type SlideMedia struct {
	LayerID int64
	AssetID *int64
	// NewAsset is media that becomes an asset of the account with this choice (stock
	// or an AI picture). Slides showing the same media share the pointer: it is
	// created once, in the same transaction, and its ID is set.
	NewAsset *models.Asset
	Text     string // for a text slide
}

// SetAutomatchedMedia replaces the automatched media of the given slides in one
// transaction, creating their new assets with them, so a retry never leaves assets
// no slide shows. Media a user put on a slide is kept unless replaceExisting; a
// slide that already has user media gets nothing added then.
func (s *Store) SetAutomatchedMedia(ctx context.Context, videoID int64, media []SlideMedia, replaceExisting bool, now time.Time) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// The video row lock orders this after (or before) an editor's media change
		// and another automatch run of the video, so a slide never ends up with both.
		q := tx
		if s.dialect == migrations.Postgres {
			q = q.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		if err := q.Take(&models.Video{}, videoID).Error; err != nil {
			return translate(err, fmt.Sprintf("video %d", videoID))
		}
		for _, m := range media {
			var l models.Layer
			if err := tx.Where("video_id = ?", videoID).Take(&l, m.LayerID).Error; err != nil {
				return translate(err, fmt.Sprintf("slide %d", m.LayerID))
			}
			del := tx.Where("layer_id = ?", m.LayerID)
			if !replaceExisting {
				del = del.Where("automatched = ?", true)
			}
			if err := del.Delete(&models.LayerAsset{}).Error; err != nil {
				return translate(err, "clear slide media")
			}
			var left int64
			if err := tx.Model(&models.LayerAsset{}).Where("layer_id = ?", m.LayerID).Count(&left).Error; err != nil {
				return translate(err, "count slide media")
			}
			if left > 0 || (m.AssetID == nil && m.NewAsset == nil && m.Text == "") {
				continue
			}
			if m.NewAsset != nil {
				if m.NewAsset.ID == 0 {
					if err := tx.Create(m.NewAsset).Error; err != nil {
						return translate(err, "create slide media asset")
					}
				}
				m.AssetID = &m.NewAsset.ID
			}
			item := models.LayerAsset{LayerID: m.LayerID, AssetID: m.AssetID, Kind: models.LayerAssetMedia,
				Automatched: true, CreatedAt: now.UTC()}
			if m.AssetID == nil {
				item.Kind, item.Text = models.LayerAssetText, m.Text
			}
			if err := tx.Create(&item).Error; err != nil {
				return translate(err, "add slide media")
			}
		}
		return nil
	})
}

// LibraryMedia lists the account's newest live image and video assets of its library
// that are not failed, for automatch.
func (s *Store) LibraryMedia(ctx context.Context, publisherID int64, limit int) ([]models.Asset, error) {
	var out []models.Asset
	err := live(s.db.WithContext(ctx), publisherID).Where("video_id IS NULL AND asset_type_id IN ? AND state <> ?",
		[]models.AssetTypeID{models.AssetTypeIDImage, models.AssetTypeIDVideo}, models.AssetStateError).
		Order("created_at DESC").Order("id DESC").Limit(limit).Find(&out).Error
	return out, translate(err, "library media")
}

// AssetsForVideo returns the account's live assets among ids, in the order given;
// ids that are not (any more) live assets of the account are skipped.
func (s *Store) AssetsForVideo(ctx context.Context, publisherID int64, ids []int64) ([]models.Asset, error) {
	ids = uniqueIDs(ids)
	if len(ids) == 0 {
		return nil, nil
	}
	var found []models.Asset
	if err := live(s.db.WithContext(ctx), publisherID).Where("id IN ?", ids).Find(&found).Error; err != nil {
		return nil, translate(err, "video assets")
	}
	byID := map[int64]models.Asset{}
	for _, a := range found {
		byID[a.ID] = a
	}
	out := make([]models.Asset, 0, len(found))
	for _, id := range ids {
		if a, ok := byID[id]; ok {
			out = append(out, a)
		}
	}
	return out, nil
}
