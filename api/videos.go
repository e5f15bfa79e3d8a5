package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"gorm.io/datatypes"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/tts"
	"pagecast/store"
)

// Defaults of a new video (spec 001 section 9): theme 88 for 16:9 and, our decision,
// 282 for 9:16. The default subtitle style is models.DefaultSubtitleStyleFor.
const (
	DefaultTemplateHorizontal = 88
	DefaultTemplateVertical   = 282
	videoPageSize             = 12
	maxVideoPageSize          = 100
	maxVideoNameLen           = 255
	maxVideoDescriptionLen    = 5000
	maxKeywords               = 50
	maxKeywordLen             = 100
	maxInitialAssets          = 100
)

// Messages of video creation.
const (
	MsgInvalidText   = "invalid text"
	MsgUnknownVoice  = "This voice does not exist or is not available to you."
	MsgVideoCopied   = "Video copied successfully"
	msgAspectRatio   = "aspectRatio must be horizontal (16:9) or vertical (9:16)"
	msgInitialAssets = "initialAssets must be assets of your media library"
)

var errVideoNotFound = &Error{Status: http.StatusNotFound, Code: "video_not_found", Message: "This video does not exist."}

// createVideoRequest is the body of POST /api/v2/video (spec 001 section 7).
type createVideoRequest struct {
	Name                  string          `json:"name"`
	Description           string          `json:"description"`
	Text                  string          `json:"text"`
	Keywords              []string        `json:"keywords"`
	PauseAfterSlide       float64         `json:"pauseAfterSlide"`
	MaxSentencesPerSlide  int             `json:"maxSentencesPerSlide"`
	CanCreateTextSlides   bool            `json:"canCreateTextSlides"`
	GenerateTaglines      bool            `json:"generateTaglines"`
	AspectRatio           string          `json:"aspectRatio"`
	HardcodeSubtitles     bool            `json:"hardcodeSubtitles"`
	SubtitleStyleConfigID int             `json:"subtitleStyleConfigId"`
	TemplateID            int             `json:"templateId"`
	VoiceID               int64           `json:"voiceId"`
	PageURL               string          `json:"pageUrl"`
	InitialAssets         []int64         `json:"initialAssets"`
	CreateVideoRequestID  string          `json:"createVideoRequestId"`
	Automatch             json.RawMessage `json:"automatch"`
}

// newVideo validates a create request and returns the video to store, with every
// problem reported at once.
func (s *Server) newVideo(c *gin.Context, r createVideoRequest) (models.Video, error) {
	ctx := c.Request.Context()
	sess := session(c)
	var fields []domain.FieldError
	bad := func(field, msg string) { fields = append(fields, domain.FieldError{Field: field, Message: msg}) }

	v := models.Video{PublisherID: sess.PublisherID, CreatedBy: &sess.PublisherUserID, Draft: true,
		BuildStage: models.BuildPopulatingData, BuildStep: models.StepSplittingText,
		CanCreateTextSlides: r.CanCreateTextSlides, GenerateTaglines: r.GenerateTaglines,
		HardcodeSubtitles: r.HardcodeSubtitles, CreateVideoRequestID: strings.TrimSpace(r.CreateVideoRequestID)}

	v.Name = strings.Join(strings.Fields(r.Name), " ")
	if v.Name == "" {
		v.Name = models.DefaultVideoName
	}
	if utf8.RuneCountInString(v.Name) > maxVideoNameLen {
		bad("name", "Name must be at most 255 characters.")
	}
	v.Description = strings.TrimSpace(r.Description)
	if utf8.RuneCountInString(v.Description) > maxVideoDescriptionLen {
		bad("description", "Description must be at most 5,000 characters.")
	}
	v.Text = strings.TrimSpace(r.Text)
	switch {
	case v.Text == "" && strings.TrimSpace(r.PageURL) != "":
		// The workflow pulls the page's article first.
		v.BuildStep = models.StepRetrievingContent
	case len(domain.SplitScenes(v.Text, domain.SlideOptions{})) == 0:
		bad("text", MsgInvalidText)
	default:
		p, err := s.store.PublisherByID(ctx, sess.PublisherID)
		if err != nil {
			return v, err
		}
		if limit := domain.ScriptLimit(p); utf8.RuneCountInString(v.Text) > limit {
			bad("text", domain.MsgScriptTooLong(limit))
		}
		if msg := domain.ValidatePauses(v.Text); msg != "" {
			bad("text", msg)
		}
	}
	for _, k := range r.Keywords {
		if k = strings.TrimSpace(k); k != "" {
			v.Keywords = append(v.Keywords, k)
		}
	}
	if len(v.Keywords) > maxKeywords {
		bad("keywords", "At most 50 keywords.")
	}
	for _, k := range v.Keywords {
		if utf8.RuneCountInString(k) > maxKeywordLen {
			bad("keywords", "A keyword must be at most 100 characters.")
			break
		}
	}
	ms, okPause := domain.PauseBetweenSlidesMs(r.PauseAfterSlide)
	if !okPause {
		bad("pauseAfterSlide", domain.MsgPauseBetweenSlides)
	}
	v.PauseAfterSlideMs = ms
	if msg := domain.ValidateMaxSentencesPerSlide(r.MaxSentencesPerSlide); msg != "" {
		bad("maxSentencesPerSlide", msg)
	}
	v.MaxSentencesPerSlide = r.MaxSentencesPerSlide
	if v.MaxSentencesPerSlide == 0 {
		v.MaxSentencesPerSlide = domain.DefaultMaxSentencesPerSlide
	}
	switch strings.ToLower(strings.TrimSpace(r.AspectRatio)) {
	case "", "horizontal", "16:9":
		v.AspectRatio = models.AspectHorizontal
	case "vertical", "9:16":
		v.AspectRatio = models.AspectVertical
	default:
		bad("aspectRatio", msgAspectRatio)
	}
	v.TemplateID, v.SubtitleStyleConfigID = r.TemplateID, r.SubtitleStyleConfigID
	if v.TemplateID < 0 || v.SubtitleStyleConfigID < 0 {
		bad("templateId", "templateId and subtitleStyleConfigId must be positive.")
	}
	if v.TemplateID == 0 {
		v.TemplateID = DefaultTemplateHorizontal
		if v.AspectRatio == models.AspectVertical {
			v.TemplateID = DefaultTemplateVertical
		}
	}
	if v.SubtitleStyleConfigID == 0 {
		v.SubtitleStyleConfigID = int(models.DefaultSubtitleStyleFor(v.AspectRatio))
	} else if v.SubtitleStyleConfigID > 0 && v.AspectRatio.Valid() {
		fe, err := s.checkSubtitleStyle(c, v.AspectRatio, int64(v.SubtitleStyleConfigID))
		if err != nil {
			return v, err
		}
		if fe != nil {
			fields = append(fields, *fe)
		}
	}
	if strings.TrimSpace(r.PageURL) != "" {
		u, err := s.checkPageURL(ctx, sess, r.PageURL)
		var apiErr *Error
		switch {
		case errors.As(err, &apiErr) && apiErr.Status == http.StatusBadRequest:
			bad("pageUrl", apiErr.Message)
		case err != nil:
			return v, err
		}
		v.PageURL = u
	}
	settings := domain.DefaultAutomatchSettings()
	if len(bytes.TrimSpace(r.Automatch)) > 0 && string(bytes.TrimSpace(r.Automatch)) != "null" {
		if err := json.Unmarshal(r.Automatch, &settings); err != nil {
			bad("automatch", "automatch must be an object of automatch settings.")
		} else if settings.AiImageStyle != "" && !domain.ValidImageStyle(settings.AiImageStyle) {
			bad("automatch.aiImageStyle", "Unknown image style.")
		}
	}
	raw, err := json.Marshal(settings)
	if err != nil {
		return v, err
	}
	v.Automatch = datatypes.JSON(raw)
	if len(r.InitialAssets) > maxInitialAssets {
		bad("initialAssets", "At most 100 initial assets.")
	} else if len(r.InitialAssets) > 0 {
		if _, err := s.store.AssetsByIDs(ctx, sess.PublisherID, r.InitialAssets); errors.Is(err, models.ErrNotFound) {
			bad("initialAssets", msgInitialAssets)
		} else if err != nil {
			return v, err
		}
		v.InitialAssets = r.InitialAssets
	}
	voiceID, err := s.narratorFor(ctx, sess.PublisherID, r.VoiceID)
	if errors.Is(err, models.ErrNotFound) {
		bad("voiceId", MsgUnknownVoice)
	} else if err != nil {
		return v, err
	}
	v.VoiceID = voiceID
	if len(fields) > 0 {
		return v, validation(fields...)
	}
	return v, nil
}

// narratorFor checks that voiceID is a voice the account may use; 0 picks the default
// narrator: the first recommended English voice of the catalogue, else the first
// voice. It is ErrNotFound for a voice the account cannot use.
func (s *Server) narratorFor(ctx context.Context, publisherID, voiceID int64) (*int64, error) {
	if voiceID < 0 {
		return nil, models.ErrNotFound
	}
	if voiceID > 0 {
		v, err := s.store.Voice(ctx, voiceID)
		if err != nil {
			return nil, err
		}
		if !domain.VoiceVisible(v, publisherID) {
			return nil, models.ErrNotFound
		}
		return &v.ID, nil
	}
	voices, err := s.store.VisibleVoices(ctx, publisherID)
	if err != nil {
		return nil, err
	}
	domain.SortVoices(voices)
	var pick *models.Voice
	for i := range voices {
		v := &voices[i]
		if v.IsRecommended && !v.Cloned && strings.HasPrefix(v.LanguageCode, "en") {
			pick = v
			break
		}
	}
	if pick == nil && len(voices) > 0 {
		pick = &voices[0]
	}
	if pick == nil {
		return nil, nil
	}
	return &pick.ID, nil
}

// createVideo stores a new video and starts CreateVideo; it answers at once with the
// video's id. If the workflow cannot start, the video is removed again.
func (s *Server) createVideo(c *gin.Context) error {
	var r createVideoRequest
	if err := bindJSON(c, &r); err != nil {
		return err
	}
	v, err := s.newVideo(c, r)
	if err != nil {
		return err
	}
	return s.startVideo(c, &v)
}

func (s *Server) startVideo(c *gin.Context, v *models.Video) error {
	ctx := c.Request.Context()
	if err := s.store.CreateVideo(ctx, v); err != nil {
		return err
	}
	if err := s.workflows.CreateVideo(ctx, v.PublisherID, v.ID, v.BuildStep == models.StepRetrievingContent); err != nil {
		if derr := s.store.DiscardVideo(context.WithoutCancel(ctx), v.ID); derr != nil {
			s.log.ErrorContext(ctx, "discard video after failed start", "video_id", v.ID, "err", derr)
		}
		return err
	}
	return ok(c, http.StatusCreated, gin.H{"videoId": v.ID})
}

// videoID reads the :id path parameter.
func videoID(c *gin.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id < 1 {
		return 0, errVideoNotFound
	}
	return id, nil
}

// getVideo answers a video of the caller with its scenes, slides, media and narration.
func (s *Server) getVideo(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	return s.writeVideo(c, session(c).PublisherID, id)
}

// notFoundAs turns ErrNotFound into e.
func notFoundAs(err error, e *Error) error {
	if errors.Is(err, models.ErrNotFound) {
		return e
	}
	return err
}

// listVideos answers a page of Manage Videos.
func (s *Server) listVideos(c *gin.Context) error {
	sess := session(c)
	var fields []domain.FieldError
	f := store.VideoFilter{Page: 1, PageSize: videoPageSize, Search: strings.TrimSpace(c.Query("search"))}
	intParam := func(name string, dst *int, lo, hi int) {
		if v := strings.TrimSpace(c.Query(name)); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < lo || n > hi {
				fields = append(fields, domain.FieldError{Field: name, Message: name + " must be a number from " +
					strconv.Itoa(lo) + " to " + strconv.Itoa(hi) + "."})
				return
			}
			*dst = n
		}
	}
	intParam("page", &f.Page, 1, math.MaxInt32)
	intParam("pageSize", &f.PageSize, 1, maxVideoPageSize)
	timeParam := func(name string) *time.Time {
		v := strings.TrimSpace(c.Query(name))
		if v == "" {
			return nil
		}
		t, err := time.Parse(time.RFC3339, v)
		if err != nil {
			if ms, nerr := strconv.ParseInt(v, 10, 64); nerr == nil {
				t = time.UnixMilli(ms)
			} else {
				fields = append(fields, domain.FieldError{Field: name, Message: name + " must be an RFC 3339 time or Unix milliseconds."})
				return nil
			}
		}
		return &t
	}
	f.CreatedAfter, f.CreatedBefore = timeParam("createdAfter"), timeParam("createdBefore")
	if v := strings.TrimSpace(c.Query("createdByMe")); v == "true" || v == "1" {
		f.CreatedBy = &sess.PublisherUserID
	}
	// The list's words (spec 001) for the video's render status (spec 000).
	renderStatus := map[string]string{"": "", "draft": "draft", "rendering": "in progress", "rendered": "complete", "error": "error"}
	if rs, known := renderStatus[strings.TrimSpace(c.Query("renderStatus"))]; known {
		f.RenderStatus = rs
	} else {
		fields = append(fields, domain.FieldError{Field: "renderStatus", Message: "renderStatus must be draft, rendering, rendered or error."})
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	ctx := c.Request.Context()
	page, total, err := s.store.VideoPage(ctx, sess.PublisherID, f)
	if err != nil {
		return err
	}
	out := make([]videoSummaryResponse, 0, len(page))
	for _, sv := range page {
		r := videoSummaryResponse{VideoID: sv.ID, Name: sv.Name, RenderStatus: sv.RenderStatus, BuildStage: sv.BuildStage,
			BuildStep: sv.BuildStep, Duration: float64(sv.DurationMs) / 1000, SceneCount: sv.SceneCount,
			AspectRatio: sv.AspectRatio, IsVoiceover: sv.IsVoiceover, CreatedAt: sv.CreatedAt.UTC()}
		// A rendered video shows its render's thumbnail (a frame of its first scene); one not
		// rendered yet, its first slide's media.
		thumb := sv.ThumbnailKey
		if thumb == "" && sv.Thumbnail != nil && sv.Thumbnail.State == models.AssetStateComplete {
			thumb = sv.Thumbnail.ThumbnailKey
		}
		if thumb != "" {
			if r.ThumbnailURL, err = s.presignGet(ctx, thumb); err != nil {
				return err
			}
		}
		out = append(out, r)
	}
	return ok(c, http.StatusOK, gin.H{"videos": out, "page": f.Page, "pageSize": f.PageSize, "total": total})
}

// updateVideoRequest is the body of PUT /api/v2/video/{id}.
type updateVideoRequest struct {
	Name              *string `json:"name"`
	Description       *string `json:"description"`
	VoiceID           *int64  `json:"voiceId"`
	HardcodeSubtitles *bool   `json:"hardcodeSubtitles"`
	// SubtitleStyleConfigID is a style the account sees, of the video's format.
	SubtitleStyleConfigID *int64 `json:"subtitleStyleConfigId"`
}

// updateVideo renames a video, changes its default narrator (a new narrator
// re-narrates every scene) or says whether its next render burns the subtitles in.
func (s *Server) updateVideo(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	var r updateVideoRequest
	if err := bindJSON(c, &r); err != nil {
		return err
	}
	ctx := c.Request.Context()
	sess := session(c)
	var fields []domain.FieldError
	var u store.VideoUpdate
	if r.Name != nil {
		name := strings.Join(strings.Fields(*r.Name), " ")
		switch {
		case name == "":
			fields = append(fields, domain.FieldError{Field: "name", Message: "Name is required."})
		case utf8.RuneCountInString(name) > maxVideoNameLen:
			fields = append(fields, domain.FieldError{Field: "name", Message: "Name must be at most 255 characters."})
		}
		u.Name = &name
	}
	if r.Description != nil {
		d := strings.TrimSpace(*r.Description)
		if utf8.RuneCountInString(d) > maxVideoDescriptionLen {
			fields = append(fields, domain.FieldError{Field: "description", Message: "Description must be at most 5,000 characters."})
		}
		u.Description = &d
	}
	if r.VoiceID != nil {
		vid, err := s.narratorFor(ctx, sess.PublisherID, *r.VoiceID)
		switch {
		case errors.Is(err, models.ErrNotFound) || err == nil && vid == nil:
			fields = append(fields, domain.FieldError{Field: "voiceId", Message: MsgUnknownVoice})
		case err != nil:
			return err
		}
		u.VoiceID = vid
	}
	u.HardcodeSubtitles = r.HardcodeSubtitles
	if r.SubtitleStyleConfigID != nil {
		cur, err := s.store.VideoRow(ctx, sess.PublisherID, id)
		if err != nil {
			return notFoundAs(err, errVideoNotFound)
		}
		fe, err := s.checkSubtitleStyle(c, cur.AspectRatio, *r.SubtitleStyleConfigID)
		if err != nil {
			return err
		}
		if fe != nil {
			fields = append(fields, *fe)
		}
		u.SubtitleStyleConfigID = r.SubtitleStyleConfigID
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	v, narratorChanged, err := s.store.UpdateVideo(ctx, sess.PublisherID, id, u, time.Now())
	if err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	if narratorChanged && v.BuildStage >= models.BuildAutomatchCompleted {
		// Before that, CreateVideo narrates with the new narrator itself.
		for _, sc := range v.Scenes {
			if err := s.workflows.GenerateSceneAudio(ctx, sess.PublisherID, sc.ID); err != nil {
				return err
			}
		}
	}
	resp, err := s.videoJSON(ctx, v)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, resp)
}

// deleteVideo deletes a video of the caller.
func (s *Server) deleteVideo(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	if err := s.store.DeleteVideo(c.Request.Context(), session(c).PublisherID, id, time.Now()); err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	return ok(c, http.StatusOK, gin.H{"videoId": id, "deleted": true})
}

// copyVideo copies a video of the caller; the copy's narration is made again.
func (s *Server) copyVideo(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	sess := session(c)
	cp, objects, err := s.store.CopyVideo(ctx, sess.PublisherID, id, &sess.PublisherUserID, time.Now())
	if err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	for _, o := range objects {
		if err := s.assets.Objects.Copy(ctx, o.From, o.To); err != nil {
			// Nothing half-made: the copy goes, and the sweep removes what was copied.
			if derr := s.store.DeleteVideo(context.WithoutCancel(ctx), sess.PublisherID, cp.ID, time.Now()); derr != nil {
				s.log.ErrorContext(ctx, "delete half-made copy", "video_id", cp.ID, "err", derr)
			}
			return fmt.Errorf("copy voiceover narration: %w", err)
		}
	}
	// CreateVideo finds the copied scenes and media and only narrates (steps are
	// idempotent), or builds the rest when the source was still being built.
	if err := s.workflows.CreateVideo(ctx, sess.PublisherID, cp.ID, cp.Text == "" && cp.PageURL != ""); err != nil {
		return err
	}
	return ok(c, http.StatusCreated, gin.H{"videoId": cp.ID, "message": MsgVideoCopied})
}

// sceneAudioRequest is the body of POST /api/v2/scene/audio (spec 000 section 7:
// generate scene audio with voiceID, sceneID, videoID).
type sceneAudioRequest struct {
	VoiceID int64 `json:"voiceID"`
	SceneID int64 `json:"sceneID"`
	VideoID int64 `json:"videoID"`
}

// generateSceneAudio (re)narrates a scene, with voiceID as the narrator of all its
// slides when given, and answers at once; the scene shows needsAudio until done.
func (s *Server) generateSceneAudio(c *gin.Context) error {
	var r sceneAudioRequest
	if err := bindJSON(c, &r); err != nil {
		return err
	}
	var fields []domain.FieldError
	if r.VideoID < 1 {
		fields = append(fields, domain.FieldError{Field: "videoID", Message: "videoID is required."})
	}
	if r.SceneID < 1 {
		fields = append(fields, domain.FieldError{Field: "sceneID", Message: "sceneID is required."})
	}
	ctx := c.Request.Context()
	sess := session(c)
	var voice *int64
	if r.VoiceID != 0 {
		vid, err := s.narratorFor(ctx, sess.PublisherID, r.VoiceID)
		switch {
		case errors.Is(err, models.ErrNotFound):
			fields = append(fields, domain.FieldError{Field: "voiceID", Message: MsgUnknownVoice})
		case err != nil:
			return err
		}
		voice = vid
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	sc, err := s.store.SetSceneVoice(ctx, sess.PublisherID, r.VideoID, r.SceneID, voice, time.Now())
	if errors.Is(err, models.ErrInvalidState) {
		return &Error{Status: http.StatusConflict, Code: "voiceover_video",
			Message: "This video is narrated by its uploaded voiceover; its scenes have no generated narration."}
	}
	if err != nil {
		return notFoundAs(err, errSceneNotFound)
	}
	if err := s.workflows.GenerateSceneAudio(ctx, sess.PublisherID, sc.ID); err != nil {
		return err
	}
	return ok(c, http.StatusAccepted, gin.H{"sceneId": sc.ID, "videoId": r.VideoID, "needsAudio": true})
}

type videoSummaryResponse struct {
	VideoID      int64              `json:"videoId"`
	Name         string             `json:"name"`
	ThumbnailURL string             `json:"thumbnailURL"`
	RenderStatus string             `json:"renderStatus"`
	BuildStage   models.BuildStage  `json:"buildStage"`
	BuildStep    models.BuildStep   `json:"buildStep"`
	Duration     float64            `json:"duration"`
	SceneCount   int                `json:"sceneCount"`
	AspectRatio  models.AspectRatio `json:"aspectRatio"`
	IsVoiceover  bool               `json:"isVoiceover"`
	CreatedAt    time.Time          `json:"createdAt"`
}

type videoResponse struct {
	VideoID               int64              `json:"videoId"`
	Name                  string             `json:"name"`
	Description           string             `json:"description"`
	Draft                 bool               `json:"draft"`
	VoiceID               *int64             `json:"voiceId"`
	AspectRatio           models.AspectRatio `json:"aspectRatio"`
	RenderStatus          string             `json:"renderStatus"`
	ContentURL            string             `json:"contentUrl"`
	ThumbnailURL          string             `json:"thumbnailURL"`
	BuildStage            models.BuildStage  `json:"buildStage"`
	BuildStageName        string             `json:"buildStageName"`
	BuildStep             models.BuildStep   `json:"buildStep"`
	BuildError            string             `json:"buildError"`
	PageURL               string             `json:"pageUrl"`
	Text                  string             `json:"text"`
	Keywords              []string           `json:"keywords"`
	TemplateID            int                `json:"templateId"`
	SubtitleStyleConfigID int                `json:"subtitleStyleConfigId"`
	HardcodeSubtitles     bool               `json:"hardcodeSubtitles"`
	PauseAfterSlide       float64            `json:"pauseAfterSlide"`
	MaxSentencesPerSlide  int                `json:"maxSentencesPerSlide"`
	Automatch             json.RawMessage    `json:"automatch"`
	Duration              float64            `json:"duration"`
	IsVoiceover           bool               `json:"isVoiceover"`
	Assets                []assetResponse    `json:"assets"`
	Scenes                []sceneResponse    `json:"scenes"`
	CreatedAt             time.Time          `json:"createdAt"`
	UpdatedAt             time.Time          `json:"updatedAt"`
}

type sceneResponse struct {
	SceneID    int64           `json:"sceneId"`
	Order      int             `json:"order"`
	TemplateID int             `json:"templateId"`
	NeedsAudio bool            `json:"needsAudio"`
	AudioError string          `json:"audioError"`
	Duration   float64         `json:"duration"`
	LayerList  []layerResponse `json:"layerList"`
	AssetList  []slideAsset    `json:"assetList"`
}

type layerResponse struct {
	LayerID       int64    `json:"layerId"`
	SceneID       int64    `json:"sceneId"`
	Order         int      `json:"order"`
	Duration      float64  `json:"duration"`
	Text          string   `json:"text"`
	Tagline       string   `json:"tagline"`
	Keywords      []string `json:"keywords"`
	VoiceID       *int64   `json:"voiceId"`
	IsFullScreen  bool     `json:"isFullScreen"`
	IsPlaceholder bool     `json:"isPlaceholder"`
	Muted         bool     `json:"muted"`
	// Transform is how the slide's picture is fitted and cropped (null: cover, whole).
	Transform *models.SlideTransform `json:"transform"`
	Narration *narrationResponse     `json:"narration"`
	AssetList []slideAsset           `json:"assetList"`
}

type narrationResponse struct {
	AssetID    int64            `json:"assetId"`
	URL        string           `json:"url"`
	DurationMs int              `json:"durationMs"`
	Sentences  []tts.PartTiming `json:"sentences"`
}

// slideAsset is a slide's media item (spec 000 section 3, "Slide asset").
type slideAsset struct {
	// LayerAssetID names the item on its slide (DELETE /layer/:layerId/assets/:layerAssetId).
	LayerAssetID int64   `json:"layerAssetId"`
	AssetID      int64   `json:"assetId"`
	SourceID     int     `json:"sourceId"`
	Name         string  `json:"name"`
	Type         string  `json:"type"`
	State        string  `json:"state"`
	URL          string  `json:"url"`
	PreviewURL   string  `json:"previewUrl"`
	ThumbnailURL string  `json:"thumbnailUrl"`
	Text         string  `json:"text"`
	Tagline      string  `json:"tagline"`
	Length       float64 `json:"length"`
	Duration     float64 `json:"duration"`
	Automatched  bool    `json:"automatched"`
}

// videoJSON builds a video's answer, signing its media and narration URLs.
func (s *Server) videoJSON(ctx context.Context, v models.Video) (videoResponse, error) {
	r := videoResponse{VideoID: v.ID, Name: v.Name, Description: v.Description, Draft: v.Draft, VoiceID: v.VoiceID,
		AspectRatio: v.AspectRatio, RenderStatus: v.RenderStatus, BuildStage: v.BuildStage,
		BuildStageName: v.BuildStage.Name(), BuildStep: v.BuildStep, BuildError: v.BuildError, PageURL: v.PageURL,
		Text: v.Text, Keywords: append([]string{}, v.Keywords...), TemplateID: v.TemplateID,
		SubtitleStyleConfigID: v.SubtitleStyleConfigID, HardcodeSubtitles: v.HardcodeSubtitles,
		PauseAfterSlide: float64(v.PauseAfterSlideMs) / 1000, MaxSentencesPerSlide: v.MaxSentencesPerSlide,
		Automatch: json.RawMessage(v.Automatch), Duration: float64(v.DurationMs) / 1000, IsVoiceover: v.IsVoiceover,
		Assets: []assetResponse{}, Scenes: []sceneResponse{}, CreatedAt: v.CreatedAt.UTC(), UpdatedAt: v.UpdatedAt.UTC()}
	if len(r.Automatch) == 0 {
		r.Automatch = json.RawMessage("null")
	}
	var err error
	if r.ContentURL, r.ThumbnailURL, err = s.contentURLs(ctx, v); err != nil {
		return r, err
	}
	if v.VoiceoverAssetID != nil {
		a, err := s.store.Asset(ctx, v.PublisherID, *v.VoiceoverAssetID)
		if err == nil {
			ar, err := s.assetJSON(ctx, a)
			if err != nil {
				return r, err
			}
			r.Assets = append(r.Assets, ar)
		} else if !errors.Is(err, models.ErrNotFound) {
			return r, err
		}
	}
	for _, sc := range v.Scenes {
		sr := sceneResponse{SceneID: sc.ID, Order: sc.Order, TemplateID: sc.TemplateID, NeedsAudio: sc.NeedsAudio,
			AudioError: sc.AudioError, LayerList: []layerResponse{}, AssetList: []slideAsset{}}
		durMs := 0
		for _, l := range sc.Layers {
			lr := layerResponse{LayerID: l.ID, SceneID: l.SceneID, Order: l.Order, Duration: float64(l.DurationMs) / 1000,
				Text: l.Text, Tagline: l.Tagline, Keywords: append([]string{}, l.Keywords...), VoiceID: l.VoiceID,
				IsFullScreen: l.IsFullScreen, IsPlaceholder: l.IsPlaceholder, Muted: l.Muted, Transform: l.Transform,
				AssetList: []slideAsset{}}
			if !l.IsPlaceholder {
				durMs += l.DurationMs
			}
			if a := l.Narration; a != nil {
				nr := &narrationResponse{AssetID: a.ID, DurationMs: l.NarrationMs, Sentences: []tts.PartTiming{}}
				var err error
				if nr.URL, err = s.presignGet(ctx, a.MediaKey); err != nil {
					return r, err
				}
				if len(l.NarrationTimings) > 0 {
					_ = json.Unmarshal(l.NarrationTimings, &nr.Sentences)
				}
				lr.Narration = nr
			}
			for _, it := range l.Assets {
				sa, err := s.slideAssetJSON(ctx, it)
				if err != nil {
					return r, err
				}
				lr.AssetList = append(lr.AssetList, sa)
			}
			sr.LayerList = append(sr.LayerList, lr)
		}
		sr.Duration = float64(durMs) / 1000
		r.Scenes = append(r.Scenes, sr)
	}
	return r, nil
}

func (s *Server) slideAssetJSON(ctx context.Context, it models.LayerAsset) (slideAsset, error) {
	if it.Kind == models.LayerAssetText || it.Asset == nil {
		return slideAsset{LayerAssetID: it.ID, Type: string(models.AssetTypeText), State: string(models.AssetStateComplete), Text: it.Text,
			SourceID: int(models.AssetSourceInternal), Automatched: it.Automatched}, nil
	}
	a := *it.Asset
	ar, err := s.assetJSON(ctx, a)
	if err != nil {
		return slideAsset{}, err
	}
	return slideAsset{LayerAssetID: it.ID, AssetID: a.ID, SourceID: int(a.Source), Name: a.Name, Type: string(a.Type()), State: string(a.State),
		URL: ar.URL, PreviewURL: ar.PreviewURL, ThumbnailURL: ar.ThumbnailURL, Text: a.Text, Length: a.Duration,
		Duration: a.Duration, Automatched: it.Automatched}, nil
}
