package workflows

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"pagecast/activities"
	"pagecast/models"
	"pagecast/store"
)

// renderEnv is a test environment with the render activities mocked and recorded.
type renderEnv struct {
	*testsuite.TestWorkflowEnvironment
	mu        sync.Mutex
	segments  map[int64]int // scene id -> RenderSegment calls
	joined    []activities.JoinRenderInput
	completed []activities.CompleteRenderInput
	failed    []activities.FailRenderInput
	notified  []activities.NotifyRenderInput
	mixed     []activities.MixRenderAudioInput
	mixErr    error // what MixRenderAudio fails with; nil mixes
}

var testRenderPlan = activities.PlanRenderResult{
	VideoID: 1, PublisherID: 7, Attempt: 2, DurationMs: 9000,
	Scenes: []activities.SceneRender{
		{SceneID: 10, Index: 1, DurationMs: 3000, Hash: "a"},
		{SceneID: 20, Index: 2, StartMs: 3000, DurationMs: 4000, Hash: "b"},
		{SceneID: 30, Index: 3, StartMs: 7000, DurationMs: 2000, Hash: "c"},
	},
}

// newRenderEnv mocks the activities; segment decides each RenderSegment call's outcome
// (call counts from 1 per scene).
// A scene in slow takes that long of workflow time.
func newRenderEnv(t *testing.T, plan func() (activities.PlanRenderResult, error), segment func(sceneID int64, call int) (activities.RenderSegmentResult, error), slow map[int64]time.Duration) *renderEnv {
	var s testsuite.WorkflowTestSuite
	e := &renderEnv{TestWorkflowEnvironment: s.NewTestWorkflowEnvironment(), segments: map[int64]int{}}
	e.RegisterActivity(ra)
	e.OnActivity(ra.PlanRender, mock.Anything, mock.Anything).Return(
		func(context.Context, activities.PlanRenderInput) (activities.PlanRenderResult, error) { return plan() }).Maybe()
	render := func(_ context.Context, in activities.RenderSegmentInput) (activities.RenderSegmentResult, error) {
		e.mu.Lock()
		e.segments[in.Scene.SceneID]++
		n := e.segments[in.Scene.SceneID]
		e.mu.Unlock()
		return segment(in.Scene.SceneID, n)
	}
	for id, d := range slow {
		e.OnActivity(ra.RenderSegment, mock.Anything, mock.MatchedBy(func(in activities.RenderSegmentInput) bool { return in.Scene.SceneID == id })).
			After(d).Return(render).Maybe()
	}
	e.OnActivity(ra.RenderSegment, mock.Anything, mock.Anything).Return(render).Maybe()
	e.OnActivity(ra.RenderInsert, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.RenderInsertInput) (activities.RenderInsertResult, error) {
			return activities.RenderInsertResult{Type: in.Clip.Type, SegmentKey: "insert-" + in.Clip.Hash, DurationMs: 1000}, nil
		}).Maybe()
	e.OnActivity(ra.MixRenderAudio, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.MixRenderAudioInput) (activities.MixRenderAudioResult, error) {
			e.mu.Lock()
			e.mixed = append(e.mixed, in)
			err := e.mixErr
			e.mu.Unlock()
			if err != nil {
				return activities.MixRenderAudioResult{}, err
			}
			return activities.MixRenderAudioResult{Key: "renders/7/audio/x.m4a"}, nil
		}).Maybe()
	e.OnActivity(ra.JoinRender, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.JoinRenderInput) (activities.JoinRenderResult, error) {
			e.mu.Lock()
			e.joined = append(e.joined, in)
			e.mu.Unlock()
			return activities.JoinRenderResult{Output: store.RenderOutput{ContentKey: "videos/7/1/renders/2/video.mp4", DurationMs: in.Plan.DurationMs}}, nil
		}).Maybe()
	e.OnActivity(ra.CompleteRender, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.CompleteRenderInput) (activities.CompleteRenderResult, error) {
			e.mu.Lock()
			e.completed = append(e.completed, in)
			e.mu.Unlock()
			return activities.CompleteRenderResult{}, nil
		}).Maybe()
	e.OnActivity(ra.NotifyRender, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.NotifyRenderInput) (activities.NotifyRenderResult, error) {
			e.mu.Lock()
			e.notified = append(e.notified, in)
			e.mu.Unlock()
			return activities.NotifyRenderResult{Sent: true}, nil
		}).Maybe()
	e.OnActivity(ra.FailRender, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.FailRenderInput) (activities.FailRenderResult, error) {
			e.mu.Lock()
			e.failed = append(e.failed, in)
			e.mu.Unlock()
			return activities.FailRenderResult{}, nil
		}).Maybe()
	return e
}

func (e *renderEnv) result(t *testing.T) RenderVideoResult {
	t.Helper()
	if !e.IsWorkflowCompleted() {
		t.Fatal("workflow did not complete")
	}
	if err := e.GetWorkflowError(); err != nil {
		t.Fatal(err)
	}
	var res RenderVideoResult
	if err := e.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	return res
}

func planOK() (activities.PlanRenderResult, error) { return testRenderPlan, nil }

func TestRenderVideo(t *testing.T) {
	transient := errors.New("s3: connection reset")
	tests := []struct {
		name         string
		plan         func() (activities.PlanRenderResult, error)
		segment      func(int64, int) (activities.RenderSegmentResult, error)
		wantError    string
		wantRendered int
		wantReused   int
		wantCalls    map[int64]int
	}{
		{"every scene rendered", planOK, func(id int64, _ int) (activities.RenderSegmentResult, error) {
			return activities.RenderSegmentResult{Key: "seg"}, nil
		}, "", 3, 0, map[int64]int{10: 1, 20: 1, 30: 1}},
		{"unchanged scenes reused", planOK, func(id int64, _ int) (activities.RenderSegmentResult, error) {
			return activities.RenderSegmentResult{Key: "seg", Reused: id != 20}, nil
		}, "", 1, 2, map[int64]int{10: 1, 20: 1, 30: 1}},
		{"a transient fault is retried", planOK, func(id int64, call int) (activities.RenderSegmentResult, error) {
			if id == 20 && call < 3 {
				return activities.RenderSegmentResult{}, transient
			}
			return activities.RenderSegmentResult{Key: "seg"}, nil
		}, "", 3, 0, map[int64]int{10: 1, 20: 3, 30: 1}},
		{"bad media fails the render with its message", planOK, func(id int64, _ int) (activities.RenderSegmentResult, error) {
			if id == 30 {
				return activities.RenderSegmentResult{}, temporal.NewNonRetryableApplicationError(
					"A file the video needs is missing from storage.", activities.ErrTypeRenderInput, nil)
			}
			return activities.RenderSegmentResult{Key: "seg"}, nil
		}, "A file the video needs is missing from storage.", 2, 0, map[int64]int{30: 1}}, // not tried again; the others cancelled
		{"a fault that outlasts its retries", planOK, func(id int64, _ int) (activities.RenderSegmentResult, error) {
			if id == 10 {
				return activities.RenderSegmentResult{}, transient
			}
			return activities.RenderSegmentResult{Key: "seg"}, nil
		}, "The render failed. Please try again.", 2, 0, map[int64]int{10: 10, 20: 1, 30: 1}},
		{"the attempt is gone", func() (activities.PlanRenderResult, error) {
			return activities.PlanRenderResult{}, temporal.NewNonRetryableApplicationError("The video was deleted.", activities.ErrTypeRenderGone, nil)
		}, nil, "The video was deleted.", 0, 0, map[int64]int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newRenderEnv(t, tt.plan, tt.segment, nil)
			e.ExecuteWorkflow(RenderVideo, RenderVideoInput{VideoID: 1, PublisherID: 7, AttemptID: 55, Attempt: 2, RequestedBy: 3})
			res := e.result(t)
			// The user who asked is told once, however it ended.
			if len(e.notified) != 1 || e.notified[0] != (activities.NotifyRenderInput{AttemptID: 55, UserID: 3}) {
				t.Fatalf("notified %+v", e.notified)
			}
			// A failed render's counts depend on which scenes ended before the failure
			// cancelled the others.
			if res.Error != tt.wantError || tt.wantError == "" && (res.ScenesRendered != tt.wantRendered || res.ScenesReused != tt.wantReused) {
				t.Fatalf("result = %+v, want error %q, %d rendered, %d reused", res, tt.wantError, tt.wantRendered, tt.wantReused)
			}
			for id, n := range tt.wantCalls {
				if e.segments[id] != n {
					t.Fatalf("scene %d rendered %d times, want %d (%v)", id, e.segments[id], n, e.segments)
				}
			}
			if tt.wantError == "" {
				// Joined once, in scene order; completed once; nothing released.
				if len(e.joined) != 1 || len(e.joined[0].Segments) != 3 || len(e.completed) != 1 || len(e.failed) != 0 {
					t.Fatalf("joined %d, completed %d, failed %d", len(e.joined), len(e.completed), len(e.failed))
				}
				if e.joined[0].Audio != "renders/7/audio/x.m4a" {
					t.Fatalf("joined with audio %q", e.joined[0].Audio)
				}
				// The attempt keeps the counts of rendered and reused scenes.
				out := e.completed[0].Output
				if e.completed[0].AttemptID != 55 || res.ContentKey == "" || res.DurationMs != 9000 ||
					out.ScenesRendered != tt.wantRendered || out.ScenesReused != tt.wantReused {
					t.Fatalf("completed %+v, result %+v", e.completed[0], res)
				}
				return
			}
			// A failed render is never joined or completed, and releases its credits once.
			if len(e.joined) != 0 || len(e.completed) != 0 || len(e.failed) != 1 || e.failed[0].AttemptID != 55 || e.failed[0].Reason != tt.wantError {
				t.Fatalf("joined %d, completed %d, failed %+v", len(e.joined), len(e.completed), e.failed)
			}
		})
	}
}

// TestRenderVideoProgress queries a render while its scenes run.
func TestRenderVideoProgress(t *testing.T) {
	// Scene 20 takes longer: halfway through, scenes 10 (reused) and 30 are done.
	e := newRenderEnv(t, planOK, func(id int64, _ int) (activities.RenderSegmentResult, error) {
		return activities.RenderSegmentResult{Key: "seg", Reused: id == 10}, nil
	}, map[int64]time.Duration{20: 10 * time.Second})
	var mid RenderProgress
	e.RegisterDelayedCallback(func() {
		v, err := e.QueryWorkflow(RenderProgressQuery)
		if err != nil {
			t.Error(err)
			return
		}
		if err := v.Get(&mid); err != nil {
			t.Error(err)
		}
	}, 5*time.Second)
	e.ExecuteWorkflow(RenderVideo, RenderVideoInput{VideoID: 1, PublisherID: 7, AttemptID: 55, Attempt: 2})
	e.result(t)
	if mid.Stage != "rendering" || mid.Scenes != 3 || mid.Done != 2 || mid.Reused != 1 || mid.TotalMs != 9000 || mid.DoneMs != 5000 {
		t.Fatalf("progress halfway = %+v", mid)
	}
}

func TestRenderVideoID(t *testing.T) {
	if got := RenderVideoID(12, 3); got != "RenderVideo:12:3" {
		t.Fatalf("RenderVideoID = %q", got)
	}
}

// TestRenderVideoWithInserts: inserts render before the mix, which gets their
// lengths, and the join gets them too.
func TestRenderVideoWithInserts(t *testing.T) {
	withInserts := func() (activities.PlanRenderResult, error) {
		p := testRenderPlan
		p.Inserts = []activities.RenderInsertClip{{Type: models.InsertIntro, Hash: "i"}, {Type: models.InsertOutro, Hash: "o"}}
		return p, nil
	}
	e := newRenderEnv(t, withInserts, func(int64, int) (activities.RenderSegmentResult, error) {
		return activities.RenderSegmentResult{Key: "seg"}, nil
	}, nil)
	e.ExecuteWorkflow(RenderVideo, RenderVideoInput{VideoID: 1, PublisherID: 7, AttemptID: 55, Attempt: 2})
	if res := e.result(t); res.Error != "" {
		t.Fatal(res.Error)
	}
	if len(e.mixed) != 1 || len(e.mixed[0].Inserts) != 2 || e.mixed[0].Inserts[0].SegmentKey != "insert-i" {
		t.Fatalf("mixed %+v", e.mixed)
	}
	if len(e.joined) != 1 || len(e.joined[0].Inserts) != 2 || e.joined[0].Inserts[1].Type != models.InsertOutro {
		t.Fatalf("joined %+v", e.joined)
	}
}

// TestSweepRenderCache: the sweep's activities (the cache, then renders' files nothing
// shows) are retried after a failure (an S3 outage) and their counts add up to the
// workflow's result.
func TestSweepRenderCache(t *testing.T) {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.RegisterActivity(ra)
	env.OnActivity(ra.SweepRenderCache, mock.Anything, mock.Anything).Return(activities.SweepRenderCacheResult{}, errors.New("s3 unavailable")).Once()
	env.OnActivity(ra.SweepRenderCache, mock.Anything, mock.Anything).Return(activities.SweepRenderCacheResult{Objects: 4, Bytes: 9000}, nil).Once()
	env.OnActivity(ra.SweepRenderOutputs, mock.Anything, mock.Anything).Return(activities.SweepRenderCacheResult{}, errors.New("s3 unavailable")).Once()
	env.OnActivity(ra.SweepRenderOutputs, mock.Anything, mock.Anything).Return(activities.SweepRenderCacheResult{Objects: 3, Bytes: 500}, nil).Once()
	env.ExecuteWorkflow(SweepRenderCache)
	var res activities.SweepRenderCacheResult
	if err := env.GetWorkflowResult(&res); err != nil || res != (activities.SweepRenderCacheResult{Objects: 7, Bytes: 9500}) {
		t.Fatalf("res %+v, err %v", res, err)
	}
	env.AssertExpectations(t)
}

// TestRenderVideoFailsFast: a step that fails for good (bad media in a scene, a
// narration clip missing from the mix) cancels the scenes still rendering, so the
// render fails, and its credits go back, at once rather than after every other scene
// has rendered in vain.
func TestRenderVideoFailsFast(t *testing.T) {
	missing := temporal.NewNonRetryableApplicationError("A file the video needs is missing from storage.", activities.ErrTypeRenderInput, nil)
	sceneOK := func(int64, int) (activities.RenderSegmentResult, error) {
		return activities.RenderSegmentResult{Key: "seg"}, nil
	}
	tests := []struct {
		name    string
		segment func(int64, int) (activities.RenderSegmentResult, error)
		mix     error
	}{
		{"a scene's media is missing", func(id int64, _ int) (activities.RenderSegmentResult, error) {
			if id == 30 {
				return activities.RenderSegmentResult{}, missing
			}
			return activities.RenderSegmentResult{Key: "seg"}, nil
		}, nil},
		{"a narration clip is missing", sceneOK, missing},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Scene 20 takes 20 minutes of workflow time.
			e := newRenderEnv(t, planOK, tt.segment, map[int64]time.Duration{20: 20 * time.Minute})
			e.mixErr = tt.mix
			start := e.Now()
			e.ExecuteWorkflow(RenderVideo, RenderVideoInput{VideoID: 1, PublisherID: 7, AttemptID: 55, Attempt: 2})
			res := e.result(t)
			if res.Error != "A file the video needs is missing from storage." || len(e.failed) != 1 || len(e.joined) != 0 {
				t.Fatalf("result %+v, failed %+v, joined %d", res, e.failed, len(e.joined))
			}
			if took := e.Now().Sub(start); took >= time.Minute {
				t.Fatalf("the render failed after %s: it waited for the slow scene", took)
			}
		})
	}
}
