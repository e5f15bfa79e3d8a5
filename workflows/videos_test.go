package workflows

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"

	"pagecast/activities"
	"pagecast/models"
)

// videoEnv is a test environment with the video and narration activities registered,
// ImportAsset as a recorded child, and every call recorded in order.
type videoEnv struct {
	*testsuite.TestWorkflowEnvironment
	mu       sync.Mutex
	calls    []string
	steps    []activities.SetBuildStepInput
	imports  []ImportAssetInput
	narrated []int64 // slide ids
	failed   []activities.FailSceneAudioInput
}

func (e *videoEnv) record(call string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.calls = append(e.calls, call)
}

func (e *videoEnv) count(call string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, c := range e.calls {
		if c == call {
			n++
		}
	}
	return n
}

// index is where call first happened, -1 if never.
func (e *videoEnv) index(call string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i, c := range e.calls {
		if c == call {
			return i
		}
	}
	return -1
}

func (e *videoEnv) last(call string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := len(e.calls) - 1; i >= 0; i-- {
		if e.calls[i] == call {
			return i
		}
	}
	return -1
}

// plans: scene 10 has slides 101, 102 to narrate and 103 silent; scene 20 has 201.
var testPlans = map[int64]activities.PlanSceneAudioResult{
	10: {VideoID: 1, Narrate: []activities.SlideNarrationPlan{{LayerID: 101, Text: "One.", VoiceID: 5, Hash: "a"}, {LayerID: 102, Text: "Two.", VoiceID: 5, Hash: "b"}}, Silent: []int64{103}},
	20: {VideoID: 1, Narrate: []activities.SlideNarrationPlan{{LayerID: 201, Text: "Three.", VoiceID: 5, Hash: "c"}}},
}

func newVideoEnv(t *testing.T) *videoEnv {
	var s testsuite.WorkflowTestSuite
	e := &videoEnv{TestWorkflowEnvironment: s.NewTestWorkflowEnvironment()}
	e.RegisterActivity(va)
	e.RegisterActivity(na)
	e.RegisterWorkflow(ImportAsset)
	e.OnActivity(va.SetBuildStep, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.SetBuildStepInput) (activities.SetBuildStepResult, error) {
			e.mu.Lock()
			e.steps = append(e.steps, in)
			e.mu.Unlock()
			e.record(fmt.Sprintf("step:%s", in.Step))
			return activities.SetBuildStepResult{}, nil
		}).Maybe()
	e.OnActivity(va.FinishVideoBuild, mock.Anything, mock.Anything).Return(
		func(context.Context, activities.FinishVideoBuildInput) (activities.FinishVideoBuildResult, error) {
			e.record("FinishVideoBuild")
			return activities.FinishVideoBuildResult{DurationMs: 4200}, nil
		}).Maybe()
	e.OnActivity(na.ClearSlideNarration, mock.Anything, mock.Anything).Return(
		func(context.Context, activities.ClearSlideNarrationInput) (activities.ClearSlideNarrationResult, error) {
			e.record("ClearSlideNarration")
			return activities.ClearSlideNarrationResult{}, nil
		}).Maybe()
	e.OnActivity(na.FailSceneAudio, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.FailSceneAudioInput) (activities.FailSceneAudioResult, error) {
			e.mu.Lock()
			e.failed = append(e.failed, in)
			e.mu.Unlock()
			e.record("FailSceneAudio")
			return activities.FailSceneAudioResult{}, nil
		}).Maybe()
	e.OnWorkflow(ImportAsset, mock.Anything, mock.Anything).Return(
		func(_ workflow.Context, in ImportAssetInput) (ImportAssetResult, error) {
			e.mu.Lock()
			e.imports = append(e.imports, in)
			e.mu.Unlock()
			e.record("ImportAsset")
			return ImportAssetResult{State: models.AssetStateComplete}, nil
		}).Maybe()
	return e
}

// onBuild mocks the splitting and matching steps.
func (e *videoEnv) onBuild(layers activities.CreateVideoLayersResult, matched activities.AutomatchVideoResult) {
	e.OnActivity(va.CreateVideoLayers, mock.Anything, mock.Anything).Return(
		func(context.Context, activities.CreateVideoLayersInput) (activities.CreateVideoLayersResult, error) {
			e.record("CreateVideoLayers")
			return layers, nil
		}).Maybe()
	e.OnActivity(va.AutomatchVideo, mock.Anything, mock.Anything).Return(
		func(context.Context, activities.AutomatchVideoInput) (activities.AutomatchVideoResult, error) {
			e.record("AutomatchVideo")
			return matched, nil
		}).Maybe()
}

// onNarration mocks planning, narrating and finishing scenes; narrate decides each
// slide's outcome and current each finish's.
func (e *videoEnv) onNarration(narrate func(activities.NarrateSlideInput) error, current func(sceneID int64, round int) bool) {
	e.onNarrationTaking(0, narrate, current)
}

// onNarrationTaking is onNarration with each NarrateSlide taking d of workflow time.
func (e *videoEnv) onNarrationTaking(d time.Duration, narrate func(activities.NarrateSlideInput) error, current func(sceneID int64, round int) bool) {
	e.OnActivity(na.PlanSceneAudio, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.PlanSceneAudioInput) (activities.PlanSceneAudioResult, error) {
			e.record(fmt.Sprintf("Plan:%d", in.SceneID))
			return testPlans[in.SceneID], nil
		}).Maybe()
	e.OnActivity(na.NarrateSlide, mock.Anything, mock.Anything).After(d).Return(
		func(_ context.Context, in activities.NarrateSlideInput) (activities.NarrateSlideResult, error) {
			e.record("NarrateSlide")
			if err := narrate(in); err != nil {
				return activities.NarrateSlideResult{}, err
			}
			e.mu.Lock()
			e.narrated = append(e.narrated, in.Slide.LayerID)
			e.mu.Unlock()
			return activities.NarrateSlideResult{Stored: true, DurationMs: 1000}, nil
		}).Maybe()
	rounds := map[int64]int{}
	e.OnActivity(na.FinishSceneAudio, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.FinishSceneAudioInput) (activities.FinishSceneAudioResult, error) {
			e.record(fmt.Sprintf("Finish:%d", in.SceneID))
			e.mu.Lock()
			r := rounds[in.SceneID]
			rounds[in.SceneID]++
			e.mu.Unlock()
			return activities.FinishSceneAudioResult{Current: current(in.SceneID, r)}, nil
		}).Maybe()
}

func always(activities.NarrateSlideInput) error { return nil }
func current(int64, int) bool                   { return true }

func (e *videoEnv) createResult(t *testing.T) CreateVideoResult {
	t.Helper()
	if !e.IsWorkflowCompleted() {
		t.Fatal("workflow did not complete")
	}
	if err := e.GetWorkflowError(); err != nil {
		t.Fatal(err)
	}
	var res CreateVideoResult
	if err := e.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	return res
}

func TestCreateVideoBuildsInOrder(t *testing.T) {
	e := newVideoEnv(t)
	e.onBuild(activities.CreateVideoLayersResult{SceneIDs: []int64{10, 20}, Slides: 4},
		activities.AutomatchVideoResult{ImportAssetIDs: []int64{31, 32}, UploadedAssetIDs: []int64{33}, Matched: 3})
	e.onNarration(always, current)
	e.ExecuteWorkflow(CreateVideo, CreateVideoInput{VideoID: 1, PublisherID: 7})
	res := e.createResult(t)
	if res.Scenes != 2 || res.Slides != 4 || res.DurationMs != 4200 || res.Error != "" {
		t.Fatalf("result = %+v", res)
	}

	wantSteps := []activities.SetBuildStepInput{
		{VideoID: 1, Stage: 0, Step: models.StepSplittingText},
		{VideoID: 1, Stage: models.BuildLayersCreated, Step: models.StepMatchingMedia},
		{VideoID: 1, Stage: models.BuildAutomatchCompleted, Step: models.StepGeneratingNarration},
	}
	if fmt.Sprint(e.steps) != fmt.Sprint(wantSteps) {
		t.Fatalf("steps = %+v\nwant %+v", e.steps, wantSteps)
	}
	// Each step comes after the one before it has finished.
	order := []struct{ before, after string }{
		{"step:splittingText", "CreateVideoLayers"},
		{"CreateVideoLayers", "step:matchingMedia"},
		{"step:matchingMedia", "AutomatchVideo"},
		{"AutomatchVideo", "ImportAsset"},
		{"ImportAsset", "step:generatingNarration"}, // imports end before narration starts
		{"step:generatingNarration", "Plan:10"},
		{"step:generatingNarration", "Plan:20"},
		{"Finish:10", "FinishVideoBuild"},
		{"Finish:20", "FinishVideoBuild"},
	}
	for _, o := range order {
		b, a := e.last(o.before), e.index(o.after)
		if b < 0 || a < 0 || b > a {
			t.Errorf("%s (%d) should come before %s (%d): %v", o.before, b, o.after, a, e.calls)
		}
	}
	imports := map[int64]bool{}
	for _, in := range e.imports {
		imports[in.AssetID] = in.FromURL
	}
	if len(e.imports) != 3 || !imports[31] || !imports[32] || imports[33] {
		t.Fatalf("imports = %+v (stock from their URL, uploaded AI pictures not)", e.imports)
	}
	if e.count("NarrateSlide") != 3 || e.count("ClearSlideNarration") != 1 || e.count("FailSceneAudio") != 0 {
		t.Fatalf("calls = %v", e.calls)
	}
}

func TestCreateVideoRecordsANarrationFailure(t *testing.T) {
	const msg = `The voice "Welsh" cannot speak on this server: its provider is not configured.`
	e := newVideoEnv(t)
	e.onBuild(activities.CreateVideoLayersResult{SceneIDs: []int64{10, 20}, Slides: 4}, activities.AutomatchVideoResult{})
	e.onNarration(func(in activities.NarrateSlideInput) error {
		if in.Slide.LayerID == 201 {
			return temporal.NewNonRetryableApplicationError(msg, activities.ErrTypeVoiceUnavailable, nil)
		}
		return nil
	}, current)
	e.ExecuteWorkflow(CreateVideo, CreateVideoInput{VideoID: 1, PublisherID: 7})
	res := e.createResult(t)
	if res.Error != msg {
		t.Fatalf("result error = %q, want %q", res.Error, msg)
	}
	if e.count("NarrateSlide") != 3 { // not retried
		t.Fatalf("NarrateSlide ran %d times: %v", e.count("NarrateSlide"), e.calls)
	}
	lastStep := e.steps[len(e.steps)-1]
	if lastStep.Step != models.StepFailed || lastStep.Error != msg || lastStep.Stage != 0 {
		t.Fatalf("last step = %+v", lastStep)
	}
	if len(e.failed) != 1 || e.failed[0].SceneID != 20 || e.failed[0].Message != msg {
		t.Fatalf("scene failures = %+v", e.failed)
	}
	if e.count("FinishVideoBuild") != 0 {
		t.Fatal("a failed build was finished")
	}
}

func TestCreateVideoEndings(t *testing.T) {
	tests := []struct {
		name      string
		err       error
		wantError string
		wantFail  bool // the video's step becomes failed
		attempts  int
	}{
		{"video deleted meanwhile", temporal.NewNonRetryableApplicationError("The video was deleted.", activities.ErrTypeVideoGone, nil),
			"The video was deleted.", false, 1},
		{"script without text", temporal.NewNonRetryableApplicationError("The script has no text to make slides from.", activities.ErrTypeBadScript, nil),
			"The script has no text to make slides from.", true, 1},
		// An internal fault that outlasts the retries is not shown to the user.
		{"retries run out", errors.New("create scene: dial tcp 10.0.0.5:5432: connection refused"),
			"We could not create this video. Please try again.", true, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newVideoEnv(t)
			e.OnActivity(va.CreateVideoLayers, mock.Anything, mock.Anything).Return(
				func(context.Context, activities.CreateVideoLayersInput) (activities.CreateVideoLayersResult, error) {
					e.record("CreateVideoLayers")
					return activities.CreateVideoLayersResult{}, tt.err
				})
			e.ExecuteWorkflow(CreateVideo, CreateVideoInput{VideoID: 1, PublisherID: 7})
			res := e.createResult(t)
			if res.Error != tt.wantError || e.count("CreateVideoLayers") != tt.attempts {
				t.Fatalf("error %q after %d attempts, want %q after %d", res.Error, e.count("CreateVideoLayers"), tt.wantError, tt.attempts)
			}
			failed := e.steps[len(e.steps)-1].Step == models.StepFailed
			if failed != tt.wantFail || failed && e.steps[len(e.steps)-1].Error != tt.wantError {
				t.Fatalf("steps = %+v", e.steps)
			}
		})
	}
}

func (e *videoEnv) sceneResult(t *testing.T) GenerateSceneAudioResult {
	t.Helper()
	if !e.IsWorkflowCompleted() {
		t.Fatal("workflow did not complete")
	}
	if err := e.GetWorkflowError(); err != nil {
		t.Fatal(err)
	}
	var res GenerateSceneAudioResult
	if err := e.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	return res
}

func TestGenerateSceneAudio(t *testing.T) {
	tests := []struct {
		name      string
		narrate   func(activities.NarrateSlideInput) error
		current   func(int64, int) bool
		signalAt  time.Duration // 0: no signal
		wantPlans int
		wantError string
	}{
		{"current at once", always, current, 0, 1, ""},
		{"a slide changed during narration", always, func(_ int64, round int) bool { return round > 0 }, 0, 2, ""},
		{"signalled during narration", always, current, 5 * time.Second, 2, ""},
		{"never current", always, func(int64, int) bool { return false }, 0, 5,
			"The scene kept changing while its narration was made. Try again."},
		{"voice cannot speak", func(activities.NarrateSlideInput) error {
			return temporal.NewNonRetryableApplicationError("The voice provider refused to read this slide.", activities.ErrTypeNarration, nil)
		}, current, 0, 1, "The voice provider refused to read this slide."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newVideoEnv(t)
			// NarrateSlide takes 20 s of workflow time; a signal may come meanwhile.
			e.onNarrationTaking(20*time.Second, tt.narrate, tt.current)
			if tt.signalAt > 0 {
				e.RegisterDelayedCallback(func() { e.SignalWorkflow(SceneChangedSignal, nil) }, tt.signalAt)
			}
			e.ExecuteWorkflow(GenerateSceneAudio, GenerateSceneAudioInput{SceneID: 10, PublisherID: 7})
			res := e.sceneResult(t)
			if res.Error != tt.wantError {
				t.Fatalf("error = %q, want %q", res.Error, tt.wantError)
			}
			if got := e.count("Plan:10"); got != tt.wantPlans {
				t.Fatalf("planned %d times, want %d: %v", got, tt.wantPlans, e.calls)
			}
			if tt.wantError != "" && (len(e.failed) != 1 || e.failed[0].Message != tt.wantError) {
				t.Fatalf("scene failures = %+v", e.failed)
			}
			if tt.wantError == "" && len(e.failed) != 0 {
				t.Fatalf("scene failures = %+v", e.failed)
			}
		})
	}
}

func TestVideoWorkflowIDs(t *testing.T) {
	if CreateVideoID(12) != "CreateVideo:12" || GenerateSceneAudioID(34) != "GenerateSceneAudio:34" {
		t.Fatal(CreateVideoID(12), GenerateSceneAudioID(34))
	}
}
