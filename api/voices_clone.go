package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"os"

	"github.com/gin-gonic/gin"

	"pagecast/domain"
	"pagecast/media"
	"pagecast/models"
	"pagecast/providers/tts"
)

// maxCloneBody bounds a clone request: ten files of 10,000,000 bytes and room for the
// name and the multipart framing.
const maxCloneBody = domain.MaxCloneFiles*domain.MaxCloneFileBytes + 1<<20

// maxCloneNameBytes bounds the name part; longer names are refused, not cut.
const maxCloneNameBytes = 4 << 10

var (
	errCloningUnavailable = &Error{Status: http.StatusNotImplemented, Code: "voice_cloning_unavailable",
		Message: "Voice cloning needs a voice provider to be configured."}
	errCloneForm = &Error{Status: http.StatusBadRequest, Code: "invalid_clone_request",
		Message: "Send the voice as multipart/form-data with a name and one or more files."}
	errCloneBodyTooLarge = &Error{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large",
		Message: "The request body is too large."}
	errCloneProviderRejected = &Error{Status: http.StatusUnprocessableEntity, Code: "voice_provider_rejected",
		Message: "The voice provider could not clone a voice from these recordings. Please try other recordings."}
	errCloneProviderDown = &Error{Status: http.StatusBadGateway, Code: "voice_provider_unavailable",
		Message: "The voice provider is not answering. Please try again in a few minutes."}
	errCloneNotStored = &Error{Status: http.StatusBadGateway, Code: "upload_failed", Message: "Failed to upload file"}
)

// cloneError turns a refused clone rule into its answer.
func cloneError(p *domain.CloneProblem) *Error {
	e := &Error{Status: http.StatusBadRequest, Code: "validation_failed", Message: p.Message}
	switch p.Rule {
	case domain.CloneLimitReached:
		e.Status, e.Code = http.StatusConflict, "clone_limit_reached"
	case domain.CloneTooManyFiles:
		e.Code = "too_many_files"
		e.Fields = []domain.FieldError{{Field: "files", Message: p.Message}}
	case domain.CloneFileTooLarge:
		e.Status, e.Code = http.StatusRequestEntityTooLarge, "file_too_large"
		e.Fields = []domain.FieldError{{Field: "files", Message: p.Message}}
	case domain.CloneFileType, domain.CloneFileContent:
		e.Status, e.Code = http.StatusUnsupportedMediaType, "file_type_not_allowed"
		e.Fields = []domain.FieldError{{Field: "files", Message: p.Message}}
	case domain.CloneFileMissing:
		e.Fields = []domain.FieldError{{Field: "files", Message: p.Message}}
	case domain.CloneNameMissing, domain.CloneNameTooLong:
		e.Fields = []domain.FieldError{{Field: "name", Message: p.Message}}
	}
	return e
}

// recording is one uploaded file, spooled to local disk while it is checked.
type recording struct {
	name   string // cleaned base name, as sent to the provider
	ext    string // lower case, with the dot
	file   *os.File
	size   int64
	format media.Format
}

// cloneVoice clones a voice from the caller's recordings (spec 001 section 7,
// PUT /v2/voice/clone: multipart name and files). Every rule of spec 000 section 5 is
// checked before anything is stored or sent: the account's limit of 2 cloned voices,
// at most 10 files of at most 10,000,000 bytes each, mp3, ogg, aac, mpeg, opus, wav or
// flac by extension and by content, a name and a file. The parts are streamed to
// local disk, one at a time, and refused as soon as one breaks a rule. Then the
// provider clones the voice, the row is written under the limit, and the recordings
// are kept under voices/<id>/samples/; the first is the voice's sample.
func (s *Server) cloneVoice(c *gin.Context) error {
	if !s.voiceCloningEnabled() {
		return errCloningUnavailable
	}
	ctx := c.Request.Context()
	pub := session(c).PublisherID
	existing, err := s.store.CountClonedVoices(ctx, pub)
	if err != nil {
		return err
	}
	if p := domain.CheckCloneLimit(existing); p != nil {
		return cloneError(p)
	}
	if mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type")); err != nil || mt != "multipart/form-data" {
		return errCloneForm
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxCloneBody)
	mr, err := c.Request.MultipartReader()
	if err != nil {
		return errCloneForm
	}
	var name string
	var recs []*recording
	defer func() {
		for _, r := range recs {
			r.file.Close()
			os.Remove(r.file.Name())
		}
	}()
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return multipartError(err)
		}
		switch part.FormName() {
		case "name":
			b, err := io.ReadAll(io.LimitReader(part, maxCloneNameBytes+1))
			if err != nil {
				return multipartError(err)
			}
			if len(b) > maxCloneNameBytes {
				return cloneError(&domain.CloneProblem{Rule: domain.CloneNameTooLong, Message: domain.MsgCloneNameTooLong})
			}
			name = string(b)
		case "files", "files[]":
			r, err := s.spoolRecording(part, len(recs)+1)
			if r != nil {
				recs = append(recs, r)
			}
			if err != nil {
				return err
			}
		}
		part.Close()
	}
	files := make([]domain.CloneFile, len(recs))
	for i, r := range recs {
		files[i] = domain.CloneFile{Name: r.name, Size: r.size, Format: r.format.Name, Audio: r.format.Kind == media.KindAudio}
	}
	if p := domain.ValidateClone(domain.CloneRequest{Name: name, Files: files, Existing: existing}); p != nil {
		return cloneError(p)
	}
	v, err := s.createClone(ctx, pub, domain.CleanVoiceName(name), recs)
	if err != nil {
		return err
	}
	return ok(c, http.StatusCreated, voiceJSON(v))
}

// multipartError maps a failure reading the request body.
func multipartError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return errCloneBodyTooLarge
	}
	return errCloneForm
}

// spoolRecording checks and spools the n-th file part. It returns the recording when
// a spool file was made (so the caller removes it), and the first broken rule.
func (s *Server) spoolRecording(part *multipart.Part, n int) (*recording, error) {
	raw := part.FileName()
	name := models.CleanAssetName(raw)
	if raw == "" {
		// A browser sends an empty part for a file input left empty: not a file.
		var one [1]byte
		if m, _ := io.ReadFull(part, one[:]); m == 0 {
			return nil, nil
		}
	}
	if p := domain.CheckCloneFileCount(n); p != nil {
		return nil, cloneError(p)
	}
	if p := domain.CheckCloneFileName(name); p != nil {
		return nil, cloneError(p)
	}
	ext := media.Extension(name)
	f, err := os.CreateTemp(s.voices.SpoolDir, "voice-*"+ext)
	if err != nil {
		return nil, fmt.Errorf("spool recording: %w", err)
	}
	r := &recording{name: name, ext: ext, file: f}
	r.size, err = io.Copy(f, io.LimitReader(part, domain.MaxCloneFileBytes+1))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return r, errCloneBodyTooLarge
		}
		return r, errCloneForm
	}
	if p := domain.CheckCloneFileSize(name, r.size); p != nil {
		return r, cloneError(p)
	}
	r.format, err = media.SniffFile(f.Name())
	if err != nil && !errors.Is(err, media.ErrUnknownFormat) {
		return r, fmt.Errorf("sniff recording: %w", err)
	}
	if p := domain.CheckCloneFileContent(domain.CloneFile{Name: name, Size: r.size, Format: r.format.Name,
		Audio: r.format.Kind == media.KindAudio}); p != nil {
		return r, cloneError(p)
	}
	return r, nil
}

// createClone has the provider clone the voice, stores it under the account's limit
// and keeps the recordings. A step that fails undoes the ones before it, so a failed
// clone leaves no row, no object and no voice at the provider.
func (s *Server) createClone(ctx context.Context, pub int64, name string, recs []*recording) (models.Voice, error) {
	samples := make([]tts.VoiceSample, len(recs))
	for i, r := range recs {
		if _, err := r.file.Seek(0, io.SeekStart); err != nil {
			return models.Voice{}, err
		}
		samples[i] = tts.VoiceSample{FileName: r.name, Content: r.file}
	}
	providerID, err := s.voices.Cloner.AddVoice(ctx, name, samples)
	if err != nil {
		s.log.WarnContext(ctx, "clone voice at provider", "publisher_id", pub, "err", err)
		if errors.Is(err, tts.ErrRejected) {
			return models.Voice{}, errCloneProviderRejected
		}
		return models.Voice{}, errCloneProviderDown
	}
	undo := context.WithoutCancel(ctx)
	v := models.Voice{Name: name, Provider: models.VoiceProviderElevenLabs, ProviderVoiceID: providerID, PublisherID: &pub}
	if err := s.store.CreateClonedVoice(ctx, &v, domain.MaxClonedVoices); err != nil {
		// Another request of the account got the last place first, or the row failed.
		s.undoProviderVoice(undo, providerID)
		if errors.Is(err, models.ErrCloneLimit) {
			return models.Voice{}, cloneError(domain.CheckCloneLimit(domain.MaxClonedVoices))
		}
		return models.Voice{}, err
	}
	var keys []string
	fail := func(err error) (models.Voice, error) {
		s.log.ErrorContext(ctx, "keep cloned voice recordings", "voice_id", v.ID, "err", err)
		for _, k := range keys {
			if derr := s.voices.Objects.Delete(undo, k); derr != nil {
				s.log.ErrorContext(ctx, "delete recording of failed clone", "key", k, "err", derr)
			}
		}
		s.undoProviderVoice(undo, providerID)
		if derr := s.store.DiscardClonedVoice(undo, v.ID); derr != nil {
			s.log.ErrorContext(ctx, "discard failed clone", "voice_id", v.ID, "err", derr)
		}
		return models.Voice{}, errCloneNotStored
	}
	for i, r := range recs {
		if _, err := r.file.Seek(0, io.SeekStart); err != nil {
			return fail(err)
		}
		key := models.VoiceRecordingKey(v.ID, i+1, r.ext)
		keys = append(keys, key)
		if err := s.voices.Objects.Put(ctx, key, r.file, r.size, r.format.MIME); err != nil {
			return fail(err)
		}
	}
	if err := s.store.SetVoiceSample(ctx, v.ID, keys[0]); err != nil {
		return fail(err)
	}
	v.SampleKey = keys[0]
	return v, nil
}

// undoProviderVoice deletes a voice the provider made for a clone that failed here.
func (s *Server) undoProviderVoice(ctx context.Context, providerID string) {
	if err := s.voices.Cloner.DeleteVoice(ctx, providerID); err != nil {
		s.log.ErrorContext(ctx, "delete provider voice of failed clone", "provider_voice_id", providerID, "err", err)
	}
}
