package api_test

import (
	"fmt"
	"testing"
	"time"

	"pagecast/api"
	"pagecast/store"
	"pagecast/store/storetest"
)

// TestRenderDetailsCountsReusedScenes: renderStatusWithDetails counts the scenes
// reused from an earlier render, from the workflow while the render runs and from the
// attempt once it completed.
func TestRenderDetailsCountsReusedScenes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		tests := []struct {
			name     string
			progress api.RenderProgress
			// end ends the attempt (nil leaves it rendering).
			end                             func(attemptID int64) error
			stage                           string
			wantTotal, wantDone, wantReused int64
		}{
			{"running", api.RenderProgress{Stage: "rendering", TotalMs: 10000, DoneMs: 5000, Scenes: 2, Done: 1, Reused: 1},
				nil, "rendering", 2, 1, 1},
			{"completed, one scene reused", api.RenderProgress{}, func(id int64) error {
				return e.store.FinishRender(t.Context(), id, store.RenderOutput{ContentKey: "videos/r/video.mp4", ScenesRendered: 1, ScenesReused: 1}, time.Now())
			}, "done", 2, 2, 1},
			{"completed, every scene rendered", api.RenderProgress{}, func(id int64) error {
				return e.store.FinishRender(t.Context(), id, store.RenderOutput{ContentKey: "videos/r/video.mp4", ScenesRendered: 2}, time.Now())
			}, "done", 2, 2, 0},
			{"failed", api.RenderProgress{}, func(id int64) error {
				return e.store.FailRender(t.Context(), id, "The render failed. Please try again.", time.Now())
			}, "failed", 0, 0, 0},
		}
		for i, tt := range tests {
			c, pub := e.signUp(fmt.Sprintf("reuse%d@example.com", i))
			v := e.renderableVideo(c, pub)
			path := fmt.Sprintf("/api/v2/video/%d", v.ID)
			if r := e.do(c, "PUT", path+"/render", nil, true); r.Status != 202 {
				t.Fatalf("%s: render = %d %v", tt.name, r.Status, r.Body)
			}
			a, err := e.store.LatestRenderAttempt(t.Context(), v.ID)
			if err != nil {
				t.Fatal(err)
			}
			if tt.end != nil {
				if err := tt.end(a.ID); err != nil {
					t.Fatal(err)
				}
			}
			e.renders.mu.Lock()
			e.renders.progress = tt.progress
			e.renders.mu.Unlock()
			d := e.do(c, "GET", path+"/renderStatusWithDetails", nil, false).data()
			if d["stage"] != tt.stage || num(d["scenesTotal"]) != tt.wantTotal || num(d["scenesDone"]) != tt.wantDone ||
				num(d["scenesReused"]) != tt.wantReused {
				t.Errorf("%s: details = %v, want stage %s, %d of %d done, %d reused", tt.name, d, tt.stage,
					tt.wantDone, tt.wantTotal, tt.wantReused)
			}
			// The counts are the attempt's, in the database.
			if a, err = e.store.LatestRenderAttempt(t.Context(), v.ID); err != nil {
				t.Fatal(err)
			}
			if tt.stage == "done" && (int64(a.ScenesRendered+a.ScenesReused) != tt.wantTotal || int64(a.ScenesReused) != tt.wantReused) {
				t.Errorf("%s: attempt has %d rendered, %d reused", tt.name, a.ScenesRendered, a.ScenesReused)
			}
		}
		e.renders.mu.Lock()
		e.renders.progress = api.RenderProgress{}
		e.renders.mu.Unlock()
	})
}
