package api

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"pagecast/domain"
	"pagecast/models"
)

// Subtitle style errors.
var (
	errSubtitleStyleNotFound = &Error{Status: http.StatusNotFound, Code: "subtitle_style_not_found",
		Message: "This subtitle style does not exist or is not available to you."}
	errSubtitleStyleBuiltIn = &Error{Status: http.StatusForbidden, Code: "subtitle_style_built_in",
		Message: "Pagecast's own subtitle styles cannot be changed. Make a copy to change it."}
	errSubtitleStyleLimit = &Error{Status: http.StatusConflict, Code: "subtitle_style_limit_reached",
		Message: fmt.Sprintf("You can keep up to %d subtitle styles.", domain.SubtitleStylesPerAccount)}
)

// subtitleStyleJSON is a subtitle style config on the wire (docs/decisions.md,
// "Subtitle style configs").
type subtitleStyleJSON struct {
	SubtitleStyleConfigID int64              `json:"subtitleStyleConfigId"`
	Name                  string             `json:"name"`
	AspectRatio           models.AspectRatio `json:"aspectRatio"`
	IsBuiltIn             bool               `json:"isBuiltIn"`
	IsDefault             bool               `json:"isDefault"`
	subtitleLookJSON
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// subtitleLookJSON is what a style looks like; the body of create and update.
type subtitleLookJSON struct {
	FontFamily     string                  `json:"fontFamily"`
	FontSize       int                     `json:"fontSize"`
	Bold           bool                    `json:"bold"`
	Italic         bool                    `json:"italic"`
	PrimaryColor   string                  `json:"primaryColor"`
	OutlineColor   string                  `json:"outlineColor"`
	ShadowColor    string                  `json:"shadowColor"`
	Spacing        int                     `json:"spacing"`
	Outline        int                     `json:"outline"`
	ShadowOffset   int                     `json:"shadowOffset"`
	BlurEdges      int                     `json:"blurEdges"`
	MarginLeft     int                     `json:"marginLeft"`
	MarginRight    int                     `json:"marginRight"`
	MarginVertical int                     `json:"marginVertical"`
	Angle          int                     `json:"angle"`
	Position       models.SubtitlePosition `json:"position"`
}

func (l subtitleLookJSON) look() models.SubtitleStyleLook { return models.SubtitleStyleLook(l) }

func subtitleStyleOut(c models.SubtitleStyleConfig) subtitleStyleJSON {
	return subtitleStyleJSON{
		SubtitleStyleConfigID: c.ID, Name: c.Name, AspectRatio: c.AspectRatio,
		IsBuiltIn: c.BuiltIn(), IsDefault: c.BuiltIn() && c.ID == models.DefaultSubtitleStyleFor(c.AspectRatio),
		subtitleLookJSON: subtitleLookJSON(c.SubtitleStyleLook), CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt,
	}
}

// subtitleStyleRequest is the body of POST and PUT /api/v2/subtitles/styles/config.
type subtitleStyleRequest struct {
	Name        string             `json:"name"`
	AspectRatio models.AspectRatio `json:"aspectRatio"`
	subtitleLookJSON
}

// config is the request as a style of the account, normalised.
func (r subtitleStyleRequest) config(publisherID int64) models.SubtitleStyleConfig {
	c := models.SubtitleStyleConfig{PublisherID: &publisherID, Name: r.Name, AspectRatio: r.AspectRatio,
		SubtitleStyleLook: r.look()}
	domain.NormalizeSubtitleStyle(&c)
	return c
}

// listSubtitleStyles answers the styles the account may use, of one format when
// aspectRatio is given (GET /api/v2/subtitles/styles/config).
func (s *Server) listSubtitleStyles(c *gin.Context) error {
	aspect := models.AspectRatio(c.Query("aspectRatio"))
	if aspect != "" && !aspect.Valid() {
		return validation(domain.FieldError{Field: "aspectRatio", Message: "Aspect ratio must be horizontal or vertical."})
	}
	list, err := s.store.SubtitleStyleConfigs(c.Request.Context(), session(c).PublisherID, aspect)
	if err != nil {
		return err
	}
	out := make([]subtitleStyleJSON, len(list))
	for i, st := range list {
		out[i] = subtitleStyleOut(st)
	}
	return ok(c, http.StatusOK, gin.H{"subtitleStyleConfigs": out})
}

// createSubtitleStyle stores a new style of the account.
func (s *Server) createSubtitleStyle(c *gin.Context) error {
	var r subtitleStyleRequest
	if err := bindJSON(c, &r); err != nil {
		return err
	}
	cfg := r.config(session(c).PublisherID)
	if fields := domain.ValidateSubtitleStyle(cfg); len(fields) > 0 {
		return validation(fields...)
	}
	err := s.store.CreateSubtitleStyleConfig(c.Request.Context(), &cfg, domain.SubtitleStylesPerAccount, time.Now())
	if errors.Is(err, models.ErrSubtitleStyleLimit) {
		return errSubtitleStyleLimit
	}
	if err != nil {
		return err
	}
	return ok(c, http.StatusCreated, subtitleStyleOut(cfg))
}

// updateSubtitleStyle gives one of the account's styles a new name and look. Every
// video of the account that uses it becomes a draft, so it may render again.
func (s *Server) updateSubtitleStyle(c *gin.Context) error {
	id, err := pathID(c, "id", errSubtitleStyleNotFound)
	if err != nil {
		return err
	}
	var r subtitleStyleRequest
	if err := bindJSON(c, &r); err != nil {
		return err
	}
	ctx := c.Request.Context()
	pub := session(c).PublisherID
	old, err := s.store.SubtitleStyleConfig(ctx, pub, id)
	switch {
	case errors.Is(err, models.ErrNotFound):
		return errSubtitleStyleNotFound
	case err != nil:
		return err
	case old.BuiltIn():
		return errSubtitleStyleBuiltIn
	}
	if r.AspectRatio == "" {
		r.AspectRatio = old.AspectRatio
	}
	cfg := r.config(pub)
	fields := domain.ValidateSubtitleStyle(cfg)
	if cfg.AspectRatio != old.AspectRatio {
		fields = append(fields, domain.FieldError{Field: "aspectRatio",
			Message: "The format of a subtitle style cannot be changed. Make a new style for the other format."})
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	out, err := s.store.UpdateSubtitleStyleConfig(ctx, pub, id, cfg.Name, cfg.SubtitleStyleLook, time.Now())
	switch {
	case errors.Is(err, models.ErrNotFound):
		return errSubtitleStyleNotFound
	case errors.Is(err, models.ErrForbidden):
		return errSubtitleStyleBuiltIn
	case err != nil:
		return err
	}
	return ok(c, http.StatusOK, subtitleStyleOut(out))
}

// videoSubtitleStyle answers the style a video's next render uses and the ASS file of
// its current render (GET /api/v2/subtitles/styles/video/{id}).
func (s *Server) videoSubtitleStyle(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	v, err := s.store.VideoRow(c.Request.Context(), session(c).PublisherID, id)
	if err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	cfg, err := s.store.VideoSubtitleStyle(c.Request.Context(), v)
	if err != nil {
		return err
	}
	ass := ""
	if v.ContentKey != "" {
		ass = "/api/v2/video/" + strconv.FormatInt(v.ID, 10) + "/subtitles/ass"
	}
	return ok(c, http.StatusOK, gin.H{
		"videoId": v.ID, "aspectRatio": v.AspectRatio, "hardcodeSubtitles": v.HardcodeSubtitles,
		"subtitleStyleConfigId": cfg.ID, "subtitleStyleConfig": subtitleStyleOut(cfg), "assSubtitlesURL": ass,
	})
}

// checkSubtitleStyle says what is wrong with giving a video of format aspect the style
// id, or nothing when the account sees it and it is of that format.
func (s *Server) checkSubtitleStyle(c *gin.Context, aspect models.AspectRatio, id int64) (*domain.FieldError, error) {
	cfg, err := s.store.SubtitleStyleConfig(c.Request.Context(), session(c).PublisherID, id)
	switch {
	case errors.Is(err, models.ErrNotFound):
		return &domain.FieldError{Field: "subtitleStyleConfigId", Message: "This subtitle style does not exist or is not available to you."}, nil
	case err != nil:
		return nil, err
	case cfg.AspectRatio != aspect:
		return &domain.FieldError{Field: "subtitleStyleConfigId", Message: "This subtitle style is made for the other format. Choose one for this video's format."}, nil
	}
	return nil, nil
}

// fontFamilies answers the fonts subtitles may use (GET /api/v2/font/fontFamilies).
func (s *Server) fontFamilies(c *gin.Context) error {
	return ok(c, http.StatusOK, gin.H{"fontFamilies": domain.SubtitleFontFamilies})
}
