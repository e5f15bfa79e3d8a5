package workflows

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"pagecast/activities"
	"pagecast/models"
)

var (
	va *activities.VideoActivities
	na *activities.NarrationActivities
)

// CreateVideoID is the workflow ID that builds video id.
func CreateVideoID(videoID int64) string { return "CreateVideo:" + strconv.FormatInt(videoID, 10) }

// GenerateSceneAudioID is the workflow ID that narrates scene id.
func GenerateSceneAudioID(sceneID int64) string {
	return "GenerateSceneAudio:" + strconv.FormatInt(sceneID, 10)
}

// CreateVideoInput names the video to build.
type CreateVideoInput struct {
	VideoID     int64
	PublisherID int64
	// PullContent makes the workflow pull the video's page first (a video created
	// from a page URL alone).
	PullContent bool
	// VoiceoverAssetID is the uploaded narration of a voiceover video; 0 for others.
	VoiceoverAssetID int64
}

// CreateVideoResult is how the build ended.
type CreateVideoResult struct {
	Scenes     int
	Slides     int
	DurationMs int
	Error      string
}

// Options of CreateVideo's steps.
const (
	narrateTimeout = 10 * time.Minute
	// buildHeartbeat is the heartbeat timeout of the activities building and narrating
	// a video (they beat every 3 s): one in flight on a worker that dies starts again on
	// another within it.
	buildHeartbeat   = 15 * time.Second
	narrateHeartbeat = buildHeartbeat
	// narrateRounds bounds how often a scene is narrated again because a slide changed
	// while it was being narrated.
	narrateRounds = 5
)

// CreateVideo builds a video from its script: split it into scenes and slides
// (LayersCreated), match media to the slides (AutomatchCompleted), narrate every scene
// and mark it ReadyToRender. Each step is idempotent, so a worker that dies mid-way
// and is replaced repeats nothing it finished and duplicates nothing.
func CreateVideo(ctx workflow.Context, in CreateVideoInput) (CreateVideoResult, error) {
	res, err := buildVideo(ctx, in)
	if err == nil {
		return res, nil
	}
	msg := "We could not create this video. Please try again."
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) {
		if appErr.Type() == activities.ErrTypeVideoGone {
			return CreateVideoResult{Error: appErr.Message()}, nil
		}
		// Final failures carry a message for the user; an internal fault that outlasted
		// its retries is logged, not shown.
		if appErr.NonRetryable() {
			msg = appErr.Message()
		}
	}
	workflow.GetLogger(ctx).Warn("create video failed", "video_id", in.VideoID, "err", err)
	step := activities.SetBuildStepInput{VideoID: in.VideoID, Step: models.StepFailed, Error: msg}
	if ferr := workflow.ExecuteActivity(bookkeeping(ctx), va.SetBuildStep, step).Get(ctx, nil); ferr != nil {
		return CreateVideoResult{}, ferr
	}
	return CreateVideoResult{Error: msg}, nil
}

func buildVideo(ctx workflow.Context, in CreateVideoInput) (CreateVideoResult, error) {
	var res CreateVideoResult
	step := func(stage models.BuildStage, s models.BuildStep) error {
		return workflow.ExecuteActivity(bookkeeping(ctx), va.SetBuildStep,
			activities.SetBuildStepInput{VideoID: in.VideoID, Stage: stage, Step: s}).Get(ctx, nil)
	}
	// The build's activities heartbeat: one in flight on a worker that dies starts again
	// on another within buildHeartbeat, not after its whole time limit.
	work := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 5 * time.Minute, HeartbeatTimeout: buildHeartbeat,
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute, MaximumAttempts: 10},
	})

	var pictures []workflow.ChildWorkflowFuture
	if in.PullContent {
		var pulled activities.PullVideoContentResult
		if err := workflow.ExecuteActivity(work, va.PullVideoContent, activities.PullVideoContentInput{VideoID: in.VideoID}).Get(ctx, &pulled); err != nil {
			return res, err
		}
		// The page's pictures import while the video is built; automatch may choose
		// them while they are pending.
		pictures = startImports(ctx, pulled.ImportAssetIDs, nil)
	}
	if err := step(0, models.StepSplittingText); err != nil {
		return res, err
	}
	var layers activities.CreateVideoLayersResult
	if in.VoiceoverAssetID != 0 {
		// The uploaded narration times the slides (workflows/voiceover.go). Its scenes
		// are not narrated, so layers stays empty for the narration step below.
		vl, err := createVoiceoverLayers(ctx, in)
		if err != nil {
			return res, err
		}
		res.Scenes, res.Slides = len(vl.SceneIDs), vl.Slides
	} else {
		if err := workflow.ExecuteActivity(work, va.CreateVideoLayers, activities.CreateVideoLayersInput{VideoID: in.VideoID}).Get(ctx, &layers); err != nil {
			return res, err
		}
		res.Scenes, res.Slides = len(layers.SceneIDs), layers.Slides
	}

	if err := step(models.BuildLayersCreated, models.StepMatchingMedia); err != nil {
		return res, err
	}
	var matched activities.AutomatchVideoResult
	if err := workflow.ExecuteActivity(work, va.AutomatchVideo, activities.AutomatchVideoInput{VideoID: in.VideoID}).Get(ctx, &matched); err != nil {
		return res, err
	}
	// Stock media and AI pictures become the account's assets; import them before
	// narration so the video's media is ready when it is.
	waitImports(ctx, startImports(ctx, matched.ImportAssetIDs, matched.UploadedAssetIDs))

	if err := step(models.BuildAutomatchCompleted, models.StepGeneratingNarration); err != nil {
		return res, err
	}
	narrations := make([]workflow.Future, len(layers.SceneIDs))
	for i, id := range layers.SceneIDs {
		sceneID := id
		f, set := workflow.NewFuture(ctx)
		workflow.Go(ctx, func(ctx workflow.Context) { set.Set(nil, narrateScene(ctx, in.PublisherID, sceneID)) })
		narrations[i] = f
	}
	for _, f := range narrations {
		if err := f.Get(ctx, nil); err != nil {
			return res, err
		}
	}

	waitImports(ctx, pictures)
	var fin activities.FinishVideoBuildResult
	if err := workflow.ExecuteActivity(bookkeeping(ctx), va.FinishVideoBuild, activities.FinishVideoBuildInput{VideoID: in.VideoID}).Get(ctx, &fin); err != nil {
		return res, err
	}
	res.DurationMs = fin.DurationMs
	return res, nil
}

// startImports imports assets as child ImportAsset workflows: fromURL ones fetched
// from their URLs, uploaded ones from the bytes already stored.
func startImports(ctx workflow.Context, fromURL, uploaded []int64) []workflow.ChildWorkflowFuture {
	var futures []workflow.ChildWorkflowFuture
	for i, id := range append(append([]int64{}, fromURL...), uploaded...) {
		cctx := workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{WorkflowID: ImportAssetID(id)})
		futures = append(futures, workflow.ExecuteChildWorkflow(cctx, ImportAsset, ImportAssetInput{AssetID: id, FromURL: i < len(fromURL)}))
	}
	return futures
}

// waitImports waits for imports to end. A failed import leaves its slide to the
// editor's validation; it does not fail the video.
func waitImports(ctx workflow.Context, futures []workflow.ChildWorkflowFuture) {
	for _, f := range futures {
		if err := f.Get(ctx, nil); err != nil {
			workflow.GetLogger(ctx).Warn("media import for a video", "err", err)
		}
	}
}

// GenerateSceneAudioInput names the scene to narrate.
type GenerateSceneAudioInput struct {
	SceneID     int64
	PublisherID int64
}

// GenerateSceneAudioResult is how narration ended.
type GenerateSceneAudioResult struct {
	Error string
}

// GenerateSceneAudio narrates a scene's slides that have no current narration (new or
// changed text or voice) and marks the scene done; unchanged slides are not spoken
// again. A failure is recorded on the scene for the editor to show.
func GenerateSceneAudio(ctx workflow.Context, in GenerateSceneAudioInput) (GenerateSceneAudioResult, error) {
	changed := workflow.GetSignalChannel(ctx, SceneChangedSignal)
	for round := 0; ; round++ {
		for changed.ReceiveAsync(nil) {
		}
		if err := narrateScene(ctx, in.PublisherID, in.SceneID); err != nil {
			var appErr *temporal.ApplicationError
			if errors.As(err, &appErr) {
				return GenerateSceneAudioResult{Error: appErr.Message()}, nil
			}
			return GenerateSceneAudioResult{}, err
		}
		// A change signalled while narrating may have come after the last check of the
		// slides: look again.
		if !changed.ReceiveAsync(nil) {
			return GenerateSceneAudioResult{}, nil
		}
		if round == maxSceneAudioRounds {
			return GenerateSceneAudioResult{}, workflow.NewContinueAsNewError(ctx, GenerateSceneAudio, in)
		}
	}
}

// SceneChangedSignal tells a running GenerateSceneAudio that slides changed again.
const SceneChangedSignal = "sceneChanged"

// maxSceneAudioRounds bounds one run's history; more changes continue as new.
const maxSceneAudioRounds = 50

// narrateScene plans, narrates the slides in parallel and finishes the scene, again
// while slides change under it. Final failures (a voice that cannot speak) are
// recorded on the scene and returned.
func narrateScene(ctx workflow.Context, publisherID, sceneID int64) error {
	speak := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: narrateTimeout, HeartbeatTimeout: narrateHeartbeat,
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: 2 * time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute, MaximumAttempts: 8},
	})
	for round := 0; round < narrateRounds; round++ {
		var plan activities.PlanSceneAudioResult
		if err := workflow.ExecuteActivity(bookkeeping(ctx), na.PlanSceneAudio, activities.PlanSceneAudioInput{SceneID: sceneID}).Get(ctx, &plan); err != nil {
			return err
		}
		if plan.Gone {
			return nil
		}
		var futures []workflow.Future
		for _, sl := range plan.Narrate {
			futures = append(futures, workflow.ExecuteActivity(speak, na.NarrateSlide,
				activities.NarrateSlideInput{VideoID: plan.VideoID, PublisherID: publisherID, Slide: sl}))
		}
		for _, id := range plan.Silent {
			futures = append(futures, workflow.ExecuteActivity(bookkeeping(ctx), na.ClearSlideNarration,
				activities.ClearSlideNarrationInput{LayerID: id}))
		}
		var firstErr error
		for _, f := range futures {
			if err := f.Get(ctx, nil); err != nil && firstErr == nil {
				firstErr = err
			}
		}
		if firstErr != nil {
			return failScene(ctx, sceneID, firstErr)
		}
		var fin activities.FinishSceneAudioResult
		if err := workflow.ExecuteActivity(bookkeeping(ctx), na.FinishSceneAudio, activities.FinishSceneAudioInput{SceneID: sceneID}).Get(ctx, &fin); err != nil {
			return err
		}
		if fin.Current {
			return nil
		}
	}
	return failScene(ctx, sceneID, temporal.NewNonRetryableApplicationError(
		"The scene kept changing while its narration was made. Try again.", activities.ErrTypeNarration, nil))
}

func failScene(ctx workflow.Context, sceneID int64, err error) error {
	msg := "We could not make this scene's narration. Please try again."
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) && appErr.NonRetryable() {
		msg = appErr.Message()
	}
	in := activities.FailSceneAudioInput{SceneID: sceneID, Message: msg}
	if ferr := workflow.ExecuteActivity(bookkeeping(ctx), na.FailSceneAudio, in).Get(ctx, nil); ferr != nil {
		return ferr
	}
	return temporal.NewNonRetryableApplicationError(msg, activities.ErrTypeNarration, err)
}

// CreateVideo starts building video id.
func (s Starter) CreateVideo(ctx context.Context, publisherID, videoID int64, pullContent bool) error {
	return s.start(ctx, CreateVideoID(videoID), CreateVideo,
		CreateVideoInput{VideoID: videoID, PublisherID: publisherID, PullContent: pullContent})
}

// GenerateSceneAudio starts narrating scene id, or, when a run for the scene is under
// way, signals it to look at the slides again before it ends.
func (s Starter) GenerateSceneAudio(ctx context.Context, publisherID, sceneID int64) error {
	id := GenerateSceneAudioID(sceneID)
	_, err := s.Client.SignalWithStartWorkflow(ctx, id, SceneChangedSignal, nil, client.StartWorkflowOptions{
		ID: id, TaskQueue: s.TaskQueue, WorkflowIDReusePolicy: enumspb.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
	}, GenerateSceneAudio, GenerateSceneAudioInput{SceneID: sceneID, PublisherID: publisherID})
	if err != nil {
		return fmt.Errorf("start %s: %w", id, err)
	}
	return nil
}
