package workflows

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"

	"pagecast/activities"
	"pagecast/models"
)

// voiceoverEnv runs CreateVideo with every activity and ImportAsset mocked, recording
// the calls in order.
type voiceoverEnv struct {
	*testsuite.TestWorkflowEnvironment
	mu       sync.Mutex
	calls    []string
	steps    []activities.SetBuildStepInput
	imports  []string // child workflow ids
	layersIn []activities.CreateVoiceoverLayersInput
}

func (e *voiceoverEnv) record(call string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.calls = append(e.calls, call)
}

func (e *voiceoverEnv) called(call string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i, c := range e.calls {
		if c == call {
			return i
		}
	}
	return -1
}

func newVoiceoverEnv(t *testing.T, imported ImportAssetResult) *voiceoverEnv {
	t.Helper()
	var s testsuite.WorkflowTestSuite
	e := &voiceoverEnv{TestWorkflowEnvironment: s.NewTestWorkflowEnvironment()}
	e.RegisterActivity(va)
	e.RegisterActivity(na)
	e.RegisterActivity(vo)
	e.RegisterWorkflow(ImportAsset)
	e.OnActivity(va.SetBuildStep, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.SetBuildStepInput) (activities.SetBuildStepResult, error) {
			e.mu.Lock()
			e.steps = append(e.steps, in)
			e.mu.Unlock()
			e.record("step:" + string(in.Step))
			return activities.SetBuildStepResult{}, nil
		}).Maybe()
	e.OnWorkflow(ImportAsset, mock.Anything, mock.Anything).Return(
		func(ctx workflow.Context, in ImportAssetInput) (ImportAssetResult, error) {
			e.mu.Lock()
			e.imports = append(e.imports, fmt.Sprintf("%s %+v", workflow.GetInfo(ctx).WorkflowExecution.ID, in))
			e.mu.Unlock()
			e.record("ImportAsset")
			return imported, nil
		}).Maybe()
	e.OnActivity(vo.CreateVoiceoverLayers, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.CreateVoiceoverLayersInput) (activities.CreateVoiceoverLayersResult, error) {
			e.mu.Lock()
			e.layersIn = append(e.layersIn, in)
			e.mu.Unlock()
			e.record("CreateVoiceoverLayers")
			return activities.CreateVoiceoverLayersResult{SceneIDs: []int64{10, 20}, Slides: 3, NarrationMs: 4200}, nil
		}).Maybe()
	e.OnActivity(va.CreateVideoLayers, mock.Anything, mock.Anything).Return(
		func(context.Context, activities.CreateVideoLayersInput) (activities.CreateVideoLayersResult, error) {
			e.record("CreateVideoLayers")
			return activities.CreateVideoLayersResult{}, nil
		}).Maybe()
	e.OnActivity(va.AutomatchVideo, mock.Anything, mock.Anything).Return(
		func(context.Context, activities.AutomatchVideoInput) (activities.AutomatchVideoResult, error) {
			e.record("AutomatchVideo")
			return activities.AutomatchVideoResult{}, nil
		}).Maybe()
	e.OnActivity(na.PlanSceneAudio, mock.Anything, mock.Anything).Return(
		func(context.Context, activities.PlanSceneAudioInput) (activities.PlanSceneAudioResult, error) {
			e.record("PlanSceneAudio")
			return activities.PlanSceneAudioResult{}, nil
		}).Maybe()
	e.OnActivity(na.FinishSceneAudio, mock.Anything, mock.Anything).Return(
		func(context.Context, activities.FinishSceneAudioInput) (activities.FinishSceneAudioResult, error) {
			e.record("FinishSceneAudio")
			return activities.FinishSceneAudioResult{Current: true}, nil
		}).Maybe()
	e.OnActivity(va.FinishVideoBuild, mock.Anything, mock.Anything).Return(
		func(context.Context, activities.FinishVideoBuildInput) (activities.FinishVideoBuildResult, error) {
			e.record("FinishVideoBuild")
			return activities.FinishVideoBuildResult{DurationMs: 4200}, nil
		}).Maybe()
	return e
}

func TestCreateVoiceoverVideoImportsThenTimesSlides(t *testing.T) {
	e := newVoiceoverEnv(t, ImportAssetResult{State: models.AssetStateComplete})
	e.ExecuteWorkflow(CreateVideo, CreateVideoInput{VideoID: 1, PublisherID: 2, VoiceoverAssetID: 77})
	if err := e.GetWorkflowError(); err != nil {
		t.Fatal(err)
	}
	var res CreateVideoResult
	if err := e.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	if res != (CreateVideoResult{Scenes: 2, Slides: 3, DurationMs: 4200}) {
		t.Fatalf("result = %+v", res)
	}
	// The narration is imported under its own workflow ID, as an upload, before the
	// slides are timed to it; then media is matched and the build finishes.
	if len(e.imports) != 1 || e.imports[0] != "ImportAsset:77 {AssetID:77 FromURL:false}" {
		t.Fatalf("imports = %v", e.imports)
	}
	if len(e.layersIn) != 1 || e.layersIn[0] != (activities.CreateVoiceoverLayersInput{VideoID: 1, NarrationAssetID: 77}) {
		t.Fatalf("layer inputs = %+v", e.layersIn)
	}
	order := []string{"step:splittingText", "ImportAsset", "CreateVoiceoverLayers", "step:matchingMedia", "AutomatchVideo", "FinishVideoBuild"}
	for i := 1; i < len(order); i++ {
		if a, b := e.called(order[i-1]), e.called(order[i]); a < 0 || b < a {
			t.Fatalf("%s (%d) should come before %s (%d): %v", order[i-1], a, order[i], b, e.calls)
		}
	}
	// Nothing is narrated or split the ordinary way: the upload is the narration.
	for _, c := range []string{"CreateVideoLayers", "PlanSceneAudio", "FinishSceneAudio"} {
		if e.called(c) >= 0 {
			t.Fatalf("%s ran for a voiceover video: %v", c, e.calls)
		}
	}
}

func TestCreateVoiceoverVideoFailsWithTheImportsReason(t *testing.T) {
	e := newVoiceoverEnv(t, ImportAssetResult{State: models.AssetStateError, Message: "We could not read this audio file."})
	e.ExecuteWorkflow(CreateVideo, CreateVideoInput{VideoID: 1, PublisherID: 2, VoiceoverAssetID: 77})
	if err := e.GetWorkflowError(); err != nil {
		t.Fatal(err)
	}
	var res CreateVideoResult
	if err := e.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	const want = "The narration file could not be imported. We could not read this audio file."
	if res.Error != want {
		t.Fatalf("result = %+v", res)
	}
	last := e.steps[len(e.steps)-1]
	if last.Step != models.StepFailed || last.Error != want {
		t.Fatalf("last step = %+v", last)
	}
	if e.called("CreateVoiceoverLayers") >= 0 || e.called("AutomatchVideo") >= 0 {
		t.Fatalf("the build went on after a failed import: %v", e.calls)
	}
}

func TestCreateVideoWithoutVoiceoverSplitsAsBefore(t *testing.T) {
	e := newVoiceoverEnv(t, ImportAssetResult{State: models.AssetStateComplete})
	e.ExecuteWorkflow(CreateVideo, CreateVideoInput{VideoID: 1, PublisherID: 2})
	if err := e.GetWorkflowError(); err != nil {
		t.Fatal(err)
	}
	if e.called("CreateVideoLayers") < 0 || e.called("ImportAsset") >= 0 || e.called("CreateVoiceoverLayers") >= 0 {
		t.Fatalf("calls = %v", e.calls)
	}
}
