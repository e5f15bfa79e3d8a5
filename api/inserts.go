package api

import (
	"errors"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"pagecast/domain"
	"pagecast/models"
)

// Messages of insert changes.
const (
	MsgNotVideoClip = "Choose a video from your media library."
	MsgClipNotReady = "This video is still importing. Try again when it is ready."
	MsgInsertType   = "Insert type must be 1 (intro), 2 (outro) or 3 (scene prepend)."
	MsgInsertExists = "This video already has an insert of that type. Replace it instead."
	// MsgVoiceoverScenePrepend refuses what the render of a voiceover video would leave out.
	MsgVoiceoverScenePrepend = "A voiceover video plays its narration as one recording, so nothing can play before each scene. Use an intro or an outro."
)

var errInsertNotFound = &Error{Status: http.StatusNotFound, Code: "insert_not_found", Message: "This insert does not exist."}

// insertRequest sets an insert (spec 000 section 7: videoInsertTypeId, assetId).
type insertRequest struct {
	VideoInsertTypeID int   `json:"videoInsertTypeId"`
	AssetID           int64 `json:"assetId"`
}

// insertResponse is spec 000's "Video insert" with what the page shows.
type insertResponse struct {
	VideoInsertID     int64   `json:"videoInsertId"`
	VideoInsertTypeID int     `json:"videoInsertTypeId"`
	AssetID           int64   `json:"assetId"`
	Name              string  `json:"name"`
	Length            float64 `json:"length"`
	URL               string  `json:"url"`
	ThumbnailURL      string  `json:"thumbnailUrl"`
	// Deleted is set when the video was deleted from the library: the render leaves it out.
	Deleted bool `json:"deleted"`
}

// insertTypeResponse names an insert type.
type insertTypeResponse struct {
	VideoInsertTypeID int    `json:"videoInsertTypeId"`
	Name              string `json:"name"`
}

func (s *Server) insertJSON(c *gin.Context, in models.VideoInsert) (insertResponse, error) {
	r := insertResponse{VideoInsertID: in.ID, VideoInsertTypeID: int(in.Type), AssetID: in.AssetID,
		Deleted: !in.Asset.Usable()}
	if a := in.Asset; a != nil {
		ar, err := s.assetJSON(c.Request.Context(), *a)
		if err != nil {
			return r, err
		}
		r.Name, r.Length = a.Name, a.Duration
		if !r.Deleted {
			// A deleted file's links lead nowhere: its preview offers no Play.
			r.URL, r.ThumbnailURL = ar.URL, ar.ThumbnailURL
		}
	}
	return r, nil
}

// insertTypes answers GET /video/insert/types.
func (s *Server) insertTypes(c *gin.Context) error {
	out := []insertTypeResponse{}
	for t := models.InsertIntro; t <= models.InsertScenePrepend; t++ {
		out = append(out, insertTypeResponse{VideoInsertTypeID: int(t), Name: t.Name()})
	}
	return ok(c, http.StatusOK, gin.H{"types": out})
}

// listInserts answers GET /video/:id/inserts.
func (s *Server) listInserts(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	list, err := s.store.Inserts(c.Request.Context(), session(c).PublisherID, id)
	if err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	out := []insertResponse{}
	for _, in := range list {
		r, err := s.insertJSON(c, in)
		if err != nil {
			return err
		}
		out = append(out, r)
	}
	return ok(c, http.StatusOK, gin.H{"inserts": out})
}

// getInsert answers GET /video/:id/inserts/:insertId.
func (s *Server) getInsert(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	insertID, err := pathID(c, "insertId", errInsertNotFound)
	if err != nil {
		return err
	}
	list, err := s.store.Inserts(c.Request.Context(), session(c).PublisherID, id)
	if err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	for _, in := range list {
		if in.ID == insertID {
			r, err := s.insertJSON(c, in)
			if err != nil {
				return err
			}
			return ok(c, http.StatusOK, r)
		}
	}
	return errInsertNotFound
}

// insertInput reads and checks an insert request.
func insertInput(c *gin.Context) (insertRequest, error) {
	var req insertRequest
	if err := bindJSON(c, &req); err != nil {
		return req, err
	}
	var fields []domain.FieldError
	if !models.InsertType(req.VideoInsertTypeID).Valid() {
		fields = append(fields, domain.FieldError{Field: "videoInsertTypeId", Message: MsgInsertType})
	}
	if req.AssetID < 1 {
		fields = append(fields, domain.FieldError{Field: "assetId", Message: MsgNotVideoClip})
	}
	if len(fields) > 0 {
		return req, validation(fields...)
	}
	return req, nil
}

// insertError maps the store's refusals to their answers.
func insertError(err error) error {
	switch {
	case errors.Is(err, models.ErrNotVideoClip):
		return validation(domain.FieldError{Field: "assetId", Message: MsgNotVideoClip})
	case errors.Is(err, models.ErrMediaNotReady):
		return validation(domain.FieldError{Field: "assetId", Message: MsgClipNotReady})
	case errors.Is(err, models.ErrVoiceoverScenePrepend):
		return validation(domain.FieldError{Field: "videoInsertTypeId", Message: MsgVoiceoverScenePrepend})
	case errors.Is(err, models.ErrInsertExists):
		return &Error{Status: http.StatusConflict, Code: "insert_exists", Message: MsgInsertExists}
	}
	return err
}

// createInsert answers POST /video/:id/inserts.
func (s *Server) createInsert(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	req, err := insertInput(c)
	if err != nil {
		return err
	}
	in, err := s.store.CreateInsert(c.Request.Context(), session(c).PublisherID, id, models.InsertType(req.VideoInsertTypeID), req.AssetID, time.Now())
	if err != nil {
		return notFoundAs(insertError(err), errVideoNotFound)
	}
	r, err := s.insertJSON(c, in)
	if err != nil {
		return err
	}
	return ok(c, http.StatusCreated, r)
}

// updateInsert answers PUT /video/:id/inserts/:insertId.
func (s *Server) updateInsert(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	insertID, err := pathID(c, "insertId", errInsertNotFound)
	if err != nil {
		return err
	}
	req, err := insertInput(c)
	if err != nil {
		return err
	}
	in, err := s.store.UpdateInsert(c.Request.Context(), session(c).PublisherID, id, insertID, models.InsertType(req.VideoInsertTypeID), req.AssetID, time.Now())
	if err != nil {
		return s.partNotFound(c, id, insertError(err), errInsertNotFound)
	}
	r, err := s.insertJSON(c, in)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, r)
}

// deleteInsert answers DELETE /video/:id/inserts/:insertId.
func (s *Server) deleteInsert(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	insertID, err := pathID(c, "insertId", errInsertNotFound)
	if err != nil {
		return err
	}
	if err := s.store.DeleteInsert(c.Request.Context(), session(c).PublisherID, id, insertID, time.Now()); err != nil {
		return s.partNotFound(c, id, err, errInsertNotFound)
	}
	c.Status(http.StatusNoContent)
	return nil
}
