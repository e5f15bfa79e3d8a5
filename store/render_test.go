package store_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"pagecast/domain"
	"pagecast/migrations"
	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

// renderNow is mid-month, so that month arithmetic in the tests is plain.
var renderNow = time.Date(2026, 11, 15, 12, 0, 0, 0, time.UTC)

// videoRender is a video's render columns, some of which the Video model does not carry.
type videoRender struct {
	RenderStatus   string
	ContentKey     string
	ThumbnailKey   string
	Draft          bool
	RenderAttempts int
	RenderedAt     *time.Time
}

func renderOf(t *testing.T, s *store.Store, videoID int64) videoRender {
	t.Helper()
	var r videoRender
	err := s.DB().Table("videos").Select("render_status, content_key, thumbnail_key, draft, render_attempts, rendered_at").
		Where("id = ?", videoID).Take(&r).Error
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func balanceOf(t *testing.T, s *store.Store, pub int64, now time.Time) int {
	t.Helper()
	b, err := s.CreditBalance(context.Background(), pub, now)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// entryKinds lists an account's ledger as "kind:amount", oldest first.
func entryKinds(t *testing.T, s *store.Store, pub int64) []string {
	t.Helper()
	es, err := s.CreditEntries(context.Background(), pub, 100)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(es))
	for i, e := range es {
		out[len(es)-1-i] = fmt.Sprintf("%s:%d", e.Kind, e.Amount)
	}
	return out
}

func startRender(t *testing.T, s *store.Store, v models.Video, credits int) models.RenderAttempt {
	t.Helper()
	a, err := s.StartRender(context.Background(), store.StartRenderInput{VideoID: v.ID, PublisherID: v.PublisherID,
		RequiredCredits: credits, DurationMs: credits * 60_000, MaxAttempts: domain.MaxRenderAttempts, Now: renderNow})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func usedOf(t *testing.T, s *store.Store, videoID int64) int {
	t.Helper()
	n, err := s.RenderAttemptsUsed(context.Background(), videoID)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func setPartner(t *testing.T, s *store.Store, pub int64) {
	t.Helper()
	if err := s.DB().Model(&models.Publisher{}).Where("id = ?", pub).Update("is_partner", true).Error; err != nil {
		t.Fatal(err)
	}
}

func TestMonthlyAllowances(t *testing.T) {
	tests := []struct {
		name                   string
		plan                   models.Plan
		partner                bool
		credits, videos, draft int
		unlimited              bool
	}{
		{"free", models.PlanFree, false, 10, 5, 3, false},
		{"paid", models.PlanPaid, false, 300, 100, 20, false},
		{"partner", models.PlanFree, true, 600, 0, 0, true},
		{"partner on paid", models.PlanPaid, true, 600, 0, 0, true},
		{"unknown plan is free", models.Plan(""), false, 10, 5, 3, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := models.MonthlyCredits(tt.plan, tt.partner); got != tt.credits {
				t.Errorf("credits %d, want %d", got, tt.credits)
			}
			v, vu := models.MonthlyVideos(tt.plan, tt.partner)
			d, du := models.MonthlyDrafts(tt.plan, tt.partner)
			if v != tt.videos || d != tt.draft || vu != tt.unlimited || du != tt.unlimited {
				t.Errorf("videos %d %v, drafts %d %v; want %d, %d, %v", v, vu, d, du, tt.videos, tt.draft, tt.unlimited)
			}
		})
	}
	if got := models.MonthlyGrantKey(time.Date(2026, 1, 1, 0, 30, 0, 0, time.FixedZone("x", 3600))); got != "monthly:2025-12" {
		t.Errorf("grant key in UTC: %s", got)
	}
}

func TestCreditBalanceMonthlyGrant(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx := db.Store, context.Background()
		for _, tt := range []struct {
			name    string
			plan    models.Plan
			partner bool
			want    int
		}{
			{"free", models.PlanFree, false, 10},
			{"paid", models.PlanPaid, false, 300},
			{"partner", models.PlanFree, true, 600},
		} {
			t.Run(tt.name, func(t *testing.T) {
				pub := newAccount(t, s, tt.name+"@example.com").PublisherID
				if err := s.SetPlan(ctx, pub, tt.plan); err != nil {
					t.Fatal(err)
				}
				if tt.partner {
					setPartner(t, s, pub)
				}
				for range 2 {
					if got := balanceOf(t, s, pub, renderNow); got != tt.want {
						t.Fatalf("balance %d, want %d", got, tt.want)
					}
				}
				if got := entryKinds(t, s, pub); len(got) != 1 || got[0] != fmt.Sprintf("grant:%d", tt.want) {
					t.Fatalf("ledger %v, want one grant", got)
				}
			})
		}

		t.Run("next month tops up to the allowance", func(t *testing.T) {
			pub := newAccount(t, s, "topup@example.com").PublisherID
			v := newVideo(t, s, pub, nil, "a", renderNow, nil)
			a := startRender(t, s, v, 3)
			if err := s.FinishRender(ctx, a.ID, store.RenderOutput{ContentKey: "c.mp4"}, renderNow); err != nil {
				t.Fatal(err)
			}
			if got := balanceOf(t, s, pub, renderNow); got != 7 {
				t.Fatalf("balance after render %d, want 7", got)
			}
			next := renderNow.AddDate(0, 1, 0)
			if got := balanceOf(t, s, pub, next); got != 10 {
				t.Fatalf("next month balance %d, want 10", got)
			}
			if got := balanceOf(t, s, pub, next.Add(time.Hour)); got != 10 {
				t.Fatalf("next month again %d, want 10", got)
			}
			want := []string{"grant:10", "reserve:-3", "capture:0", "grant:3"}
			if got := entryKinds(t, s, pub); !equalStrings(got, want) {
				t.Fatalf("ledger %v, want %v", got, want)
			}
			// An untouched balance gets an empty grant: the month is still recorded once.
			if got := balanceOf(t, s, pub, renderNow.AddDate(0, 2, 0)); got != 10 {
				t.Fatalf("third month %d, want 10", got)
			}
			if got := entryKinds(t, s, pub); len(got) != 5 || got[4] != "grant:0" {
				t.Fatalf("ledger %v, want a zero grant last", got)
			}
		})

		t.Run("missing account", func(t *testing.T) {
			if _, err := s.CreditBalance(ctx, 999999, renderNow); !errors.Is(err, models.ErrNotFound) {
				t.Fatalf("err %v, want ErrNotFound", err)
			}
		})
	})
}

func TestRenderFlows(t *testing.T) {
	out := store.RenderOutput{ContentKey: "videos/new.mp4", ThumbnailKey: "videos/new.jpg", SubtitlesKeyPrefix: "videos/subs/", DurationMs: 61_000,
		ScenesRendered: 1, ScenesReused: 2}
	finish := func(s *store.Store, id int64) error { return s.FinishRender(context.Background(), id, out, renderNow) }
	fail := func(s *store.Store, id int64) error {
		return s.FailRender(context.Background(), id, "ffmpeg exited 1", renderNow)
	}
	cancel := func(s *store.Store, id int64) error {
		return s.CancelRender(context.Background(), id, "cancelled by user", renderNow)
	}
	deleteVideo := func(s *store.Store, id int64) error {
		a, err := s.RenderAttemptByID(context.Background(), id)
		if err != nil {
			return err
		}
		return s.DeleteVideo(context.Background(), a.PublisherID, a.VideoID, renderNow)
	}
	tests := []struct {
		name         string
		oldContent   string // the video's content before this render
		steps        []func(*store.Store, int64) error
		wantErrs     []error // per step
		wantStatus   models.RenderAttemptStatus
		wantBalance  int
		wantLedger   []string
		wantVideo    string // render status
		wantContent  string
		wantDraft    bool
		wantRendered bool
	}{
		{name: "rendering", wantStatus: models.RenderAttemptRendering, wantBalance: 8,
			wantLedger: []string{"grant:10", "reserve:-2"}, wantVideo: domain.RenderStatusInProgress},
		{name: "finish", steps: []func(*store.Store, int64) error{finish}, wantErrs: []error{nil},
			wantStatus: models.RenderAttemptCompleted, wantBalance: 8, wantLedger: []string{"grant:10", "reserve:-2", "capture:0"},
			wantVideo: domain.RenderStatusComplete, wantContent: out.ContentKey, wantRendered: true},
		{name: "finish twice", steps: []func(*store.Store, int64) error{finish, finish}, wantErrs: []error{nil, nil},
			wantStatus: models.RenderAttemptCompleted, wantBalance: 8, wantLedger: []string{"grant:10", "reserve:-2", "capture:0"},
			wantVideo: domain.RenderStatusComplete, wantContent: out.ContentKey, wantRendered: true},
		{name: "fail", oldContent: "videos/old.mp4", steps: []func(*store.Store, int64) error{fail}, wantErrs: []error{nil},
			wantStatus: models.RenderAttemptFailed, wantBalance: 10, wantLedger: []string{"grant:10", "reserve:-2", "release:2"},
			wantVideo: domain.RenderStatusError, wantContent: "videos/old.mp4", wantDraft: true},
		{name: "fail twice", steps: []func(*store.Store, int64) error{fail, fail}, wantErrs: []error{nil, nil},
			wantStatus: models.RenderAttemptFailed, wantBalance: 10, wantLedger: []string{"grant:10", "reserve:-2", "release:2"},
			wantVideo: domain.RenderStatusError, wantDraft: true},
		{name: "fail after finish", steps: []func(*store.Store, int64) error{finish, fail}, wantErrs: []error{nil, models.ErrInvalidState},
			wantStatus: models.RenderAttemptCompleted, wantBalance: 8, wantLedger: []string{"grant:10", "reserve:-2", "capture:0"},
			wantVideo: domain.RenderStatusComplete, wantContent: out.ContentKey, wantRendered: true},
		{name: "cancel after finish", steps: []func(*store.Store, int64) error{finish, cancel}, wantErrs: []error{nil, models.ErrInvalidState},
			wantStatus: models.RenderAttemptCompleted, wantBalance: 8, wantLedger: []string{"grant:10", "reserve:-2", "capture:0"},
			wantVideo: domain.RenderStatusComplete, wantContent: out.ContentKey, wantRendered: true},
		{name: "finish after fail", steps: []func(*store.Store, int64) error{fail, finish}, wantErrs: []error{nil, models.ErrInvalidState},
			wantStatus: models.RenderAttemptFailed, wantBalance: 10, wantLedger: []string{"grant:10", "reserve:-2", "release:2"},
			wantVideo: domain.RenderStatusError, wantDraft: true},
		{name: "cancel never rendered", steps: []func(*store.Store, int64) error{cancel, cancel}, wantErrs: []error{nil, nil},
			wantStatus: models.RenderAttemptCancelled, wantBalance: 10, wantLedger: []string{"grant:10", "reserve:-2", "release:2"},
			wantVideo: domain.RenderStatusNone, wantDraft: true},
		{name: "cancel keeps earlier content", oldContent: "videos/old.mp4", steps: []func(*store.Store, int64) error{cancel},
			wantErrs: []error{nil}, wantStatus: models.RenderAttemptCancelled, wantBalance: 10,
			wantLedger: []string{"grant:10", "reserve:-2", "release:2"}, wantVideo: domain.RenderStatusComplete,
			wantContent: "videos/old.mp4", wantDraft: true},
		{name: "fail after cancel", steps: []func(*store.Store, int64) error{cancel, fail}, wantErrs: []error{nil, nil},
			wantStatus: models.RenderAttemptCancelled, wantBalance: 10, wantLedger: []string{"grant:10", "reserve:-2", "release:2"},
			wantVideo: domain.RenderStatusNone, wantDraft: true},
		{name: "finish after cancel", steps: []func(*store.Store, int64) error{cancel, finish}, wantErrs: []error{nil, models.ErrInvalidState},
			wantStatus: models.RenderAttemptCancelled, wantBalance: 10, wantLedger: []string{"grant:10", "reserve:-2", "release:2"},
			wantVideo: domain.RenderStatusNone, wantDraft: true},
		// Deleting the video cancels its render: the credits come back and the render
		// still running cannot finish.
		{name: "delete the video while rendering", oldContent: "videos/old.mp4", steps: []func(*store.Store, int64) error{deleteVideo, finish},
			wantErrs: []error{nil, models.ErrInvalidState}, wantStatus: models.RenderAttemptCancelled, wantBalance: 10,
			wantLedger: []string{"grant:10", "reserve:-2", "release:2"}, wantVideo: domain.RenderStatusComplete,
			wantContent: "videos/old.mp4", wantDraft: true},
		{name: "delete the video after it rendered", steps: []func(*store.Store, int64) error{finish, deleteVideo}, wantErrs: []error{nil, nil},
			wantStatus: models.RenderAttemptCompleted, wantBalance: 8, wantLedger: []string{"grant:10", "reserve:-2", "capture:0"},
			wantVideo: domain.RenderStatusComplete, wantContent: out.ContentKey, wantRendered: true},
	}
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx := db.Store, context.Background()
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				pub := newAccount(t, s, fmt.Sprintf("flow%d@example.com", i)).PublisherID
				v := newVideo(t, s, pub, nil, tt.name, renderNow, nil)
				if tt.oldContent != "" {
					err := s.DB().Table("videos").Where("id = ?", v.ID).
						Updates(map[string]any{"content_key": tt.oldContent, "render_status": "complete"}).Error
					if err != nil {
						t.Fatal(err)
					}
				}
				a := startRender(t, s, v, 2)
				if a.Attempt != 1 || a.Status != models.RenderAttemptRendering || a.RequiredCredits != 2 || a.ID == 0 {
					t.Fatalf("attempt %+v", a)
				}
				if r := renderOf(t, s, v.ID); r.Draft || r.RenderAttempts != 1 {
					t.Fatalf("video while rendering %+v, want not draft and 1 attempt", r)
				}
				for j, step := range tt.steps {
					if err := step(s, a.ID); !errors.Is(err, tt.wantErrs[j]) || (err != nil) != (tt.wantErrs[j] != nil) {
						t.Fatalf("step %d: err %v, want %v", j, err, tt.wantErrs[j])
					}
				}
				got, err := s.RenderAttemptByID(ctx, a.ID)
				if err != nil {
					t.Fatal(err)
				}
				if got.Status != tt.wantStatus {
					t.Errorf("attempt status %s, want %s", got.Status, tt.wantStatus)
				}
				if final := !got.Status.Active(); final != (got.FinishedAt != nil) {
					t.Errorf("finished at %v with status %s", got.FinishedAt, got.Status)
				}
				if got.Status == models.RenderAttemptCompleted &&
					(got.ContentKey != out.ContentKey || got.SubtitlesKeyPrefix != out.SubtitlesKeyPrefix || got.DurationMs != 61_000 || got.Progress != 1 ||
						got.ScenesRendered != 1 || got.ScenesReused != 2) {
					t.Errorf("completed attempt %+v", got)
				}
				if bal := balanceOf(t, s, pub, renderNow); bal != tt.wantBalance {
					t.Errorf("balance %d, want %d", bal, tt.wantBalance)
				}
				if ledger := entryKinds(t, s, pub); !equalStrings(ledger, tt.wantLedger) {
					t.Errorf("ledger %v, want %v", ledger, tt.wantLedger)
				}
				r := renderOf(t, s, v.ID)
				wantContent := tt.wantContent
				if wantContent == "" {
					wantContent = tt.oldContent
				}
				if r.RenderStatus != tt.wantVideo || r.ContentKey != wantContent || r.Draft != tt.wantDraft || (r.RenderedAt != nil) != tt.wantRendered {
					t.Errorf("video %+v, want status %q content %q draft %v rendered %v", r, tt.wantVideo, wantContent, tt.wantDraft, tt.wantRendered)
				}
			})
		}
	})
}

func TestStartRenderRefusals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx := db.Store, context.Background()
		start := func(v models.Video, pub int64, credits, max int) error {
			_, err := s.StartRender(ctx, store.StartRenderInput{VideoID: v.ID, PublisherID: pub, RequiredCredits: credits,
				MaxAttempts: max, Now: renderNow})
			return err
		}

		t.Run("in progress", func(t *testing.T) {
			pub := newAccount(t, s, "busy@example.com").PublisherID
			v := newVideo(t, s, pub, nil, "v", renderNow, nil)
			startRender(t, s, v, 1)
			if err := start(v, pub, 1, 10); !errors.Is(err, models.ErrRenderInProgress) {
				t.Fatalf("err %v, want ErrRenderInProgress", err)
			}
			if got := balanceOf(t, s, pub, renderNow); got != 9 {
				t.Fatalf("balance %d, want 9", got)
			}
		})

		t.Run("insufficient credits", func(t *testing.T) {
			pub := newAccount(t, s, "poor@example.com").PublisherID
			v := newVideo(t, s, pub, nil, "v", renderNow, nil)
			err := start(v, pub, 11, 10)
			var short *models.InsufficientCreditsError
			if !errors.Is(err, models.ErrInsufficientCredits) || !errors.As(err, &short) {
				t.Fatalf("err %v, want an InsufficientCreditsError", err)
			}
			// The refusal names the balance it was made on, for the user's message.
			if short.Required != 11 || short.Remaining != 10 {
				t.Fatalf("refused needing %d with %d, want 11 with 10", short.Required, short.Remaining)
			}
			// A refusal writes nothing, not even the month's grant; the whole balance can be spent.
			if got := entryKinds(t, s, pub); len(got) != 0 {
				t.Fatalf("ledger after refusal %v", got)
			}
			if err := start(v, pub, 10, 10); err != nil {
				t.Fatal(err)
			}
			if got := balanceOf(t, s, pub, renderNow); got != 0 {
				t.Fatalf("balance %d, want 0", got)
			}
		})

		t.Run("max attempts, lifted after a failure", func(t *testing.T) {
			pub := newAccount(t, s, "retry@example.com").PublisherID
			v := newVideo(t, s, pub, nil, "v", renderNow, nil)
			for i := range 2 {
				a, err := s.StartRender(ctx, store.StartRenderInput{VideoID: v.ID, PublisherID: pub, RequiredCredits: 1, MaxAttempts: 2, Now: renderNow})
				if err != nil || a.Attempt != i+1 {
					t.Fatalf("attempt %d: %+v, %v", i+1, a, err)
				}
				if err := s.CancelRender(ctx, a.ID, "stop", renderNow); err != nil {
					t.Fatal(err)
				}
			}
			if err := start(v, pub, 1, 2); !errors.Is(err, models.ErrMaxRenderAttempts) {
				t.Fatalf("err %v, want ErrMaxRenderAttempts", err)
			}
			if err := start(v, pub, 1, 0); err != nil {
				t.Fatalf("no limit: %v", err)
			}
			a, err := s.LatestRenderAttempt(ctx, v.ID)
			if err != nil || a.Attempt != 3 {
				t.Fatalf("latest %+v, %v", a, err)
			}
			if err := s.FailRender(ctx, a.ID, "boom", renderNow); err != nil {
				t.Fatal(err)
			}
			// Spec 000: max attempts is reached "except after an error".
			if err := start(v, pub, 1, 2); err != nil {
				t.Fatalf("retry after failure: %v", err)
			}
			if err := start(v, pub, 1, 2); !errors.Is(err, models.ErrRenderInProgress) {
				t.Fatalf("err %v, want ErrRenderInProgress", err)
			}
			if got := renderOf(t, s, v.ID).RenderAttempts; got != 4 {
				t.Fatalf("video attempts %d, want 4", got)
			}
		})

		t.Run("failed attempts are not used", func(t *testing.T) {
			pub := newAccount(t, s, "unlucky@example.com").PublisherID
			v := newVideo(t, s, pub, nil, "v", renderNow, nil)
			begin := func() models.RenderAttempt {
				t.Helper()
				a, err := s.StartRender(ctx, store.StartRenderInput{VideoID: v.ID, PublisherID: pub, RequiredCredits: 1, MaxAttempts: 2, Now: renderNow})
				if err != nil {
					t.Fatalf("start after %d used: %v", usedOf(t, s, v.ID), err)
				}
				return a
			}
			// A failure, then a render, then another: the failure delivered nothing, so
			// the video has used 2 of its 2 attempts only after the second render.
			if err := s.FailRender(ctx, begin().ID, "A file the video needs is missing from storage.", renderNow); err != nil {
				t.Fatal(err)
			}
			for range 2 {
				if err := s.FinishRender(ctx, begin().ID, store.RenderOutput{ContentKey: "k"}, renderNow); err != nil {
					t.Fatal(err)
				}
			}
			if got := usedOf(t, s, v.ID); got != 2 {
				t.Fatalf("attempts used %d, want 2", got)
			}
			if err := start(v, pub, 1, 2); !errors.Is(err, models.ErrMaxRenderAttempts) {
				t.Fatalf("err %v, want ErrMaxRenderAttempts", err)
			}
		})

		t.Run("another account's or a deleted video", func(t *testing.T) {
			owner := newAccount(t, s, "owner@example.com").PublisherID
			other := newAccount(t, s, "other@example.com").PublisherID
			v := newVideo(t, s, owner, nil, "v", renderNow, nil)
			if err := start(v, other, 1, 10); !errors.Is(err, models.ErrNotFound) {
				t.Fatalf("other account: %v, want ErrNotFound", err)
			}
			if _, err := s.RenderAttemptsOf(ctx, other, v.ID); !errors.Is(err, models.ErrNotFound) {
				t.Fatalf("other account's attempts: %v, want ErrNotFound", err)
			}
			if err := s.DeleteVideo(ctx, owner, v.ID, renderNow); err != nil {
				t.Fatal(err)
			}
			if err := start(v, owner, 1, 10); !errors.Is(err, models.ErrNotFound) {
				t.Fatalf("deleted video: %v, want ErrNotFound", err)
			}
			if got := entryKinds(t, s, other); len(got) != 0 {
				t.Fatalf("other ledger %v", got)
			}
		})

		t.Run("missing attempt", func(t *testing.T) {
			for name, err := range map[string]error{
				"finish":   s.FinishRender(ctx, 999999, store.RenderOutput{ContentKey: "x"}, renderNow),
				"fail":     s.FailRender(ctx, 999999, "x", renderNow),
				"cancel":   s.CancelRender(ctx, 999999, "x", renderNow),
				"progress": s.SetRenderProgress(ctx, 999999, store.RenderAttemptProgress{Progress: 0.5}),
			} {
				if !errors.Is(err, models.ErrNotFound) {
					t.Errorf("%s: %v, want ErrNotFound", name, err)
				}
			}
			if _, err := s.LatestRenderAttempt(ctx, 999999); !errors.Is(err, models.ErrNotFound) {
				t.Errorf("latest: %v, want ErrNotFound", err)
			}
		})
	})
}

func TestStartRenderConcurrent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx := db.Store, context.Background()

		t.Run("one video", func(t *testing.T) {
			pub := newAccount(t, s, "race@example.com").PublisherID
			v := newVideo(t, s, pub, nil, "v", renderNow, nil)
			const n = 10
			errs := make([]error, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Go(func() {
					_, errs[i] = s.StartRender(ctx, store.StartRenderInput{VideoID: v.ID, PublisherID: pub, RequiredCredits: 3,
						MaxAttempts: domain.MaxRenderAttempts, Now: renderNow})
				})
			}
			wg.Wait()
			ok, busy := 0, 0
			for _, err := range errs {
				switch {
				case err == nil:
					ok++
				case errors.Is(err, models.ErrRenderInProgress):
					busy++
				default:
					t.Errorf("unexpected error: %v", err)
				}
			}
			if ok != 1 || busy != n-1 {
				t.Fatalf("%d started, %d in progress; want 1 and %d", ok, busy, n-1)
			}
			if got := entryKinds(t, s, pub); !equalStrings(got, []string{"grant:10", "reserve:-3"}) {
				t.Fatalf("ledger %v", got)
			}
			if got := balanceOf(t, s, pub, renderNow); got != 7 {
				t.Fatalf("balance %d, want 7", got)
			}
		})

		t.Run("videos sharing the credits", func(t *testing.T) {
			pub := newAccount(t, s, "share@example.com").PublisherID
			const n = 4
			errs := make([]error, n)
			var wg sync.WaitGroup
			for i := range n {
				v := newVideo(t, s, pub, nil, fmt.Sprint(i), renderNow, nil)
				wg.Go(func() {
					_, errs[i] = s.StartRender(ctx, store.StartRenderInput{VideoID: v.ID, PublisherID: pub, RequiredCredits: 4,
						MaxAttempts: domain.MaxRenderAttempts, Now: renderNow})
				})
			}
			wg.Wait()
			ok := 0
			for _, err := range errs {
				var short *models.InsufficientCreditsError
				switch {
				case err == nil:
					ok++
				case !errors.As(err, &short):
					t.Errorf("unexpected error: %v", err)
				case short.Remaining != 2:
					// Refused after the two starts that spent 8: it says the 2 left.
					t.Errorf("refused with %d credits remaining, want 2", short.Remaining)
				}
			}
			if ok != 2 {
				t.Fatalf("%d renders started on 10 credits at 4 each, want 2", ok)
			}
			if got := balanceOf(t, s, pub, renderNow); got != 2 {
				t.Fatalf("balance %d, want 2", got)
			}
		})
	})
}

// TestSetRenderProgressConcurrent: API processes writing what each saw at once leave
// the attempt at the most any of them saw.
func TestSetRenderProgressConcurrent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx := db.Store, context.Background()
		pub := newAccount(t, s, "progress-race@example.com").PublisherID
		a := startRender(t, s, newVideo(t, s, pub, nil, "v", renderNow, nil), 1)
		var wg sync.WaitGroup
		for i := 8; i >= 1; i-- {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p := store.RenderAttemptProgress{Progress: float64(i) / 8, ScenesTotal: 8, ScenesDone: i, ScenesReused: i / 2}
				if err := s.SetRenderProgress(ctx, a.ID, p); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		got, err := s.RenderAttemptByID(ctx, a.ID)
		if err != nil || got.Progress != 1 || got.ScenesTotal != 8 || got.ScenesRendered != 4 || got.ScenesReused != 4 {
			t.Fatalf("attempt at %v, %d of %d (%d reused), %v; want 1, 8 of 8 (4 reused)",
				got.Progress, got.ScenesRendered+got.ScenesReused, got.ScenesTotal, got.ScenesReused, err)
		}
	})
}

func TestRenderProgressAndHistory(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx := db.Store, context.Background()
		pub := newAccount(t, s, "history@example.com").PublisherID
		v := newVideo(t, s, pub, nil, "v", renderNow, nil)
		first := startRender(t, s, v, 1)
		// Progress only rises: each column keeps the larger of what is stored and what
		// is given (an API process that saw less, or a segment heartbeat that started
		// over, takes nothing back).
		type row struct {
			progress                float64
			total, rendered, reused int
		}
		for _, tt := range []struct {
			name string
			in   store.RenderAttemptProgress
			want row
		}{
			{"planned", store.RenderAttemptProgress{ScenesTotal: 4}, row{0, 4, 0, 0}},
			{"a scene reused", store.RenderAttemptProgress{Progress: 0.25, ScenesTotal: 4, ScenesDone: 1, ScenesReused: 1}, row{0.25, 4, 0, 1}},
			{"negative is 0", store.RenderAttemptProgress{Progress: -1}, row{0.25, 4, 0, 1}},
			{"less", store.RenderAttemptProgress{Progress: 0.125, ScenesTotal: 4, ScenesDone: 1, ScenesReused: 1}, row{0.25, 4, 0, 1}},
			{"a scene rendered", store.RenderAttemptProgress{Progress: 0.5, ScenesTotal: 4, ScenesDone: 2, ScenesReused: 1}, row{0.5, 4, 1, 1}},
			{"same again", store.RenderAttemptProgress{Progress: 0.5, ScenesTotal: 4, ScenesDone: 2, ScenesReused: 1}, row{0.5, 4, 1, 1}},
			{"heartbeat started over", store.RenderAttemptProgress{Progress: 0.375, ScenesTotal: 4, ScenesDone: 3, ScenesReused: 1}, row{0.5, 4, 2, 1}},
			{"over 1 is 1", store.RenderAttemptProgress{Progress: 7, ScenesTotal: 4, ScenesDone: 4, ScenesReused: 1}, row{1, 4, 3, 1}},
			{"NaN", store.RenderAttemptProgress{Progress: math.NaN()}, row{1, 4, 3, 1}},
		} {
			if err := s.SetRenderProgress(ctx, first.ID, tt.in); err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			a, err := s.RenderAttemptByID(ctx, first.ID)
			if got := (row{a.Progress, a.ScenesTotal, a.ScenesRendered, a.ScenesReused}); err != nil || got != tt.want {
				t.Fatalf("%s: attempt at %+v, %v; want %+v", tt.name, got, err, tt.want)
			}
		}
		if err := s.FailRender(ctx, first.ID, "boom", renderNow); err != nil {
			t.Fatal(err)
		}
		if err := s.SetRenderProgress(ctx, first.ID, store.RenderAttemptProgress{Progress: 0.75}); !errors.Is(err, models.ErrInvalidState) {
			t.Fatalf("progress of a failed attempt: %v, want ErrInvalidState", err)
		}
		second := startRender(t, s, v, 1)
		if second.Attempt != 2 {
			t.Fatalf("second attempt number %d", second.Attempt)
		}
		if err := s.FinishRender(ctx, second.ID, store.RenderOutput{ContentKey: "c.mp4"}, renderNow); err != nil {
			t.Fatal(err)
		}
		list, err := s.RenderAttemptsOf(ctx, pub, v.ID)
		if err != nil || len(list) != 2 || list[0].ID != second.ID || list[1].ID != first.ID || list[1].Error != "boom" {
			t.Fatalf("attempts %+v, %v", list, err)
		}
		if got := list[0].DurationMs; got != 60_000 {
			t.Fatalf("duration kept from the estimate: %d", got)
		}
		latest, err := s.LatestRenderAttempt(ctx, v.ID)
		if err != nil || latest.ID != second.ID {
			t.Fatalf("latest %+v, %v", latest, err)
		}
		es, err := s.CreditEntries(ctx, pub, 2)
		if err != nil || len(es) != 2 || es[0].Kind != models.CreditCapture || es[0].RenderAttemptID == nil || *es[0].RenderAttemptID != second.ID {
			t.Fatalf("newest entries %+v, %v", es, err)
		}
	})
}

func TestVideoLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx := db.Store, context.Background()
		pub := newAccount(t, s, "limits@example.com").PublisherID
		lastMonth := time.Date(2026, 10, 31, 23, 59, 0, 0, time.UTC)
		newVideo(t, s, pub, nil, "last month", lastMonth, nil)
		rendered := newVideo(t, s, pub, nil, "rendered", time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), nil)
		failed := newVideo(t, s, pub, nil, "failed", renderNow, nil)
		newVideo(t, s, pub, nil, "draft", renderNow, nil)
		deleted := newVideo(t, s, pub, nil, "deleted", renderNow, nil)
		if err := s.DeleteVideo(ctx, pub, deleted.ID, renderNow); err != nil {
			t.Fatal(err)
		}
		newVideo(t, s, newAccount(t, s, "else@example.com").PublisherID, nil, "other account", renderNow, nil)
		a := startRender(t, s, rendered, 1)
		if err := s.FinishRender(ctx, a.ID, store.RenderOutput{ContentKey: "c.mp4"}, renderNow); err != nil {
			t.Fatal(err)
		}
		if err := s.FailRender(ctx, startRender(t, s, failed, 1).ID, "boom", renderNow); err != nil {
			t.Fatal(err)
		}

		tests := []struct {
			name    string
			partner bool
			plan    models.Plan
			want    store.VideoLimits
		}{
			{"free", false, models.PlanFree, store.VideoLimits{VideosAllowed: 5, VideosMade: 3, DraftsAllowed: 3, DraftsMade: 2}},
			{"paid", false, models.PlanPaid, store.VideoLimits{VideosAllowed: 100, VideosMade: 3, DraftsAllowed: 20, DraftsMade: 2}},
			{"partner", true, models.PlanPaid, store.VideoLimits{IsUnlimited: true, VideosMade: 3, DraftsMade: 2}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				if err := s.SetPlan(ctx, pub, tt.plan); err != nil {
					t.Fatal(err)
				}
				if tt.partner {
					setPartner(t, s, pub)
				}
				got, err := s.VideoLimits(ctx, pub, renderNow)
				if err != nil || got != tt.want {
					t.Fatalf("limits %+v, %v; want %+v", got, err, tt.want)
				}
			})
		}
		if _, err := s.VideoLimits(ctx, 999999, renderNow); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("missing account: %v", err)
		}
	})
}

// TestRenderMigrationDown checks that 00007 rolls back and applies again on each database.
func TestRenderMigrationDown(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		sqlDB, err := db.Store.DB().DB()
		if err != nil {
			t.Fatal(err)
		}
		fsys, err := migrations.Render(db.Store.Dialect())
		if err != nil {
			t.Fatal(err)
		}
		gd := goose.DialectPostgres
		if db.Store.Dialect() == migrations.SQLite {
			gd = goose.DialectSQLite3
		}
		p, err := goose.NewProvider(gd, sqlDB, fsys)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.DownTo(ctx, 6); err != nil {
			t.Fatalf("down: %v", err)
		}
		if _, err := p.Up(ctx); err != nil {
			t.Fatalf("up again: %v", err)
		}
		pub := newAccount(t, db.Store, "again@example.com").PublisherID
		if got := balanceOf(t, db.Store, pub, renderNow); got != 10 {
			t.Fatalf("balance after re-migration %d", got)
		}
	})
}

// TestRenderEndsRaceStarts runs renders ending on some videos while others of the same
// account start: the account lock must not deadlock with the ledger's foreign keys.
func TestRenderEndsRaceStarts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx := db.Store, context.Background()
		pub := newAccount(t, s, "mixed@example.com").PublisherID
		if err := s.SetPlan(ctx, pub, models.PlanPaid); err != nil {
			t.Fatal(err)
		}
		const n = 8
		running := make([]models.RenderAttempt, n)
		waiting := make([]models.Video, n)
		for i := range n {
			running[i] = startRender(t, s, newVideo(t, s, pub, nil, fmt.Sprint("r", i), renderNow, nil), 1)
			waiting[i] = newVideo(t, s, pub, nil, fmt.Sprint("w", i), renderNow, nil)
		}
		errs := make(chan error, 2*n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				if i%2 == 0 {
					errs <- s.FinishRender(ctx, running[i].ID, store.RenderOutput{ContentKey: "c.mp4"}, renderNow)
				} else {
					errs <- s.FailRender(ctx, running[i].ID, "boom", renderNow)
				}
			})
			wg.Go(func() {
				_, err := s.StartRender(ctx, store.StartRenderInput{VideoID: waiting[i].ID, PublisherID: pub, RequiredCredits: 1,
					MaxAttempts: domain.MaxRenderAttempts, Now: renderNow})
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Error(err)
			}
		}
		// 300 granted, 8 + 8 reserved, 4 released.
		if got := balanceOf(t, s, pub, renderNow); got != 300-16+n/2 {
			t.Fatalf("balance %d, want %d", got, 300-16+n/2)
		}
	})
}

// TestActiveRendersCreatedBefore: the render reconciler finds, over every account, the
// attempts still pending or rendering that were created before the cut-off, page by
// page; each keeps the user who asked for it.
func TestActiveRendersCreatedBefore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		s, ctx := db.Store, context.Background()
		ann := newAccount(t, s, "ann@example.com")
		bob := newAccount(t, s, "bob@example.com")
		start := func(u models.PublisherUser, name string, at time.Time) models.RenderAttempt {
			t.Helper()
			v := newVideo(t, s, u.PublisherID, nil, name, at, nil)
			a, err := s.StartRender(ctx, store.StartRenderInput{VideoID: v.ID, PublisherID: u.PublisherID, RequiredCredits: 1,
				MaxAttempts: domain.MaxRenderAttempts, RequestedBy: u.ID, Now: at})
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		cutoff := renderNow.Add(-2 * time.Minute)
		stalled := start(ann, "stalled", renderNow.Add(-10*time.Minute))
		young := start(ann, "young", renderNow.Add(-time.Minute))
		finished := start(ann, "finished", renderNow.Add(-time.Hour))
		if err := s.FinishRender(ctx, finished.ID, store.RenderOutput{ContentKey: "c.mp4"}, renderNow); err != nil {
			t.Fatal(err)
		}
		failed := start(bob, "failed", renderNow.Add(-time.Hour))
		if err := s.FailRender(ctx, failed.ID, "boom", renderNow); err != nil {
			t.Fatal(err)
		}
		other := start(bob, "other account", renderNow.Add(-5*time.Minute))
		anon, err := s.StartRender(ctx, store.StartRenderInput{VideoID: newVideo(t, s, bob.PublisherID, nil, "anon", renderNow, nil).ID,
			PublisherID: bob.PublisherID, RequiredCredits: 1, MaxAttempts: domain.MaxRenderAttempts, Now: renderNow.Add(-3 * time.Minute)})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.DB().Model(&models.RenderAttempt{}).Where("id = ?", young.ID).Update("status", "pending").Error; err != nil {
			t.Fatal(err)
		}

		ids := func(as []models.RenderAttempt) []int64 {
			out := make([]int64, len(as))
			for i, a := range as {
				out[i] = a.ID
			}
			return out
		}
		all, err := s.ActiveRendersCreatedBefore(ctx, cutoff, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := fmt.Sprint(ids(all)), fmt.Sprint([]int64{stalled.ID, other.ID, anon.ID}); got != want {
			t.Fatalf("stalled attempts %s, want %s (not young %d, finished %d, failed %d)", got, want, young.ID, finished.ID, failed.ID)
		}
		if all[0].RequestedBy == nil || *all[0].RequestedBy != ann.ID || all[1].RequestedBy == nil || *all[1].RequestedBy != bob.ID {
			t.Fatalf("requested by %v and %v, want %d and %d", all[0].RequestedBy, all[1].RequestedBy, ann.ID, bob.ID)
		}
		if all[2].RequestedBy != nil {
			t.Fatalf("attempt without a requester has %d", *all[2].RequestedBy)
		}
		// Page by page.
		var paged []int64
		for after := int64(0); ; {
			page, err := s.ActiveRendersCreatedBefore(ctx, cutoff, after, 2)
			if err != nil {
				t.Fatal(err)
			}
			if len(page) == 0 {
				break
			}
			paged = append(paged, ids(page)...)
			after = page[len(page)-1].ID
		}
		if fmt.Sprint(paged) != fmt.Sprint(ids(all)) {
			t.Fatalf("paged %v, want %v", paged, ids(all))
		}
		// A pending attempt older than the cut-off is found too.
		if got, _ := s.ActiveRendersCreatedBefore(ctx, renderNow, 0, 0); !slices.Contains(ids(got), young.ID) {
			t.Fatalf("pending attempt %d not among %v", young.ID, ids(got))
		}
	})
}
