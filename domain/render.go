package domain

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Render statuses (spec 000 section 4). The status is free text: "complete" and "error"
// are final, the empty status means never rendered (or reset by an edit), and any other
// non-empty value means a render is in progress.
const (
	RenderStatusNone       = ""
	RenderStatusInProgress = "in progress"
	RenderStatusComplete   = "complete"
	RenderStatusError      = "error"
)

// RenderInProgress reports whether a render status means a render is running: any
// non-empty status other than complete and error.
func RenderInProgress(status string) bool {
	return status != RenderStatusNone && status != RenderStatusComplete && status != RenderStatusError
}

// MaxRenderAttempts is how many times one video may be rendered. Neither spec document
// gives a number (section 9 of both), so this is our decision: ten renders leave room
// for corrections while stopping a video from being re-rendered without end.
const MaxRenderAttempts = 10

// CreditMinuteMs is the length of video one credit pays for.
const CreditMinuteMs = 60_000

// Error translation keys of CreditsInfo: why a video cannot be rendered.
const (
	CreditsErrInsufficient = "insufficient_credits"
	CreditsErrMaxAttempts  = "max_render_attempts"
)

// CreditsInfo is the spec's video credits info: whether the account may render the
// video, what it costs and how many attempts are used.
type CreditsInfo struct {
	CanRender           bool   `json:"canRender"`
	RequiredCredits     int    `json:"requiredCredits"`
	RemainingCredits    int    `json:"remainingCredits"`
	RenderAttempts      int    `json:"renderAttempts"`
	MaxRenderAttempts   int    `json:"maxRenderAttempts"`
	ErrorTranslationKey string `json:"errorTranslationKey"`
}

// RequiredCredits is what rendering a video of durationMs costs: one credit per started
// minute of video, at least one credit (an empty or zero-length video still costs one
// render). Our decision; the spec gives no price.
func RequiredCredits(durationMs int) int {
	if durationMs <= 0 {
		return 1
	}
	return (durationMs-1)/CreditMinuteMs + 1
}

// CreditsFor builds the credits info of a video: it can be rendered when the account has
// the required credits and the video has attempts left. attempts counts the video's
// attempts that were not failed: a failed render was not delivered, so it does not
// count against the attempts, and a retry after it is allowed, but it still needs the
// credits. A maxAttempts of 0 or less means MaxRenderAttempts. The error
// key names the first reason that fails, credits before attempts.
func CreditsFor(required, remaining, attempts, maxAttempts int, lastRenderErrored bool) CreditsInfo {
	if maxAttempts <= 0 {
		maxAttempts = MaxRenderAttempts
	}
	c := CreditsInfo{
		RequiredCredits:   required,
		RemainingCredits:  remaining,
		RenderAttempts:    attempts,
		MaxRenderAttempts: maxAttempts,
	}
	switch {
	case remaining < required:
		c.ErrorTranslationKey = CreditsErrInsufficient
	case attempts >= maxAttempts && !lastRenderErrored:
		c.ErrorTranslationKey = CreditsErrMaxAttempts
	default:
		c.CanRender = true
	}
	return c
}

// RenderSlide is what the render gate needs to know of one slide.
type RenderSlide struct {
	// Index is the slide's 1-based position in its scene, as shown to the user.
	Index int
	// MissingMedia is set when the slide has no media.
	MissingMedia bool
	// Invalid is set when the slide is not valid (a placeholder, an error, or no usable
	// asset; spec 000 section 4 "Slides").
	Invalid bool
}

// RenderScene is what the render gate needs to know of one scene.
type RenderScene struct {
	// Index is the scene's 1-based position in the video, as shown to the user.
	Index int
	// GeneratingAudio is set while the scene's narration is being generated.
	GeneratingAudio bool
	// NeedsAudio is set when the scene awaits narration regeneration.
	NeedsAudio bool
	// Error is the scene's error, empty when it has none.
	Error string
	// MissingNarration is set when a slide of the scene has text but no narration.
	MissingNarration bool
	Slides           []RenderSlide
}

// RenderState is everything the render gate looks at: the video's render status and
// flags, the account's credits, and the scenes and slides.
type RenderState struct {
	RenderStatus string
	Draft        bool
	// HasContentURL is set when the video has a rendered file.
	HasContentURL bool
	// PendingRenderRequest is set when a render was asked for and has not started yet.
	PendingRenderRequest bool
	// Updating is set while the video is being changed.
	Updating bool
	// Loading is set while the video is being loaded.
	Loading bool
	// VideoLimitReached is set when the plan's videos for this month are used up.
	VideoLimitReached bool
	Credits           CreditsInfo
	Scenes            []RenderScene
	// VideoError is the video's error, empty when it has none.
	VideoError  string
	Validations []Validation
}

// RenderDecision is the render gate's answer: whether the video may be rendered and, if
// not, why, as a stable key and an English message for the user.
type RenderDecision struct {
	Allowed bool   `json:"allowed"`
	Key     string `json:"key,omitempty"`
	Message string `json:"message,omitempty"`
}

// Keys of the render-not-allowed messages (spec 000 section 8), in priority order; the
// last three are ours, for refusals the spec's list has no message for.
const (
	RenderKeyVideoLimit            = "render_video_limit"
	RenderKeyMaxAttempts           = "render_max_attempts"
	RenderKeyRendering             = "render_in_progress"
	RenderKeyLoading               = "render_loading"
	RenderKeyGeneratingAudio       = "render_generating_audio"
	RenderKeySlideIssues           = "render_slide_issues"
	RenderKeySceneError            = "render_scene_error"
	RenderKeyVideoError            = "render_video_error"
	RenderKeyNoSlides              = "render_no_slides"
	RenderKeySceneMissingNarration = "render_scene_missing_narration"
	RenderKeySlideMissingMedia     = "render_slide_missing_media"
	RenderKeyNoChanges             = "render_no_changes"
	RenderKeyValidationErrors      = "render_validation_errors"
	RenderKeyNotEnoughCredits      = "render_not_enough_credits"
	RenderKeyNotAllowed            = "render_not_allowed"
)

// Fixed render-not-allowed messages; the others carry numbers or error texts.
const (
	MsgRenderVideoLimit  = "You have reached your video limit for this month."
	MsgRenderRendering   = "This video is rendering."
	MsgRenderLoading     = "Loading, please wait."
	MsgRenderSlideIssues = "Some slides have issues. Fix them before rendering."
	MsgRenderNoSlides    = "No slides found."
	MsgRenderNoChanges   = "No changes since the last render."
	MsgRenderNotAllowed  = "This video cannot be rendered at this time."
)

// MsgMaxAttempts is the message for a video that has used its maxAttempts renders.
func MsgMaxAttempts(maxAttempts int) string {
	return fmt.Sprintf("This video has reached the maximum of %d render attempts.", maxAttempts)
}

// MsgNotEnoughCredits is the message for a render that costs more credits than remain.
func MsgNotEnoughCredits(required, remaining int) string {
	unit := "credits"
	if required == 1 {
		unit = "credit"
	}
	return fmt.Sprintf("Not enough credits: this render needs %d %s and you have %d.", required, unit, remaining)
}

// maxAttempts is the video's attempt limit; an unset limit (0) means MaxRenderAttempts.
func (s RenderState) maxAttempts() int {
	if s.Credits.MaxRenderAttempts > 0 {
		return s.Credits.MaxRenderAttempts
	}
	return MaxRenderAttempts
}

// lastRenderErrored reports whether the last render failed.
func (s RenderState) lastRenderErrored() bool { return s.RenderStatus == RenderStatusError }

// ChangesSinceRender is the spec's changes-since-render: a draft that is rendering or
// already has a content url.
func (s RenderState) ChangesSinceRender() bool {
	// Literal spec: it implies Draft, so "changes since render or draft" reduces to "draft".
	return s.Draft && (RenderInProgress(s.RenderStatus) || s.HasContentURL)
}

// EnoughCredits is the spec's enough-credits: it fails when canRender is false and the
// required credits are at least the remaining ones, except after a render error.
func (s RenderState) EnoughCredits() bool {
	// Literal spec: equal credits fail too, and a retry after an error passes regardless.
	c := s.Credits
	return s.lastRenderErrored() || c.CanRender || c.RequiredCredits < c.RemainingCredits
}

// MaxAttemptsReached is the spec's max-attempts-reached: canRender is false or the
// attempts are at least the maximum, except after a render error.
func (s RenderState) MaxAttemptsReached() bool {
	// Literal spec: any canRender=false (also for credits) counts as reached.
	if s.lastRenderErrored() {
		return false
	}
	return !s.Credits.CanRender || s.Credits.RenderAttempts >= s.maxAttempts()
}

// RenderGate decides whether the video may be rendered. It is allowed only if all of the
// spec's conditions hold (spec 000 section 4), and also the plan's monthly video limit
// is not reached, the video is not loading and no scene or the video has an error, since
// the spec's message list refuses those too. Otherwise the decision carries the first
// message of the spec's priority list (section 8) that applies; the max-attempts message
// is used only when the attempts are the cause (canRender false for credits is told as
// a credits message). Refusals the list has no message for come after it: validation
// errors, then missing credits, then a general "cannot be rendered" message (e.g. a
// video that is neither a draft, nor errored, nor complete).
func RenderGate(s RenderState) RenderDecision {
	if key, msg := renderRefusal(s); key != "" {
		return RenderDecision{Key: key, Message: msg}
	}
	return RenderDecision{Allowed: true}
}

// renderRefusal returns the key and message of the first reason the video cannot be
// rendered, or empty strings when it can.
func renderRefusal(s RenderState) (string, string) {
	c := s.Credits
	if s.VideoLimitReached {
		return RenderKeyVideoLimit, MsgRenderVideoLimit
	}
	if s.MaxAttemptsReached() && (c.RenderAttempts >= s.maxAttempts() || c.ErrorTranslationKey == CreditsErrMaxAttempts) {
		return RenderKeyMaxAttempts, MsgMaxAttempts(s.maxAttempts())
	}
	if RenderInProgress(s.RenderStatus) || s.PendingRenderRequest {
		return RenderKeyRendering, MsgRenderRendering
	}
	if s.Loading || s.Updating {
		return RenderKeyLoading, MsgRenderLoading
	}
	for _, sc := range s.Scenes {
		if sc.GeneratingAudio || sc.NeedsAudio {
			return RenderKeyGeneratingAudio, fmt.Sprintf("Generating audio for scene %d. Please wait.", sc.Index)
		}
	}
	slides := 0
	for _, sc := range s.Scenes {
		for _, sl := range sc.Slides {
			slides++
			if sl.Invalid {
				return RenderKeySlideIssues, MsgRenderSlideIssues
			}
		}
	}
	for _, sc := range s.Scenes {
		if strings.TrimSpace(sc.Error) != "" {
			return RenderKeySceneError, fmt.Sprintf("Scene %d has an error: %s", sc.Index, asSentence(sc.Error))
		}
	}
	if strings.TrimSpace(s.VideoError) != "" {
		return RenderKeyVideoError, "This video has an error: " + asSentence(s.VideoError)
	}
	if slides == 0 {
		return RenderKeyNoSlides, MsgRenderNoSlides
	}
	for _, sc := range s.Scenes {
		if sc.MissingNarration {
			return RenderKeySceneMissingNarration, fmt.Sprintf("Scene %d is missing narration.", sc.Index)
		}
	}
	for _, sc := range s.Scenes {
		for _, sl := range sc.Slides {
			if sl.MissingMedia {
				return RenderKeySlideMissingMedia, fmt.Sprintf("Slide %d of scene %d has no media.", sl.Index, sc.Index)
			}
		}
	}
	if !s.ChangesSinceRender() && !s.Draft && !s.lastRenderErrored() && s.RenderStatus == RenderStatusComplete {
		return RenderKeyNoChanges, MsgRenderNoChanges
	}
	if n := len(s.Validations); n > 0 {
		if n == 1 {
			return RenderKeyValidationErrors, "This video has 1 validation error. Fix it before rendering."
		}
		return RenderKeyValidationErrors, fmt.Sprintf("This video has %d validation errors. Fix them before rendering.", n)
	}
	// The spec's enough-credits passes a retry after an error, but the ledger still
	// has to pay for it: too few credits refuse every render, as the render call does.
	if c.ErrorTranslationKey == CreditsErrInsufficient || c.RequiredCredits > c.RemainingCredits {
		return RenderKeyNotEnoughCredits, MsgNotEnoughCredits(c.RequiredCredits, c.RemainingCredits)
	}
	if !s.EnoughCredits() || s.MaxAttemptsReached() {
		return RenderKeyNotAllowed, MsgRenderNotAllowed
	}
	if !s.ChangesSinceRender() && !s.Draft && !s.lastRenderErrored() {
		// Never rendered and not a draft: the spec's no-changes message is for complete videos only.
		return RenderKeyNotAllowed, MsgRenderNotAllowed
	}
	return "", ""
}

// asSentence trims an error text and ends it with a full stop unless it already ends a
// sentence.
func asSentence(s string) string {
	s = strings.TrimSpace(s)
	if r, _ := utf8.DecodeLastRuneInString(s); strings.ContainsRune(".!?…。！？", r) {
		return s
	}
	return s + "."
}
