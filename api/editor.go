package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/store"
)

// Messages and bounds of editor calls.
const (
	// MsgLastScene is the spec's refusal (spec 000 section 8).
	MsgLastScene = "Video must have at least 1 scene at all times!"
	// MsgStaleVideo is the conflict rule for two tabs editing one video: an order that
	// does not name exactly the items there are now was made from an old view.
	MsgStaleVideo   = "This video changed since you opened it. Reload to see the latest version."
	MsgEmptyOrder   = "List every item in its new order."
	MsgSlideText    = "Slide text must be 1 to 1,000 characters."
	MsgTagline      = "A tagline has at most 100 characters."
	MaxSlideTextLen = 1000
	MaxTaglineLen   = 100
)

var (
	errLastScene     = &Error{Status: http.StatusConflict, Code: "last_scene", Message: MsgLastScene}
	errStaleVideo    = &Error{Status: http.StatusConflict, Code: "video_changed", Message: MsgStaleVideo}
	errSlideNotFound = &Error{Status: http.StatusNotFound, Code: "slide_not_found", Message: "This slide does not exist."}
	errSceneNotFound = &Error{Status: http.StatusNotFound, Code: "scene_not_found", Message: "This scene does not exist."}
)

// sceneOrderRequest lists every scene of the video in its new order.
type sceneOrderRequest struct {
	SceneIDs []int64 `json:"sceneIds"`
}

// layerOrderRequest lists every slide of the scene in its new order.
type layerOrderRequest struct {
	LayerIDs []int64 `json:"layerIds"`
}

// layerTextRequest is a slide's new narration text.
type layerTextRequest struct {
	Text string `json:"text"`
}

// layerTaglineRequest is a slide's new tagline.
type layerTaglineRequest struct {
	Tagline string `json:"tagline"`
}

// editError maps the store's refusals of edits to their answers; ErrNotFound becomes
// notFound (nil: left as it is).
func editError(err error, notFound *Error) error {
	switch {
	case errors.Is(err, models.ErrLastScene):
		return errLastScene
	case errors.Is(err, models.ErrStaleOrder):
		return errStaleVideo
	case errors.Is(err, models.ErrSplitFirstSlide):
		return errSplitFirstSlide
	case errors.Is(err, models.ErrSameSlide):
		return errSameSlide
	case errors.Is(err, models.ErrNotVoiceover):
		return errNotVoiceover
	case errors.Is(err, models.ErrSlideDuration):
		return errSlideDuration
	case errors.Is(err, models.ErrInvalidTransform):
		return errInvalidTransform
	case errors.Is(err, store.ErrSceneNotFound):
		return errSceneNotFound
	case errors.Is(err, store.ErrSlideNotFound):
		return errSlideNotFound
	case errors.Is(err, store.ErrSlideMediaNotFound):
		return errSlideMediaNotFound
	}
	if notFound == nil {
		return err
	}
	return notFoundAs(err, notFound)
}

// narrate starts narration of the scenes an edit marked; the marks are durable, so a
// start that fails is retried by the next edit or scene audio call.
func (s *Server) narrate(ctx context.Context, publisherID int64, res store.EditResult) error {
	for _, id := range res.NarrateScenes {
		if err := s.workflows.GenerateSceneAudio(ctx, publisherID, id); err != nil {
			return err
		}
	}
	return nil
}

// answerVideo answers the video as it is after an edit.
func (s *Server) answerVideo(c *gin.Context, videoID int64) error {
	return s.writeVideo(c, session(c).PublisherID, videoID)
}

// pathID reads the path parameter name as an id; anything else is notFound.
func pathID(c *gin.Context, name string, notFound *Error) (int64, error) {
	return positiveID(c.Param(name), notFound)
}

// positiveID parses s as an id (1 or more); anything else is bad.
func positiveID(s string, bad *Error) (int64, error) {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id < 1 {
		return 0, bad
	}
	return id, nil
}

// deleteScene answers DELETE /video/:id/scenes/:sceneId.
func (s *Server) deleteScene(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	sceneID, err := pathID(c, "sceneId", errSceneNotFound)
	if err != nil {
		return err
	}
	if err := s.store.DeleteScene(c.Request.Context(), session(c).PublisherID, id, sceneID, time.Now()); err != nil {
		return s.partNotFound(c, id, editError(err, nil), errSceneNotFound)
	}
	return s.answerVideo(c, id)
}

// partNotFound answers a part of a video (scene, insert, subtitle, ...) the store did
// not find: 404 for the video when the caller has no such video, else notFound. Other
// errors pass through.
func (s *Server) partNotFound(c *gin.Context, videoID int64, err error, notFound *Error) error {
	if !errors.Is(err, models.ErrNotFound) {
		return err
	}
	if _, verr := s.store.VideoRow(c.Request.Context(), session(c).PublisherID, videoID); verr != nil {
		return notFoundAs(verr, errVideoNotFound)
	}
	return notFound
}

// reorderScenes answers PUT /video/:id/scenes/order {sceneIds}.
func (s *Server) reorderScenes(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	var req sceneOrderRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if len(req.SceneIDs) == 0 {
		return validation(domain.FieldError{Field: "sceneIds", Message: MsgEmptyOrder})
	}
	if err := s.store.ReorderScenes(c.Request.Context(), session(c).PublisherID, id, req.SceneIDs, time.Now()); err != nil {
		return editError(err, errVideoNotFound)
	}
	return s.answerVideo(c, id)
}

// reorderLayers answers PUT /scene/:sceneId/layers/order {layerIds}.
func (s *Server) reorderLayers(c *gin.Context) error {
	sceneID, err := pathID(c, "sceneId", errSceneNotFound)
	if err != nil {
		return err
	}
	var req layerOrderRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if len(req.LayerIDs) == 0 {
		return validation(domain.FieldError{Field: "layerIds", Message: MsgEmptyOrder})
	}
	ctx := c.Request.Context()
	pub := session(c).PublisherID
	res, err := s.store.ReorderLayers(ctx, pub, sceneID, req.LayerIDs, time.Now())
	if err != nil {
		return editError(err, errSceneNotFound)
	}
	if err := s.narrate(ctx, pub, res); err != nil {
		return err
	}
	return s.answerVideo(c, res.VideoID)
}

// deleteLayer answers DELETE /layer/:layerId; a scene's last slide takes the scene
// with it, and the video's last slide stays.
func (s *Server) deleteLayer(c *gin.Context) error {
	layerID, err := pathID(c, "layerId", errSlideNotFound)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	pub := session(c).PublisherID
	res, err := s.store.DeleteLayer(ctx, pub, layerID, time.Now())
	if err != nil {
		return editError(err, errSlideNotFound)
	}
	if err := s.narrate(ctx, pub, res); err != nil {
		return err
	}
	return s.answerVideo(c, res.VideoID)
}

// setLayerText answers PUT /layer/:layerId/text {text}: trimmed, 1 to 1,000
// characters, pause markers in range; the slide is narrated again.
func (s *Server) setLayerText(c *gin.Context) error {
	layerID, err := pathID(c, "layerId", errSlideNotFound)
	if err != nil {
		return err
	}
	var req layerTextRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	text := strings.TrimSpace(req.Text)
	if n := utf8.RuneCountInString(text); n < 1 || n > MaxSlideTextLen {
		return validation(domain.FieldError{Field: "text", Message: MsgSlideText})
	}
	if msg := domain.ValidatePauses(text); msg != "" {
		return validation(domain.FieldError{Field: "text", Message: msg})
	}
	ctx := c.Request.Context()
	pub := session(c).PublisherID
	res, err := s.store.SetLayerText(ctx, pub, layerID, text, time.Now())
	if err != nil {
		return editError(err, errSlideNotFound)
	}
	if err := s.narrate(ctx, pub, res); err != nil {
		return err
	}
	return s.answerVideo(c, res.VideoID)
}

// setLayerTagline answers PUT /layer/:layerId/tagline {tagline}: trimmed, at most 100
// characters, empty removes it.
func (s *Server) setLayerTagline(c *gin.Context) error {
	layerID, err := pathID(c, "layerId", errSlideNotFound)
	if err != nil {
		return err
	}
	var req layerTaglineRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	tagline := strings.Join(strings.Fields(req.Tagline), " ")
	if utf8.RuneCountInString(tagline) > MaxTaglineLen {
		return validation(domain.FieldError{Field: "tagline", Message: MsgTagline})
	}
	res, err := s.store.SetLayerTagline(c.Request.Context(), session(c).PublisherID, layerID, tagline, time.Now())
	if err != nil {
		return editError(err, errSlideNotFound)
	}
	return s.answerVideo(c, res.VideoID)
}
