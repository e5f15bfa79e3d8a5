package models

import (
	"errors"
	"fmt"
	"time"
)

// Render refusals. StartRender returns them wrapped with the video's id; the API maps
// each to its own render-not-allowed message (spec 000 section 8).
var (
	// ErrRenderInProgress means the video already has a pending or rendering attempt.
	ErrRenderInProgress = errors.New("render in progress")
	// ErrMaxRenderAttempts means the video has used all its render attempts.
	ErrMaxRenderAttempts = errors.New("max render attempts reached")
	// ErrInsufficientCredits means the account's credit balance, after this month's
	// grant, is below what the render needs.
	ErrInsufficientCredits = errors.New("insufficient credits")
)

// InsufficientCreditsError is ErrInsufficientCredits with the numbers the refusal was
// made on: what the render needs and what the account had when it was refused. A
// caller that read the balance earlier (another render may have spent it since) tells
// the user these.
type InsufficientCreditsError struct {
	Required  int
	Remaining int
}

func (e *InsufficientCreditsError) Error() string {
	return fmt.Sprintf("needs %d credits, %d remain: %v", e.Required, e.Remaining, ErrInsufficientCredits)
}

// Unwrap makes errors.Is(err, ErrInsufficientCredits) hold.
func (e *InsufficientCreditsError) Unwrap() error { return ErrInsufficientCredits }

// RenderAttemptStatus is where one render attempt is (spec 001 section 3, "Render
// request": pending, rendering, completed, failed, cancelled).
type RenderAttemptStatus string

// Render attempt statuses. Pending and rendering are active; the others are final.
const (
	RenderAttemptPending   RenderAttemptStatus = "pending"
	RenderAttemptRendering RenderAttemptStatus = "rendering"
	RenderAttemptCompleted RenderAttemptStatus = "completed"
	RenderAttemptFailed    RenderAttemptStatus = "failed"
	RenderAttemptCancelled RenderAttemptStatus = "cancelled"
)

// Active reports whether the attempt may still finish, fail or be cancelled; a video
// has at most one active attempt.
func (s RenderAttemptStatus) Active() bool {
	return s == RenderAttemptPending || s == RenderAttemptRendering
}

// RenderAttempt is one render of a video: the RenderVideo workflow's run, the credits
// it reserved and what it produced. Attempts are numbered 1, 2, 3… per video.
type RenderAttempt struct {
	ID          int64 `gorm:"primaryKey"`
	VideoID     int64
	PublisherID int64
	// Attempt is the attempt's number among the video's attempts, from 1.
	Attempt int
	Status  RenderAttemptStatus
	// RequiredCredits is what StartRender reserved (domain.RequiredCredits of the estimate).
	RequiredCredits int
	// DurationMs is the estimated duration at start, then the rendered one.
	DurationMs         int
	ContentKey         string
	ThumbnailKey       string
	SubtitlesKeyPrefix string
	// Error is why the attempt failed or was cancelled.
	Error string
	// Progress is how much of the render is done, 0 to 1: while it runs, the most an
	// API process has seen (store.SetRenderProgress only raises it).
	Progress float64
	// ScenesRendered and ScenesReused count its scenes rendered afresh and those reused
	// unchanged from an earlier render's segments: so far while it runs (as Progress),
	// all of them once it completed.
	ScenesRendered int
	ScenesReused   int
	// ScenesTotal is the number of scenes in the attempt's plan: 0 while it runs until
	// an API process has seen the plan, and ScenesRendered+ScenesReused once completed.
	ScenesTotal int
	// RequestedBy is the user who asked for the render, e-mailed when it ends; nil for
	// attempts made before it was kept, or whose user is gone.
	RequestedBy *int64
	CreatedAt   time.Time
	UpdatedAt   time.Time
	FinishedAt  *time.Time
}

// TableName keeps GORM on the migration's table name.
func (RenderAttempt) TableName() string { return "render_attempts" }

// CreditEntryKind says what a credit ledger entry records.
type CreditEntryKind string

// Credit ledger entry kinds. An account's balance is the sum of its entries' amounts.
const (
	// CreditGrant adds credits (the monthly allowance; later refills). Amount >= 0.
	CreditGrant CreditEntryKind = "grant"
	// CreditReserve holds a render's credits when it starts. Amount <= 0.
	CreditReserve CreditEntryKind = "reserve"
	// CreditRelease gives a failed or cancelled render's reserve back. Amount >= 0.
	CreditRelease CreditEntryKind = "release"
	// CreditCapture marks a completed render's reserve as final. Amount is 0: the
	// reserve already holds the charge.
	CreditCapture CreditEntryKind = "capture"
)

// CreditEntry is one line of an account's credit ledger. Entries are only ever added:
// each render step writes at most one entry of its kind per attempt, and each grant
// one entry per grant key, so retries cannot charge or refund twice.
type CreditEntry struct {
	ID          int64 `gorm:"primaryKey"`
	PublisherID int64
	Kind        CreditEntryKind
	// Amount is signed: grants and releases add, reserves subtract, captures are 0.
	Amount int
	// RenderAttemptID is the attempt a reserve, release or capture belongs to.
	RenderAttemptID *int64
	// GrantKey makes a grant happen once, e.g. MonthlyGrantKey's "monthly:2026-11".
	GrantKey  *string
	Note      string
	CreatedAt time.Time
}

// TableName keeps GORM on the migration's table name.
func (CreditEntry) TableName() string { return "credit_entries" }

// MonthlyGrantKey is the grant key of the monthly credit allowance for the calendar
// month (UTC) that t falls in.
func MonthlyGrantKey(t time.Time) string { return "monthly:" + t.UTC().Format("2006-01") }

// Monthly allowances per plan. A credit is one started minute of rendered video.
const (
	FreeMonthlyCredits    = 10
	PaidMonthlyCredits    = 300
	PartnerMonthlyCredits = 600

	FreeMonthlyVideos = 5
	PaidMonthlyVideos = 100

	FreeMonthlyDrafts = 3
	PaidMonthlyDrafts = 20
)

// MonthlyCredits is the credit allowance of a month: 10 on the free plan, 300 on the
// paid plan, 600 for partner accounts. The monthly grant tops the balance up to this
// (unused allowance does not roll over; credits above it are kept).
func MonthlyCredits(plan Plan, isPartner bool) int {
	switch {
	case isPartner:
		return PartnerMonthlyCredits
	case plan == PlanPaid:
		return PaidMonthlyCredits
	default:
		return FreeMonthlyCredits
	}
}

// MonthlyVideos is how many videos an account may create in a calendar month: 5 on the
// free plan, 100 on the paid plan, unlimited for partner accounts (allowed is then 0).
func MonthlyVideos(plan Plan, isPartner bool) (allowed int, unlimited bool) {
	switch {
	case isPartner:
		return 0, true
	case plan == PlanPaid:
		return PaidMonthlyVideos, false
	default:
		return FreeMonthlyVideos, false
	}
}

// MonthlyDrafts is how many of a month's videos may stay unrendered (drafts): 3 on the
// free plan, 20 on the paid plan (the bulk-create draft cap), unlimited for partner
// accounts (allowed is then 0). Drafts count towards MonthlyVideos too.
func MonthlyDrafts(plan Plan, isPartner bool) (allowed int, unlimited bool) {
	switch {
	case isPartner:
		return 0, true
	case plan == PlanPaid:
		return PaidMonthlyDrafts, false
	default:
		return FreeMonthlyDrafts, false
	}
}
