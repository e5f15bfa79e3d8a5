package api

import (
	"context"
	"errors"
	"io"
	"math"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/gin-gonic/gin"
	"golang.org/x/sync/errgroup"

	"pagecast/blob"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/store"
)

// RenderProgress is how far a running render is (workflows.RenderProgress): Reused
// counts the finished scenes an earlier render's segment served; Retrying is set while
// a step that failed is tried again.
type RenderProgress struct {
	Stage    string
	TotalMs  int
	DoneMs   int
	Scenes   int
	Done     int
	Reused   int
	Retrying bool
}

// Renders starts renders and reads their progress; nil answers render calls with 503.
type Renders interface {
	// StartRender starts the workflow of a render attempt store.StartRender made;
	// requestedBy is the user who asked (e-mailed when it ends).
	StartRender(ctx context.Context, a models.RenderAttempt, requestedBy int64) error
	// RenderProgress reads a running attempt's progress; ok is false when it is not running.
	RenderProgress(ctx context.Context, videoID int64, attempt int) (p RenderProgress, ok bool, err error)
}

// RenderObjects reads the files of finished renders and signs their downloads.
type RenderObjects interface {
	Get(ctx context.Context, key string) (io.ReadCloser, blob.ObjectInfo, error)
	PresignDownload(ctx context.Context, key, filename string, ttl time.Duration) (string, error)
}

// RenderDeps is what rendering needs besides the store.
type RenderDeps struct {
	Renders Renders
	Objects RenderObjects
	// StartTimeout bounds starting a render's workflow; 0 means renderStartTimeout.
	StartTimeout time.Duration
}

// renderStartTimeout is how long a render request waits for Temporal to start its
// workflow before it gives the render up. Starting takes milliseconds; the render
// reconciler (activities.StalledRenderAge) looks only at attempts well older than this.
const renderStartTimeout = 15 * time.Second

func (d *RenderDeps) startTimeout() time.Duration {
	if d.StartTimeout > 0 {
		return d.StartTimeout
	}
	return renderStartTimeout
}

func (d *RenderDeps) check() error {
	if d.Renders == nil || d.Objects == nil {
		return errors.New("api: render deps need Renders and Objects")
	}
	return nil
}

var (
	errRenderUnavailable = &Error{Status: http.StatusServiceUnavailable, Code: "render_unavailable", Message: "Rendering is not available on this server."}
	errNoRender          = &Error{Status: http.StatusNotFound, Code: "render_not_found", Message: "This video has not been rendered yet."}
	// errRenderNotStarted: the workflow engine did not take the render (down, or too
	// slow to answer); the attempt was undone, so nothing was charged.
	errRenderNotStarted = &Error{Status: http.StatusServiceUnavailable, Code: "render_not_started",
		Message: "The render could not start. No credits were used. Please try again in a few minutes."}
)

func (s *Server) requireRender() gin.HandlerFunc {
	return func(c *gin.Context) {
		if s.render == nil {
			writeError(c, errRenderUnavailable)
			return
		}
		c.Next()
	}
}

// renderFacts are what the render gate and the credits answer are computed from.
type renderFacts struct {
	video   models.Video
	latest  *models.RenderAttempt
	credits domain.CreditsInfo
	limits  store.VideoLimits
	checks  []domain.Validation
}

// renderFactsOf reads a video's render facts for its account.
func (s *Server) renderFactsOf(ctx context.Context, v models.Video, now time.Time) (renderFacts, error) {
	f := renderFacts{video: v}
	latest, err := s.store.LatestRenderAttempt(ctx, v.ID)
	switch {
	case err == nil:
		f.latest = &latest
	case !errors.Is(err, models.ErrNotFound):
		return f, err
	}
	balance, err := s.store.CreditBalance(ctx, v.PublisherID, now)
	if err != nil {
		return f, err
	}
	// Failed attempts delivered nothing and do not count (store.RenderAttemptsUsed).
	attempts, err := s.store.RenderAttemptsUsed(ctx, v.ID)
	if err != nil {
		return f, err
	}
	f.credits = domain.CreditsFor(domain.RequiredCredits(v.DurationMs), balance, attempts, domain.MaxRenderAttempts,
		v.RenderStatus == domain.RenderStatusError)
	if f.limits, err = s.store.VideoLimits(ctx, v.PublisherID, now); err != nil {
		return f, err
	}
	f.checks, err = s.validations(ctx, v)
	return f, err
}

// renderAssets are the assets a render of a video reads besides its slides'.
type renderAssets struct {
	// voiceover is a voiceover video's recording; nil when none or gone.
	voiceover *models.Asset
	// inserts and music are the clips the render plays and the background audio it
	// mixes (domain.InsertPlays, domain.MusicPlays), not every item the video lists.
	inserts []models.VideoInsert
	music   []models.VideoBackgroundAudio
}

// validations lists what keeps the video from rendering: its tree's problems (with
// the files a render would read that are missing from the object store), then its
// edited subtitles that fall outside it.
func (s *Server) validations(ctx context.Context, v models.Video) ([]domain.Validation, error) {
	edited, _, err := s.store.SubtitlesForWorkflow(ctx, v.ID)
	if err != nil {
		return nil, err
	}
	ra, err := s.renderAssetsOf(ctx, v)
	if err != nil {
		return nil, err
	}
	missing, err := s.missingObjects(ctx, renderFiles(v, ra))
	if err != nil {
		return nil, err
	}
	return domain.ValidateVideo(validationInput(v, edited, ra, missing)), nil
}

// renderAssetsOf reads the voiceover, inserts and music a render of v reads.
func (s *Server) renderAssetsOf(ctx context.Context, v models.Video) (renderAssets, error) {
	var ra renderAssets
	if v.IsVoiceover && v.VoiceoverAssetID != nil {
		a, err := s.store.Asset(ctx, v.PublisherID, *v.VoiceoverAssetID)
		switch {
		case err == nil:
			ra.voiceover = &a
		case !errors.Is(err, models.ErrNotFound):
			return ra, err
		}
	}
	inserts, err := s.store.Inserts(ctx, v.PublisherID, v.ID)
	if err != nil {
		return ra, notFoundAs(err, errVideoNotFound)
	}
	for _, in := range inserts {
		if domain.InsertPlays(v, in) {
			ra.inserts = append(ra.inserts, in)
		}
	}
	music, err := s.store.BackgroundAudios(ctx, v.PublisherID, v.ID)
	if err != nil {
		return ra, notFoundAs(err, errVideoNotFound)
	}
	for _, m := range music {
		if domain.MusicPlays(m) {
			ra.music = append(ra.music, m)
		}
	}
	return ra, nil
}

// objectCheckWorkers is how many HEAD requests one validation sends at once.
const objectCheckWorkers = 8

// missingObjects answers which of keys are not in the object store, with one HEAD per
// key (nothing is downloaded). A HEAD that fails for another reason counts the object
// as there: the render reads it again and says what went wrong.
func (s *Server) missingObjects(ctx context.Context, keys []string) (map[string]bool, error) {
	missing := map[string]bool{}
	if s.assets == nil || len(keys) == 0 {
		return missing, nil
	}
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(objectCheckWorkers)
	for _, key := range keys {
		g.Go(func() error {
			_, err := s.assets.Objects.Head(gctx, key)
			switch {
			case err == nil:
			case errors.Is(err, blob.ErrNotFound):
				mu.Lock()
				missing[key] = true
				mu.Unlock()
			case gctx.Err() != nil:
				return gctx.Err()
			default:
				s.log.WarnContext(gctx, "check a render file", "key", key, "err", err)
			}
			return nil
		})
	}
	return missing, g.Wait()
}

// renderFiles lists, once each, the stored files of the video's account a render of
// v reads: its slides' imported media, their narration, a voiceover's recording, the
// insert clips it plays and the music it mixes (ra). Other accounts' assets are never
// looked up (validationInput reports them missing).
func renderFiles(v models.Video, ra renderAssets) []string {
	var keys []string
	seen := map[string]bool{}
	add := func(a *models.Asset) {
		if a == nil || a.PublisherID != v.PublisherID || !a.Usable() || seen[a.MediaKey] {
			return
		}
		seen[a.MediaKey] = true
		keys = append(keys, a.MediaKey)
	}
	if ra.voiceover != nil && ra.voiceover.State == models.AssetStateComplete {
		add(ra.voiceover)
	}
	for _, in := range ra.inserts {
		add(in.Asset)
	}
	for _, m := range ra.music {
		add(m.Asset)
	}
	for _, sc := range v.Scenes {
		for _, l := range sc.Layers {
			for _, it := range l.Assets {
				if it.Kind == models.LayerAssetMedia && it.Asset != nil && it.Asset.State == models.AssetStateComplete {
					add(it.Asset)
				}
			}
			if !v.IsVoiceover && !l.Muted {
				add(l.Narration)
			}
		}
	}
	return keys
}

// gate applies the spec's render rules to the facts.
func (f renderFacts) gate() domain.RenderDecision {
	v := f.video
	st := domain.RenderState{
		RenderStatus:         v.RenderStatus,
		Draft:                v.Draft,
		HasContentURL:        v.ContentKey != "",
		PendingRenderRequest: f.latest != nil && f.latest.Status == models.RenderAttemptPending,
		Loading:              v.BuildStage < models.BuildReadyToRender && v.BuildStep != models.StepFailed,
		VideoLimitReached:    !f.limits.IsUnlimited && v.ContentKey == "" && f.limits.VideosMade > f.limits.VideosAllowed,
		Credits:              f.credits,
		Validations:          f.checks,
	}
	if v.BuildStep == models.StepFailed {
		st.VideoError = v.BuildError
	}
	for i, sc := range v.Scenes {
		// A scene whose narration failed is not generating: it has an error.
		waiting := sc.NeedsAudio && sc.AudioError == ""
		rs := domain.RenderScene{Index: i + 1, GeneratingAudio: waiting, NeedsAudio: waiting, Error: sc.AudioError}
		for j, l := range sc.Layers {
			if l.Text != "" && l.NarrationAssetID == nil && !v.IsVoiceover {
				rs.MissingNarration = true
			}
			sl := domain.RenderSlide{Index: j + 1, MissingMedia: len(l.Assets) == 0, Invalid: l.IsPlaceholder}
			for _, it := range l.Assets {
				if it.Asset != nil && (it.Asset.State == models.AssetStateError || it.Asset.DeletedAt != nil) {
					sl.Invalid = true
				}
			}
			rs.Slides = append(rs.Slides, sl)
		}
		st.Scenes = append(st.Scenes, rs)
	}
	return domain.RenderGate(st)
}

// validationInput describes a video's tree, the other assets a render of it reads (ra)
// and its edited subtitles (the narration's own always fit) for domain.ValidateVideo;
// missing names the stored files that are not in the object store.
func validationInput(v models.Video, edited []models.VideoSubtitle, ra renderAssets, missing map[string]bool) domain.ValidationInput {
	in := domain.ValidationInput{VideoID: v.ID, DurationMs: v.DurationMs, IsVoiceover: v.IsVoiceover}
	if vo := ra.voiceover; v.IsVoiceover && v.VoiceoverAssetID != nil {
		// A recording still importing is not missing: the video is still being built.
		in.VoiceoverMissing = vo == nil || vo.State == models.AssetStateError ||
			vo.State == models.AssetStateComplete && (!vo.Usable() || missing[vo.MediaKey])
	}
	// Inserts and music are complete when chosen and stay so; what can go is the file,
	// or, in a database changed by hand, the asset's account.
	for _, it := range ra.inserts {
		in.Inserts = append(in.Inserts, domain.ValidationInsert{Type: it.Type.Name(),
			FileMissing: it.Asset.PublisherID != v.PublisherID || missing[it.Asset.MediaKey]})
	}
	for _, m := range ra.music {
		vm := domain.ValidationMusic{Order: m.Order, FileMissing: m.Asset.PublisherID != v.PublisherID || missing[m.Asset.MediaKey]}
		if m.Asset.PublisherID == v.PublisherID {
			vm.Name = m.Asset.Name
		}
		in.Music = append(in.Music, vm)
	}
	for _, c := range edited {
		in.Subtitles = append(in.Subtitles, domain.ValidationCue{StartMs: c.StartMs, EndMs: c.StartMs + c.DurationMs})
	}
	for i, sc := range v.Scenes {
		vs := domain.ValidationScene{ID: sc.ID, Index: i + 1, NeedsAudio: sc.NeedsAudio}
		for j, l := range sc.Layers {
			// The render reads a narration only while it is a live asset of the account.
			sl := domain.ValidationSlide{ID: l.ID, Index: j + 1, Text: l.Text, HasNarration: l.Narration != nil,
				NarrationMs: l.NarrationMs, IsPlaceholder: l.IsPlaceholder,
				NarrationFileMissing: l.Narration != nil && !l.Muted && (!l.Narration.Usable() || missing[l.Narration.MediaKey])}
			for _, it := range l.Assets {
				m := domain.ValidationMedia{Kind: string(it.Kind)}
				switch {
				case it.Kind == models.LayerAssetText:
					m.State = domain.MediaStateComplete
				case it.Asset == nil || it.Asset.PublisherID != v.PublisherID:
					m.State = domain.MediaStateMissing
				case it.Asset.DeletedAt != nil:
					m.AssetID, m.State = it.Asset.ID, domain.MediaStateDeleted
				case it.Asset.State == models.AssetStateComplete && (!it.Asset.Usable() || missing[it.Asset.MediaKey]):
					m.AssetID, m.State = it.Asset.ID, domain.MediaStateFileMissing
				default:
					m.AssetID, m.State = it.Asset.ID, string(it.Asset.State)
				}
				sl.Media = append(sl.Media, m)
			}
			vs.Slides = append(vs.Slides, sl)
		}
		in.Scenes = append(in.Scenes, vs)
	}
	return in
}

// ownVideo loads the :id video of the caller, with its tree.
func (s *Server) ownVideo(c *gin.Context) (models.Video, error) {
	id, err := videoID(c)
	if err != nil {
		return models.Video{}, err
	}
	v, err := s.store.Video(c.Request.Context(), session(c).PublisherID, id)
	return v, notFoundAs(err, errVideoNotFound)
}

// renderResponse answers a render request.
type renderResponse struct {
	VideoID      int64  `json:"videoId"`
	Attempt      int    `json:"attempt"`
	RenderStatus string `json:"renderStatus"`
}

// renderVideo checks the render rules, reserves the credits and starts
// RenderVideo:<videoId>:<attempt>. The client's view of the rules is never trusted.
func (s *Server) renderVideo(c *gin.Context) error {
	ctx := c.Request.Context()
	v, err := s.ownVideo(c)
	if err != nil {
		return err
	}
	now := time.Now()
	facts, err := s.renderFactsOf(ctx, v, now)
	if err != nil {
		return err
	}
	if d := facts.gate(); !d.Allowed {
		return renderRefused(d)
	}
	a, err := s.store.StartRender(ctx, store.StartRenderInput{VideoID: v.ID, PublisherID: v.PublisherID,
		RequiredCredits: facts.credits.RequiredCredits, DurationMs: v.DurationMs, MaxAttempts: domain.MaxRenderAttempts,
		RequestedBy: session(c).PublisherUserID, Now: now})
	if err != nil {
		return startRefused(err, facts.credits)
	}
	// The attempt is stored: start it or undo it even if the caller hangs up, but do not
	// wait on a Temporal that does not answer. A workflow that starts after all finds its
	// attempt failed and stops at its first step; one never started and never undone (this
	// process killed) is started by the render reconciler (workflows.ReconcileRenders).
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.render.startTimeout())
	defer cancel()
	if err := s.render.Renders.StartRender(sctx, a, session(c).PublisherUserID); err != nil {
		// Nothing will render: give the credits back and leave the video as it was.
		s.log.ErrorContext(ctx, "render did not start", "video_id", v.ID, "attempt", a.Attempt, "err", err)
		if ferr := s.store.FailRender(context.WithoutCancel(ctx), a.ID, "The render could not start.", time.Now()); ferr != nil {
			s.log.ErrorContext(ctx, "release credits of a render that did not start", "attempt_id", a.ID, "err", ferr)
			return err // the credits may still be held: no promise about them
		}
		return errRenderNotStarted
	}
	return ok(c, http.StatusAccepted, renderResponse{VideoID: v.ID, Attempt: a.Attempt, RenderStatus: domain.RenderStatusInProgress})
}

// startRefused is the answer to a render store.StartRender refused: the rules checked
// again under the account's lock, after the gate read credits (the facts' numbers).
func startRefused(err error, credits domain.CreditsInfo) error {
	var short *models.InsufficientCreditsError
	switch {
	case errors.Is(err, models.ErrRenderInProgress):
		return renderRefused(domain.RenderDecision{Key: domain.RenderKeyRendering, Message: domain.MsgRenderRendering})
	case errors.As(err, &short):
		// Another render of the account spent the credits after the gate read them: say
		// the balance the start was refused on, not the one the gate saw.
		return &Error{Status: http.StatusPaymentRequired, Code: domain.RenderKeyNotEnoughCredits,
			Message: domain.MsgNotEnoughCredits(short.Required, short.Remaining)}
	case errors.Is(err, models.ErrInsufficientCredits):
		return &Error{Status: http.StatusPaymentRequired, Code: domain.RenderKeyNotEnoughCredits,
			Message: domain.MsgNotEnoughCredits(credits.RequiredCredits, credits.RemainingCredits)}
	case errors.Is(err, models.ErrMaxRenderAttempts):
		return renderRefused(domain.RenderDecision{Key: domain.RenderKeyMaxAttempts, Message: domain.MsgMaxAttempts(domain.MaxRenderAttempts)})
	default:
		return notFoundAs(err, errVideoNotFound)
	}
}

// renderRefused is the 409 of a render the rules do not allow, with the spec's message
// (402 when credits are short).
func renderRefused(d domain.RenderDecision) *Error {
	if d.Key == domain.RenderKeyNotEnoughCredits {
		return &Error{Status: http.StatusPaymentRequired, Code: domain.RenderKeyNotEnoughCredits, Message: d.Message}
	}
	return &Error{Status: http.StatusConflict, Code: "render_not_allowed", Message: d.Message,
		Fields: []domain.FieldError{{Field: "reason", Message: d.Key}}}
}

// creditsInfoResponse is spec 000's "Video credits info".
type creditsInfoResponse struct {
	domain.CreditsInfo
	// RenderAllowed and RenderMessage are the render gate's answer, worded as the spec.
	RenderAllowed    bool   `json:"renderAllowed"`
	RenderMessage    string `json:"renderMessage"`
	RenderMessageKey string `json:"renderMessageKey"`
}

// creditsInfo answers what rendering the video costs and whether it may render now.
func (s *Server) creditsInfo(c *gin.Context) error {
	v, err := s.ownVideo(c)
	if err != nil {
		return err
	}
	facts, err := s.renderFactsOf(c.Request.Context(), v, time.Now())
	if err != nil {
		return err
	}
	d := facts.gate()
	return ok(c, http.StatusOK, creditsInfoResponse{CreditsInfo: facts.credits, RenderAllowed: d.Allowed,
		RenderMessage: d.Message, RenderMessageKey: d.Key})
}

// limitsResponse is the account's monthly video allowance (spec 000's "Limits").
type limitsResponse struct {
	IsUnlimited         bool       `json:"isUnlimited"`
	VideosAllowed       int        `json:"videosAllowedThisMonth"`
	VideosMade          int        `json:"videosMadeThisMonth"`
	DraftsAllowed       int        `json:"draftsAllowedThisMonth"`
	DraftsMade          int        `json:"draftsMadeThisMonth"`
	RemainingCredits    int        `json:"remainingCredits"`
	TrialExpirationDate *time.Time `json:"trialExpirationDate"`
}

// videoLimits answers the account's limits this month.
func (s *Server) videoLimits(c *gin.Context) error {
	ctx := c.Request.Context()
	pub := session(c).PublisherID
	now := time.Now()
	l, err := s.store.VideoLimits(ctx, pub, now)
	if err != nil {
		return err
	}
	balance, err := s.store.CreditBalance(ctx, pub, now)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, limitsResponse{IsUnlimited: l.IsUnlimited, VideosAllowed: l.VideosAllowed, VideosMade: l.VideosMade,
		DraftsAllowed: l.DraftsAllowed, DraftsMade: l.DraftsMade, RemainingCredits: balance, TrialExpirationDate: l.TrialExpirationDate})
}

// validateVideo answers the video's validation list (spec 000 "Validation error").
func (s *Server) validateVideo(c *gin.Context) error {
	v, err := s.ownVideo(c)
	if err != nil {
		return err
	}
	list, err := s.validations(c.Request.Context(), v)
	if err != nil {
		return err
	}
	if list == nil {
		list = []domain.Validation{}
	}
	return ok(c, http.StatusOK, gin.H{"validations": list})
}

// renderStatusRequest names the videos whose render status is asked (at most 100).
type renderStatusRequest struct {
	VideoIDs []int64 `json:"videoIds"`
}

// renderStatusItem is one video's render status.
type renderStatusItem struct {
	VideoID      int64  `json:"videoId"`
	RenderStatus string `json:"renderStatus"`
	ContentURL   string `json:"contentUrl"`
	ThumbnailURL string `json:"thumbnailUrl"`
}

// renderStatuses answers the render status of the caller's videos among videoIds;
// others' and unknown ids are left out.
func (s *Server) renderStatuses(c *gin.Context) error {
	var req renderStatusRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if len(req.VideoIDs) > 100 {
		return validation(domain.FieldError{Field: "videoIds", Message: "At most 100 videos at a time."})
	}
	ctx := c.Request.Context()
	out := []renderStatusItem{}
	asked := make(map[int64]bool, len(req.VideoIDs))
	for _, id := range req.VideoIDs {
		if asked[id] {
			continue // answered once, in the order first asked
		}
		asked[id] = true
		v, err := s.store.VideoRow(ctx, session(c).PublisherID, id)
		if errors.Is(err, models.ErrNotFound) {
			continue
		}
		if err != nil {
			return err
		}
		it := renderStatusItem{VideoID: v.ID, RenderStatus: v.RenderStatus}
		if it.ContentURL, it.ThumbnailURL, err = s.contentURLs(ctx, v); err != nil {
			return err
		}
		out = append(out, it)
	}
	return ok(c, http.StatusOK, gin.H{"statuses": out})
}

// contentURLs signs a rendered video's MP4 and thumbnail ("" when not rendered).
func (s *Server) contentURLs(ctx context.Context, v models.Video) (content, thumb string, err error) {
	if v.ContentKey != "" {
		if content, err = s.presignGet(ctx, v.ContentKey); err != nil {
			return "", "", err
		}
	}
	if v.ThumbnailKey != "" {
		if thumb, err = s.presignGet(ctx, v.ThumbnailKey); err != nil {
			return "", "", err
		}
	}
	return content, thumb, nil
}

// renderDetails is a render's status with its progress.
type renderDetails struct {
	VideoID      int64   `json:"videoId"`
	RenderStatus string  `json:"renderStatus"`
	Attempt      int     `json:"attempt"`
	Status       string  `json:"status"` // the attempt's: pending, rendering, completed, failed, cancelled
	Stage        string  `json:"stage"`
	Progress     float64 `json:"progress"` // 0 to 1
	ScenesTotal  int     `json:"scenesTotal"`
	ScenesDone   int     `json:"scenesDone"`
	// ScenesReused counts the done scenes whose segment an earlier render made (the
	// others were rendered afresh).
	ScenesReused int `json:"scenesReused"`
	// Retrying is set while a step of the running render that failed (its worker died,
	// or it failed for a reason that may pass) is tried again.
	Retrying     bool   `json:"retrying"`
	Error        string `json:"error"`
	ContentURL   string `json:"contentUrl"`
	ThumbnailURL string `json:"thumbnailUrl"`
}

// renderStatusWithDetails answers the video's latest render and, while it runs, its
// progress as the render's workflow and its segments' heartbeats report it.
func (s *Server) renderStatusWithDetails(c *gin.Context) error {
	ctx := c.Request.Context()
	id, err := videoID(c)
	if err != nil {
		return err
	}
	// The attempt is read before the video (which says whose it is; nothing of another
	// account's is answered): a render that ends in between (its attempt and the video's
	// content are stored together) then shows as completed only with its content. Read
	// the other way round, it showed as completed without a contentUrl.
	a, err := s.store.LatestRenderAttempt(ctx, id)
	if err != nil && !errors.Is(err, models.ErrNotFound) {
		return err
	}
	found := err == nil
	v, err := s.store.VideoRow(ctx, session(c).PublisherID, id)
	if err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	d := renderDetails{VideoID: v.ID, RenderStatus: v.RenderStatus}
	if d.ContentURL, d.ThumbnailURL, err = s.contentURLs(ctx, v); err != nil {
		return err
	}
	if !found {
		return ok(c, http.StatusOK, d)
	}
	d.Attempt, d.Status, d.Error = a.Attempt, string(a.Status), a.Error
	switch a.Status {
	case models.RenderAttemptCompleted:
		d.Stage, d.Progress = "done", 1
		d.ScenesTotal = a.ScenesRendered + a.ScenesReused
		d.ScenesDone, d.ScenesReused = d.ScenesTotal, a.ScenesReused
	case models.RenderAttemptRendering, models.RenderAttemptPending:
		s.runningRenderDetails(ctx, &d, a)
	default:
		d.Stage = "failed"
	}
	return ok(c, http.StatusOK, d)
}

// renderProgressWait bounds how long a status request waits for a running render's
// progress. The render's workflow answers it through a query, which needs a live
// worker: with none up (a restart) it would wait as long as the request lets it, and
// the web app asks every second.
const renderProgressWait = 2 * time.Second

// runningRenderDetails fills in a running attempt's stage and progress. The render's
// workflow answers when it can within renderProgressWait; what it answers is kept on
// the attempt when it is further than the attempt had, so every API process can answer
// it later. When the workflow cannot answer (no worker, Temporal down) the attempt's
// kept progress is the answer, at stage "waiting" (for a worker), or "queued" when
// nothing was done yet. What is answered never goes back.
func (s *Server) runningRenderDetails(ctx context.Context, d *renderDetails, a models.RenderAttempt) {
	kept := store.RenderAttemptProgress{Progress: a.Progress, ScenesTotal: a.ScenesTotal,
		ScenesDone: a.ScenesRendered + a.ScenesReused, ScenesReused: a.ScenesReused}
	qctx, cancel := context.WithTimeout(ctx, renderProgressWait)
	p, running, err := s.render.Renders.RenderProgress(qctx, a.VideoID, a.Attempt)
	cancel()
	if err != nil {
		s.log.WarnContext(ctx, "render progress", "video_id", a.VideoID, "attempt", a.Attempt, "err", err)
	}
	if err != nil || !running {
		d.Stage = "queued"
		if kept.Progress > 0 || kept.ScenesTotal > 0 {
			d.Stage = "waiting"
		}
		d.Progress, d.ScenesTotal, d.ScenesDone, d.ScenesReused = kept.Progress, kept.ScenesTotal, kept.ScenesDone, kept.ScenesReused
		return
	}
	seen := store.RenderAttemptProgress{ScenesTotal: p.Scenes, ScenesDone: p.Done, ScenesReused: p.Reused}
	if p.TotalMs > 0 {
		// Segments are most of the work; joining takes the last tenth.
		seen.Progress = 0.9 * float64(p.DoneMs) / float64(p.TotalMs)
	}
	if p.Stage == "joining" {
		seen.Progress = 0.9
	}
	d.Stage, d.Retrying = p.Stage, p.Retrying
	// A segment that starts over on another worker heartbeats from its start again.
	d.Progress = max(seen.Progress, kept.Progress)
	d.ScenesTotal, d.ScenesDone = max(seen.ScenesTotal, kept.ScenesTotal), max(seen.ScenesDone, kept.ScenesDone)
	d.ScenesReused = max(seen.ScenesReused, kept.ScenesReused)
	// Kept at most once per scene and per percent shown, however many tabs poll.
	further := math.Round(seen.Progress*100) > math.Round(kept.Progress*100) || seen.ScenesTotal > kept.ScenesTotal ||
		seen.ScenesDone > kept.ScenesDone || seen.ScenesReused > kept.ScenesReused
	if !further {
		return
	}
	if err := s.store.SetRenderProgress(ctx, a.ID, seen); err != nil && !errors.Is(err, models.ErrInvalidState) {
		// The answer stands; the next request keeps it.
		s.log.WarnContext(ctx, "keep render progress", "video_id", a.VideoID, "attempt", a.Attempt, "err", err)
	}
}

// exportItem is one downloadable file of a rendered video.
type exportItem struct {
	Type        string    `json:"type"` // mp4, thumbnail, srt, vtt, ass
	URL         string    `json:"url"`
	Attempt     int       `json:"attempt"`
	DurationMs  int       `json:"durationMs,omitempty"`
	CreatedAt   time.Time `json:"createdAt"`
	ContentType string    `json:"contentType"`
}

// exports answers the files of the video's current render: the MP4, its thumbnail
// and the subtitles as SRT, WebVTT and ASS, as links that download (the player uses
// the video's contentUrl).
func (s *Server) exports(c *gin.Context) error {
	ctx := c.Request.Context()
	v, err := s.ownVideo(c)
	if err != nil {
		return err
	}
	out := []exportItem{}
	a, err := s.currentRender(ctx, v)
	if errors.Is(err, errNoRender) {
		return ok(c, http.StatusOK, gin.H{"exports": out})
	}
	if err != nil {
		return err
	}
	created := a.CreatedAt.UTC()
	if a.FinishedAt != nil {
		created = a.FinishedAt.UTC()
	}
	files := []struct{ typ, key, contentType string }{
		{"mp4", a.ContentKey, "video/mp4"},
		{"thumbnail", a.ThumbnailKey, "image/jpeg"},
		{"srt", a.SubtitlesKeyPrefix + ".srt", "application/x-subrip"},
		{"vtt", a.SubtitlesKeyPrefix + ".vtt", "text/vtt"},
		{"ass", a.SubtitlesKeyPrefix + ".ass", "text/x-ssa"},
	}
	for _, f := range files {
		if f.key == "" || f.key == ".srt" || f.key == ".vtt" || f.key == ".ass" {
			continue
		}
		u, err := s.render.Objects.PresignDownload(ctx, f.key, downloadName(v, f.key), 0)
		if err != nil {
			return err
		}
		it := exportItem{Type: f.typ, URL: u, Attempt: a.Attempt, CreatedAt: created, ContentType: f.contentType}
		if f.typ == "mp4" {
			it.DurationMs = a.DurationMs
		}
		out = append(out, it)
	}
	return ok(c, http.StatusOK, gin.H{"exports": out})
}

// downloadName is the file name a download of key is saved as: the video's name,
// made safe for file systems, with the key's extension. Control characters (C0, DEL,
// C1), line and paragraph separators and bidirectional controls become "-": the last
// would let a name such as "invoice<U+202E>fdp.exe" show its extension reversed.
func downloadName(v models.Video, key string) string {
	name := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp, unicode.Bidi_Control) ||
			strings.ContainsRune(`/\:*?"<>|`, r) {
			return '-'
		}
		return r
	}, strings.TrimSpace(v.Name))
	if name == "" {
		name = "video-" + strconv.FormatInt(v.ID, 10)
	}
	if r := []rune(name); len(r) > 100 {
		name = string(r[:100])
	}
	return name + path.Ext(key)
}

// currentRender is the completed attempt whose MP4 is the video's content.
func (s *Server) currentRender(ctx context.Context, v models.Video) (models.RenderAttempt, error) {
	if v.ContentKey == "" {
		return models.RenderAttempt{}, errNoRender
	}
	list, err := s.store.RenderAttemptsOf(ctx, v.PublisherID, v.ID)
	if err != nil {
		return models.RenderAttempt{}, err
	}
	for _, a := range list {
		if a.Status == models.RenderAttemptCompleted && a.ContentKey == v.ContentKey {
			return a, nil
		}
	}
	return models.RenderAttempt{}, errNoRender
}

// subtitlesASS answers the current render's subtitles as an ASS file.
func (s *Server) subtitlesASS(c *gin.Context) error {
	ctx := c.Request.Context()
	v, err := s.ownVideo(c)
	if err != nil {
		return err
	}
	a, err := s.currentRender(ctx, v)
	if err != nil {
		return err
	}
	rc, info, err := s.render.Objects.Get(ctx, a.SubtitlesKeyPrefix+".ass")
	if errors.Is(err, blob.ErrNotFound) {
		return errNoRender
	}
	if err != nil {
		return err
	}
	defer rc.Close()
	// Saved under the name the exports' ASS link gives it.
	c.Header("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": downloadName(v, ".ass")}))
	c.DataFromReader(http.StatusOK, info.Size, "text/x-ssa; charset=utf-8", rc, nil)
	return nil
}
