package main

import (
	"context"

	"pagecast/activities"
	"pagecast/api"
	"pagecast/models"
	"pagecast/workflows"
)

// renders starts RenderVideo workflows and reads their progress for the API, and finds
// and starts them for the render reconciler (activities.RenderRuns).
type renders struct {
	starter workflows.Starter
}

// StartRender starts the workflow of a render attempt.
func (r renders) StartRender(ctx context.Context, a models.RenderAttempt, requestedBy int64) error {
	return r.starter.RenderVideo(ctx, workflows.RenderVideoInput{VideoID: a.VideoID, PublisherID: a.PublisherID,
		AttemptID: a.ID, Attempt: a.Attempt, RequestedBy: requestedBy})
}

// RenderProgress reads a running render's progress.
func (r renders) RenderProgress(ctx context.Context, videoID int64, attempt int) (api.RenderProgress, bool, error) {
	p, ok, err := r.starter.RenderProgress(ctx, videoID, attempt)
	return api.RenderProgress(p), ok, err
}

// RenderRun tells the render reconciler whether an attempt's workflow exists and is open.
func (r renders) RenderRun(ctx context.Context, videoID int64, attempt int) (activities.RenderRunState, string, error) {
	return r.starter.RenderRun(ctx, videoID, attempt)
}
