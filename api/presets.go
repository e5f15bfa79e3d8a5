package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"pagecast/domain"
	"pagecast/models"
)

var (
	errPresetNotFound = &Error{Status: http.StatusNotFound, Code: "preset_not_found", Message: "This preset does not exist or is not available to you."}
	errPresetReadOnly = &Error{Status: http.StatusForbidden, Code: "preset_read_only", Message: "Public presets cannot be deleted."}
	errPresetLimit    = &Error{Status: http.StatusConflict, Code: "preset_limit_reached",
		Message: fmt.Sprintf("You can keep up to %d presets. Delete one to save another.", models.MaxPresetsPerAccount)}
)

// presetSettingJSON is one setting on the wire (spec 001 section 3, "Create-video
// preset": a key, a datatype and a string value).
type presetSettingJSON struct {
	Key      string                `json:"key"`
	Datatype models.PresetDatatype `json:"datatype"`
	Value    string                `json:"value"`
}

// presetResponse is the wire shape of a create-video preset. A preset the caller sees
// is public (isPublic) or the caller's own.
type presetResponse struct {
	PresetID  int64               `json:"presetId"`
	Name      string              `json:"name"`
	IsPublic  bool                `json:"isPublic"`
	Settings  []presetSettingJSON `json:"settings"`
	CreatedAt time.Time           `json:"createdAt"`
}

func presetJSON(p models.Preset) presetResponse {
	r := presetResponse{PresetID: p.ID, Name: p.Name, IsPublic: p.IsPublic, Settings: []presetSettingJSON{}, CreatedAt: p.CreatedAt.UTC()}
	for _, s := range p.Settings {
		r.Settings = append(r.Settings, presetSettingJSON(s))
	}
	return r
}

type presetPageResponse struct {
	Presets  []presetResponse `json:"presets"`
	Page     int              `json:"page"`
	PageSize int              `json:"pageSize"`
	Total    int64            `json:"total"`
}

type presetMetadataResponse struct {
	TotalPublicPresets int64 `json:"totalPublicPresets"`
	TotalUserPresets   int64 `json:"totalUserPresets"`
}

// presetSettingRequest is a setting as posted. Value is kept raw so that a value that
// is not a JSON string (true, 5) gets a field error rather than "malformed JSON".
type presetSettingRequest struct {
	Key      string          `json:"key"`
	Datatype string          `json:"datatype"`
	Value    json.RawMessage `json:"value"`
}

type createPresetRequest struct {
	Name     string                 `json:"name"`
	IsPublic bool                   `json:"isPublic"`
	Settings []presetSettingRequest `json:"settings"`
}

// decimalFloat is a plain decimal number; strconv alone would also take "Inf",
// "NaN" and hexadecimal floats.
var decimalFloat = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)

// checkPresetValue checks that value is written as a value of dt and returns a
// message for the user when it is not.
func checkPresetValue(dt models.PresetDatatype, value string) string {
	switch dt {
	case models.DatatypeBool:
		if value != "true" && value != "false" {
			return "Must be true or false."
		}
	case models.DatatypeUint:
		if _, err := strconv.ParseUint(value, 10, 64); err != nil {
			return "Must be a whole number of 0 or more."
		}
	case models.DatatypeInt:
		if _, err := strconv.ParseInt(value, 10, 64); err != nil {
			return "Must be a whole number."
		}
	case models.DatatypeFloat:
		f, err := strconv.ParseFloat(value, 64)
		if !decimalFloat.MatchString(value) || err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return "Must be a finite decimal number."
		}
	case models.DatatypeString:
		if utf8.RuneCountInString(value) > models.MaxPresetStringLen || !utf8.ValidString(value) {
			return fmt.Sprintf("Must be at most %d characters.", models.MaxPresetStringLen)
		}
	default:
		return "Unknown datatype."
	}
	return ""
}

// checkPresetSetting checks a well-typed value against its key's own rules.
func checkPresetSetting(key, value string) string {
	u := func() uint64 { n, _ := strconv.ParseUint(value, 10, 64); return n }
	switch key {
	case models.SettingAspectRatio:
		if value != models.AspectRatioHorizontal && value != models.AspectRatioVertical {
			return "Aspect ratio must be 16:9 or 9:16."
		}
	case models.SettingMaxSentencesPerSlide:
		if n := u(); n < 1 || n > domain.MaxSentencesPerSlideLimit {
			return domain.MsgMaxSentencesPerSlide + "."
		}
	case models.SettingPauseBetweenSlides, models.SettingPauseAfterShortSlides:
		if u() > domain.MaxPauseMs {
			return fmt.Sprintf("A pause is given in milliseconds, at most %d.", domain.MaxPauseMs)
		}
	case models.SettingTemplateID, models.SettingVoiceID, models.SettingSubtitleStyleConfigID:
		if u() < 1 {
			return "Must be an id (a positive number)."
		}
	case models.SettingAutomatchMediaType:
		if value != models.AutomatchMediaAll && value != models.AutomatchMediaImages && value != models.AutomatchMediaVideos {
			return "Media type must be all, images or videos."
		}
	case models.SettingAutomatchImageStyle:
		if !domain.ValidImageStyle(value) {
			return "Image style must be one of " + strings.Join(domain.ImageStyles(), ", ") + "."
		}
	}
	return ""
}

// validatePresetSettings checks posted settings: each key known and given once, its
// datatype the key's datatype, its value a JSON string written as that datatype and
// within the key's rules. Values are kept as sent.
func validatePresetSettings(in []presetSettingRequest) ([]models.PresetSetting, []domain.FieldError) {
	var fields []domain.FieldError
	out := []models.PresetSetting{}
	seen := map[string]bool{}
	for i, s := range in {
		field := func(name, msg string) {
			fields = append(fields, domain.FieldError{Field: fmt.Sprintf("settings[%d].%s", i, name), Message: msg})
		}
		want, known := models.PresetSettingKeys[s.Key]
		switch {
		case s.Key == "":
			field("key", "Every setting needs a key.")
			continue
		case !known:
			field("key", fmt.Sprintf("%q is not a video setting.", s.Key))
			continue
		case seen[s.Key]:
			field("key", fmt.Sprintf("%s is set more than once.", s.Key))
			continue
		}
		seen[s.Key] = true
		if dt := models.PresetDatatype(s.Datatype); dt != want {
			msg := fmt.Sprintf("%s is a %s setting.", s.Key, want)
			if !slices.Contains(models.PresetDatatypes, dt) {
				msg = "Datatype must be bool, uint, int, float or string; " + msg
			}
			field("datatype", msg)
			continue
		}
		var value string
		if err := json.Unmarshal(s.Value, &value); err != nil || len(s.Value) == 0 {
			field("value", `The value must be a JSON string, such as "true" or "500".`)
			continue
		}
		if msg := checkPresetValue(want, value); msg != "" {
			field("value", msg)
			continue
		}
		if msg := checkPresetSetting(s.Key, value); msg != "" {
			field("value", msg)
			continue
		}
		out = append(out, models.PresetSetting{Key: s.Key, Datatype: want, Value: value})
	}
	return out, fields
}

// validatePreset checks a create request: a name of 1 to 100 characters (white space
// collapsed, no control characters), no isPublic (only Pagecast publishes public presets) and valid settings.
func validatePreset(req createPresetRequest) (models.Preset, []domain.FieldError) {
	var fields []domain.FieldError
	name := strings.Join(strings.Fields(req.Name), " ")
	switch {
	case name == "" || utf8.RuneCountInString(name) > models.MaxPresetNameLen:
		fields = append(fields, domain.FieldError{Field: "name", Message: fmt.Sprintf("Preset name must be 1 to %d characters.", models.MaxPresetNameLen)})
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		// PostgreSQL cannot store NUL, and no other control character belongs in a name.
		fields = append(fields, domain.FieldError{Field: "name", Message: "Preset name cannot contain control characters."})
	}
	if req.IsPublic {
		fields = append(fields, domain.FieldError{Field: "isPublic", Message: "Public presets are published by Pagecast; your presets are private."})
	}
	settings, bad := validatePresetSettings(req.Settings)
	return models.Preset{Name: name, Settings: settings}, append(fields, bad...)
}

// createPreset saves a private preset of the caller's account (spec 001 section 7,
// POST /v2/presets/createvideo). A voiceId setting must name a voice the caller may
// use; an account keeps at most models.MaxPresetsPerAccount presets.
func (s *Server) createPreset(c *gin.Context) error {
	var req createPresetRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	p, fields := validatePreset(req)
	pub := session(c).PublisherID
	ctx := c.Request.Context()
	for _, st := range p.Settings {
		if st.Key != models.SettingVoiceID {
			continue
		}
		id, _ := st.Uint()
		v, err := s.store.Voice(ctx, int64(min(id, math.MaxInt64)))
		if errors.Is(err, models.ErrNotFound) || (err == nil && !domain.VoiceVisible(v, pub)) {
			// p.Settings lacks the settings that failed: name the posted index.
			fields = append(fields, domain.FieldError{Field: fmt.Sprintf("settings[%d].value", postedIndex(req.Settings, st.Key)),
				Message: errVoiceNotFound.Message})
		} else if err != nil {
			return err
		}
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	p.PublisherID = &pub
	err := s.store.CreatePreset(ctx, &p, models.MaxPresetsPerAccount)
	if errors.Is(err, models.ErrPresetLimit) {
		return errPresetLimit
	}
	if err != nil {
		return err
	}
	return ok(c, http.StatusCreated, presetJSON(p))
}

// postedIndex finds the index of key among the posted settings.
func postedIndex(in []presetSettingRequest, key string) int {
	return slices.IndexFunc(in, func(s presetSettingRequest) bool { return s.Key == key })
}

// listPresets is one page of the presets the caller sees (spec 001 section 7, GET
// /v2/presets/createvideo): page counts from 0; pageSize defaults to 10, a size
// below 1 is ignored (spec 001 section 5) and above 100 means 100. Public presets
// come first in the order they were published, so the first is the default; then the
// caller's own, newest first.
func (s *Server) listPresets(c *gin.Context) error {
	var fields []domain.FieldError
	page, size := 0, models.DefaultPresetPageSize
	if v := c.Query("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			fields = append(fields, domain.FieldError{Field: "page", Message: "Must be a whole number of 0 or more."})
		}
		page = n
	}
	if v := c.Query("pageSize"); v != "" {
		n, err := strconv.Atoi(v)
		switch {
		case err != nil:
			fields = append(fields, domain.FieldError{Field: "pageSize", Message: "Must be a whole number."})
		case n >= 1:
			size = min(n, models.MaxPresetPageSize)
		}
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	// Any page past this one is empty too (an account has at most 100 presets); asking
	// for it keeps the offset far from overflowing.
	const farPage = 1_000_000
	ps, total, err := s.store.PresetPage(c.Request.Context(), session(c).PublisherID, min(page, farPage), size)
	if err != nil {
		return err
	}
	resp := presetPageResponse{Presets: []presetResponse{}, Page: page, PageSize: size, Total: total}
	for _, p := range ps {
		resp.Presets = append(resp.Presets, presetJSON(p))
	}
	return ok(c, http.StatusOK, resp)
}

// presetMetadata counts the public presets and the caller's own (spec 001 section 7,
// GET /v2/presets/createvideo/metadata).
func (s *Server) presetMetadata(c *gin.Context) error {
	pub, own, err := s.store.PresetCounts(c.Request.Context(), session(c).PublisherID)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, presetMetadataResponse{TotalPublicPresets: pub, TotalUserPresets: own})
}

// presetIDParam reads the :id path parameter.
func presetIDParam(c *gin.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id < 1 {
		return 0, &Error{Status: http.StatusBadRequest, Code: "invalid_preset_id", Message: "The preset id must be a positive number."}
	}
	return id, nil
}

// getPreset returns a public preset or one of the caller's own (spec 001 section 7,
// GET /v2/presets/createvideo/{id}); another account's preset is preset_not_found.
func (s *Server) getPreset(c *gin.Context) error {
	id, err := presetIDParam(c)
	if err != nil {
		return err
	}
	p, err := s.store.Preset(c.Request.Context(), session(c).PublisherID, id)
	if errors.Is(err, models.ErrNotFound) {
		return errPresetNotFound
	}
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, presetJSON(p))
}

// deletePreset deletes one of the caller's own presets and returns it (spec 001
// section 7, DELETE /v2/presets/createvideo/{id}). A public preset is 403
// preset_read_only (the caller can see it, so "not found" would be untrue); another
// account's preset is preset_not_found, so its existence is not revealed.
func (s *Server) deletePreset(c *gin.Context) error {
	id, err := presetIDParam(c)
	if err != nil {
		return err
	}
	p, err := s.store.DeletePreset(c.Request.Context(), session(c).PublisherID, id)
	switch {
	case errors.Is(err, models.ErrNotFound):
		return errPresetNotFound
	case errors.Is(err, models.ErrForbidden):
		return errPresetReadOnly
	case err != nil:
		return err
	}
	return ok(c, http.StatusOK, presetJSON(p))
}
