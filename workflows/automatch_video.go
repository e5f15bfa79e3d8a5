package workflows

import (
	"context"
	"errors"
	"strconv"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"pagecast/activities"
)

// AutomatchVideoID is the workflow ID of the run-th editor automatch of video id
// (run counts the video's editor automatch runs from 1).
func AutomatchVideoID(videoID int64, run int) string {
	return "AutomatchVideo:" + strconv.FormatInt(videoID, 10) + ":" + strconv.Itoa(run)
}

// AutomatchVideoInput names the video and how far the editor's automatch goes.
type AutomatchVideoInput struct {
	VideoID     int64
	PublisherID int64
	// Overwrite also matches slides whose media automatch chose; without it only
	// slides without media are filled. The user's own picks are never replaced.
	Overwrite bool
}

// AutomatchVideoResult is what the run did.
type AutomatchVideoResult struct {
	Matched    int
	TextSlides int
	// Imports is how many new media (stock, AI pictures) were imported.
	Imports int
	// Error is set when the video went away meanwhile.
	Error string
}

// AutomatchVideo is the editor's automatch (contract item 12): CreateVideo's matcher
// (activities.AutomatchVideo in Refill mode) fills the slides, then the stock media
// and AI pictures it chose are imported as child ImportAsset workflows, which the
// editor follows through pendingAssetStatus. A failed import leaves its slide to the
// editor's validation; it does not fail the run.
func AutomatchVideo(ctx workflow.Context, in AutomatchVideoInput) (AutomatchVideoResult, error) {
	work := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 5 * time.Minute, HeartbeatTimeout: buildHeartbeat,
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute, MaximumAttempts: 10},
	})
	var matched activities.AutomatchVideoResult
	err := workflow.ExecuteActivity(work, va.AutomatchVideo,
		activities.AutomatchVideoInput{VideoID: in.VideoID, Refill: true, Overwrite: in.Overwrite}).Get(ctx, &matched)
	if err != nil {
		var appErr *temporal.ApplicationError
		if errors.As(err, &appErr) && appErr.Type() == activities.ErrTypeVideoGone {
			return AutomatchVideoResult{Error: appErr.Message()}, nil
		}
		return AutomatchVideoResult{}, err
	}
	imports := startImports(ctx, matched.ImportAssetIDs, matched.UploadedAssetIDs)
	waitImports(ctx, imports)
	return AutomatchVideoResult{Matched: matched.Matched, TextSlides: matched.TextSlides, Imports: len(imports)}, nil
}

// AutomatchVideo starts the run-th editor automatch of video id and returns its
// workflow ID.
func (s Starter) AutomatchVideo(ctx context.Context, publisherID, videoID int64, run int, overwrite bool) (string, error) {
	id := AutomatchVideoID(videoID, run)
	return id, s.start(ctx, id, AutomatchVideo, AutomatchVideoInput{VideoID: videoID, PublisherID: publisherID, Overwrite: overwrite})
}
