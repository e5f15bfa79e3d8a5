package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"pagecast/domain"
	"pagecast/media"
	"pagecast/models"
)

// VoiceoverWorkflows starts the build of a video around an uploaded narration
// (workflows.Starter has it). The API asks its Workflows for it when a voiceover video
// is created; a server whose Workflows lacks it answers 503.
type VoiceoverWorkflows interface {
	CreateVoiceoverVideo(ctx context.Context, publisherID, videoID, narrationAssetID int64) error
}

// NarrationField is the multipart field of POST /api/v2/video/voiceover that carries
// the narration (spec 001 section 7).
const NarrationField = "narrationAssetFile"

// Limits of the form fields sent beside the narration.
const (
	// voiceoverFieldBytes caps one form field (a 60,000-character script is at most
	// 240 KB of UTF-8).
	voiceoverFieldBytes = 512 << 10
	// voiceoverFormBytes caps all form fields together.
	voiceoverFormBytes = 1 << 20
)

// narrationExtensions are the audio files a narration may be, and the extension its
// original is stored under (the import checks the content against it). An .m4a is
// an MP4 audio file: it is stored as .mp4, which the import accepts for audio.
var narrationExtensions = map[string]string{
	".mp3": ".mp3", ".wav": ".wav", ".m4a": ".mp4", ".aac": ".aac", ".ogg": ".ogg",
	".opus": ".opus", ".flac": ".flac", ".webm": ".webm",
}

var errVoiceoverUnavailable = &Error{Status: http.StatusServiceUnavailable, Code: "voiceover_unavailable",
	Message: "Voiceover videos are not available on this server."}

// errNarrationType refuses a narration by its file name.
func errNarrationType() *Error {
	exts := make([]string, 0, len(narrationExtensions))
	for e := range narrationExtensions {
		exts = append(exts, e)
	}
	slices.Sort(exts)
	return &Error{Status: http.StatusBadRequest, Code: "file_type_not_allowed",
		Message: "This file type is not allowed for a narration. Allowed types: " + strings.Join(exts, ", ") + "."}
}

// spooledNarration is an uploaded narration on local disk, checked.
type spooledNarration struct {
	path   string
	name   string
	ext    string // the extension it is stored under
	mime   string
	size   int64
	remove func()
}

// createVoiceoverVideo builds a video around an uploaded narration (spec 001 section
// 7, POST /v2/video/voiceover): the fields of POST /v2/video as form fields plus the
// audio file narrationAssetFile. Everything is checked before anything is stored; then
// the video and its narration asset are written together, the audio is stored and
// CreateVideo is started, which imports the narration, times the slides to its pauses
// and matches media. Any failure leaves no video and no visible asset behind.
func (s *Server) createVoiceoverVideo(c *gin.Context) error {
	starter, ok := s.workflows.(VoiceoverWorkflows)
	if !ok {
		return errVoiceoverUnavailable
	}
	limit := s.cfg.Assets.MaxUploadBytes
	bodyLimit := limit + multipartOverhead + voiceoverFormBytes
	if c.Request.ContentLength > bodyLimit {
		return s.errTooLarge()
	}
	if mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type")); err != nil || mt != "multipart/form-data" {
		return errNoFile
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, bodyLimit)
	mr, err := c.Request.MultipartReader()
	if err != nil {
		return errNoFile
	}
	form, file, err := s.readVoiceoverForm(mr, limit)
	if file != nil {
		defer file.remove()
	}
	if err != nil {
		return err
	}
	if file == nil {
		return errNoFile
	}
	req, fieldErrs := voiceoverRequest(form)
	v, err := s.newVideo(c, req)
	var invalid *Error
	switch {
	case errors.As(err, &invalid) && invalid.Code == "validation_failed":
		return validation(append(fieldErrs, invalid.Fields...)...)
	case err != nil:
		return err
	case len(fieldErrs) > 0:
		return validation(fieldErrs...)
	}
	return s.startVoiceoverVideo(c, starter, &v, file)
}

// readVoiceoverForm reads the multipart body: the form fields into memory (capped)
// and the narration to local disk, checked as it arrives.
func (s *Server) readVoiceoverForm(mr *multipart.Reader, limit int64) (map[string][]string, *spooledNarration, error) {
	form := map[string][]string{}
	var file *spooledNarration
	formBytes := 0
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return form, file, nil
		}
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				return form, file, s.errTooLarge()
			}
			return form, file, &Error{Status: http.StatusBadRequest, Code: "malformed_form", Message: "The form could not be read."}
		}
		name := part.FormName()
		switch {
		case name == NarrationField:
			if file != nil {
				part.Close()
				return form, file, &Error{Status: http.StatusBadRequest, Code: "too_many_files", Message: "Send one narration file."}
			}
			file, err = s.spoolNarration(part, limit)
			part.Close()
			if err != nil {
				return form, nil, err
			}
		case part.FileName() != "" || name == "":
			part.Close() // other files are not ours to take
		default:
			value, err := io.ReadAll(io.LimitReader(part, voiceoverFieldBytes+1))
			part.Close()
			if err != nil {
				var tooBig *http.MaxBytesError
				if errors.As(err, &tooBig) {
					return form, file, s.errTooLarge()
				}
				return form, file, &Error{Status: http.StatusBadRequest, Code: "malformed_form", Message: "The form could not be read."}
			}
			formBytes += len(value)
			if len(value) > voiceoverFieldBytes || formBytes > voiceoverFormBytes {
				return form, file, &Error{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large",
					Message: fmt.Sprintf("The form field %q is too large.", name)}
			}
			form[name] = append(form[name], string(value))
		}
	}
}

// spoolNarration streams the narration to local disk under the upload limit and checks
// it is the audio its name says (the media library's sniffing and messages).
func (s *Server) spoolNarration(part *multipart.Part, limit int64) (*spooledNarration, error) {
	name := models.CleanAssetName(part.FileName())
	if name == "" {
		return nil, errNoFile
	}
	ext := media.Extension(name)
	storedExt, allowed := narrationExtensions[ext]
	if !allowed {
		return nil, errNarrationType()
	}
	f, err := os.CreateTemp(s.assets.SpoolDir, "narration-*"+ext)
	if err != nil {
		return nil, fmt.Errorf("spool narration: %w", err)
	}
	sp := &spooledNarration{path: f.Name(), name: name, ext: storedExt,
		remove: func() { _ = os.Remove(f.Name()) }}
	n, err := io.Copy(f, io.LimitReader(part, limit+1))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	fail := func(e error) (*spooledNarration, error) {
		sp.remove()
		return nil, e
	}
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return fail(s.errTooLarge())
		}
		return fail(errUploadFailed)
	}
	switch {
	case n == 0:
		return fail(errNoFile)
	case n > limit:
		return fail(s.errTooLarge())
	}
	format, err := media.SniffFile(sp.path)
	if err != nil || !media.MatchesExtension(format, storedExt) {
		msg := "This file is not a supported image, video or audio file."
		if err == nil {
			msg = fmt.Sprintf("This file's content does not match its extension (%s).", ext)
		}
		return fail(&Error{Status: http.StatusUnsupportedMediaType, Code: "file_type_not_allowed", Message: msg})
	}
	sp.size, sp.mime = n, format.MIME
	if format.Kind == media.KindVideo {
		// WebM and MP4 are containers; the import finds whether they hold only sound.
		sp.mime = "audio/" + strings.TrimPrefix(format.MIME, "video/")
	}
	return sp, nil
}

// voiceoverRequest reads the form fields into the request of POST /v2/video, with
// an error for each field that is not what it should be. keywords and initialAssets
// are JSON arrays (a comma-separated list or repeated fields also do); automatch is a
// JSON object; numbers and booleans are written as in JSON.
func voiceoverRequest(form map[string][]string) (createVideoRequest, []domain.FieldError) {
	var r createVideoRequest
	var fields []domain.FieldError
	bad := func(field, msg string) { fields = append(fields, domain.FieldError{Field: field, Message: msg}) }
	get := func(name string) string {
		if vs := form[name]; len(vs) > 0 {
			return strings.TrimSpace(vs[len(vs)-1])
		}
		return ""
	}
	r.Name, r.Description, r.Text = get("name"), get("description"), get("text")
	r.AspectRatio, r.PageURL, r.CreateVideoRequestID = get("aspectRatio"), get("pageUrl"), get("createVideoRequestId")
	if raw := get("automatch"); raw != "" {
		r.Automatch = json.RawMessage(raw)
	}
	flag := func(name string, dst *bool) {
		if v := get(name); v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				bad(name, name+" must be true or false.")
			}
			*dst = b
		}
	}
	flag("canCreateTextSlides", &r.CanCreateTextSlides)
	flag("generateTaglines", &r.GenerateTaglines)
	flag("hardcodeSubtitles", &r.HardcodeSubtitles)
	integer := func(name string, dst *int64) {
		if v := get(name); v != "" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				bad(name, name+" must be a whole number.")
			}
			*dst = n
		}
	}
	var maxSentences, subtitleStyle, template int64
	integer("maxSentencesPerSlide", &maxSentences)
	integer("subtitleStyleConfigId", &subtitleStyle)
	integer("templateId", &template)
	integer("voiceId", &r.VoiceID)
	r.MaxSentencesPerSlide, r.SubtitleStyleConfigID, r.TemplateID = clampInt(maxSentences), clampInt(subtitleStyle), clampInt(template)
	if v := get("pauseAfterSlide"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			bad("pauseAfterSlide", domain.MsgPauseBetweenSlides)
		}
		r.PauseAfterSlide = f
	}
	for _, v := range form["keywords"] {
		var list []string
		if err := listField(v, &list); err != nil {
			bad("keywords", "keywords must be a JSON array of words.")
			continue
		}
		r.Keywords = append(r.Keywords, list...)
	}
	for _, v := range form["initialAssets"] {
		var list []int64
		if err := listField(v, &list); err != nil {
			bad("initialAssets", "initialAssets must be a JSON array of asset ids.")
			continue
		}
		r.InitialAssets = append(r.InitialAssets, list...)
	}
	return r, fields
}

// listField reads a JSON array, or a comma-separated list, into dst ([]string or
// []int64).
func listField(v string, dst any) error {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil
	}
	if strings.HasPrefix(v, "[") {
		return json.Unmarshal([]byte(v), dst)
	}
	items := strings.Split(v, ",")
	switch d := dst.(type) {
	case *[]string:
		*d = items
	case *[]int64:
		for _, it := range items {
			n, err := strconv.ParseInt(strings.TrimSpace(it), 10, 64)
			if err != nil {
				return err
			}
			*d = append(*d, n)
		}
	}
	return nil
}

// clampInt keeps a form number within int32, so out-of-range values are refused by
// the validation rather than wrapped around.
func clampInt(n int64) int {
	const lim = 1 << 31
	return int(max(min(n, lim), -lim))
}

// startVoiceoverVideo stores the video with its narration asset, stores the audio and
// starts CreateVideo; on any failure it removes what it wrote (the asset is
// soft-deleted for the sweep once its bytes may be in the object store).
func (s *Server) startVoiceoverVideo(c *gin.Context, starter VoiceoverWorkflows, v *models.Video, file *spooledNarration) error {
	ctx := c.Request.Context()
	now := time.Now().UTC()
	a := models.Asset{Name: file.name, TypeID: models.AssetTypeIDAudio, Source: models.AssetSourceInternal,
		State: models.AssetStateCreated, ContentType: file.mime, Size: file.size, CreatedAt: now, UpdatedAt: now}
	if err := s.store.CreateVoiceoverVideo(ctx, v, &a); err != nil {
		return err
	}
	discard := func() {
		if err := s.store.DiscardVoiceoverVideo(context.WithoutCancel(ctx), v.ID, a.ID, time.Now()); err != nil {
			s.log.ErrorContext(ctx, "discard voiceover video", "video_id", v.ID, "asset_id", a.ID, "err", err)
		}
	}
	a.OriginalKey = models.AssetPrefix(a.PublisherID, a.ID) + models.AssetObjectOriginal + file.ext
	if err := s.store.SetUploadKey(ctx, a.ID, a.OriginalKey); err != nil {
		discard()
		return err
	}
	f, err := os.Open(file.path)
	if err != nil {
		discard()
		return err
	}
	defer f.Close()
	if err := s.assets.Objects.Put(ctx, a.OriginalKey, f, file.size, file.mime); err != nil {
		s.log.ErrorContext(ctx, "store narration", "asset_id", a.ID, "err", err)
		discard()
		return errUploadFailed
	}
	if err := s.store.MarkAssetUploaded(ctx, a.ID); err != nil {
		discard()
		return err
	}
	if err := starter.CreateVoiceoverVideo(ctx, v.PublisherID, v.ID, a.ID); err != nil {
		discard()
		return err
	}
	return ok(c, http.StatusCreated, gin.H{"videoId": v.ID})
}
