package api_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"pagecast/api"
	"pagecast/models"
	"pagecast/store/storetest"
)

// hungRenders is a Temporal that never answers a start: StartRender waits for its
// context to end (or gives up after a while, saying the context had no deadline).
type hungRenders struct {
	hadDeadline bool
	requestedBy int64
}

func (h *hungRenders) StartRender(ctx context.Context, _ models.RenderAttempt, requestedBy int64) error {
	_, h.hadDeadline = ctx.Deadline()
	h.requestedBy = requestedBy
	select {
	case <-ctx.Done():
		return fmt.Errorf("start render: %w", ctx.Err())
	case <-time.After(3 * time.Second):
		return errors.New("start render: no deadline")
	}
}

func (h *hungRenders) RenderProgress(context.Context, int64, int) (api.RenderProgress, bool, error) {
	return api.RenderProgress{}, false, nil
}

// TestRenderStartIsBounded: a render whose workflow Temporal does not start within the
// start timeout is given up: the request answers, the attempt fails and its credits
// come back, and the video may render again. The attempt keeps who asked for it.
func TestRenderStartIsBounded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVideoEnv(t, db)
		c, pub := e.signUp("hal@example.com")
		u, err := e.store.UserByEmail(t.Context(), "hal@example.com")
		if err != nil {
			t.Fatal(err)
		}
		v := e.renderableVideo(c, pub)
		path := fmt.Sprintf("/api/v2/video/%d", v.ID)
		before := e.balance(pub)

		hung := &hungRenders{}
		e.renderDeps.Renders, e.renderDeps.StartTimeout = hung, 200*time.Millisecond
		begin := time.Now()
		r := e.do(c, "PUT", path+"/render", nil, true)
		// The user is told the render did not start and that nothing was charged, not
		// that something went wrong.
		if took := time.Since(begin); r.Status != 503 || took > 2*time.Second || r.code() != "render_not_started" {
			t.Fatalf("render whose start hangs = %d %v after %s, want 503 render_not_started within the start timeout", r.Status, r.Body, took)
		}
		if !hung.hadDeadline || hung.requestedBy != u.ID {
			t.Fatalf("start had deadline %v, requested by %d; want a deadline and %d", hung.hadDeadline, hung.requestedBy, u.ID)
		}
		a, err := e.store.LatestRenderAttempt(t.Context(), v.ID)
		if err != nil {
			t.Fatal(err)
		}
		if a.Status != models.RenderAttemptFailed || a.Error != "The render could not start." {
			t.Fatalf("attempt %s %q, want failed", a.Status, a.Error)
		}
		if a.RequestedBy == nil || *a.RequestedBy != u.ID {
			t.Fatalf("attempt requested by %v, want %d", a.RequestedBy, u.ID)
		}
		if got := e.balance(pub); got != before {
			t.Fatalf("balance %d after a start that timed out, want %d", got, before)
		}

		// Temporal answers again: the video renders.
		e.renderDeps.Renders = e.renders
		e.startRender(c, path)
	})
}
