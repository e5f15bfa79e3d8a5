package api

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"pagecast/domain"
	"pagecast/models"
)

// Messages of background audio changes.
const (
	MsgNotAudio             = "Choose an audio file from your media library."
	MsgAudioNotReady        = "This audio is still importing. Try again when it is ready."
	MsgVolume               = "Volume must be a whole number from 0 to 100."
	MsgBackgroundAudioOrder = "The new order must list exactly the video's background audio items."
)

var errBackgroundAudioNotFound = &Error{Status: http.StatusNotFound, Code: "background_audio_not_found", Message: "This background audio item does not exist."}

// addBackgroundAudioRequest puts an audio asset under the video (volume 0-100, 20 by default).
type addBackgroundAudioRequest struct {
	AssetID int64 `json:"assetId"`
	Volume  *int  `json:"volume"`
}

// backgroundAudioVolumeRequest sets an item's volume.
type backgroundAudioVolumeRequest struct {
	Volume *int `json:"volume"`
}

// backgroundAudioOrderRequest lists every item in its new order.
type backgroundAudioOrderRequest struct {
	ItemIDs []int64 `json:"itemIds"`
}

// backgroundAudioItem is spec 000's "Background audio item".
type backgroundAudioItem struct {
	VideoBackgroundAudioAssetID int64   `json:"videoBackgroundAudioAssetId"`
	AssetID                     int64   `json:"assetId"`
	Name                        string  `json:"name"`
	Order                       int     `json:"order"`
	Volume                      int     `json:"volume"`
	Length                      float64 `json:"length"`
	URL                         string  `json:"url"`
	// Deleted is set when the file was deleted from the library: the render leaves it out.
	Deleted bool `json:"deleted"`
}

func (s *Server) backgroundAudioJSON(c *gin.Context, it models.VideoBackgroundAudio) (backgroundAudioItem, error) {
	r := backgroundAudioItem{VideoBackgroundAudioAssetID: it.ID, AssetID: it.AssetID, Order: it.Order, Volume: it.Volume,
		Deleted: !it.Asset.Usable()}
	if a := it.Asset; a != nil {
		r.Name, r.Length = a.Name, a.Duration
		if !r.Deleted {
			u, err := s.presignGet(c.Request.Context(), a.MediaKey)
			if err != nil {
				return r, err
			}
			r.URL = u
		}
	}
	return r, nil
}

// backgroundAudioList answers the video's background audio in order.
func (s *Server) backgroundAudioList(c *gin.Context, videoID int64) error {
	items, err := s.store.BackgroundAudios(c.Request.Context(), session(c).PublisherID, videoID)
	if err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	out := []backgroundAudioItem{}
	for _, it := range items {
		r, err := s.backgroundAudioJSON(c, it)
		if err != nil {
			return err
		}
		out = append(out, r)
	}
	return ok(c, http.StatusOK, gin.H{"items": out})
}

// listBackgroundAudio answers GET /video/:id/backgroundAudio.
func (s *Server) listBackgroundAudio(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	return s.backgroundAudioList(c, id)
}

// backgroundAudioError maps the store's refusals to their answers.
func backgroundAudioError(err error) error {
	switch {
	case errors.Is(err, models.ErrNotAudio):
		return validation(domain.FieldError{Field: "assetId", Message: MsgNotAudio})
	case errors.Is(err, models.ErrMediaNotReady):
		return validation(domain.FieldError{Field: "assetId", Message: MsgAudioNotReady})
	case errors.Is(err, models.ErrBackgroundAudioLimit):
		return &Error{Status: http.StatusConflict, Code: "background_audio_limit",
			Message: "A video has at most " + strconv.Itoa(models.MaxBackgroundAudios) + " background audio items."}
	case errors.Is(err, models.ErrOrderMismatch):
		return validation(domain.FieldError{Field: "itemIds", Message: MsgBackgroundAudioOrder})
	}
	return err
}

// volumeOf checks a volume; nil means def.
func volumeOf(v *int, def int) (int, error) {
	if v == nil {
		return def, nil
	}
	if *v < 0 || *v > 100 {
		return 0, validation(domain.FieldError{Field: "volume", Message: MsgVolume})
	}
	return *v, nil
}

// addBackgroundAudio answers POST /video/:id/backgroundAudio {assetId, volume?}.
func (s *Server) addBackgroundAudio(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	var req addBackgroundAudioRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if req.AssetID < 1 {
		return validation(domain.FieldError{Field: "assetId", Message: MsgNotAudio})
	}
	vol, err := volumeOf(req.Volume, models.DefaultBackgroundAudioVolume)
	if err != nil {
		return err
	}
	it, err := s.store.AddBackgroundAudio(c.Request.Context(), session(c).PublisherID, id, req.AssetID, vol, time.Now())
	if err != nil {
		return notFoundAs(backgroundAudioError(err), errVideoNotFound)
	}
	r, err := s.backgroundAudioJSON(c, it)
	if err != nil {
		return err
	}
	return ok(c, http.StatusCreated, r)
}

// setBackgroundAudioVolume answers PUT /video/:id/backgroundAudio/:itemId {volume}.
func (s *Server) setBackgroundAudioVolume(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	itemID, err := pathID(c, "itemId", errBackgroundAudioNotFound)
	if err != nil {
		return err
	}
	var req backgroundAudioVolumeRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if req.Volume == nil {
		return validation(domain.FieldError{Field: "volume", Message: MsgVolume})
	}
	vol, err := volumeOf(req.Volume, 0)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	pub := session(c).PublisherID
	if err := s.store.SetBackgroundAudioVolume(ctx, pub, id, itemID, vol, time.Now()); err != nil {
		return s.partNotFound(c, id, err, errBackgroundAudioNotFound)
	}
	items, err := s.store.BackgroundAudios(ctx, pub, id)
	if err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	for _, it := range items {
		if it.ID == itemID {
			r, err := s.backgroundAudioJSON(c, it)
			if err != nil {
				return err
			}
			return ok(c, http.StatusOK, r)
		}
	}
	return errBackgroundAudioNotFound
}

// deleteBackgroundAudio answers DELETE /video/:id/backgroundAudio/:itemId.
func (s *Server) deleteBackgroundAudio(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	itemID, err := pathID(c, "itemId", errBackgroundAudioNotFound)
	if err != nil {
		return err
	}
	if err := s.store.DeleteBackgroundAudio(c.Request.Context(), session(c).PublisherID, id, itemID, time.Now()); err != nil {
		return s.partNotFound(c, id, err, errBackgroundAudioNotFound)
	}
	c.Status(http.StatusNoContent)
	return nil
}

// reorderBackgroundAudio answers PUT /video/:id/backgroundAudio/order {itemIds}.
func (s *Server) reorderBackgroundAudio(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	var req backgroundAudioOrderRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := s.store.ReorderBackgroundAudios(c.Request.Context(), session(c).PublisherID, id, req.ItemIDs, time.Now()); err != nil {
		return notFoundAs(backgroundAudioError(err), errVideoNotFound)
	}
	return s.backgroundAudioList(c, id)
}
