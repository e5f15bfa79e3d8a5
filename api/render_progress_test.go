package api_test

import (
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"pagecast/api"
	"pagecast/store/storetest"
)

// TestRenderDetailsWithoutAWorker: while no worker can answer the render's progress
// query (it fails, or waits), renderStatusWithDetails answers within seconds with the
// progress last seen, kept on the attempt, at stage "waiting"; the progress answered
// never goes back, and a render that had done nothing yet is "queued".
func TestRenderDetailsWithoutAWorker(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		set := func(p api.RenderProgress, err error, blocks bool) {
			e.renders.mu.Lock()
			e.renders.progress, e.renders.progressErr, e.renders.progressBlocks = p, err, blocks
			e.renders.mu.Unlock()
		}
		t.Cleanup(func() { set(api.RenderProgress{}, nil, false) })
		c, pub := e.signUp("no-worker@example.com")
		v := e.renderableVideo(c, pub)
		path := fmt.Sprintf("/api/v2/video/%d/renderStatusWithDetails", v.ID)

		// Before the workflow said anything, a failed query is "queued".
		if r := e.do(c, "PUT", fmt.Sprintf("/api/v2/video/%d/render", v.ID), nil, true); r.Status != 202 {
			t.Fatalf("render = %d %v", r.Status, r.Body)
		}
		set(api.RenderProgress{}, errors.New("unavailable"), false)
		if d := e.do(c, "GET", path, nil, false).data(); d["stage"] != "queued" || d["progress"].(float64) != 0 {
			t.Fatalf("nothing done, no worker: %v", d)
		}

		type want struct {
			stage               string
			progress            float64
			total, done, reused int64
			within, notBefore   time.Duration
		}
		steps := []struct {
			name     string
			progress api.RenderProgress
			err      error
			blocks   bool
			want     want
		}{
			{"a scene reused", api.RenderProgress{Stage: "rendering", TotalMs: 10000, DoneMs: 3000, Scenes: 4, Done: 1, Reused: 1},
				nil, false, want{"rendering", 0.27, 4, 1, 1, 5 * time.Second, 0}},
			{"a scene rendered", api.RenderProgress{Stage: "rendering", TotalMs: 10000, DoneMs: 5000, Scenes: 4, Done: 2, Reused: 1},
				nil, false, want{"rendering", 0.45, 4, 2, 1, 5 * time.Second, 0}},
			{"the query fails", api.RenderProgress{}, errors.New("unavailable"), false,
				want{"waiting", 0.45, 4, 2, 1, 5 * time.Second, 0}},
			{"the query waits", api.RenderProgress{}, nil, true,
				want{"waiting", 0.45, 4, 2, 1, 5 * time.Second, time.Second}},
			{"the run is gone", api.RenderProgress{}, nil, false,
				want{"waiting", 0.45, 4, 2, 1, 5 * time.Second, 0}},
			{"a segment starts over elsewhere", api.RenderProgress{Stage: "rendering", TotalMs: 10000, DoneMs: 4000, Scenes: 4, Done: 2, Reused: 1},
				nil, false, want{"rendering", 0.45, 4, 2, 1, 5 * time.Second, 0}},
			{"joining", api.RenderProgress{Stage: "joining", TotalMs: 10000, DoneMs: 10000, Scenes: 4, Done: 4, Reused: 1},
				nil, false, want{"joining", 0.9, 4, 4, 1, 5 * time.Second, 0}},
			{"the worker dies while joining", api.RenderProgress{}, errors.New("deadline exceeded"), false,
				want{"waiting", 0.9, 4, 4, 1, 5 * time.Second, 0}},
		}
		for _, tt := range steps {
			set(tt.progress, tt.err, tt.blocks)
			begin := time.Now()
			r := e.do(c, "GET", path, nil, false)
			took := time.Since(begin)
			d := r.data()
			got := want{d["stage"].(string), d["progress"].(float64), num(d["scenesTotal"]), num(d["scenesDone"]),
				num(d["scenesReused"]), 0, 0}
			w := tt.want
			if r.Status != 200 || got.stage != w.stage || math.Abs(got.progress-w.progress) > 1e-6 || got.total != w.total ||
				got.done != w.done || got.reused != w.reused || d["status"] != "rendering" {
				t.Errorf("%s: %d %v; want %+v", tt.name, r.Status, d, w)
			}
			if took > w.within || took < w.notBefore {
				t.Errorf("%s: answered in %s, want %s to %s", tt.name, took, w.notBefore, w.within)
			}
		}
	})
}

// TestRenderDetailsRetrying: while a step of a running render is tried again after it
// failed, renderStatusWithDetails says so (retrying) beside its stage and progress; a
// render whose progress cannot be read (stage waiting) is not said to be retrying.
func TestRenderDetailsRetrying(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		set := func(p api.RenderProgress, err error) {
			e.renders.mu.Lock()
			e.renders.progress, e.renders.progressErr = p, err
			e.renders.mu.Unlock()
		}
		t.Cleanup(func() { set(api.RenderProgress{}, nil) })
		c, pub := e.signUp("retrying@example.com")
		v := e.renderableVideo(c, pub)
		e.startRender(c, fmt.Sprintf("/api/v2/video/%d", v.ID))
		path := fmt.Sprintf("/api/v2/video/%d/renderStatusWithDetails", v.ID)
		tests := []struct {
			name         string
			progress     api.RenderProgress
			err          error
			wantStage    string
			wantRetrying bool
		}{
			{"rendering", api.RenderProgress{Stage: "rendering", TotalMs: 10000, DoneMs: 3000, Scenes: 2, Done: 1}, nil, "rendering", false},
			{"a segment tried again", api.RenderProgress{Stage: "rendering", TotalMs: 10000, DoneMs: 3000, Scenes: 2, Done: 1, Retrying: true}, nil, "rendering", true},
			{"the join tried again", api.RenderProgress{Stage: "joining", TotalMs: 10000, DoneMs: 10000, Scenes: 2, Done: 2, Retrying: true}, nil, "joining", true},
			{"no worker answers", api.RenderProgress{}, errors.New("deadline exceeded"), "waiting", false},
		}
		for _, tt := range tests {
			set(tt.progress, tt.err)
			r := e.do(c, "GET", path, nil, false)
			if d := r.data(); r.Status != 200 || d["stage"] != tt.wantStage || d["retrying"] != tt.wantRetrying {
				t.Errorf("%s: %d %v; want stage %s, retrying %v", tt.name, r.Status, d, tt.wantStage, tt.wantRetrying)
			}
		}
	})
}
