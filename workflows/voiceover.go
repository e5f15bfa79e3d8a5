package workflows

import (
	"context"
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"pagecast/activities"
	"pagecast/models"
)

// vo is the nil receiver workflows call the voiceover activities through.
var vo *activities.VoiceoverActivities

// Options of timing a voiceover video's slides: the narration is downloaded and
// decoded once (about 100x realtime), heartbeating.
const (
	voiceoverLayersTimeout   = 30 * time.Minute
	voiceoverLayersHeartbeat = time.Minute
)

// CreateVoiceoverVideo starts building voiceover video id around its uploaded
// narration, asset narrationAssetID. The API does not start the narration's import:
// CreateVideo runs it as its child (ImportAsset:<assetId>), so one durable run owns
// the whole build and nothing is left waiting if the API stops after this start.
func (s Starter) CreateVoiceoverVideo(ctx context.Context, publisherID, videoID, narrationAssetID int64) error {
	return s.start(ctx, CreateVideoID(videoID), CreateVideo,
		CreateVideoInput{VideoID: videoID, PublisherID: publisherID, VoiceoverAssetID: narrationAssetID})
}

// createVoiceoverLayers is CreateVideo's splitting step for a voiceover video: import
// the narration (probe, normalise, waveform, as any upload), then split the script
// and time each slide to the narration's pauses. A narration that cannot be imported
// fails the build with the import's reason. Voiceover scenes are not narrated, so the
// scene ids are returned here rather than handed to the narration step.
func createVoiceoverLayers(ctx workflow.Context, in CreateVideoInput) (activities.CreateVoiceoverLayersResult, error) {
	var res activities.CreateVoiceoverLayersResult
	cctx := workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{WorkflowID: ImportAssetID(in.VoiceoverAssetID)})
	var imp ImportAssetResult
	err := workflow.ExecuteChildWorkflow(cctx, ImportAsset, ImportAssetInput{AssetID: in.VoiceoverAssetID}).Get(ctx, &imp)
	var running *temporal.ChildWorkflowExecutionAlreadyStartedError
	switch {
	case errors.As(err, &running):
		// Someone else imports it: the layer activity's retries wait for the asset.
	case err != nil:
		return res, err
	case imp.State == models.AssetStateError:
		msg := "The narration file could not be imported."
		if imp.Message != "" {
			msg += " " + imp.Message
		}
		return res, temporal.NewNonRetryableApplicationError(msg, activities.ErrTypeBadNarration, nil)
	}
	lctx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: voiceoverLayersTimeout, HeartbeatTimeout: voiceoverLayersHeartbeat,
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: 2 * time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute, MaximumAttempts: 10},
	})
	err = workflow.ExecuteActivity(lctx, vo.CreateVoiceoverLayers,
		activities.CreateVoiceoverLayersInput{VideoID: in.VideoID, NarrationAssetID: in.VoiceoverAssetID}).Get(ctx, &res)
	return res, err
}
