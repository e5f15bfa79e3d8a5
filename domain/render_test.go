package domain

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

func TestRenderInProgress(t *testing.T) {
	for _, c := range []struct {
		status string
		want   bool
	}{
		{RenderStatusNone, false},
		{RenderStatusComplete, false},
		{RenderStatusError, false},
		{RenderStatusInProgress, true},
		{"queued", true},
		{"rendering", true},
	} {
		if got := RenderInProgress(c.status); got != c.want {
			t.Errorf("RenderInProgress(%q) = %v, want %v", c.status, got, c.want)
		}
	}
}

func TestRequiredCredits(t *testing.T) {
	for _, c := range []struct{ ms, want int }{
		{-5, 1}, {0, 1}, {1, 1}, {59_999, 1}, {60_000, 1}, {60_001, 2}, {120_000, 2}, {125_000, 3}, {3_600_000, 60},
	} {
		if got := RequiredCredits(c.ms); got != c.want {
			t.Errorf("RequiredCredits(%d) = %d, want %d", c.ms, got, c.want)
		}
	}
}

func TestCreditsFor(t *testing.T) {
	for _, c := range []struct {
		name                                   string
		required, remaining, attempts, maxAtts int
		errored                                bool
		want                                   CreditsInfo
	}{
		{"enough credits and attempts", 2, 5, 1, 3, false, CreditsInfo{true, 2, 5, 1, 3, ""}},
		{"exactly enough credits", 5, 5, 0, 3, false, CreditsInfo{true, 5, 5, 0, 3, ""}},
		{"one credit short", 6, 5, 0, 3, false, CreditsInfo{false, 6, 5, 0, 3, CreditsErrInsufficient}},
		{"attempts used up", 1, 5, 3, 3, false, CreditsInfo{false, 1, 5, 3, 3, CreditsErrMaxAttempts}},
		{"credits are named before attempts", 9, 5, 3, 3, false, CreditsInfo{false, 9, 5, 3, 3, CreditsErrInsufficient}},
		{"a retry after an error ignores attempts", 1, 5, 3, 3, true, CreditsInfo{true, 1, 5, 3, 3, ""}},
		{"a retry after an error still needs credits", 9, 5, 3, 3, true, CreditsInfo{false, 9, 5, 3, 3, CreditsErrInsufficient}},
		{"unset maximum is the default", 1, 5, MaxRenderAttempts - 1, 0, false, CreditsInfo{true, 1, 5, MaxRenderAttempts - 1, MaxRenderAttempts, ""}},
		{"default maximum reached", 1, 5, MaxRenderAttempts, -1, false, CreditsInfo{false, 1, 5, MaxRenderAttempts, MaxRenderAttempts, CreditsErrMaxAttempts}},
	} {
		if got := CreditsFor(c.required, c.remaining, c.attempts, c.maxAtts, c.errored); got != c.want {
			t.Errorf("%s: CreditsFor = %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestCreditsInfoJSON(t *testing.T) {
	b, err := json.Marshal(CreditsFor(2, 1, 0, 3, false))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"canRender":false,"requiredCredits":2,"remainingCredits":1,"renderAttempts":0,"maxRenderAttempts":3,"errorTranslationKey":"insufficient_credits"}`
	if string(b) != want {
		t.Errorf("json = %s, want %s", b, want)
	}
}

func TestDerivedRenderValues(t *testing.T) {
	credits := func(can bool, required, remaining, attempts, maxAttempts int) CreditsInfo {
		return CreditsInfo{CanRender: can, RequiredCredits: required, RemainingCredits: remaining, RenderAttempts: attempts, MaxRenderAttempts: maxAttempts}
	}
	for _, c := range []struct {
		name                         string
		s                            RenderState
		changes, enough, maxAttempts bool
	}{
		{"draft, never rendered", RenderState{Draft: true, Credits: credits(true, 1, 5, 0, 3)}, false, true, false},
		{"draft with a content url", RenderState{Draft: true, HasContentURL: true, Credits: credits(true, 1, 5, 0, 3)}, true, true, false},
		{"draft rendering", RenderState{Draft: true, RenderStatus: "rendering", Credits: credits(true, 1, 5, 0, 3)}, true, true, false},
		{"not a draft, with a content url", RenderState{HasContentURL: true, RenderStatus: RenderStatusComplete, Credits: credits(true, 1, 5, 0, 3)}, false, true, false},
		{"draft, complete without a content url", RenderState{Draft: true, RenderStatus: RenderStatusComplete, Credits: credits(true, 1, 5, 0, 3)}, false, true, false},
		{"cannot render, credits short", RenderState{Credits: credits(false, 6, 5, 0, 3)}, false, false, true},
		{"cannot render, credits equal fail too", RenderState{Credits: credits(false, 5, 5, 0, 3)}, false, false, true},
		{"cannot render, credits above required", RenderState{Credits: credits(false, 4, 5, 0, 3)}, false, true, true},
		{"can render though credits short", RenderState{Credits: credits(true, 6, 5, 0, 3)}, false, true, false},
		{"attempts reached", RenderState{Credits: credits(true, 1, 5, 3, 3)}, false, true, true},
		{"attempts above maximum", RenderState{Credits: credits(true, 1, 5, 4, 3)}, false, true, true},
		{"attempts below maximum", RenderState{Credits: credits(true, 1, 5, 2, 3)}, false, true, false},
		{"unset maximum is MaxRenderAttempts", RenderState{Credits: credits(true, 1, 5, MaxRenderAttempts, 0)}, false, true, true},
		{"after an error credits pass", RenderState{RenderStatus: RenderStatusError, Credits: credits(false, 6, 5, 0, 3)}, false, true, false},
		{"after an error attempts pass", RenderState{RenderStatus: RenderStatusError, Credits: credits(false, 1, 5, 3, 3)}, false, true, false},
	} {
		s := c.s
		if got := s.ChangesSinceRender(); got != c.changes {
			t.Errorf("%s: ChangesSinceRender = %v, want %v", c.name, got, c.changes)
		}
		if got := s.EnoughCredits(); got != c.enough {
			t.Errorf("%s: EnoughCredits = %v, want %v", c.name, got, c.enough)
		}
		if got := s.MaxAttemptsReached(); got != c.maxAttempts {
			t.Errorf("%s: MaxAttemptsReached = %v, want %v", c.name, got, c.maxAttempts)
		}
	}
}

// renderable is a draft video that may be rendered: two scenes with slides, credits for
// the render and attempts left.
func renderable() RenderState {
	return RenderState{
		Draft:   true,
		Credits: CreditsFor(2, 10, 1, 3, false),
		Scenes: []RenderScene{
			{Index: 1, Slides: []RenderSlide{{Index: 1}, {Index: 2}}},
			{Index: 2, Slides: []RenderSlide{{Index: 1}, {Index: 2}, {Index: 3}}},
		},
	}
}

func TestRenderGate(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(*RenderState)
		key    string
		msg    string
	}{
		{"draft is allowed", func(*RenderState) {}, "", ""},
		{"changes since render are allowed", func(s *RenderState) { s.HasContentURL = true; s.RenderStatus = RenderStatusComplete }, "", ""},
		{"errored video is allowed again", func(s *RenderState) { s.Draft = false; s.RenderStatus = RenderStatusError }, "", ""},
		{"errored video is allowed without attempts left", func(s *RenderState) {
			s.Draft, s.RenderStatus, s.Credits = false, RenderStatusError, CreditsFor(1, 5, 3, 3, true)
		}, "", ""},
		{"errored video still needs its credits", func(s *RenderState) {
			s.Draft, s.RenderStatus, s.Credits = false, RenderStatusError, CreditsFor(5, 1, 3, 3, true)
		}, RenderKeyNotEnoughCredits, "Not enough credits: this render needs 5 credits and you have 1."},

		// The spec's priority list, each message on its own.
		{"video limit", func(s *RenderState) { s.VideoLimitReached = true },
			RenderKeyVideoLimit, "You have reached your video limit for this month."},
		{"max attempts", func(s *RenderState) { s.Credits = CreditsFor(2, 10, 3, 3, false) },
			RenderKeyMaxAttempts, "This video has reached the maximum of 3 render attempts."},
		{"max attempts by its key", func(s *RenderState) {
			s.Credits = CreditsInfo{RequiredCredits: 1, RemainingCredits: 5, RenderAttempts: 1, MaxRenderAttempts: 3, ErrorTranslationKey: CreditsErrMaxAttempts}
		}, RenderKeyMaxAttempts, "This video has reached the maximum of 3 render attempts."},
		{"max attempts, default maximum", func(s *RenderState) { s.Credits = CreditsInfo{CanRender: true, RenderAttempts: MaxRenderAttempts} },
			RenderKeyMaxAttempts, "This video has reached the maximum of 10 render attempts."},
		{"rendering", func(s *RenderState) { s.RenderStatus = RenderStatusInProgress }, RenderKeyRendering, "This video is rendering."},
		{"pending render request", func(s *RenderState) { s.PendingRenderRequest = true }, RenderKeyRendering, "This video is rendering."},
		{"loading", func(s *RenderState) { s.Loading = true }, RenderKeyLoading, "Loading, please wait."},
		{"updating", func(s *RenderState) { s.Updating = true }, RenderKeyLoading, "Loading, please wait."},
		{"generating audio", func(s *RenderState) { s.Scenes[1].GeneratingAudio = true },
			RenderKeyGeneratingAudio, "Generating audio for scene 2. Please wait."},
		{"awaiting audio regeneration", func(s *RenderState) { s.Scenes[0].NeedsAudio = true },
			RenderKeyGeneratingAudio, "Generating audio for scene 1. Please wait."},
		{"invalid slide", func(s *RenderState) { s.Scenes[1].Slides[2].Invalid = true },
			RenderKeySlideIssues, "Some slides have issues. Fix them before rendering."},
		{"scene error", func(s *RenderState) { s.Scenes[1].Error = " Narration failed " },
			RenderKeySceneError, "Scene 2 has an error: Narration failed."},
		{"scene error ending a sentence", func(s *RenderState) { s.Scenes[0].Error = "Narration failed!" },
			RenderKeySceneError, "Scene 1 has an error: Narration failed!"},
		{"video error", func(s *RenderState) { s.VideoError = "The soundtrack could not be loaded." },
			RenderKeyVideoError, "This video has an error: The soundtrack could not be loaded."},
		{"no scenes", func(s *RenderState) { s.Scenes = nil }, RenderKeyNoSlides, "No slides found."},
		{"scenes without slides", func(s *RenderState) { s.Scenes[0].Slides, s.Scenes[1].Slides = nil, nil }, RenderKeyNoSlides, "No slides found."},
		{"scene missing narration", func(s *RenderState) { s.Scenes[1].MissingNarration = true },
			RenderKeySceneMissingNarration, "Scene 2 is missing narration."},
		{"slide missing media", func(s *RenderState) { s.Scenes[1].Slides[2].MissingMedia = true },
			RenderKeySlideMissingMedia, "Slide 3 of scene 2 has no media."},
		{"complete, no changes", func(s *RenderState) { s.Draft, s.RenderStatus, s.HasContentURL = false, RenderStatusComplete, true },
			RenderKeyNoChanges, "No changes since the last render."},

		// Refusals the spec's list has no message for.
		{"one validation error", func(s *RenderState) { s.Validations = []Validation{{VideoID: 1}} },
			RenderKeyValidationErrors, "This video has 1 validation error. Fix it before rendering."},
		{"validation errors", func(s *RenderState) { s.Validations = []Validation{{VideoID: 1}, {VideoID: 1}} },
			RenderKeyValidationErrors, "This video has 2 validation errors. Fix them before rendering."},
		{"not enough credits", func(s *RenderState) { s.Credits = CreditsFor(3, 2, 0, 3, false) },
			RenderKeyNotEnoughCredits, "Not enough credits: this render needs 3 credits and you have 2."},
		{"not enough for one credit", func(s *RenderState) { s.Credits = CreditsFor(1, 0, 0, 3, false) },
			RenderKeyNotEnoughCredits, "Not enough credits: this render needs 1 credit and you have 0."},
		{"not enough credits by its key", func(s *RenderState) {
			s.Credits = CreditsInfo{RequiredCredits: 2, RemainingCredits: 2, MaxRenderAttempts: 3, ErrorTranslationKey: CreditsErrInsufficient}
		}, RenderKeyNotEnoughCredits, "Not enough credits: this render needs 2 credits and you have 2."},
		{"cannot render for no known reason", func(s *RenderState) {
			s.Credits = CreditsInfo{RequiredCredits: 1, RemainingCredits: 5, MaxRenderAttempts: 3}
		},
			RenderKeyNotAllowed, "This video cannot be rendered at this time."},
		{"not a draft, never rendered", func(s *RenderState) { s.Draft = false }, RenderKeyNotAllowed, "This video cannot be rendered at this time."},

		// Priority: the earlier message wins.
		{"video limit before max attempts", func(s *RenderState) { s.VideoLimitReached = true; s.Credits = CreditsFor(2, 10, 3, 3, false) },
			RenderKeyVideoLimit, "You have reached your video limit for this month."},
		{"max attempts before rendering", func(s *RenderState) { s.RenderStatus = "rendering"; s.Credits = CreditsFor(2, 10, 3, 3, false) },
			RenderKeyMaxAttempts, "This video has reached the maximum of 3 render attempts."},
		{"rendering before loading", func(s *RenderState) { s.PendingRenderRequest = true; s.Loading = true }, RenderKeyRendering, "This video is rendering."},
		{"loading before generating audio", func(s *RenderState) { s.Loading = true; s.Scenes[0].NeedsAudio = true }, RenderKeyLoading, "Loading, please wait."},
		{"first scene generating audio", func(s *RenderState) { s.Scenes[0].NeedsAudio = true; s.Scenes[1].GeneratingAudio = true },
			RenderKeyGeneratingAudio, "Generating audio for scene 1. Please wait."},
		{"generating audio before slide issues", func(s *RenderState) { s.Scenes[1].NeedsAudio = true; s.Scenes[0].Slides[0].Invalid = true },
			RenderKeyGeneratingAudio, "Generating audio for scene 2. Please wait."},
		{"slide issues before scene error", func(s *RenderState) { s.Scenes[0].Error = "x"; s.Scenes[1].Slides[0].Invalid = true },
			RenderKeySlideIssues, "Some slides have issues. Fix them before rendering."},
		{"scene error before video error", func(s *RenderState) { s.Scenes[0].Error = "Bad scene"; s.VideoError = "Bad video" },
			RenderKeySceneError, "Scene 1 has an error: Bad scene."},
		{"video error before no slides", func(s *RenderState) { s.VideoError = "Bad video"; s.Scenes = nil },
			RenderKeyVideoError, "This video has an error: Bad video."},
		{"missing narration before missing media", func(s *RenderState) { s.Scenes[0].Slides[0].MissingMedia = true; s.Scenes[1].MissingNarration = true },
			RenderKeySceneMissingNarration, "Scene 2 is missing narration."},
		{"first slide missing media", func(s *RenderState) {
			s.Scenes[0].Slides[1].MissingMedia = true
			s.Scenes[1].Slides[0].MissingMedia = true
		},
			RenderKeySlideMissingMedia, "Slide 2 of scene 1 has no media."},
		{"missing media before no changes", func(s *RenderState) {
			s.Draft, s.RenderStatus = false, RenderStatusComplete
			s.Scenes[0].Slides[0].MissingMedia = true
		}, RenderKeySlideMissingMedia, "Slide 1 of scene 1 has no media."},
		{"no changes before validation errors", func(s *RenderState) {
			s.Draft, s.RenderStatus = false, RenderStatusComplete
			s.Validations = []Validation{{VideoID: 1}}
		}, RenderKeyNoChanges, "No changes since the last render."},
		{"validation errors before credits", func(s *RenderState) {
			s.Credits = CreditsFor(3, 2, 0, 3, false)
			s.Validations = []Validation{{VideoID: 1}}
		}, RenderKeyValidationErrors, "This video has 1 validation error. Fix it before rendering."},
		{"no slides before credits", func(s *RenderState) { s.Scenes = nil; s.Credits = CreditsFor(3, 2, 0, 3, false) },
			RenderKeyNoSlides, "No slides found."},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := renderable()
			c.change(&s)
			got := RenderGate(s)
			want := RenderDecision{Allowed: c.key == "", Key: c.key, Message: c.msg}
			if got != want {
				t.Errorf("RenderGate = %+v, want %+v", got, want)
			}
		})
	}
}

// TestRenderGateIsTheSpecsConjunction checks, over many random states, that the gate
// allows a render exactly when all of the spec's conditions hold, plus ours (no video
// limit, not loading, no scene or video error, the balance pays for it), and gives a key
// and message otherwise.
func TestRenderGateIsTheSpecsConjunction(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	statuses := []string{RenderStatusNone, RenderStatusComplete, RenderStatusError, RenderStatusInProgress}
	bit := func() bool { return rng.IntN(4) == 0 }
	allowed := 0
	for range 20000 {
		s := RenderState{
			RenderStatus:         statuses[rng.IntN(len(statuses))],
			Draft:                rng.IntN(2) == 0,
			HasContentURL:        rng.IntN(2) == 0,
			PendingRenderRequest: bit(),
			Updating:             bit(),
			Loading:              bit(),
			VideoLimitReached:    bit(),
			VideoError:           map[bool]string{true: "broken"}[bit()],
			Credits: CreditsInfo{CanRender: rng.IntN(3) > 0, RequiredCredits: rng.IntN(4), RemainingCredits: rng.IntN(4),
				RenderAttempts: rng.IntN(4), MaxRenderAttempts: rng.IntN(4), ErrorTranslationKey: []string{"", CreditsErrInsufficient, CreditsErrMaxAttempts}[rng.IntN(3)]},
		}
		if bit() {
			s.Validations = []Validation{{VideoID: 1}}
		}
		for i := range rng.IntN(3) {
			sc := RenderScene{Index: i + 1, GeneratingAudio: bit() && bit(), NeedsAudio: bit() && bit(), MissingNarration: bit() && bit()}
			if bit() && bit() {
				sc.Error = "failed"
			}
			for j := range rng.IntN(3) {
				sc.Slides = append(sc.Slides, RenderSlide{Index: j + 1, MissingMedia: bit() && bit(), Invalid: bit() && bit()})
			}
			s.Scenes = append(s.Scenes, sc)
		}
		ok := s.EnoughCredits() && !s.MaxAttemptsReached() && !RenderInProgress(s.RenderStatus) && !s.PendingRenderRequest &&
			!s.Updating && len(s.Validations) == 0 && (s.ChangesSinceRender() || s.Draft || s.RenderStatus == RenderStatusError) &&
			!s.VideoLimitReached && !s.Loading && s.VideoError == "" &&
			s.Credits.ErrorTranslationKey != CreditsErrInsufficient && s.Credits.RequiredCredits <= s.Credits.RemainingCredits
		slides := 0
		for _, sc := range s.Scenes {
			ok = ok && !sc.NeedsAudio && !sc.GeneratingAudio && !sc.MissingNarration && sc.Error == ""
			for _, sl := range sc.Slides {
				slides++
				ok = ok && !sl.Invalid && !sl.MissingMedia
			}
		}
		ok = ok && slides > 0
		d := RenderGate(s)
		if d.Allowed != ok || (d.Key == "") != ok || (d.Message == "") != ok {
			t.Fatalf("RenderGate(%+v) = %+v, want allowed %v", s, d, ok)
		}
		if ok {
			allowed++
		}
	}
	if allowed < 100 {
		t.Errorf("only %d of the random states were allowed; the test does not cover allowed renders", allowed)
	}
}
