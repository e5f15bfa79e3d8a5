package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"pagecast/migrations"
	"pagecast/models"
)

// Video render statuses this file writes; the same values as domain.RenderStatus*
// (spec 000 section 4: complete and error are final, any other non-empty value means
// a render is in progress).
const (
	videoRenderInProgress = "in progress"
	videoRenderComplete   = "complete"
	videoRenderError      = "error"
)

// activeRenderStatuses are the attempt statuses that still hold a video's render.
var activeRenderStatuses = []string{string(models.RenderAttemptPending), string(models.RenderAttemptRendering)}

// Locking, so that no two transactions wait on each other: on PostgreSQL rows are
// locked in the order account (publishers row), render attempt, video, and nothing
// that holds a video waits for an account or an attempt. StartRender locks the account
// and the video; FinishRender, FailRender and CancelRender lock the attempt, then
// write the video. SQLite transactions take the database's write lock at BEGIN
// (_txlock=immediate in sqliteDSN), which serialises them all.

// lockPublisher loads an account for update inside tx. On PostgreSQL the lock is FOR
// NO KEY UPDATE: it serialises the account's credit spending (StartRender,
// CreditBalance's grant) without blocking the foreign-key checks of ledger entries
// that FinishRender and FailRender write meanwhile, so those never wait on it.
func (s *Store) lockPublisher(tx *gorm.DB, id int64) (models.Publisher, error) {
	var p models.Publisher
	q := tx.Where("id = ?", id)
	if s.dialect == migrations.Postgres {
		q = q.Clauses(clause.Locking{Strength: "NO KEY UPDATE"})
	}
	return p, translate(q.Take(&p).Error, fmt.Sprintf("publisher %d", id))
}

// lockAttempt loads a render attempt for update inside tx.
func (s *Store) lockAttempt(tx *gorm.DB, id int64) (models.RenderAttempt, error) {
	var a models.RenderAttempt
	q := tx.Where("id = ?", id)
	if s.dialect == migrations.Postgres {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	return a, translate(q.Take(&a).Error, fmt.Sprintf("render attempt %d", id))
}

// creditBalance sums an account's ledger.
func creditBalance(db *gorm.DB, publisherID int64) (int, error) {
	var sum int64
	err := db.Model(&models.CreditEntry{}).Select("COALESCE(SUM(amount), 0)").
		Where("publisher_id = ?", publisherID).Row().Scan(&sum)
	if err != nil {
		return 0, translate(err, "credit balance")
	}
	return int(sum), nil
}

// hasGrant reports whether the account has the grant of key.
func hasGrant(db *gorm.DB, publisherID int64, key string) (bool, error) {
	var n int64
	err := db.Model(&models.CreditEntry{}).Where("publisher_id = ? AND grant_key = ?", publisherID, key).Count(&n).Error
	return n > 0, translate(err, "find credit grant")
}

// ensureMonthlyGrant writes the account's grant for the month of now unless it exists.
// The grant tops the balance up to the plan's monthly credits (never below zero), so
// unused allowance does not pile up month after month. The caller holds the account's
// lock, so the balance it tops up from cannot move underneath it; the grant key keeps
// it to one grant a month even so.
func ensureMonthlyGrant(tx *gorm.DB, pub models.Publisher, now time.Time) error {
	key := models.MonthlyGrantKey(now)
	found, err := hasGrant(tx, pub.ID, key)
	if err != nil || found {
		return err
	}
	balance, err := creditBalance(tx, pub.ID)
	if err != nil {
		return err
	}
	allowance := models.MonthlyCredits(pub.Plan, pub.IsPartner)
	e := models.CreditEntry{
		PublisherID: pub.ID, Kind: models.CreditGrant, Amount: max(0, allowance-balance), GrantKey: &key,
		Note:      fmt.Sprintf("monthly credits %s: allowance %d, balance was %d", now.UTC().Format("2006-01"), allowance, balance),
		CreatedAt: now.UTC(),
	}
	return translate(tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&e).Error, "grant monthly credits")
}

// CreditBalance returns the account's credits, after granting this month's allowance
// (models.MonthlyCredits) if that has not happened yet. A missing account is
// models.ErrNotFound.
func (s *Store) CreditBalance(ctx context.Context, publisherID int64, now time.Time) (int, error) {
	db := s.db.WithContext(ctx)
	// Most calls find the grant made: answer them without a write transaction.
	found, err := hasGrant(db, publisherID, models.MonthlyGrantKey(now))
	if err != nil {
		return 0, err
	}
	if found {
		return creditBalance(db, publisherID)
	}
	var balance int
	err = db.Transaction(func(tx *gorm.DB) error {
		pub, err := s.lockPublisher(tx, publisherID)
		if err != nil {
			return err
		}
		if err := ensureMonthlyGrant(tx, pub, now); err != nil {
			return err
		}
		balance, err = creditBalance(tx, publisherID)
		return err
	})
	return balance, err
}

// CreditEntries lists the account's ledger, newest first: at most limit entries (50
// when limit is not positive, never more than 500).
func (s *Store) CreditEntries(ctx context.Context, publisherID int64, limit int) ([]models.CreditEntry, error) {
	if limit <= 0 {
		limit = 50
	}
	limit = min(limit, 500)
	var out []models.CreditEntry
	err := s.db.WithContext(ctx).Where("publisher_id = ?", publisherID).
		Order("created_at DESC").Order("id DESC").Limit(limit).Find(&out).Error
	return out, translate(err, "credit entries")
}

// StartRenderInput is what StartRender needs to begin a render attempt.
type StartRenderInput struct {
	VideoID     int64
	PublisherID int64
	// RequiredCredits is what the render costs (domain.RequiredCredits of DurationMs).
	RequiredCredits int
	// DurationMs is the video's estimated duration.
	DurationMs int
	// MaxAttempts is how many attempts the video may use in all (domain.MaxRenderAttempts;
	// failed attempts are not used: RenderAttemptsUsed); 0 means no limit. A video whose
	// last attempt failed may always try again.
	MaxAttempts int
	// RequestedBy is the user who asked (publisher_users.id), kept on the attempt so a
	// render started later still e-mails them; 0 keeps none.
	RequestedBy int64
	Now         time.Time
}

// StartRender begins a render attempt of a live video of the account in one
// transaction: it refuses with models.ErrRenderInProgress when an attempt of the video
// is pending or rendering, models.ErrMaxRenderAttempts when the video has used
// MaxAttempts attempts (RenderAttemptsUsed; unless the last one failed: spec 000 "except after an error",
// as domain.CreditsFor), and models.ErrInsufficientCredits when the balance (after this
// month's grant) is below RequiredCredits (a *models.InsufficientCreditsError with the
// balance it was refused on). Otherwise it stores the next attempt as
// rendering, reserves its credits, and marks the video in progress and no longer a
// draft (edits made while it renders mark it a draft again). Another account's video
// is models.ErrNotFound. The account's row is locked, so concurrent starts, on this
// video or on others of the account, cannot spend the same credits twice.
func (s *Store) StartRender(ctx context.Context, in StartRenderInput) (models.RenderAttempt, error) {
	var a models.RenderAttempt
	if in.RequiredCredits < 0 {
		return a, fmt.Errorf("start render of video %d: negative required credits %d", in.VideoID, in.RequiredCredits)
	}
	now := in.Now.UTC()
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		pub, err := s.lockPublisher(tx, in.PublisherID)
		if err != nil {
			return err
		}
		var ids []int64
		q := liveVideos(tx.Model(&models.Video{}), in.PublisherID).Where("id = ?", in.VideoID)
		if s.dialect == migrations.Postgres {
			q = q.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		if err := q.Limit(1).Pluck("id", &ids).Error; err != nil {
			return translate(err, fmt.Sprintf("video %d", in.VideoID))
		}
		if len(ids) == 0 {
			return fmt.Errorf("video %d: %w", in.VideoID, models.ErrNotFound)
		}
		var active int64
		if err := tx.Model(&models.RenderAttempt{}).Where("video_id = ? AND status IN ?", in.VideoID, activeRenderStatuses).
			Count(&active).Error; err != nil {
			return translate(err, "find active render")
		}
		if active > 0 {
			return fmt.Errorf("start render of video %d: %w", in.VideoID, models.ErrRenderInProgress)
		}
		var latest []models.RenderAttempt
		if err := tx.Where("video_id = ?", in.VideoID).Order("attempt DESC").Limit(1).Find(&latest).Error; err != nil {
			return translate(err, "latest render attempt")
		}
		attempts, lastFailed := 0, false
		if len(latest) > 0 {
			attempts, lastFailed = latest[0].Attempt, latest[0].Status == models.RenderAttemptFailed
		}
		used, err := usedRenderAttempts(tx, in.VideoID)
		if err != nil {
			return err
		}
		if in.MaxAttempts > 0 && used >= in.MaxAttempts && !lastFailed {
			return fmt.Errorf("start render of video %d: %d of %d attempts used: %w",
				in.VideoID, used, in.MaxAttempts, models.ErrMaxRenderAttempts)
		}
		if err := ensureMonthlyGrant(tx, pub, now); err != nil {
			return err
		}
		balance, err := creditBalance(tx, in.PublisherID)
		if err != nil {
			return err
		}
		if balance < in.RequiredCredits {
			return fmt.Errorf("start render of video %d: %w", in.VideoID,
				&models.InsufficientCreditsError{Required: in.RequiredCredits, Remaining: balance})
		}
		a = models.RenderAttempt{
			VideoID: in.VideoID, PublisherID: in.PublisherID, Attempt: attempts + 1, Status: models.RenderAttemptRendering,
			RequiredCredits: in.RequiredCredits, DurationMs: in.DurationMs, CreatedAt: now, UpdatedAt: now,
		}
		if in.RequestedBy != 0 {
			a.RequestedBy = &in.RequestedBy
		}
		if err := tx.Create(&a).Error; err != nil {
			err = translate(err, fmt.Sprintf("start render of video %d", in.VideoID))
			if errors.Is(err, models.ErrConflict) {
				// Only reachable if a writer skipped the locks above; the unique
				// indexes still keep one active attempt.
				return fmt.Errorf("start render of video %d: %w", in.VideoID, models.ErrRenderInProgress)
			}
			return err
		}
		reserve := models.CreditEntry{
			PublisherID: in.PublisherID, Kind: models.CreditReserve, Amount: -in.RequiredCredits, RenderAttemptID: &a.ID,
			Note: fmt.Sprintf("render video %d attempt %d", in.VideoID, a.Attempt), CreatedAt: now,
		}
		if err := tx.Create(&reserve).Error; err != nil {
			return translate(err, "reserve render credits")
		}
		err = tx.Table("videos").Where("id = ?", in.VideoID).Updates(map[string]any{
			"render_status": videoRenderInProgress, "render_attempts": a.Attempt, "draft": false, "updated_at": now,
		}).Error
		return translate(err, "mark video rendering")
	})
	return a, err
}

// RenderOutput is what a completed render produced.
type RenderOutput struct {
	ContentKey         string
	ThumbnailKey       string
	SubtitlesKeyPrefix string
	// DurationMs is the rendered video's duration; 0 keeps the estimate.
	DurationMs int
	// ScenesRendered and ScenesReused count the scenes rendered afresh and those whose
	// segment an earlier render made.
	ScenesRendered int
	ScenesReused   int
}

// FinishRender completes a render attempt in one transaction: the attempt becomes
// completed with its output (and its count of rendered and reused scenes), a capture entry makes its reserved credits final, and
// the video gets the new content and thumbnail, render status complete and its
// rendered time. Its draft flag is left alone: StartRender cleared it, and an edit
// made during the render set it again. Calling it again for a completed attempt
// changes nothing; for a failed or cancelled one it is models.ErrInvalidState.
func (s *Store) FinishRender(ctx context.Context, attemptID int64, out RenderOutput, now time.Time) error {
	if out.ContentKey == "" {
		return fmt.Errorf("finish render attempt %d: no content key", attemptID)
	}
	now = now.UTC()
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		a, err := s.lockAttempt(tx, attemptID)
		if err != nil {
			return err
		}
		if a.Status == models.RenderAttemptCompleted {
			return nil
		}
		if !a.Status.Active() {
			return fmt.Errorf("finish render attempt %d: attempt is %s: %w", attemptID, a.Status, models.ErrInvalidState)
		}
		duration := a.DurationMs
		if out.DurationMs > 0 {
			duration = out.DurationMs
		}
		err = tx.Model(&models.RenderAttempt{}).Where("id = ?", attemptID).Updates(map[string]any{
			"status": string(models.RenderAttemptCompleted), "content_key": out.ContentKey, "thumbnail_key": out.ThumbnailKey,
			"subtitles_key_prefix": out.SubtitlesKeyPrefix, "duration_ms": duration, "progress": 1.0, "error": "",
			"scenes_rendered": out.ScenesRendered, "scenes_reused": out.ScenesReused,
			"scenes_total": out.ScenesRendered + out.ScenesReused, "updated_at": now, "finished_at": now,
		}).Error
		if err != nil {
			return translate(err, "complete render attempt")
		}
		capture := models.CreditEntry{
			PublisherID: a.PublisherID, Kind: models.CreditCapture, Amount: 0, RenderAttemptID: &a.ID,
			Note: fmt.Sprintf("rendered video %d attempt %d: %d credits", a.VideoID, a.Attempt, a.RequiredCredits), CreatedAt: now,
		}
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&capture).Error; err != nil {
			return translate(err, "capture render credits")
		}
		err = tx.Table("videos").Where("id = ?", a.VideoID).Updates(map[string]any{
			"content_key": out.ContentKey, "thumbnail_key": out.ThumbnailKey, "render_status": videoRenderComplete,
			"rendered_at": now, "updated_at": now,
		}).Error
		return translate(err, "store rendered video")
	})
}

// FailRender ends a render attempt that went wrong, in one transaction: the attempt
// becomes failed with reason, its reserved credits are released, and the video's render
// status becomes error and it is a draft again. The video keeps its previous content:
// a failed render never replaces it. Calling it again, or for a cancelled attempt,
// changes nothing; for a completed attempt it is models.ErrInvalidState.
func (s *Store) FailRender(ctx context.Context, attemptID int64, reason string, now time.Time) error {
	return s.endRender(ctx, attemptID, models.RenderAttemptFailed, reason, now)
}

// CancelRender ends a render attempt on request, like FailRender, but the video's
// render status goes back to complete when it has content from an earlier render, and
// to empty (never rendered) otherwise. Calling it again, or for a failed attempt,
// changes nothing; for a completed attempt it is models.ErrInvalidState.
func (s *Store) CancelRender(ctx context.Context, attemptID int64, reason string, now time.Time) error {
	return s.endRender(ctx, attemptID, models.RenderAttemptCancelled, reason, now)
}

// endRender moves an active attempt to failed or cancelled and releases its credits.
func (s *Store) endRender(ctx context.Context, attemptID int64, status models.RenderAttemptStatus, reason string, now time.Time) error {
	now = now.UTC()
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		a, err := s.lockAttempt(tx, attemptID)
		if err != nil {
			return err
		}
		if a.Status == models.RenderAttemptCompleted {
			return fmt.Errorf("end render attempt %d as %s: attempt is completed: %w", attemptID, status, models.ErrInvalidState)
		}
		if !a.Status.Active() {
			return nil // already failed or cancelled: the first ending stands
		}
		return endAttempt(tx, a, status, reason, now)
	})
}

// endAttempt moves active attempt a (locked by the caller's transaction) to failed or
// cancelled, releases its credits and marks its video's render ended.
func endAttempt(tx *gorm.DB, a models.RenderAttempt, status models.RenderAttemptStatus, reason string, now time.Time) error {
	err := tx.Model(&models.RenderAttempt{}).Where("id = ?", a.ID).Updates(map[string]any{
		"status": string(status), "error": reason, "updated_at": now, "finished_at": now,
	}).Error
	if err != nil {
		return translate(err, "end render attempt")
	}
	if err := releaseCredits(tx, a, now); err != nil {
		return err
	}
	videoStatus := any(videoRenderError)
	if status == models.RenderAttemptCancelled {
		videoStatus = gorm.Expr("CASE WHEN content_key <> '' THEN ? ELSE '' END", videoRenderComplete)
	}
	err = tx.Table("videos").Where("id = ?", a.VideoID).Updates(map[string]any{
		"render_status": videoStatus, "draft": true, "updated_at": now,
	}).Error
	return translate(err, "mark video render ended")
}

// cancelVideoRenders cancels the video's active render attempts in the caller's
// transaction (the video is being deleted): their credits are released, so the render
// still running cannot capture them (FinishRender refuses an ended attempt).
func (s *Store) cancelVideoRenders(tx *gorm.DB, videoID int64, reason string, now time.Time) error {
	var ids []int64
	err := tx.Model(&models.RenderAttempt{}).Where("video_id = ? AND status IN ?", videoID,
		[]string{string(models.RenderAttemptPending), string(models.RenderAttemptRendering)}).Pluck("id", &ids).Error
	if err != nil {
		return translate(err, "active renders of video")
	}
	for _, id := range ids {
		a, err := s.lockAttempt(tx, id)
		if err != nil {
			return err
		}
		if a.Status.Active() {
			if err := endAttempt(tx, a, models.RenderAttemptCancelled, reason, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// releaseCredits gives an attempt's reserve back, once, unless it was captured.
func releaseCredits(tx *gorm.DB, a models.RenderAttempt, now time.Time) error {
	var entries []models.CreditEntry
	if err := tx.Where("render_attempt_id = ?", a.ID).Find(&entries).Error; err != nil {
		return translate(err, "render credit entries")
	}
	var reserve *models.CreditEntry
	for i, e := range entries {
		switch e.Kind {
		case models.CreditCapture, models.CreditRelease:
			return nil
		case models.CreditReserve:
			reserve = &entries[i]
		}
	}
	if reserve == nil {
		return nil
	}
	release := models.CreditEntry{
		PublisherID: a.PublisherID, Kind: models.CreditRelease, Amount: -reserve.Amount, RenderAttemptID: &a.ID,
		Note: fmt.Sprintf("render video %d attempt %d ended unfinished", a.VideoID, a.Attempt), CreatedAt: now,
	}
	return translate(tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&release).Error, "release render credits")
}

// RenderAttemptProgress is how far a running render attempt is, as an API process
// last saw it from the render's workflow.
type RenderAttemptProgress struct {
	// Progress is the fraction done, 0 to 1 (clamped).
	Progress float64
	// ScenesTotal is the number of scenes in the plan; ScenesDone the finished ones, of
	// which ScenesReused came from an earlier render's segments.
	ScenesTotal, ScenesDone, ScenesReused int
}

// SetRenderProgress records how far an active render attempt is, so that any API
// process can answer it while the render's workflow cannot. It only raises: each of
// the progress, the scene total and the rendered and reused scene counts becomes the
// larger of what is stored and what is given, in one statement, so API processes
// writing what they saw at once never take the attempt back. A finished attempt is
// models.ErrInvalidState, a missing one models.ErrNotFound.
func (s *Store) SetRenderProgress(ctx context.Context, attemptID int64, p RenderAttemptProgress) error {
	progress := p.Progress
	if math.IsNaN(progress) {
		progress = 0
	}
	progress = min(max(progress, 0), 1)
	reused := max(p.ScenesReused, 0)
	rendered := max(p.ScenesDone-reused, 0)
	total := max(p.ScenesTotal, 0)
	raise := func(col string, v any) clause.Expr {
		return gorm.Expr("CASE WHEN "+col+" < ? THEN ? ELSE "+col+" END", v, v)
	}
	db := s.db.WithContext(ctx)
	res := db.Model(&models.RenderAttempt{}).
		Where("id = ? AND status IN ?", attemptID, activeRenderStatuses).
		Where("progress < ? OR scenes_total < ? OR scenes_rendered < ? OR scenes_reused < ?", progress, total, rendered, reused).
		Updates(map[string]any{
			"progress": raise("progress", progress), "scenes_total": raise("scenes_total", total),
			"scenes_rendered": raise("scenes_rendered", rendered), "scenes_reused": raise("scenes_reused", reused),
			"updated_at": time.Now().UTC(),
		})
	if res.Error != nil {
		return translate(res.Error, "set render progress")
	}
	if res.RowsAffected > 0 {
		return nil
	}
	a, err := s.RenderAttemptByID(ctx, attemptID)
	if err != nil {
		return err
	}
	if a.Status.Active() {
		return nil // it was already as far
	}
	return fmt.Errorf("set progress of render attempt %d: attempt is %s: %w", attemptID, a.Status, models.ErrInvalidState)
}

// ActiveRendersCreatedBefore lists, for the render reconciler and of every account,
// the attempts still pending or rendering that were created before before and have an
// ID above afterID: at most limit of them (100 when limit is not positive), by ID, so a
// caller pages through them all. The condition is the partial index
// render_attempts_active's, written out so both databases use it.
func (s *Store) ActiveRendersCreatedBefore(ctx context.Context, before time.Time, afterID int64, limit int) ([]models.RenderAttempt, error) {
	if limit <= 0 {
		limit = 100
	}
	var out []models.RenderAttempt
	err := s.db.WithContext(ctx).Where("status IN ('pending', 'rendering') AND created_at < ? AND id > ?", before.UTC(), afterID).
		Order("id").Limit(limit).Find(&out).Error
	return out, translate(err, "active render attempts")
}

// RenderAttemptByID finds a render attempt, for the render workflow.
func (s *Store) RenderAttemptByID(ctx context.Context, id int64) (models.RenderAttempt, error) {
	var a models.RenderAttempt
	err := s.db.WithContext(ctx).Take(&a, id).Error
	return a, translate(err, fmt.Sprintf("render attempt %d", id))
}

// usedRenderAttempts counts the video's attempts that count against its limit: every
// one but the failed ones. A failed render delivered nothing (a render that could not
// start, a file missing from storage), so trying again must not cost the user one of
// their renders; a cancelled one was ended on purpose and counts.
func usedRenderAttempts(db *gorm.DB, videoID int64) (int, error) {
	var n int64
	err := db.Model(&models.RenderAttempt{}).Where("video_id = ? AND status <> ?", videoID, string(models.RenderAttemptFailed)).
		Count(&n).Error
	return int(n), translate(err, fmt.Sprintf("render attempts of video %d", videoID))
}

// RenderAttemptsUsed counts the video's render attempts that count against its limit
// (domain.MaxRenderAttempts): all but the failed ones, as StartRender counts them.
func (s *Store) RenderAttemptsUsed(ctx context.Context, videoID int64) (int, error) {
	return usedRenderAttempts(s.db.WithContext(ctx), videoID)
}

// LatestRenderAttempt finds a video's most recent render attempt; a video never
// rendered is models.ErrNotFound.
func (s *Store) LatestRenderAttempt(ctx context.Context, videoID int64) (models.RenderAttempt, error) {
	var a models.RenderAttempt
	err := s.db.WithContext(ctx).Where("video_id = ?", videoID).Order("attempt DESC").Take(&a).Error
	return a, translate(err, fmt.Sprintf("latest render of video %d", videoID))
}

// RenderAttemptsOf lists the render attempts of a live video of the account, newest
// first (the video's exports). Another account's video is models.ErrNotFound.
func (s *Store) RenderAttemptsOf(ctx context.Context, publisherID, videoID int64) ([]models.RenderAttempt, error) {
	db := s.db.WithContext(ctx)
	var n int64
	if err := liveVideos(db.Model(&models.Video{}), publisherID).Where("id = ?", videoID).Count(&n).Error; err != nil {
		return nil, translate(err, fmt.Sprintf("video %d", videoID))
	}
	if n == 0 {
		return nil, fmt.Errorf("video %d: %w", videoID, models.ErrNotFound)
	}
	var out []models.RenderAttempt
	err := db.Where("video_id = ? AND publisher_id = ?", videoID, publisherID).Order("attempt DESC").Find(&out).Error
	return out, translate(err, fmt.Sprintf("render attempts of video %d", videoID))
}

// VideoLimits is an account's video allowance for the current month (spec 000
// section 3, "Limits").
type VideoLimits struct {
	// IsUnlimited means the account may make any number of videos and drafts; the
	// allowed counts are then 0.
	IsUnlimited   bool
	VideosAllowed int
	// VideosMade counts the account's live videos created this calendar month (UTC).
	VideosMade    int
	DraftsAllowed int
	// DraftsMade counts those of VideosMade that have never rendered successfully.
	DraftsMade int
	// TrialExpirationDate is when the account's trial ends; nil without a trial.
	TrialExpirationDate *time.Time
}

// VideoLimits returns the account's allowance (models.MonthlyVideos and
// models.MonthlyDrafts) and use for the calendar month (UTC) of now. Deleted videos
// do not count: credits, not video counts, bound what rendering costs.
func (s *Store) VideoLimits(ctx context.Context, publisherID int64, now time.Time) (VideoLimits, error) {
	var l VideoLimits
	db := s.db.WithContext(ctx)
	var pub models.Publisher
	if err := db.Take(&pub, publisherID).Error; err != nil {
		return l, translate(err, fmt.Sprintf("publisher %d", publisherID))
	}
	l.VideosAllowed, l.IsUnlimited = models.MonthlyVideos(pub.Plan, pub.IsPartner)
	l.DraftsAllowed, _ = models.MonthlyDrafts(pub.Plan, pub.IsPartner)
	now = now.UTC()
	start := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	month := liveVideos(db.Model(&models.Video{}), publisherID).
		Where("created_at >= ? AND created_at < ?", start, start.AddDate(0, 1, 0)).Session(&gorm.Session{})
	var made, drafts int64
	if err := month.Count(&made).Error; err != nil {
		return l, translate(err, "count videos this month")
	}
	err := month.Where("NOT EXISTS (SELECT 1 FROM render_attempts ra WHERE ra.video_id = videos.id AND ra.status = ?)",
		string(models.RenderAttemptCompleted)).Count(&drafts).Error
	if err != nil {
		return l, translate(err, "count drafts this month")
	}
	l.VideosMade, l.DraftsMade = int(made), int(drafts)
	return l, nil
}

// RenderOutputsInUse lists the attempts of a video whose output files (MP4, thumbnail,
// subtitles) must stay: the completed attempt that is the video's content, and any
// attempt still pending or rendering (its join may be storing them). A deleted or
// missing video has none: nothing shows its renders any more. Every other attempt's
// files were replaced by a later render, or belong to a render that failed or was
// cancelled, and nothing links to them.
func (s *Store) RenderOutputsInUse(ctx context.Context, videoID int64) (map[int]bool, error) {
	db := s.db.WithContext(ctx)
	var v models.Video
	err := db.Where("id = ? AND deleted_at IS NULL", videoID).Take(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return map[int]bool{}, nil
	}
	if err != nil {
		return nil, translate(err, fmt.Sprintf("video %d", videoID))
	}
	var attempts []models.RenderAttempt
	err = db.Where("video_id = ? AND (status IN ('pending', 'rendering') OR (status = ? AND content_key = ? AND content_key <> ''))",
		videoID, string(models.RenderAttemptCompleted), v.ContentKey).Find(&attempts).Error
	if err != nil {
		return nil, translate(err, fmt.Sprintf("render attempts of video %d", videoID))
	}
	inUse := make(map[int]bool, len(attempts))
	for _, a := range attempts {
		inUse[a.Attempt] = true
	}
	return inUse, nil
}
