package api

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/tts"
)

// VoiceObjects is the object store as voices use it: samples and recordings.
type VoiceObjects interface {
	PresignGet(ctx context.Context, key string, ttl time.Duration) (string, error)
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	Delete(ctx context.Context, key string) error
}

// VoiceSpeaker speaks the samples of local catalogue voices (espeak-ng).
type VoiceSpeaker interface {
	Synthesize(ctx context.Context, req tts.Request) (tts.Result, error)
}

// VoiceCloner clones voices from recordings and deletes them at a voice provider
// (ElevenLabs' voices/add and voices/{id}).
type VoiceCloner interface {
	AddVoice(ctx context.Context, name string, samples []tts.VoiceSample) (string, error)
	DeleteVoice(ctx context.Context, voiceID string) error
}

// VoiceDeps is what the voice calls need beyond the store. Without it the voice list
// and tag groups still answer; samples answer 503 and cloning 501.
type VoiceDeps struct {
	Objects VoiceObjects
	Speaker VoiceSpeaker
	// Cloner is the provider that clones voices; nil turns voice cloning off.
	Cloner VoiceCloner
	// SpoolDir holds clone recordings while they are checked; "" = the system temp dir.
	SpoolDir string
}

func (d *VoiceDeps) check() error {
	switch {
	case d.Objects == nil:
		return errors.New("api: voice object store is required")
	case d.Speaker == nil:
		return errors.New("api: voice speaker is required")
	}
	return nil
}

// FeatureVoiceCloning is the feature flag of voice cloning (spec 001 section 5).
const FeatureVoiceCloning = "VoiceCloning"

// voiceCloningEnabled reports whether a provider that clones voices is configured.
func (s *Server) voiceCloningEnabled() bool { return s.voices != nil && s.voices.Cloner != nil }

var (
	errVoiceNotFound = &Error{Status: http.StatusNotFound, Code: "voice_not_found", Message: "This voice does not exist or is not available to you."}
	errNoVoiceSample = &Error{Status: http.StatusNotFound, Code: "voice_sample_not_found", Message: "This voice has no sample."}
	errVoicesOff     = &Error{Status: http.StatusServiceUnavailable, Code: "voice_samples_unavailable",
		Message: "Voice samples are not available on this server."}
	errSampleFailed = &Error{Status: http.StatusBadGateway, Code: "voice_sample_failed",
		Message: "We could not make a sample of this voice. Please try again."}
)

// voiceSampleURLTTL is how long a sample's presigned URL is valid; the redirect to it
// may be cached for voiceSampleRedirectAge.
const (
	voiceSampleURLTTL      = 10 * time.Minute
	voiceSampleRedirectAge = 5 * time.Minute
	voiceSampleTimeout     = 30 * time.Second
	maxVoiceSearchLen      = 200
)

// voiceTagResponse is a tag on a voice.
type voiceTagResponse struct {
	TagID         int64              `json:"tagId"`
	Tag           string             `json:"tag"`
	TagCategoryID models.TagCategory `json:"tagCategoryId"`
}

// voiceResponse is the wire shape of a voice (spec 000 section 3, "Voice").
// audioSampleURL is our sample endpoint, which redirects to the audio; it is empty
// when the voice has no sample or is deleted.
type voiceResponse struct {
	VoiceID              int64                `json:"voiceId"`
	Name                 string               `json:"name"`
	Gender               string               `json:"gender"`
	LanguageCode         string               `json:"languageCode"`
	Tags                 []voiceTagResponse   `json:"tags"`
	AudioSampleURL       string               `json:"audioSampleURL"`
	VoiceProviderVoiceID string               `json:"voiceProviderVoiceId"`
	VoiceProviderID      models.VoiceProvider `json:"voiceProviderId"`
	IsRecommended        bool                 `json:"isRecommended"`
	IsPublic             bool                 `json:"isPublic"`
	Cloned               bool                 `json:"cloned"`
	DeletedAt            *time.Time           `json:"deletedAt"`
	CreatedAt            time.Time            `json:"createdAt"`
}

func voiceJSON(v models.Voice) voiceResponse {
	r := voiceResponse{
		VoiceID: v.ID, Name: v.Name, Gender: v.Gender, LanguageCode: v.LanguageCode, Tags: []voiceTagResponse{},
		VoiceProviderVoiceID: v.ProviderVoiceID, VoiceProviderID: v.Provider, IsRecommended: v.IsRecommended,
		IsPublic: v.IsPublic, Cloned: v.Cloned, DeletedAt: v.DeletedAt, CreatedAt: v.CreatedAt.UTC(),
	}
	if r.DeletedAt != nil {
		t := r.DeletedAt.UTC()
		r.DeletedAt = &t
	}
	for _, t := range v.Tags {
		r.Tags = append(r.Tags, voiceTagResponse{TagID: t.ID, Tag: t.Tag, TagCategoryID: t.TagCategoryID})
	}
	if v.DeletedAt == nil && (v.SampleKey != "" || v.Provider == models.VoiceProviderEspeak) {
		r.AudioSampleURL = "/api/v2/voice/" + strconv.FormatInt(v.ID, 10) + "/sample"
	}
	return r
}

type voicePageResponse struct {
	Voices   []voiceResponse `json:"voices"`
	Page     int             `json:"page"`
	PageSize int             `json:"pageSize"`
	Total    int             `json:"total"`
}

// listVoices is the voice picker's list (spec 001 section 7, GET /v2/voice; spec 000
// section 5, "Voice filtering"): query recommendedOnly (default true, except with
// cloned=true), tags (tag ids, repeated or comma-separated; all must match), search
// (name, ignoring case), cloned (true: the caller's cloned voices only; false: the
// catalogue only), page and pageSize (1000, at most 1000).
func (s *Server) listVoices(c *gin.Context) error {
	var fields []domain.FieldError
	q := domain.VoiceQuery{PublisherID: session(c).PublisherID, Search: strings.TrimSpace(c.Query("search"))}
	if utf8.RuneCountInString(q.Search) > maxVoiceSearchLen {
		fields = append(fields, domain.FieldError{Field: "search", Message: "Search must be at most 200 characters."})
	}
	boolean := func(name string) (*bool, bool) {
		v := strings.TrimSpace(c.Query(name))
		if v == "" {
			return nil, true
		}
		b, err := strconv.ParseBool(v)
		if err != nil {
			fields = append(fields, domain.FieldError{Field: name, Message: "Must be true or false."})
			return nil, false
		}
		return &b, true
	}
	if cloned, ok := boolean("cloned"); ok {
		q.Cloned = cloned
	}
	q.RecommendedOnly = q.Cloned == nil || !*q.Cloned
	if rec, ok := boolean("recommendedOnly"); ok && rec != nil {
		q.RecommendedOnly = *rec
	}
	for _, v := range append(splitQuery(c, "tags"), splitQuery(c, "tagIds")...) {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id < 1 {
			fields = append(fields, domain.FieldError{Field: "tags", Message: "Tags must be tag ids (positive numbers)."})
			break
		}
		q.TagIDs = append(q.TagIDs, id)
	}
	page, size := 1, domain.VoicePageSize
	for _, p := range []struct {
		name string
		dst  *int
	}{{"page", &page}, {"pageSize", &size}} {
		if v := c.Query(p.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				fields = append(fields, domain.FieldError{Field: p.name, Message: "Must be a whole number of at least 1."})
				continue
			}
			*p.dst = n
		}
	}
	size = min(size, domain.MaxVoicePageSize)
	if len(fields) > 0 {
		return validation(fields...)
	}
	all, err := s.store.VisibleVoices(c.Request.Context(), q.PublisherID)
	if err != nil {
		return err
	}
	matched := domain.FilterVoices(all, q)
	resp := voicePageResponse{Voices: []voiceResponse{}, Page: page, PageSize: size, Total: len(matched)}
	for _, v := range domain.PageOf(matched, page, size) {
		resp.Voices = append(resp.Voices, voiceJSON(v))
	}
	return ok(c, http.StatusOK, resp)
}

type tagResponse struct {
	TagID       int64  `json:"tagId"`
	Tag         string `json:"tag"`
	ParentTagID *int64 `json:"parentTagId"`
	// Count is how many voices visible to the caller carry the tag; RecommendedCount
	// counts the recommended ones among them (what the picker shows by default).
	Count            int `json:"count"`
	RecommendedCount int `json:"recommendedCount"`
}

type tagCategoryResponse struct {
	TagCategoryID    models.TagCategory `json:"tagCategoryId"`
	Name             string             `json:"name"`
	MaxTagsPerEntity int                `json:"maxTagsPerEntity"`
	Tags             []tagResponse      `json:"tags"`
}

type tagGroupResponse struct {
	TagGroupID      int                   `json:"tagGroupId"`
	Name            string                `json:"name"`
	MarketplaceKind int                   `json:"marketplaceKind"`
	Categories      []tagCategoryResponse `json:"categories"`
}

// tagGroups returns the tag group structure (spec 001 section 7, GET /v2/tag/group):
// for now the AI voices' group (marketplace kind 5) with its categories gender, age,
// accent, use case and language (kinds 20 to 24). Each tag carries how many voices
// visible to the caller have it; tags no visible voice has are left out. A category
// whose maxTagsPerEntity is 1 is a radio group in the filter, others are checkboxes.
func (s *Server) tagGroups(c *gin.Context) error {
	ctx := c.Request.Context()
	pub := session(c).PublisherID
	cats := make([]models.TagCategory, len(models.VoiceTagCategories))
	for i, k := range models.VoiceTagCategories {
		cats[i] = k.ID
	}
	tags, err := s.store.Tags(ctx, cats)
	if err != nil {
		return err
	}
	all, err := s.store.VisibleVoices(ctx, pub)
	if err != nil {
		return err
	}
	visible := domain.FilterVoices(all, domain.VoiceQuery{PublisherID: pub})
	counts := domain.CountVoiceTags(visible)
	recommended := domain.CountVoiceTags(domain.FilterVoices(visible, domain.VoiceQuery{PublisherID: pub, RecommendedOnly: true}))
	group := tagGroupResponse{TagGroupID: models.MarketplaceAIVoice, Name: "AI voices", MarketplaceKind: models.MarketplaceAIVoice}
	for _, k := range models.VoiceTagCategories {
		cat := tagCategoryResponse{TagCategoryID: k.ID, Name: k.Name, MaxTagsPerEntity: k.MaxTagsPerEntity, Tags: []tagResponse{}}
		for _, t := range tags {
			if t.TagCategoryID == k.ID && counts[t.ID] > 0 {
				cat.Tags = append(cat.Tags, tagResponse{TagID: t.ID, Tag: t.Tag, ParentTagID: t.ParentTagID,
					Count: counts[t.ID], RecommendedCount: recommended[t.ID]})
			}
		}
		group.Categories = append(group.Categories, cat)
	}
	return ok(c, http.StatusOK, []tagGroupResponse{group})
}

// voiceIDParam reads the :voiceId path parameter.
func voiceIDParam(c *gin.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("voiceId"), 10, 64)
	if err != nil || id < 1 {
		return 0, &Error{Status: http.StatusBadRequest, Code: "invalid_voice_id", Message: "The voice id must be a positive number."}
	}
	return id, nil
}

// visibleVoice loads a voice the caller may use; anything else is voice_not_found.
func (s *Server) visibleVoice(c *gin.Context) (models.Voice, error) {
	id, err := voiceIDParam(c)
	if err != nil {
		return models.Voice{}, err
	}
	v, err := s.store.Voice(c.Request.Context(), id)
	if errors.Is(err, models.ErrNotFound) || (err == nil && !domain.VoiceVisible(v, session(c).PublisherID)) {
		return models.Voice{}, errVoiceNotFound
	}
	return v, err
}

// voiceSample redirects (302) to a short-lived URL of the voice's sample. A local
// catalogue voice's sample is spoken with espeak-ng on the first request and kept
// in the object store; a cloned voice's sample is its first recording.
func (s *Server) voiceSample(c *gin.Context) error {
	v, err := s.visibleVoice(c)
	if err != nil {
		return err
	}
	if s.voices == nil {
		return errVoicesOff
	}
	ctx := c.Request.Context()
	key := v.SampleKey
	if key == "" {
		if v.Provider != models.VoiceProviderEspeak {
			return errNoVoiceSample
		}
		if key, err = s.samples.do(ctx, v.ID, func(ctx context.Context) (string, error) { return s.speakSample(ctx, v) }); err != nil {
			return err
		}
	}
	u, err := s.voices.Objects.PresignGet(ctx, key, voiceSampleURLTTL)
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "private, max-age="+strconv.Itoa(int(voiceSampleRedirectAge/time.Second)))
	c.Redirect(http.StatusFound, u)
	return nil
}

// speakSample synthesises a catalogue voice's sample, stores it and records its key.
// Two processes doing this at once write the same key with equivalent audio; either
// write is a whole object, so nothing is corrupted.
func (s *Server) speakSample(ctx context.Context, v models.Voice) (string, error) {
	// A run that ended after this request read the voice may have made it already.
	cur, err := s.store.Voice(ctx, v.ID)
	if err != nil {
		return "", err
	}
	if cur.SampleKey != "" {
		return cur.SampleKey, nil
	}
	res, err := s.voices.Speaker.Synthesize(ctx, tts.Request{Text: domain.SampleText(v.LanguageCode), VoiceID: v.ProviderVoiceID, Language: v.LanguageCode})
	if err != nil || res.Format != tts.FormatWAV {
		s.log.ErrorContext(ctx, "speak voice sample", "voice_id", v.ID, "provider_voice_id", v.ProviderVoiceID, "format", res.Format, "err", err)
		return "", errSampleFailed
	}
	key := models.VoiceSampleKey(v.ID)
	if err := s.voices.Objects.Put(ctx, key, bytes.NewReader(res.Audio), int64(len(res.Audio)), "audio/wav"); err != nil {
		return "", err
	}
	if err := s.store.SetVoiceSample(ctx, v.ID, key); err != nil {
		return "", err
	}
	return key, nil
}

// sampleFlights lets one request per voice make a missing sample while the others
// wait for it, so a burst of first plays synthesises once.
type sampleFlights struct {
	mu sync.Mutex
	m  map[int64]*sampleFlight
}

type sampleFlight struct {
	done chan struct{}
	key  string
	err  error
}

// do runs run for voiceID unless a run is under way, and returns its result. The run
// is not cancelled with the request that started it: others may be waiting on it.
func (f *sampleFlights) do(ctx context.Context, voiceID int64, run func(context.Context) (string, error)) (string, error) {
	f.mu.Lock()
	if f.m == nil {
		f.m = map[int64]*sampleFlight{}
	}
	fl, running := f.m[voiceID]
	if !running {
		fl = &sampleFlight{done: make(chan struct{})}
		f.m[voiceID] = fl
	}
	f.mu.Unlock()
	if !running {
		go func() {
			runCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), voiceSampleTimeout)
			defer cancel()
			fl.key, fl.err = run(runCtx)
			f.mu.Lock()
			delete(f.m, voiceID)
			f.mu.Unlock()
			close(fl.done)
		}()
	}
	select {
	case <-fl.done:
		return fl.key, fl.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// deleteVoice deletes one of the caller's cloned voices (spec 001 section 7,
// DELETE /v2/voice/{voiceId}): the row is soft-deleted (videos keep the id, the
// recordings stay in the object store) and the provider is asked to delete its copy.
// Catalogue voices and other accounts' voices are 404.
func (s *Server) deleteVoice(c *gin.Context) error {
	id, err := voiceIDParam(c)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	v, err := s.store.DeleteClonedVoice(ctx, session(c).PublisherID, id, time.Now())
	if errors.Is(err, models.ErrNotFound) {
		return errVoiceNotFound
	}
	if err != nil {
		return err
	}
	s.deleteAtProvider(ctx, v)
	return ok(c, http.StatusOK, voiceJSON(v))
}

// deleteAtProvider asks the cloning provider to delete a cloned voice. The user's
// answer does not depend on it: a failure is logged, and the row keeps
// provider_deleted_at empty so it can be retried.
func (s *Server) deleteAtProvider(ctx context.Context, v models.Voice) {
	if !s.voiceCloningEnabled() {
		s.log.WarnContext(ctx, "cloned voice deleted without a cloning provider to delete it at", "voice_id", v.ID)
		return
	}
	ctx = context.WithoutCancel(ctx)
	if err := s.voices.Cloner.DeleteVoice(ctx, v.ProviderVoiceID); err != nil {
		s.log.WarnContext(ctx, "delete cloned voice at provider", "voice_id", v.ID, "provider_voice_id", v.ProviderVoiceID, "err", err)
		return
	}
	if err := s.store.MarkVoiceProviderDeleted(ctx, v.ID, time.Now()); err != nil {
		s.log.WarnContext(ctx, "mark cloned voice deleted at provider", "voice_id", v.ID, "err", err)
	}
}
