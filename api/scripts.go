package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"pagecast/domain"
	"pagecast/providers/llm"
)

// scriptWriter writes, restyles and summarises scripts: llm.Local (rules, offline)
// or llm.Scripts (a language model).
type scriptWriter interface {
	GenerateVideoScript(ctx context.Context, r domain.ScriptRequest) (domain.GeneratedScript, error)
	ModifyScriptStyle(ctx context.Context, r domain.StyleRequest) (domain.StyledScript, error)
	Summarize(ctx context.Context, r domain.SummaryRequest) (string, error)
}

// newScriptWriter picks the writer: the model when one is configured, else local rules.
func newScriptWriter(p llm.Provider) scriptWriter {
	if p == nil {
		return llm.Local{}
	}
	return llm.Scripts{LLM: p}
}

// minScriptHold is how long a claimed script generation blocks the user's next one
// at least while it runs; FinishScriptGeneration then sets the real wait.
const minScriptHold = 2 * time.Minute

var (
	errScriptWriterUnavailable = &Error{Status: http.StatusServiceUnavailable, Code: "script_writer_unavailable",
		Message: "The AI script writer is busy or unreachable. Please try again in a moment."}
	errScriptGenerationFailed = &Error{Status: http.StatusBadGateway, Code: "script_generation_failed",
		Message: "The AI script writer did not return a usable script. Please try again."}
)

// flexValue is a JSON number or string, kept as its text: the client may send
// sectionsAmount and toneType either way (4 or "medium", 2 or "persuasive").
type flexValue string

func (f *flexValue) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case string(b) == "null":
		*f = ""
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = flexValue(s)
	default:
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return err
		}
		*f = flexValue(n.String())
	}
	return nil
}

// stringList is a JSON string or list of strings.
type stringList []string

func (l *stringList) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*l = stringList{s}
		return nil
	}
	var list []string
	if err := json.Unmarshal(b, &list); err != nil {
		return err
	}
	*l = list
	return nil
}

// generateScriptRequest is spec 001 section 7, POST /v2/ai/generateVideoScript, plus
// source ("topic", the default, or "article").
type generateScriptRequest struct {
	Text                string    `json:"text"`
	Source              string    `json:"source"`
	SectionsAmount      flexValue `json:"sectionsAmount"`
	RemoveSectionTitles bool      `json:"removeSectionTitles"`
	ToneType            flexValue `json:"toneType"`
	Role                string    `json:"role"`
	Audience            string    `json:"audience"`
}

type generatedScriptResponse struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Text        string `json:"text"`
}

// styleSettingsBody is the style modifier settings (spec 001 section 3). tone takes a
// name or a list (tones is the same); enabled defaults to true.
type styleSettingsBody struct {
	Enabled            *bool      `json:"enabled"`
	Tone               stringList `json:"tone"`
	Tones              stringList `json:"tones"`
	Structure          string     `json:"structure"`
	ReadingLevel       string     `json:"readingLevel"`
	TopicProficiency   string     `json:"topicProficiency"`
	Formality          string     `json:"formality"`
	Purpose            string     `json:"purpose"`
	Length             string     `json:"length"`
	CustomInstructions string     `json:"customInstructions"`
	Preview            bool       `json:"preview"`
}

// modifyScriptRequest is POST /v2/ai/modifyScriptStyle: settings, preview (true when
// either flag is) and the script.
type modifyScriptRequest struct {
	Settings styleSettingsBody `json:"settings"`
	Preview  bool              `json:"preview"`
	Script   string            `json:"script"`
}

type modifiedScriptResponse struct {
	Script      string `json:"script"`
	Title       string `json:"title"`
	Description string `json:"description"`
	// Warnings say what could not be done (custom instructions without a model).
	Warnings []string `json:"warnings"`
}

type splitTextRequest struct {
	Text string `json:"text"`
	// MaxSentencesPerSlide groups the slides; 0 or absent is the default 2.
	MaxSentencesPerSlide int `json:"maxSentencesPerSlide"`
}

type slideResponse struct {
	Text     string           `json:"text"`
	Caption  string           `json:"caption"`
	Segments []domain.Segment `json:"segments"`
}

// splitTextResponse is POST /v2/text/split: the script's paragraphs, its sentences
// and pause markers in order, and the slides they make.
type splitTextResponse struct {
	Paragraphs      []string         `json:"paragraphs"`
	Sentences       []domain.Segment `json:"sentences"`
	Slides          []slideResponse  `json:"slides"`
	Characters      int              `json:"characters"`
	ScriptMaxLength int              `json:"scriptMaxLength"`
}

// summarizeRequest is POST /v2/textSummarizer/summarize; ai false keeps the local
// extractive summary even when a model is configured.
type summarizeRequest struct {
	Text     string `json:"text"`
	Strategy string `json:"strategy"`
	AI       *bool  `json:"ai"`
}

type summaryResponse struct {
	Text string `json:"text"`
}

// scriptLimit is the caller's account's script limit.
func (s *Server) scriptLimit(c *gin.Context) (int, error) {
	p, err := s.store.PublisherByID(c.Request.Context(), session(c).PublisherID)
	if err != nil {
		return 0, err
	}
	return domain.ScriptLimit(p), nil
}

// throttledScriptCall runs fn as a script generation of the signed-in user: refused
// with 429 while the user waits, and followed by a wait of domain.ScriptThrottleDelay
// when it succeeds. The wait lives in the database, so it holds across API processes.
func (s *Server) throttledScriptCall(c *gin.Context, fn func() error) error {
	ctx := c.Request.Context()
	userID := session(c).PublisherUserID
	now := time.Now()
	hold := now.Add(max(minScriptHold, s.cfg.LLM.Timeout+30*time.Second))
	claimed, until, err := s.store.ClaimScriptGeneration(ctx, userID, now, hold)
	if err != nil {
		return err
	}
	if !claimed {
		return scriptThrottled(until.Sub(now))
	}
	runErr := fn()
	next := time.Now()
	if runErr == nil {
		next = next.Add(domain.ScriptThrottleDelay)
	}
	// Record the wait even when the client has gone.
	if err := s.store.FinishScriptGeneration(context.WithoutCancel(ctx), userID, hold, next); err != nil {
		return err
	}
	return runErr
}

// scriptThrottled is the 429 of a user who must wait; a wait longer than the delay
// means a generation of theirs is still running.
func scriptThrottled(wait time.Duration) *Error {
	e := &Error{Status: http.StatusTooManyRequests, Code: "script_generation_throttled"}
	if wait > domain.ScriptThrottleDelay {
		e.RetryAfter = domain.ScriptThrottleDelay
		e.Message = "Script generation is throttled: a script is still being written for you. Please wait for it to finish."
		return e
	}
	secs := max(1, int(math.Ceil(wait.Seconds())))
	unit := "seconds"
	if secs == 1 {
		unit = "second"
	}
	e.RetryAfter = time.Duration(secs) * time.Second
	e.Message = fmt.Sprintf("Script generation is throttled: please wait %d %s before generating another script.", secs, unit)
	return e
}

// scriptWriterError maps a writer's failure to its answer; the cause goes to the log.
func (s *Server) scriptWriterError(c *gin.Context, err error) error {
	switch {
	case errors.Is(err, llm.ErrUnavailable):
		s.log.WarnContext(c.Request.Context(), "script writer unavailable", "err", err)
		return errScriptWriterUnavailable
	case errors.Is(err, llm.ErrRejected), errors.Is(err, llm.ErrMalformed):
		s.log.WarnContext(c.Request.Context(), "script writer failed", "err", err)
		return errScriptGenerationFailed
	}
	return err
}

// generateVideoScript writes a script from a topic prompt or an article body.
func (s *Server) generateVideoScript(c *gin.Context) error {
	var req generateScriptRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	r := domain.ScriptRequest{Text: req.Text, Source: domain.ScriptSource(req.Source), RemoveSectionTitles: req.RemoveSectionTitles,
		Role: req.Role, Audience: req.Audience}
	var fields []domain.FieldError
	if n, ok := domain.ParseSections(string(req.SectionsAmount)); ok {
		r.Sections = n
	} else {
		fields = append(fields, domain.FieldError{Field: "sectionsAmount", Message: domain.MsgSections})
	}
	if t, ok := domain.ParseToneType(string(req.ToneType)); ok {
		r.Tone = t
	} else {
		fields = append(fields, domain.FieldError{Field: "toneType", Message: domain.MsgToneType})
	}
	r, more := r.Normalize()
	if fields = append(fields, more...); len(fields) > 0 {
		return validation(fields...)
	}
	limit, err := s.scriptLimit(c)
	if err != nil {
		return err
	}
	r.MaxChars = limit
	var out domain.GeneratedScript
	err = s.throttledScriptCall(c, func() error {
		var err error
		out, err = s.scripts.GenerateVideoScript(c.Request.Context(), r)
		return s.scriptWriterError(c, err)
	})
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, generatedScriptResponse{Title: out.Title, Description: out.Description, Text: out.Text})
}

// modifyScriptStyle restyles a script with the style modifier settings.
func (s *Server) modifyScriptStyle(c *gin.Context) error {
	var req modifyScriptRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	b := req.Settings
	st := domain.StyleSettings{
		Enabled: b.Enabled == nil || *b.Enabled, Tones: append(append([]string{}, b.Tone...), b.Tones...),
		Structure: b.Structure, ReadingLevel: b.ReadingLevel, TopicProficiency: b.TopicProficiency,
		Formality: b.Formality, Purpose: b.Purpose, Length: b.Length, CustomInstructions: b.CustomInstructions,
		Preview: b.Preview || req.Preview,
	}
	st, fields := st.Normalize("settings.")
	if m := sourceTextProblem(req.Script); m != "" {
		fields = append(fields, domain.FieldError{Field: "script", Message: m})
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	limit, err := s.scriptLimit(c)
	if err != nil {
		return err
	}
	var out domain.StyledScript
	err = s.throttledScriptCall(c, func() error {
		var err error
		out, err = s.scripts.ModifyScriptStyle(c.Request.Context(), domain.StyleRequest{Settings: st, Script: req.Script, MaxChars: limit})
		return s.scriptWriterError(c, err)
	})
	if err != nil {
		return err
	}
	if out.Warnings == nil {
		out.Warnings = []string{}
	}
	return ok(c, http.StatusOK, modifiedScriptResponse{Script: out.Script, Title: out.Title, Description: out.Description, Warnings: out.Warnings})
}

// sourceTextProblem checks a text the script calls read: some text, at most
// domain.MaxScriptSourceChars.
func sourceTextProblem(text string) string {
	switch {
	case domain.SentenceChars(text) == 0:
		return domain.MsgInvalidText
	case domain.CheckScriptLength(text, domain.MaxScriptSourceChars) != "":
		return domain.MsgSourceTooLong
	}
	return ""
}

// splitText splits a script into paragraphs, sentences and slides, as video creation
// will. The script must be within the plan's limit.
func (s *Server) splitText(c *gin.Context) error {
	var req splitTextRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	var fields []domain.FieldError
	if domain.SentenceChars(req.Text) == 0 {
		fields = append(fields, domain.FieldError{Field: "text", Message: domain.MsgInvalidText})
	}
	if m := domain.ValidateMaxSentencesPerSlide(req.MaxSentencesPerSlide); m != "" {
		fields = append(fields, domain.FieldError{Field: "maxSentencesPerSlide", Message: m})
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	limit, err := s.scriptLimit(c)
	if err != nil {
		return err
	}
	if m := domain.CheckScriptLength(req.Text, limit); m != "" {
		return &Error{Status: http.StatusBadRequest, Code: "script_too_long", Message: m,
			Fields: []domain.FieldError{{Field: "text", Message: m}}}
	}
	sentences := domain.SplitSentences(req.Text)
	resp := splitTextResponse{
		Paragraphs: domain.SplitParagraphs(req.Text), Sentences: sentences, Slides: []slideResponse{},
		Characters: len([]rune(req.Text)), ScriptMaxLength: limit,
	}
	for _, sl := range domain.GroupSlides(sentences, domain.SlideOptions{MaxSentences: req.MaxSentencesPerSlide}) {
		resp.Slides = append(resp.Slides, slideResponse{Text: sl.Text(), Caption: sl.Caption(), Segments: sl.Segments})
	}
	if resp.Sentences == nil {
		resp.Sentences = []domain.Segment{}
	}
	return ok(c, http.StatusOK, resp)
}

// summarizeText summarises an article body within the plan's script limit.
func (s *Server) summarizeText(c *gin.Context) error {
	var req summarizeRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	var fields []domain.FieldError
	if m := sourceTextProblem(req.Text); m != "" {
		fields = append(fields, domain.FieldError{Field: "text", Message: m})
	}
	strategy, valid := domain.ParseSummaryStrategy(req.Strategy)
	if !valid {
		fields = append(fields, domain.FieldError{Field: "strategy", Message: domain.MsgStrategy})
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	limit, err := s.scriptLimit(c)
	if err != nil {
		return err
	}
	var writer scriptWriter = llm.Local{}
	if req.AI == nil || *req.AI {
		writer = s.scripts
	}
	text, err := writer.Summarize(c.Request.Context(), domain.SummaryRequest{Text: req.Text, Strategy: strategy, MaxChars: limit})
	if err != nil {
		return s.scriptWriterError(c, err)
	}
	return ok(c, http.StatusOK, summaryResponse{Text: text})
}
