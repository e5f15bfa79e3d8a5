package workflows

import (
	"context"
	"errors"
	"fmt"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"pagecast/activities"
)

var ra *activities.RenderActivities

// RenderVideoID is the workflow ID of attempt n at rendering video id.
func RenderVideoID(videoID int64, attempt int) string {
	return fmt.Sprintf("RenderVideo:%d:%d", videoID, attempt)
}

// RenderVideoInput names the render attempt (store.StartRender made it and reserved
// its credits).
type RenderVideoInput struct {
	VideoID     int64
	PublisherID int64
	AttemptID   int64
	Attempt     int
	// RequestedBy is the user who asked for the render; they are e-mailed when it ends.
	RequestedBy int64
}

// RenderVideoResult is how the render ended.
type RenderVideoResult struct {
	ContentKey     string
	DurationMs     int
	ScenesRendered int
	ScenesReused   int
	Error          string
}

// RenderProgressQuery is the query that answers a RenderProgress.
const RenderProgressQuery = "progress"

// RenderProgress is how far a render is: the scenes' total and finished length, and
// its stage (planning, rendering, joining, done). Reused counts the finished scenes
// whose segment an earlier render made. Retrying is not the workflow's own: Starter's
// RenderProgress sets it when a step of the run is being tried again after it failed.
type RenderProgress struct {
	Stage    string
	TotalMs  int
	DoneMs   int
	Scenes   int
	Done     int
	Reused   int
	Retrying bool
}

// Options of the render steps. A segment heartbeats every 2 s, so a worker that dies
// is noticed within the heartbeat timeout and the scene starts again elsewhere.
const (
	renderHeartbeat = 10 * time.Second
	segmentTimeout  = 30 * time.Minute
	joinTimeout     = 20 * time.Minute
)

// RenderVideo renders a video: it plans the render from the video as it is, renders
// each scene to a segment in parallel activities (bounded by the workers' slots;
// unchanged scenes are found in the object store and reused), joins them with the
// mixed audio, and makes the result the video's content, capturing the credits
// reserved for it. Whatever fails, the attempt ends in error and its credits are
// released (a saga); the video keeps the content it had.
func RenderVideo(ctx workflow.Context, in RenderVideoInput) (RenderVideoResult, error) {
	progress := RenderProgress{Stage: "planning"}
	if err := workflow.SetQueryHandler(ctx, RenderProgressQuery, func() (RenderProgress, error) { return progress, nil }); err != nil {
		return RenderVideoResult{}, err
	}
	res, err := renderVideo(ctx, in, &progress)
	if err == nil {
		progress.Stage = "done"
		notifyRender(ctx, in)
		return res, nil
	}
	msg := "The render failed. Please try again."
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) && appErr.NonRetryable() {
		msg = appErr.Message()
	}
	workflow.GetLogger(ctx).Warn("render failed", "video_id", in.VideoID, "attempt", in.Attempt, "err", err)
	progress.Stage = "failed"
	// Release the credits even when the workflow was cancelled.
	dctx, _ := workflow.NewDisconnectedContext(ctx)
	if ferr := workflow.ExecuteActivity(bookkeeping(dctx), ra.FailRender,
		activities.FailRenderInput{AttemptID: in.AttemptID, Reason: msg}).Get(dctx, nil); ferr != nil {
		return RenderVideoResult{}, ferr
	}
	res.Error = msg
	notifyRender(dctx, in)
	return res, nil
}

// notifyRender e-mails the user who asked for the render. A mail that cannot go out
// is logged; the render's outcome stands.
func notifyRender(ctx workflow.Context, in RenderVideoInput) {
	if in.RequestedBy == 0 {
		return
	}
	mail := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: 5 * time.Second, BackoffCoefficient: 2, MaximumInterval: 5 * time.Minute, MaximumAttempts: 10},
	})
	if err := workflow.ExecuteActivity(mail, ra.NotifyRender, activities.NotifyRenderInput{AttemptID: in.AttemptID, UserID: in.RequestedBy}).Get(ctx, nil); err != nil {
		workflow.GetLogger(ctx).Warn("render e-mail not sent", "video_id", in.VideoID, "err", err)
	}
}

func renderVideo(ctx workflow.Context, in RenderVideoInput, progress *RenderProgress) (RenderVideoResult, error) {
	var res RenderVideoResult
	started := workflow.Now(ctx)
	plan := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute, MaximumAttempts: 10},
	})
	var p activities.PlanRenderResult
	if err := workflow.ExecuteActivity(plan, ra.PlanRender, activities.PlanRenderInput{AttemptID: in.AttemptID}).Get(ctx, &p); err != nil {
		return res, err
	}
	progress.Stage, progress.TotalMs, progress.Scenes = "rendering", p.DurationMs, len(p.Scenes)

	work := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: segmentTimeout,
		HeartbeatTimeout:    renderHeartbeat,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: 30 * time.Second, MaximumAttempts: 10},
	})
	// A step that fails for good cancels the others: the render has failed, and the
	// user is told (and their credits released) now, not once every other scene has
	// rendered in vain.
	work, cancelWork := workflow.WithCancel(work)
	var firstErr error
	fail := func(err error) {
		if firstErr != nil {
			return
		}
		firstErr = err
		if workflow.GetVersion(ctx, "render-cancel-on-failure", workflow.DefaultVersion, 1) == 1 {
			cancelWork()
		}
	}
	// Inserts render first (short, and the mix needs their lengths), then every scene
	// is scheduled at once; the workers' activity slots bound how many run together.
	insertFutures := make([]workflow.Future, len(p.Inserts))
	for i, clip := range p.Inserts {
		insertFutures[i] = workflow.ExecuteActivity(work, ra.RenderInsert, activities.RenderInsertInput{
			PublisherID: p.PublisherID, AttemptID: in.AttemptID, Canvas: p.Canvas, Clip: clip})
	}
	futures := make([]workflow.Future, len(p.Scenes))
	for i, sc := range p.Scenes {
		futures[i] = workflow.ExecuteActivity(work, ra.RenderSegment, activities.RenderSegmentInput{
			PublisherID: p.PublisherID, AttemptID: in.AttemptID, Canvas: p.Canvas, Style: p.Style, Scene: sc, Started: started})
	}
	inserts := make([]activities.RenderInsertResult, len(insertFutures))
	for i, f := range insertFutures {
		if err := f.Get(ctx, &inserts[i]); err != nil {
			fail(err)
			return res, err
		}
	}
	// The sound is mixed while the scenes render (or found unchanged).
	var audio activities.MixRenderAudioResult
	mixed := workflow.ExecuteActivity(work, ra.MixRenderAudio, activities.MixRenderAudioInput{AttemptID: in.AttemptID, Plan: p, Inserts: inserts})
	// Count scenes as they finish, in whatever order, so progress is true.
	segments := make([]string, len(p.Scenes))
	sel := workflow.NewSelector(ctx)
	sel.AddFuture(mixed, func(f workflow.Future) {
		if err := f.Get(ctx, &audio); err != nil {
			fail(err)
		}
	})
	for i, f := range futures {
		sel.AddFuture(f, func(f workflow.Future) {
			var r activities.RenderSegmentResult
			if err := f.Get(ctx, &r); err != nil {
				fail(err)
				return
			}
			segments[i] = r.Key
			progress.Done++
			progress.DoneMs += p.Scenes[i].DurationMs
			if r.Reused {
				res.ScenesReused++
				progress.Reused++
			} else {
				res.ScenesRendered++
			}
		})
	}
	for range len(futures) + 1 { // the scenes and the mix
		sel.Select(ctx)
	}
	if firstErr != nil {
		return res, firstErr
	}

	progress.Stage = "joining"
	join := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: joinTimeout,
		HeartbeatTimeout:    renderHeartbeat,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: 30 * time.Second, MaximumAttempts: 10},
	})
	var joined activities.JoinRenderResult
	if err := workflow.ExecuteActivity(join, ra.JoinRender, activities.JoinRenderInput{
		AttemptID: in.AttemptID, Plan: p, Segments: segments, Audio: audio.Key, Inserts: inserts}).Get(ctx, &joined); err != nil {
		return res, err
	}
	// The attempt keeps how many scenes were rendered and reused.
	out := joined.Output
	out.ScenesRendered, out.ScenesReused = res.ScenesRendered, res.ScenesReused
	if err := workflow.ExecuteActivity(bookkeeping(ctx), ra.CompleteRender, activities.CompleteRenderInput{
		AttemptID: in.AttemptID, Output: out}).Get(ctx, nil); err != nil {
		return res, err
	}
	res.ContentKey, res.DurationMs = joined.Output.ContentKey, joined.Output.DurationMs
	return res, nil
}

// SweepRenderCacheScheduleID names the daily Temporal Schedule of SweepRenderCache.
const SweepRenderCacheScheduleID = "SweepRenderCache"

// SweepRenderCache removes what renders leave behind: the render cache objects
// (segments, inserts, mixes) that no render stored or made again for
// activities.RenderCacheAge, then the files of renders no video shows any more,
// activities.RenderOutputAge after they were stored. A Temporal Schedule runs it daily;
// the result counts both.
func SweepRenderCache(ctx workflow.Context) (activities.SweepRenderCacheResult, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Hour, HeartbeatTimeout: time.Minute,
		RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 5},
	})
	var cache, outputs activities.SweepRenderCacheResult
	if err := workflow.ExecuteActivity(ctx, ra.SweepRenderCache, activities.SweepRenderCacheInput{}).Get(ctx, &cache); err != nil {
		return cache, err
	}
	err := workflow.ExecuteActivity(ctx, ra.SweepRenderOutputs, activities.SweepRenderOutputsInput{}).Get(ctx, &outputs)
	return activities.SweepRenderCacheResult{Objects: cache.Objects + outputs.Objects, Bytes: cache.Bytes + outputs.Bytes}, err
}

// RenderVideo starts attempt n at rendering a video.
func (s Starter) RenderVideo(ctx context.Context, in RenderVideoInput) error {
	return s.start(ctx, RenderVideoID(in.VideoID, in.Attempt), RenderVideo, in)
}

// RenderProgress reads a running render's progress: the workflow's own account of
// finished scenes, plus what the running segments last reported in their heartbeats.
// ok is false when the run is not running (finished, or never started). The query
// needs a worker to answer: with none up it waits for ctx, so callers bound ctx.
// Temporal not answering (unavailable, ctx's deadline) is an error, not "not started".
func (s Starter) RenderProgress(ctx context.Context, videoID int64, attempt int) (p RenderProgress, ok bool, err error) {
	id := RenderVideoID(videoID, attempt)
	desc, err := s.describeRender(ctx, id)
	if err != nil || desc == nil || desc.GetWorkflowExecutionInfo().GetStatus() != enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING {
		return p, false, err // not started (yet), already gone, or Temporal did not answer
	}
	v, err := s.Client.QueryWorkflow(ctx, id, "", RenderProgressQuery)
	if err != nil {
		return p, false, fmt.Errorf("query %s: %w", id, err)
	}
	if err := v.Get(&p); err != nil {
		return p, false, err
	}
	p.DoneMs += heartbeatMs(desc)
	if p.DoneMs > p.TotalMs {
		p.DoneMs = p.TotalMs
	}
	p.Retrying = retrying(desc)
	return p, true, nil
}

// retrying reports whether a step of the run is being tried again: one of its pending
// activities is past its first attempt (the last one failed, or its worker died and
// stopped heartbeating), whether it waits for its next attempt or runs it.
func retrying(desc *workflowservice.DescribeWorkflowExecutionResponse) bool {
	for _, pa := range desc.GetPendingActivities() {
		if pa.GetAttempt() > 1 {
			return true
		}
	}
	return false
}

// describeRender describes the RenderVideo run id; nil, with no error, when there is
// none (never started, or gone). Temporal not answering is an error, never "none":
// callers start a run, or say a render waits, only on a real "none".
func (s Starter) describeRender(ctx context.Context, id string) (*workflowservice.DescribeWorkflowExecutionResponse, error) {
	desc, err := s.Client.DescribeWorkflowExecution(ctx, id, "")
	var notFound *serviceerror.NotFound
	if errors.As(err, &notFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("describe %s: %w", id, err)
	}
	return desc, nil
}

// heartbeatMs adds up the progress the running segments last heartbeated.
func heartbeatMs(desc *workflowservice.DescribeWorkflowExecutionResponse) int {
	total := 0
	dc := converter.GetDefaultDataConverter()
	for _, pa := range desc.GetPendingActivities() {
		if pa.GetActivityType().GetName() != "RenderSegment" || pa.GetHeartbeatDetails() == nil {
			continue
		}
		var sp activities.SegmentProgress
		if err := dc.FromPayloads(pa.GetHeartbeatDetails(), &sp); err == nil {
			total += sp.DoneMs
		}
	}
	return total
}
