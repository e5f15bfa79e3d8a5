package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"pagecast/activities"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/store"
)

// Messages of subtitle and slide media edits.
const (
	// MsgSubtitleDuration is the spec's refusal (spec 000 section 8).
	MsgSubtitleDuration = "Duration must be greater than 0!"
	MsgSubtitleText     = "Subtitle text must be 1 to 200 characters."
	MsgNotSlideMedia    = "Choose a picture or a video from your media library."
	MaxSubtitleTextLen  = 200
)

var errSubtitleNotFound = &Error{Status: http.StatusNotFound, Code: "subtitle_not_found", Message: "This subtitle does not exist."}

// subtitleRequest is a subtitle as the editor sends it.
type subtitleRequest struct {
	StartMs    *float64 `json:"startMs"`
	DurationMs *float64 `json:"durationMs"`
	Text       string   `json:"text"`
}

// subtitleItem is one subtitle. Before the first edit the list is the narration's
// own and subtitleId counts them from 1.
type subtitleItem struct {
	SubtitleID int64  `json:"subtitleId"`
	StartMs    int    `json:"startMs"`
	DurationMs int    `json:"durationMs"`
	Text       string `json:"text"`
}

// subtitlesResponse is a video's subtitles and whether the user edited them.
type subtitlesResponse struct {
	Subtitles []subtitleItem `json:"subtitles"`
	Edited    bool           `json:"edited"`
}

// generatedSubtitles are the subtitles the video's narration timing makes, in lines
// as wide as its render's canvas and subtitle style allow.
func (s *Server) generatedSubtitles(ctx context.Context, v models.Video) ([]models.VideoSubtitle, error) {
	cfg, err := s.store.VideoSubtitleStyle(ctx, v)
	if err != nil {
		return nil, fmt.Errorf("subtitle style of video %d: %w", v.ID, err)
	}
	cues, err := domain.VideoCues(v, activities.CueOptions(v, cfg))
	if err != nil {
		return nil, err
	}
	out := make([]models.VideoSubtitle, len(cues))
	for i, c := range cues {
		out[i] = models.VideoSubtitle{StartMs: c.StartMs, DurationMs: c.EndMs - c.StartMs, Text: c.Text}
	}
	return out, nil
}

func subtitlesJSON(list []models.VideoSubtitle, edited bool) subtitlesResponse {
	r := subtitlesResponse{Subtitles: []subtitleItem{}, Edited: edited}
	for i, c := range list {
		id := c.ID
		if !edited {
			id = int64(i + 1)
		}
		r.Subtitles = append(r.Subtitles, subtitleItem{SubtitleID: id, StartMs: c.StartMs, DurationMs: c.DurationMs, Text: c.Text})
	}
	return r
}

// listSubtitles answers GET /video/:id/subtitles.
func (s *Server) listSubtitles(c *gin.Context) error {
	v, err := s.ownVideo(c)
	if err != nil {
		return err
	}
	list, edited, err := s.store.SubtitlesForWorkflow(c.Request.Context(), v.ID)
	if err != nil {
		return err
	}
	if edited {
		return ok(c, http.StatusOK, subtitlesJSON(list, true))
	}
	gen, err := s.generatedSubtitles(c.Request.Context(), v)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, subtitlesJSON(gen, false))
}

// subtitleInput checks a subtitle: duration above 0, start clamped to 0 or more, text
// trimmed (spec 000 section 5).
func subtitleInput(c *gin.Context) (models.VideoSubtitle, error) {
	var req subtitleRequest
	if err := bindJSON(c, &req); err != nil {
		return models.VideoSubtitle{}, err
	}
	var fields []domain.FieldError
	if req.DurationMs == nil || !(*req.DurationMs > 0) || *req.DurationMs > 24*3600*1000 {
		fields = append(fields, domain.FieldError{Field: "durationMs", Message: MsgSubtitleDuration})
	}
	text := strings.TrimSpace(req.Text)
	if n := utf8.RuneCountInString(text); n < 1 || n > MaxSubtitleTextLen {
		fields = append(fields, domain.FieldError{Field: "text", Message: MsgSubtitleText})
	}
	if len(fields) > 0 {
		return models.VideoSubtitle{}, validation(fields...)
	}
	start := 0
	if req.StartMs != nil && *req.StartMs > 0 {
		start = int(min(*req.StartMs, 24*3600*1000))
	}
	return models.VideoSubtitle{StartMs: start, DurationMs: max(1, int(*req.DurationMs)), Text: text}, nil
}

// editSubtitles applies one change, storing the narration's subtitles first when the
// video has no edited ones, and answers the list after it.
func (s *Server) editSubtitles(c *gin.Context, e store.SubtitleEdit, status int) error {
	v, err := s.ownVideo(c)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	_, edited, err := s.store.SubtitlesForWorkflow(ctx, v.ID)
	if err != nil {
		return err
	}
	if !edited {
		if e.Generated, err = s.generatedSubtitles(ctx, v); err != nil {
			return err
		}
		e.Index, e.ID = int(e.ID), 0
		if !e.Add && (e.Index < 1 || e.Index > len(e.Generated)) {
			return errSubtitleNotFound
		}
	}
	list, err := s.store.EditSubtitles(ctx, session(c).PublisherID, v.ID, e, time.Now())
	if errors.Is(err, models.ErrNotFound) {
		return errSubtitleNotFound
	}
	if err != nil {
		return err
	}
	return ok(c, status, subtitlesJSON(list, true))
}

// addSubtitle answers POST /video/:id/subtitles.
func (s *Server) addSubtitle(c *gin.Context) error {
	cue, err := subtitleInput(c)
	if err != nil {
		return err
	}
	return s.editSubtitles(c, store.SubtitleEdit{Add: true, Cue: cue}, http.StatusCreated)
}

// updateSubtitle answers PUT /video/:id/subtitles/:subtitleId.
func (s *Server) updateSubtitle(c *gin.Context) error {
	id, err := pathID(c, "subtitleId", errSubtitleNotFound)
	if err != nil {
		return err
	}
	cue, err := subtitleInput(c)
	if err != nil {
		return err
	}
	return s.editSubtitles(c, store.SubtitleEdit{ID: id, Cue: cue}, http.StatusOK)
}

// deleteSubtitle answers DELETE /video/:id/subtitles/:subtitleId.
func (s *Server) deleteSubtitle(c *gin.Context) error {
	id, err := pathID(c, "subtitleId", errSubtitleNotFound)
	if err != nil {
		return err
	}
	return s.editSubtitles(c, store.SubtitleEdit{ID: id, Delete: true}, http.StatusOK)
}

// resetSubtitles answers DELETE /video/:id/subtitles: the narration's own again.
func (s *Server) resetSubtitles(c *gin.Context) error {
	v, err := s.ownVideo(c)
	if err != nil {
		return err
	}
	if err := s.store.ResetSubtitles(c.Request.Context(), session(c).PublisherID, v.ID, time.Now()); err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	gen, err := s.generatedSubtitles(c.Request.Context(), v)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, subtitlesJSON(gen, false))
}

// replaceLayerMedia answers PUT /layer/:layerId/asset {assetId} or {text}: a library
// picture or video, or a text slide, in place of the slide's media.
func (s *Server) replaceLayerMedia(c *gin.Context) error {
	layerID, err := pathID(c, "layerId", errSlideNotFound)
	if err != nil {
		return err
	}
	var req layerMediaRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	in, err := slideMediaInput(req, validation(domain.FieldError{Field: "assetId", Message: MsgNotSlideMedia}))
	if err != nil {
		return err
	}
	res, err := s.store.ReplaceLayerMedia(c.Request.Context(), session(c).PublisherID, layerID, in, time.Now())
	if errors.Is(err, models.ErrNotSlideMedia) {
		return validation(domain.FieldError{Field: "assetId", Message: MsgNotSlideMedia})
	}
	if err != nil {
		return editError(err, errSlideNotFound)
	}
	return s.answerVideo(c, res.VideoID)
}
