package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/store"
)

// Messages of the editor's structure and slide calls.
const (
	MsgSplitFirstSlide  = "Choose a slide after the first to split the scene."
	MsgSameSlide        = "Choose two different slides to swap."
	MsgAssetIDMissing   = "No asset id provided"
	MsgInvalidAsset     = "Choose a picture or video of your media library."
	MsgInvalidTransform = "The fit must be cover or contain, and the crop a part of the picture (x, y, width and height from 0 to 1, width and height above 0, x + width and y + height at most 1)."
	MsgNotVoiceover     = "Only the slides of a voiceover video have durations to set."
	MsgSlideDuration    = "Duration must be at least 0.5 seconds for this slide and for the slide that gives or takes the difference."
	MsgTemplateID       = "templateId must be a positive number."
	MsgNameSlide        = "Name the slide."
	MsgMuted            = "muted must be true or false."
	MsgDurationMissing  = "durationMs must be a number of milliseconds."
)

var (
	errSplitFirstSlide    = &Error{Status: http.StatusUnprocessableEntity, Code: "split_first_slide", Message: MsgSplitFirstSlide}
	errSameSlide          = &Error{Status: http.StatusUnprocessableEntity, Code: "same_slide", Message: MsgSameSlide}
	errAssetIDMissing     = &Error{Status: http.StatusBadRequest, Code: "asset_id_missing", Message: MsgAssetIDMissing}
	errInvalidAsset       = &Error{Status: http.StatusUnprocessableEntity, Code: "invalid_asset", Message: MsgInvalidAsset}
	errNotVoiceover       = &Error{Status: http.StatusUnprocessableEntity, Code: "not_voiceover", Message: MsgNotVoiceover}
	errSlideDuration      = &Error{Status: http.StatusUnprocessableEntity, Code: "invalid_duration", Message: MsgSlideDuration}
	errSlideMediaNotFound = &Error{Status: http.StatusNotFound, Code: "slide_media_not_found", Message: "This media is not on the slide."}
	errInvalidTransform   = &Error{Status: http.StatusUnprocessableEntity, Code: "invalid_transform", Message: MsgInvalidTransform,
		Fields: []domain.FieldError{{Field: "transform", Message: MsgInvalidTransform}}}
	errUnknownVoice = &Error{Status: http.StatusUnprocessableEntity, Code: "validation_failed", Message: MsgUnknownVoice,
		Fields: []domain.FieldError{{Field: "voiceId", Message: MsgUnknownVoice}}}
)

// optionalID is a JSON id that may be absent, null or a number.
type optionalID struct {
	Set bool
	ID  *int64
}

// UnmarshalJSON records that the field was sent, and its id (nil for null).
func (o *optionalID) UnmarshalJSON(b []byte) error {
	o.Set = true
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		return nil
	}
	return json.Unmarshal(b, &o.ID)
}

// addSceneRequest is the body of POST /video/:id/scenes.
type addSceneRequest struct {
	PrevSceneID *int64 `json:"prevSceneId"`
	TemplateID  *int   `json:"templateId"`
	Text        string `json:"text"`
}

// splitSceneRequest names the slide a scene is split before.
type splitSceneRequest struct {
	LayerID int64 `json:"layerId"`
}

// addLayerRequest is the body of POST /scene/:sceneId/layers: afterLayerId absent
// appends, null puts the slide first.
type addLayerRequest struct {
	Text         string     `json:"text"`
	AfterLayerID optionalID `json:"afterLayerId"`
}

// swapLayersRequest names two slides of a video to exchange.
type swapLayersRequest struct {
	FirstLayerID  int64 `json:"firstLayerId"`
	SecondLayerID int64 `json:"secondLayerId"`
}

// layerMediaRequest is a slide's media: a library asset, or text for a text slide.
type layerMediaRequest struct {
	AssetID int64  `json:"assetId"`
	Text    string `json:"text"`
}

// layerVoiceRequest is a slide's own narrator (null: the video's).
type layerVoiceRequest struct {
	VoiceID *int64 `json:"voiceId"`
}

// layerMuteRequest mutes or unmutes a slide.
type layerMuteRequest struct {
	Muted *bool `json:"muted"`
}

// layerTransformRequest is how a slide's picture is fitted and cropped.
type layerTransformRequest struct {
	Fit  models.SlideFit  `json:"fit"`
	Crop *models.CropRect `json:"crop"`
}

// voiceoverDurationRequest is a voiceover slide's new share of the recording.
type voiceoverDurationRequest struct {
	LayerID    int64 `json:"layerId"`
	DurationMs *int  `json:"durationMs"`
}

// newSlideText checks a new slide's text: trimmed, at most 1,000 characters, pause
// markers in range; empty is allowed (the store gives it the default text).
func newSlideText(text string) (string, error) {
	text = strings.TrimSpace(text)
	if utf8.RuneCountInString(text) > MaxSlideTextLen {
		return "", validation(domain.FieldError{Field: "text", Message: MsgSlideText})
	}
	if msg := domain.ValidatePauses(text); msg != "" {
		return "", validation(domain.FieldError{Field: "text", Message: msg})
	}
	return text, nil
}

// slideMediaInput checks a media body: an asset id, else the text of a text slide
// (trimmed, 1 to 1,000 characters). Neither is missing.
func slideMediaInput(r layerMediaRequest, missing error) (store.SlideMediaInput, error) {
	if r.AssetID > 0 {
		return store.SlideMediaInput{AssetID: r.AssetID}, nil
	}
	text := strings.TrimSpace(r.Text)
	if text == "" || r.AssetID < 0 {
		return store.SlideMediaInput{}, missing
	}
	if utf8.RuneCountInString(text) > MaxSlideTextLen {
		return store.SlideMediaInput{}, validation(domain.FieldError{Field: "text", Message: MsgSlideText})
	}
	return store.SlideMediaInput{Text: text}, nil
}

// layerEdit ends a slide edit: narration of the scenes it marked, then the video.
func (s *Server) layerEdit(c *gin.Context, res store.EditResult, err error, notFound *Error) error {
	if err != nil {
		return editError(err, notFound)
	}
	if err := s.narrate(c.Request.Context(), session(c).PublisherID, res); err != nil {
		return err
	}
	return s.answerVideo(c, res.VideoID)
}

// addScene answers POST /video/:id/scenes {prevSceneId, templateId, text}.
func (s *Server) addScene(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	var req addSceneRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	text, err := newSlideText(req.Text)
	if err != nil {
		return err
	}
	in := store.NewScene{PrevSceneID: req.PrevSceneID, Text: text}
	if req.TemplateID != nil {
		if *req.TemplateID < 1 {
			return validation(domain.FieldError{Field: "templateId", Message: MsgTemplateID})
		}
		in.TemplateID = *req.TemplateID
	}
	res, err := s.store.AddScene(c.Request.Context(), session(c).PublisherID, id, in, time.Now())
	return s.layerEdit(c, res, err, errVideoNotFound)
}

// splitScene answers POST /video/:id/scenes/:sceneId/split {layerId}.
func (s *Server) splitScene(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	sceneID, err := pathID(c, "sceneId", errSceneNotFound)
	if err != nil {
		return err
	}
	var req splitSceneRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if req.LayerID < 1 {
		return validation(domain.FieldError{Field: "layerId", Message: MsgNameSlide})
	}
	res, err := s.store.SplitScene(c.Request.Context(), session(c).PublisherID, id, sceneID, req.LayerID, time.Now())
	return s.layerEdit(c, res, err, errVideoNotFound)
}

// addLayer answers POST /scene/:sceneId/layers {text, afterLayerId}.
func (s *Server) addLayer(c *gin.Context) error {
	sceneID, err := pathID(c, "sceneId", errSceneNotFound)
	if err != nil {
		return err
	}
	var req addLayerRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	text, err := newSlideText(req.Text)
	if err != nil {
		return err
	}
	in := store.NewLayer{Text: text, Append: !req.AfterLayerID.Set, AfterLayerID: req.AfterLayerID.ID}
	res, err := s.store.AddLayer(c.Request.Context(), session(c).PublisherID, sceneID, in, time.Now())
	return s.layerEdit(c, res, err, errSceneNotFound)
}

// swapLayers answers PUT /video/:id/layers/swap {firstLayerId, secondLayerId}.
func (s *Server) swapLayers(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	var req swapLayersRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	var fields []domain.FieldError
	if req.FirstLayerID < 1 {
		fields = append(fields, domain.FieldError{Field: "firstLayerId", Message: MsgNameSlide})
	}
	if req.SecondLayerID < 1 {
		fields = append(fields, domain.FieldError{Field: "secondLayerId", Message: MsgNameSlide})
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	res, err := s.store.SwapLayers(c.Request.Context(), session(c).PublisherID, id, req.FirstLayerID, req.SecondLayerID, time.Now())
	return s.layerEdit(c, res, err, errVideoNotFound)
}

// addLayerMedia answers POST /layer/:layerId/assets {assetId} or {text}.
func (s *Server) addLayerMedia(c *gin.Context) error {
	layerID, err := pathID(c, "layerId", errSlideNotFound)
	if err != nil {
		return err
	}
	var req layerMediaRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	in, err := slideMediaInput(req, errAssetIDMissing)
	if err != nil {
		return err
	}
	res, err := s.store.AddLayerMedia(c.Request.Context(), session(c).PublisherID, layerID, in, time.Now())
	if errors.Is(err, models.ErrNotSlideMedia) {
		return errInvalidAsset
	}
	return s.layerEdit(c, res, err, errSlideNotFound)
}

// deleteLayerMedia answers DELETE /layer/:layerId/assets/:layerAssetId.
func (s *Server) deleteLayerMedia(c *gin.Context) error {
	layerID, err := pathID(c, "layerId", errSlideNotFound)
	if err != nil {
		return err
	}
	itemID, err := pathID(c, "layerAssetId", errSlideMediaNotFound)
	if err != nil {
		return err
	}
	res, err := s.store.DeleteLayerMedia(c.Request.Context(), session(c).PublisherID, layerID, itemID, time.Now())
	return s.layerEdit(c, res, err, errSlideNotFound)
}

// setLayerVoice answers PUT /layer/:layerId/voice {voiceId}; the slide is narrated
// again by its new voice.
func (s *Server) setLayerVoice(c *gin.Context) error {
	layerID, err := pathID(c, "layerId", errSlideNotFound)
	if err != nil {
		return err
	}
	var req layerVoiceRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	ctx := c.Request.Context()
	pub := session(c).PublisherID
	if req.VoiceID != nil {
		if *req.VoiceID < 1 {
			return errUnknownVoice
		}
		v, err := s.store.Voice(ctx, *req.VoiceID)
		if errors.Is(err, models.ErrNotFound) || err == nil && !domain.VoiceVisible(v, pub) {
			return errUnknownVoice
		}
		if err != nil {
			return err
		}
	}
	res, err := s.store.SetLayerVoice(ctx, pub, layerID, req.VoiceID, time.Now())
	return s.layerEdit(c, res, err, errSlideNotFound)
}

// setLayerMute answers PUT /layer/:layerId/mute {muted}.
func (s *Server) setLayerMute(c *gin.Context) error {
	layerID, err := pathID(c, "layerId", errSlideNotFound)
	if err != nil {
		return err
	}
	var req layerMuteRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if req.Muted == nil {
		return validation(domain.FieldError{Field: "muted", Message: MsgMuted})
	}
	res, err := s.store.SetLayerMuted(c.Request.Context(), session(c).PublisherID, layerID, *req.Muted, time.Now())
	return s.layerEdit(c, res, err, errSlideNotFound)
}

// setLayerTransform answers PUT /layer/:layerId/transform {fit, crop}; cover without
// a crop is stored as no transform.
func (s *Server) setLayerTransform(c *gin.Context) error {
	layerID, err := pathID(c, "layerId", errSlideNotFound)
	if err != nil {
		return err
	}
	var req layerTransformRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	t := &models.SlideTransform{Fit: req.Fit, Crop: req.Crop}
	if t.Validate() != nil {
		return errInvalidTransform
	}
	if t.Whole() {
		t = nil
	}
	res, err := s.store.SetLayerTransform(c.Request.Context(), session(c).PublisherID, layerID, t, time.Now())
	return s.layerEdit(c, res, err, errSlideNotFound)
}

// setVoiceoverDuration answers PUT /video/:id/voiceover/duration {layerId, durationMs}.
func (s *Server) setVoiceoverDuration(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	var req voiceoverDurationRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	var fields []domain.FieldError
	if req.LayerID < 1 {
		fields = append(fields, domain.FieldError{Field: "layerId", Message: MsgNameSlide})
	}
	if req.DurationMs == nil {
		fields = append(fields, domain.FieldError{Field: "durationMs", Message: MsgDurationMissing})
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	res, err := s.store.SetVoiceoverDuration(c.Request.Context(), session(c).PublisherID, id, req.LayerID, *req.DurationMs, time.Now())
	return s.layerEdit(c, res, err, errVideoNotFound)
}
