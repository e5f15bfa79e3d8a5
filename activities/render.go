package activities

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"golang.org/x/sync/errgroup"

	"pagecast/blob"
	"pagecast/domain"
	"pagecast/media"
	"pagecast/models"
	"pagecast/providers/email"
	"pagecast/store"
)

// renderStore is what rendering needs from the database.
type renderStore interface {
	VideoForWorkflow(ctx context.Context, id int64) (models.Video, error)
	RenderAttemptByID(ctx context.Context, id int64) (models.RenderAttempt, error)
	FinishRender(ctx context.Context, attemptID int64, out store.RenderOutput, now time.Time) error
	FailRender(ctx context.Context, attemptID int64, reason string, now time.Time) error
	ActiveRendersCreatedBefore(ctx context.Context, before time.Time, afterID int64, limit int) ([]models.RenderAttempt, error)
	Asset(ctx context.Context, publisherID, id int64) (models.Asset, error)
	UserByID(ctx context.Context, id int64) (models.PublisherUser, error)
	UserConfig(ctx context.Context, userID int64) (models.UserConfig, error)
	BackgroundAudiosForWorkflow(ctx context.Context, videoID int64) ([]models.VideoBackgroundAudio, error)
	InsertsForWorkflow(ctx context.Context, videoID int64) ([]models.VideoInsert, error)
	SubtitlesForWorkflow(ctx context.Context, videoID int64) (list []models.VideoSubtitle, edited bool, err error)
	VideoSubtitleStyle(ctx context.Context, v models.Video) (models.SubtitleStyleConfig, error)
	RenderOutputsInUse(ctx context.Context, videoID int64) (map[int]bool, error)
}

// renderObjects is where render inputs are read and outputs written.
type renderObjects interface {
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	Get(ctx context.Context, key string) (io.ReadCloser, blob.ObjectInfo, error)
	Head(ctx context.Context, key string) (blob.ObjectInfo, error)
	Delete(ctx context.Context, key string) error
	List(ctx context.Context, prefix string, fn func(blob.ObjectInfo) error) error
}

// renderEngine is the ffmpeg render engine (media.Tool).
type renderEngine interface {
	RenderSegment(ctx context.Context, in media.SegmentInput, workDir, out string, progress func(doneMs int)) error
	MixAudioChunked(ctx context.Context, in media.MixInput, cutsMs []int, chunks media.ChunkStore, workDir, out string) (media.ChunkedMix, error)
	JoinSegments(ctx context.Context, segments []string, audio, workDir, out string, tags media.Tags) error
	VideoThumbnail(ctx context.Context, in string, c media.Canvas, atMs int, out string) error
	RenderClipSegment(ctx context.Context, clip string, c media.Canvas, threads int, workDir, out string) (durationMs int, err error)
	ExtractAudio(ctx context.Context, in, out string) (ok bool, err error)
}

// RenderActivities render a video's scenes to segments, join them with the mixed
// audio into an MP4 and record the result. Workflows call it through a nil pointer.
type RenderActivities struct {
	Store  renderStore
	Blob   renderObjects
	Engine renderEngine
	// WorkDir holds downloads and ffmpeg outputs while a render runs.
	WorkDir string
	// Preset is the x264 preset ("" lets the engine choose).
	Preset string
	// HeartbeatEvery is how often a running segment reports progress; 0 = 2 s.
	HeartbeatEvery time.Duration
	// Mailer sends the e-mail when a render ends; nil sends none. PublicURL is the web
	// app's address for the link in it.
	Mailer    email.Sender
	PublicURL string
	// Now is the activities' clock, which ages the render cache; nil = time.Now.
	Now func() time.Time
	// Runs finds and starts RenderVideo runs for ReconcileRenders; nil makes it fail.
	Runs RenderRuns

	// slots hands the worker's cores to the segments it encodes (encodeSlots).
	slotsOnce sync.Once
	slots     *encodeSlots
}

// encodeSlot waits, heartbeating beat, until this worker may encode one more segment;
// it returns the cores the segment may use and release, which gives them back.
func (a *RenderActivities) encodeSlot(ctx context.Context, beat SegmentProgress) (cores int, release func(), err error) {
	stop := func() {}
	defer func() { stop() }()
	return a.cores().acquire(ctx, func() { stop = heartbeatEvery(ctx, 2*time.Second, beat) })
}

func (a *RenderActivities) cores() *encodeSlots {
	a.slotsOnce.Do(func() { a.slots = newEncodeSlots(runtime.NumCPU()) })
	return a.slots
}

// Error types of renders that cannot succeed by retrying.
const (
	ErrTypeRenderGone  = "RenderGone"
	ErrTypeRenderInput = "RenderInput"
)

// renderVersion is part of every segment's hash: bump it when the engine's output
// for the same input changes, so old segments are not reused.
const renderVersion = "segment-v9" // v2: one colour description (BT.601, TV range) for every segment; v3: transparent stills on white, clips' pixels square, pans chosen per scene; v4: text slides and taglines wrapped in Go, long text slides shrunk to fit, right-to-left text laid out right to left; v5: HDR clips (HLG, PQ) brought to SDR, animated GIFs play; v6: slides placed on the segment's frame grid, not rounded one by one; v7: text shaped by HarfBuzz (Indic conjuncts, accents typed apart, kerning), mixed right-to-left lines start right to left, Noto fallbacks for the narrators' other scripts; v8: ASS override blocks in subtitle text ({\b1}) are dropped, not burned as text; middle subtitles drop to the bottom row over text slides; music fades out at the end, narration and inserts at one loudness (media.NarrationLUFS), the mix limited under full scale; BT.709 colours, tagged in full (matrix, primaries, transfer, range), the bit rate capped within Level 4.0 (VBV); v9: stills converted to BT.709 by the colorspace filter after their scale (less memory), not by swscale; untagged clips read as players read them (HD as BT.709, SD as BT.601)

// insertVersion is part of every insert's hash with renderVersion: bump it when the
// sound the engine takes from an insert's clip (ExtractAudio) changes, so that no old
// one is reused.
const insertVersion = "insert-v3" // v2: a mono sound kept mono (the mix no longer puts it 3 dB down); v3: the sound timed by the picture

// RenderSlide is one slide of a scene as the engine draws it.
type RenderSlide struct {
	LayerID    int64
	DurationMs int
	// MediaKey is the object of the slide's picture or clip ("" for none).
	MediaKey string
	IsVideo  bool
	Text     string // a text slide's text
	Tagline  string
	KenBurns bool
	Motion   int // picks the pan's direction (panMotion); 0 when the slide does not pan
	// Contain shows the whole picture with bars (not panned) and Crop is the part of
	// the picture shown (nil: all of it): the slide's transform. Unset, they are left
	// out of the segment hash, which stays what it was before slides had transforms.
	Contain bool        `json:",omitempty"`
	Crop    *media.Crop `json:",omitempty"`
}

// SceneRender is one scene's segment: what it shows and the hash that names it.
type SceneRender struct {
	SceneID    int64
	Index      int // 1-based
	StartMs    int
	DurationMs int
	Slides     []RenderSlide
	// Cues are the burned-in subtitles, relative to the scene's start.
	Cues []media.Cue
	// Hash names the scene for workers older than RenderSegment naming its segment
	// itself (segmentHash): they stored the segment under it. It is not a key this
	// version reads, so a segment an older engine made for a newer plan (workers of
	// both run side by side while they are upgraded) is never reused as this one's.
	Hash string
	// Frames is how long the scene's segment lasts in whole frames of the canvas (its
	// slides on the segment's frame grid, media.Canvas.SlideFrames), which places what
	// follows it on the joined video. 0 in a
	// voiceover's plan (its sound and subtitles follow its one recording) and in plans
	// made before it was kept: the timeline is then the slides' milliseconds.
	Frames int `json:",omitempty"`
}

// clip is the part of cue c (on the video's timeline) shown during the scene, with
// times from the scene's start; ok is false when none is.
func (sr SceneRender) clip(c media.Cue) (q media.Cue, ok bool) {
	from, to := max(c.StartMs, sr.StartMs), min(c.EndMs, sr.StartMs+sr.DurationMs)
	return media.Cue{StartMs: from - sr.StartMs, EndMs: to - sr.StartMs, Text: c.Text}, from < to
}

// RenderClip is audio placed on the video's timeline.
type RenderClip struct {
	Key     string
	StartMs int
	// Mute silences stretches of the clip (from its start): a voiceover's muted slides.
	Mute []media.Span `json:",omitempty"`
}

// RenderBackground is music under the whole video, looped, at Volume (1 to 100 %),
// ducked under the narration.
type RenderBackground struct {
	Key    string
	Volume int
}

// PlanRenderInput names the render attempt.
type PlanRenderInput struct {
	AttemptID int64
}

// PlanRenderResult is the render plan: scenes to render and what to mix.
type PlanRenderResult struct {
	VideoID     int64
	PublisherID int64
	Attempt     int
	Canvas      media.Canvas
	Style       media.SubtitleStyle
	Scenes      []SceneRender
	Narration   []RenderClip
	Background  []RenderBackground
	DurationMs  int
	// Cues are all subtitles on the video's timeline, for the sidecar files.
	Cues []media.Cue
	Burn bool
	// AudioHash names the mixed sound track by what is in it; an unchanged one is reused.
	AudioHash string
	// Inserts are the clips played before the video, after it and before every scene.
	Inserts []RenderInsertClip
	// Title is the video's name, the MP4's title ("" in a plan made before it was kept:
	// none).
	Title string
}

// RenderInsertClip is an insert's clip in the plan. Hash names it for workers older
// than RenderInsert naming what it stores itself (insertHash), as SceneRender.Hash.
type RenderInsertClip struct {
	Type models.InsertType
	Key  string
	Hash string
}

// renderGone ends a render whose attempt or video is no longer there to render.
func renderGone(msg string, cause error) error {
	return temporal.NewNonRetryableApplicationError(msg, ErrTypeRenderGone, cause)
}

// stillRendering is the attempt, or a RenderGone error when it has ended meanwhile (its
// video was deleted, which cancels it): the render's work stops there.
func (a *RenderActivities) stillRendering(ctx context.Context, attemptID int64) (models.RenderAttempt, error) {
	att, err := a.Store.RenderAttemptByID(ctx, attemptID)
	if errors.Is(err, models.ErrNotFound) {
		return att, renderGone("The render was cancelled.", err)
	}
	if err != nil {
		return att, err
	}
	if att.Status != models.RenderAttemptRendering {
		return att, renderGone("The render is no longer running.", nil)
	}
	return att, nil
}

// PlanRender reads the video as it is now and plans its render: the scenes with
// their slides, media, durations and subtitles, each scene named by a hash of
// everything that changes its pixels, and the narration on the timeline.
func (a *RenderActivities) PlanRender(ctx context.Context, in PlanRenderInput) (PlanRenderResult, error) {
	att, err := a.stillRendering(ctx, in.AttemptID)
	if err != nil {
		return PlanRenderResult{}, err
	}
	v, err := a.Store.VideoForWorkflow(ctx, att.VideoID)
	if errors.Is(err, models.ErrNotFound) || err == nil && v.DeletedAt != nil {
		return PlanRenderResult{}, renderGone("The video was deleted.", err)
	}
	if err != nil {
		return PlanRenderResult{}, err
	}
	return a.plan(ctx, v, att)
}

func (a *RenderActivities) plan(ctx context.Context, v models.Video, att models.RenderAttempt) (PlanRenderResult, error) {
	cfg, err := a.Store.VideoSubtitleStyle(ctx, v)
	if err != nil {
		return PlanRenderResult{}, fmt.Errorf("subtitle style of video %d: %w", v.ID, err)
	}
	canvas, style := videoLook(v, cfg)
	res := PlanRenderResult{VideoID: v.ID, PublisherID: v.PublisherID, Attempt: att.Attempt, Title: v.Name, Canvas: canvas,
		Style: style, Burn: v.HardcodeSubtitles}

	at := 0
	var muted []media.Span // a voiceover's muted slides
	for i, sc := range v.Scenes {
		sr := SceneRender{SceneID: sc.ID, Index: i + 1, StartMs: at}
		for _, l := range sc.Layers {
			if !domain.Plays(l) {
				continue
			}
			rs := RenderSlide{LayerID: l.ID, DurationMs: l.DurationMs, Tagline: l.Tagline}
			if err := slideMedia(&rs, l); err != nil {
				return res, err
			}
			if rs.KenBurns {
				rs.Motion = panMotion(rs.MediaKey, len(sr.Slides))
			}
			sr.Slides = append(sr.Slides, rs)
			// A muted slide keeps its time on screen; its narration is left out.
			if l.NarrationAssetID != nil && !v.IsVoiceover && !l.Muted {
				na, err := a.Store.Asset(ctx, v.PublisherID, *l.NarrationAssetID)
				if errors.Is(err, models.ErrNotFound) {
					return res, temporal.NewNonRetryableApplicationError(
						fmt.Sprintf("The narration of a slide in scene %d is missing. Generate the scene's audio again.", i+1), ErrTypeRenderInput, err)
				}
				if err != nil {
					return res, fmt.Errorf("narration of slide %d: %w", l.ID, err)
				}
				res.Narration = append(res.Narration, RenderClip{Key: na.MediaKey, StartMs: at})
			}
			if l.Muted && v.IsVoiceover {
				muted = append(muted, media.Span{StartMs: at, EndMs: at + l.DurationMs})
			}
			at += l.DurationMs
			sr.DurationMs += l.DurationMs
		}
		if len(sr.Slides) > 0 {
			if !v.IsVoiceover {
				ds := make([]int, len(sr.Slides))
				for k, s := range sr.Slides {
					ds[k] = s.DurationMs
				}
				for _, n := range canvas.SlideFrames(ds) {
					sr.Frames += n
				}
			}
			res.Scenes = append(res.Scenes, sr)
		}
	}
	res.DurationMs = at
	if len(res.Scenes) == 0 {
		return res, temporal.NewNonRetryableApplicationError("The video has no slides to render.", ErrTypeRenderInput, nil)
	}
	if v.IsVoiceover && v.VoiceoverAssetID != nil {
		na, err := a.Store.Asset(ctx, v.PublisherID, *v.VoiceoverAssetID)
		if errors.Is(err, models.ErrNotFound) {
			return res, temporal.NewNonRetryableApplicationError("The uploaded narration of this video is missing.", ErrTypeRenderInput, err)
		}
		if err != nil {
			return res, fmt.Errorf("voiceover narration: %w", err)
		}
		res.Narration = []RenderClip{{Key: na.MediaKey, Mute: muted}}
	}

	ins, err := a.Store.InsertsForWorkflow(ctx, v.ID)
	if err != nil {
		return res, err
	}
	for _, in := range ins {
		if !domain.InsertPlays(v, in) {
			continue
		}
		res.Inserts = append(res.Inserts, RenderInsertClip{Type: in.Type, Key: in.Asset.MediaKey,
			Hash: plannedHash(insertHash(canvas, in.Asset.MediaKey))})
	}
	music, err := a.Store.BackgroundAudiosForWorkflow(ctx, v.ID)
	if err != nil {
		return res, err
	}
	for _, m := range music {
		if domain.MusicPlays(m) {
			res.Background = append(res.Background, RenderBackground{Key: m.Asset.MediaKey, Volume: m.Volume})
		}
	}
	res.AudioHash = audioHash(res.DurationMs, res.Narration, res.Background)
	cues, err := a.videoCues(ctx, v, cueOptions(res.Canvas, res.Style))
	if err != nil {
		return res, err
	}
	res.Cues = cues
	for i := range res.Scenes {
		sr := &res.Scenes[i]
		if res.Burn {
			for _, c := range res.Cues {
				if q, ok := sr.clip(c); ok {
					sr.Cues = append(sr.Cues, q)
				}
			}
		}
		sr.Hash = plannedHash(a.segmentHash(res.Canvas, res.Style, *sr))
	}
	return res, nil
}

// videoLook is how the render draws video v with subtitle style cfg (the store's
// VideoSubtitleStyle of v): on the canvas of its format, in cfg's look.
func videoLook(v models.Video, cfg models.SubtitleStyleConfig) (media.Canvas, media.SubtitleStyle) {
	canvas := media.Canvas16x9
	if v.AspectRatio == models.AspectVertical {
		canvas = media.Canvas9x16
	}
	return canvas, subtitleStyleOf(cfg.SubtitleStyleLook)
}

// CueOptions size the cues of video v shown in subtitle style cfg (the store's
// VideoSubtitleStyle of v): lines as wide as the render's canvas and style allow. The
// render and the API's subtitles build cues with them, so both are the same cues.
func CueOptions(v models.Video, cfg models.SubtitleStyleConfig) domain.CueOptions {
	return cueOptions(videoLook(v, cfg))
}

// cueOptions size cues drawn on canvas c in style s.
func cueOptions(c media.Canvas, s media.SubtitleStyle) domain.CueOptions {
	s = s.OrDefault(c)
	return domain.CueOptions{MaxLineChars: domain.CueLineChars(domain.CueLayout{CanvasWidth: c.Width, CanvasHeight: c.Height,
		FontSize: s.FontSize, Bold: s.Bold, Spacing: s.Spacing, MarginLeft: s.MarginL, MarginRight: s.MarginR,
		Outline: s.Outline, Shadow: s.Shadow, Angle: s.Angle, Middle: s.Alignment == 5, MarginVertical: s.MarginV})}
}

// subtitleStyleOf is how the engine draws a subtitle style config's look.
func subtitleStyleOf(l models.SubtitleStyleLook) media.SubtitleStyle {
	align := map[models.SubtitlePosition]int{models.SubtitleBottom: 2, models.SubtitleMiddle: 5, models.SubtitleTop: 8}[l.Position]
	return media.SubtitleStyle{
		FontName: l.FontFamily, FontSize: l.FontSize, Bold: l.Bold, Italic: l.Italic,
		PrimaryColor: l.PrimaryColor, OutlineColor: l.OutlineColor, BackColor: l.ShadowColor,
		Spacing: l.Spacing, Outline: l.Outline, Shadow: l.ShadowOffset, Blur: l.BlurEdges,
		MarginL: l.MarginLeft, MarginR: l.MarginRight, MarginV: l.MarginVertical,
		Angle: l.Angle, Alignment: align,
	}
}

// videoCues are the video's subtitles: the ones the user edited (a word of theirs
// wider than a line of opt cut, so that nothing is clipped; none when the user deleted
// them all), else those its narration timing makes in cues of opt.
func (a *RenderActivities) videoCues(ctx context.Context, v models.Video, opt domain.CueOptions) ([]media.Cue, error) {
	list, edited, err := a.Store.SubtitlesForWorkflow(ctx, v.ID)
	if err != nil {
		return nil, err
	}
	var out []media.Cue
	if edited {
		for _, c := range list {
			out = append(out, media.Cue{StartMs: c.StartMs, EndMs: c.StartMs + c.DurationMs, Text: domain.FitCueText(c.Text, opt)})
		}
		return out, nil
	}
	cues, err := domain.VideoCues(v, opt)
	if err != nil {
		return nil, err
	}
	for _, c := range cues {
		out = append(out, media.Cue{StartMs: c.StartMs, EndMs: c.EndMs, Text: c.Text})
	}
	return out, nil
}

// panMotion picks the direction of a still's pan from what it shows and its place in
// its scene, nothing outside the scene: editing, adding or moving other scenes leaves
// the pan (and so the segment) as it was, and the same picture twice in a row pans
// two ways.
func panMotion(mediaKey string, k int) int {
	h := fnv.New32a()
	h.Write([]byte(mediaKey))
	return int(h.Sum32()%1024) + k
}

// slideMedia picks what the slide shows: its first media item that is a picture or a
// clip with stored bytes, else its text.
func slideMedia(rs *RenderSlide, l models.Layer) error {
	for _, it := range l.Assets {
		if it.Kind == models.LayerAssetText {
			rs.Text = it.Text
			return nil
		}
		if it.Asset == nil {
			continue
		}
		as := it.Asset
		switch {
		case as.State != models.AssetStateComplete || as.DeletedAt != nil || as.MediaKey == "":
			return temporal.NewNonRetryableApplicationError(
				fmt.Sprintf("A slide's media (%s) is not ready to render.", as.Name), ErrTypeRenderInput, nil)
		case as.TypeID == models.AssetTypeIDImage:
			rs.MediaKey, rs.KenBurns = as.MediaKey, true
			slideTransform(rs, l.Transform)
			return nil
		case as.TypeID == models.AssetTypeIDVideo:
			rs.MediaKey, rs.IsVideo = as.MediaKey, true
			slideTransform(rs, l.Transform)
			return nil
		}
	}
	// No picture: the slide's own words on a plain background.
	rs.Text = domain.Slide{Segments: domain.SplitSentences(l.Text)}.Caption()
	return nil
}

// slideTransform applies a slide's fit and crop to its picture or clip: a contained
// picture shows whole, with bars, and does not pan.
func slideTransform(rs *RenderSlide, t *models.SlideTransform) {
	if t == nil || t.Whole() {
		return
	}
	if t.Fit == models.FitContain {
		rs.Contain, rs.KenBurns = true, false
	}
	if c := t.Crop; c != nil && *c != (models.CropRect{Width: 1, Height: 1}) {
		rs.Crop = &media.Crop{X: c.X, Y: c.Y, Width: c.Width, Height: c.Height}
	}
}

// sceneHash names a segment by everything that affects its pixels: the engine's
// version, canvas, preset, subtitle style and the scene's slides and cues. Media is
// named by its object key, which changes when the media changes.
func sceneHash(c media.Canvas, style media.SubtitleStyle, preset string, sr SceneRender) string {
	if len(sr.Cues) == 0 {
		style = media.SubtitleStyle{} // only cues are drawn in it
	}
	h := sha256.New()
	_ = json.NewEncoder(h).Encode(struct {
		V      string
		Canvas media.Canvas
		Style  media.SubtitleStyle
		Preset string
		Slides []RenderSlide
		Cues   []media.Cue
	}{renderVersion, c, style, preset, hashSlides(sr.Slides), sr.Cues})
	return hex.EncodeToString(h.Sum(nil))
}

// segmentHash names the segment this worker's engine makes of scene sr: the step that
// renders a scene names what it stores by its own engine's version and preset, not by
// those of the worker that planned the render.
func (a *RenderActivities) segmentHash(c media.Canvas, style media.SubtitleStyle, sr SceneRender) string {
	return sceneHash(c, style, a.Preset, sr)
}

// insertHash names the segment and sound this engine makes of an insert's clip on
// canvas c.
func insertHash(c media.Canvas, clipKey string) string {
	return hashOf(renderVersion, insertVersion, c, clipKey)
}

// plannedHash is the hash a plan gives a scene or an insert whose own hash is h: unique
// to it, as older workers need (they store what they make under it), and never a key
// this version stores under.
func plannedHash(h string) string {
	return hashOf("planned", h)
}

// audioHash names a mix by the engine's version, the video's length, every clip with
// its place on the timeline and the background music with its volume.
func audioHash(durationMs int, clips []RenderClip, music []RenderBackground) string {
	h := sha256.New()
	_ = json.NewEncoder(h).Encode(struct {
		V          string
		DurationMs int
		Clips      []RenderClip
		Music      []RenderBackground
	}{renderVersion, durationMs, clips, music})
	return hex.EncodeToString(h.Sum(nil))
}

// The render cache (segments, inserts, mixes and their stretches under renders/) is
// swept of what no render used for RenderCacheAge. A render reuses only what is a day
// younger than that, so nothing it found is swept before its join; what it finds
// older it makes again, which stores it afresh.
const (
	RenderCacheAge   = 30 * 24 * time.Hour
	renderCacheReuse = RenderCacheAge - 24*time.Hour
	// renderCachePrefix holds every render cache key and nothing else.
	renderCachePrefix = "renders/"
)

func (a *RenderActivities) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

// reusable tells whether a stored render cache object is young enough to reuse.
func (a *RenderActivities) reusable(o blob.ObjectInfo) bool {
	return a.now().Sub(o.LastModified) < renderCacheReuse
}

// RenderOutputAge is how long the files of a render that is no longer its video's
// content are kept: a download or player link given out for it (presigned for hours)
// and a publish reading it have long ended by then.
const RenderOutputAge = 7 * 24 * time.Hour

// renderOutputPrefix holds every video's render outputs (RenderOutputPrefix).
const renderOutputPrefix = "videos/"

// SweepRenderOutputsInput is empty; the cut-off is the activity's clock.
type SweepRenderOutputsInput struct{}

// SweepRenderOutputs removes the files (MP4, thumbnail, subtitles) of renders that
// nothing shows any more, once stored over RenderOutputAge ago: those a later render
// replaced, those of renders that failed or were cancelled (a join may have stored
// some before), and every render of a deleted video. The files of a video's current
// render and of a render still running stay (store.RenderOutputsInUse).
func (a *RenderActivities) SweepRenderOutputs(ctx context.Context, _ SweepRenderOutputsInput) (SweepRenderCacheResult, error) {
	cutoff := a.now().Add(-RenderOutputAge)
	// Keys are listed in order, so one video's files come together: look it up once.
	lastVideo := int64(0)
	var inUse map[int]bool
	return a.sweep(ctx, "sweep render outputs", renderOutputPrefix, func(o blob.ObjectInfo) (bool, error) {
		videoID, attempt, ok := renderOutputAttempt(o.Key)
		if !ok || !o.LastModified.Before(cutoff) {
			return false, nil
		}
		if videoID != lastVideo {
			var err error
			if inUse, err = a.Store.RenderOutputsInUse(ctx, videoID); err != nil {
				return false, err
			}
			lastVideo = videoID
		}
		return !inUse[attempt], nil
	})
}

// sweep deletes the objects under prefix that gone says to, heartbeating step, and
// counts them. S3 lists after the last key it gave, so deleting as it lists is safe.
func (a *RenderActivities) sweep(ctx context.Context, step, prefix string, gone func(blob.ObjectInfo) (bool, error)) (SweepRenderCacheResult, error) {
	stop := heartbeatEvery(ctx, 10*time.Second, step)
	defer stop()
	var res SweepRenderCacheResult
	err := a.Blob.List(ctx, prefix, func(o blob.ObjectInfo) error {
		if del, err := gone(o); err != nil || !del {
			return err
		}
		if err := a.Blob.Delete(ctx, o.Key); err != nil {
			return err
		}
		res.Objects++
		res.Bytes += o.Size
		return nil
	})
	return res, err
}

// SweepRenderCacheInput is empty; the cut-off is the activity's clock.
type SweepRenderCacheInput struct{}

// SweepRenderCacheResult counts the objects a sweep removed (SweepRenderCache,
// SweepRenderOutputs) and their bytes.
type SweepRenderCacheResult struct {
	Objects int
	Bytes   int64
}

// SweepRenderCache removes the render cache objects, of every account, last stored
// over RenderCacheAge ago. Videos' rendered MP4s, thumbnails and subtitles are kept
// elsewhere (RenderOutputPrefix; SweepRenderOutputs).
func (a *RenderActivities) SweepRenderCache(ctx context.Context, _ SweepRenderCacheInput) (SweepRenderCacheResult, error) {
	cutoff := a.now().Add(-RenderCacheAge)
	return a.sweep(ctx, "sweep render cache", renderCachePrefix, func(o blob.ObjectInfo) (bool, error) {
		if !o.LastModified.Before(cutoff) {
			return false, nil
		}
		// A render may have stored it again since the page was listed.
		now, err := a.Blob.Head(ctx, o.Key)
		if errors.Is(err, blob.ErrNotFound) {
			return false, nil
		}
		return err == nil && now.LastModified.Before(cutoff), err
	})
}

// hashOf is the hex SHA-256 of the JSON of parts.
func hashOf(parts ...any) string {
	h := sha256.New()
	_ = json.NewEncoder(h).Encode(parts)
	return hex.EncodeToString(h.Sum(nil))
}

// InsertKey is where the rendered insert with this hash is kept: its segment (.mp4),
// its sound (.wav) and what was measured (.json, written last).
func InsertKey(publisherID int64, hash, ext string) string {
	return fmt.Sprintf("renders/%d/inserts/%s%s", publisherID, hash, ext)
}

// AudioKey is where an account's mix with this hash is kept.
func AudioKey(publisherID int64, hash string) string {
	return fmt.Sprintf("renders/%d/audio/%s.m4a", publisherID, hash)
}

// hashSlides leaves out what does not change pixels (the slide's id).
func hashSlides(slides []RenderSlide) []RenderSlide {
	out := make([]RenderSlide, len(slides))
	for i, s := range slides {
		s.LayerID = 0
		out[i] = s
	}
	return out
}

// SegmentKey is where the segment of a scene with this hash is kept for an account.
// Equal hashes give equal segments, so a later render reuses it.
func SegmentKey(publisherID int64, hash string) string {
	return fmt.Sprintf("renders/%d/segments/%s.mp4", publisherID, hash)
}

// RenderOutputPrefix is where attempt n of a video puts its MP4, thumbnail and
// subtitle files.
func RenderOutputPrefix(publisherID, videoID int64, attempt int) string {
	return fmt.Sprintf("videos/%d/%d/renders/%d/", publisherID, videoID, attempt)
}

// renderOutputAttempt reads the video and attempt of a key under RenderOutputPrefix;
// ok is false for any other key.
func renderOutputAttempt(key string) (videoID int64, attempt int, ok bool) {
	parts := strings.SplitN(key, "/", 6) // videos, account, video, renders, attempt, file
	if len(parts) < 6 || parts[0] != "videos" || parts[3] != "renders" || parts[5] == "" {
		return 0, 0, false
	}
	videoID, err1 := strconv.ParseInt(parts[2], 10, 64)
	attempt, err2 := strconv.Atoi(parts[4])
	if err1 != nil || err2 != nil || videoID <= 0 || attempt <= 0 {
		return 0, 0, false
	}
	return videoID, attempt, true
}

// RenderSegmentInput is one scene to render.
type RenderSegmentInput struct {
	PublisherID int64
	AttemptID   int64
	Canvas      media.Canvas
	Style       media.SubtitleStyle
	Scene       SceneRender
	// Started is when the render started: a segment stored since was stored by this
	// render (an earlier run of this step, whose result was lost), not reused from an
	// earlier one. Zero: every segment found counts as reused.
	Started time.Time
}

// RenderSegmentResult names the stored segment. Reused: an earlier render stored it.
type RenderSegmentResult struct {
	Key    string
	Reused bool
}

// SegmentProgress is a running segment's heartbeat: how much of the scene is done.
type SegmentProgress struct {
	SceneID int64
	DoneMs  int
	TotalMs int
}

// RenderSegment renders a scene to a video-only segment in the object store, or
// finds it there already (an unchanged scene, or a retry after the upload). It
// heartbeats its progress.
func (a *RenderActivities) RenderSegment(ctx context.Context, in RenderSegmentInput) (RenderSegmentResult, error) {
	key := SegmentKey(in.PublisherID, a.segmentHash(in.Canvas, in.Style, in.Scene))
	if o, err := a.Blob.Head(ctx, key); err == nil && a.reusable(o) {
		// Stores keep whole seconds: what this render stored is from its start's second on.
		return RenderSegmentResult{Key: key, Reused: o.LastModified.Before(in.Started.Truncate(time.Second)) || in.Started.IsZero()}, nil
	} else if err != nil && !errors.Is(err, blob.ErrNotFound) {
		return RenderSegmentResult{}, err
	}
	if _, err := a.stillRendering(ctx, in.AttemptID); err != nil {
		return RenderSegmentResult{}, err
	}
	dir, err := a.workDir(in.AttemptID, "scene-"+strconv.FormatInt(in.Scene.SceneID, 10))
	if err != nil {
		return RenderSegmentResult{}, err
	}
	defer os.RemoveAll(dir)

	idle := SegmentProgress{SceneID: in.Scene.SceneID, TotalMs: in.Scene.DurationMs}
	seg, err := a.segmentInput(ctx, dir, in, idle)
	if err != nil {
		return RenderSegmentResult{}, err
	}
	out := filepath.Join(dir, "segment.mp4")
	cores, release, err := a.encodeSlot(ctx, idle)
	if err != nil {
		return RenderSegmentResult{}, err
	}
	seg.Threads = cores
	if cores == 1 && a.cores().queued() == 0 {
		// Last in line: should a core fall free while this one encodes (the segment
		// before it ending), half of this one is encoded there instead of it idling.
		seg.Spare = a.cores().lend
	}
	err = a.Engine.RenderSegment(ctx, seg, dir, out, a.beat(ctx, in.Scene))
	release() // the upload needs no core
	if err != nil {
		return RenderSegmentResult{}, fmt.Errorf("render scene %d: %w", in.Scene.Index, err)
	}
	idle.DoneMs = in.Scene.DurationMs
	stop := heartbeatEvery(ctx, 2*time.Second, idle)
	defer stop()
	if err := putFile(ctx, a.Blob, key, out, "video/mp4"); err != nil {
		return RenderSegmentResult{}, err
	}
	return RenderSegmentResult{Key: key}, nil
}

// segmentInput downloads the scene's media into dir and describes the segment for the
// engine. It heartbeats while it downloads: a large clip may take longer than the
// heartbeat timeout.
func (a *RenderActivities) segmentInput(ctx context.Context, dir string, in RenderSegmentInput, beat SegmentProgress) (media.SegmentInput, error) {
	stop := heartbeatEvery(ctx, 2*time.Second, beat)
	defer stop()
	seg := media.SegmentInput{Canvas: in.Canvas, Cues: in.Scene.Cues, Style: in.Style, Preset: a.Preset}
	files := map[string]string{}
	var fetches []fetch
	for i, s := range in.Scene.Slides {
		if _, ok := files[s.MediaKey]; s.MediaKey != "" && !ok {
			files[s.MediaKey] = filepath.Join(dir, fmt.Sprintf("media-%d%s", i, filepath.Ext(s.MediaKey)))
			fetches = append(fetches, fetch{s.MediaKey, files[s.MediaKey], "slide media", fmt.Sprintf(
				"Slide %d of scene %d: its media file is missing from storage. Choose other media for it, then render again.", i+1, in.Scene.Index)})
		}
	}
	if err := a.downloadAll(ctx, fetches); err != nil {
		return seg, err
	}
	for _, s := range in.Scene.Slides {
		ss := media.SegmentSlide{DurationMs: s.DurationMs, Text: s.Text, Tagline: s.Tagline, KenBurns: s.KenBurns, Motion: s.Motion,
			Contain: s.Contain, Crop: s.Crop}
		if s.MediaKey != "" {
			if s.IsVideo {
				ss.Video = files[s.MediaKey]
			} else {
				ss.Image = files[s.MediaKey]
			}
		}
		seg.Slides = append(seg.Slides, ss)
	}
	return seg, nil
}

// beat returns a progress callback that heartbeats at most every HeartbeatEvery.
func (a *RenderActivities) beat(ctx context.Context, sc SceneRender) func(int) {
	every := a.HeartbeatEvery
	if every <= 0 {
		every = 2 * time.Second
	}
	var mu sync.Mutex
	var last time.Time
	activity.RecordHeartbeat(ctx, SegmentProgress{SceneID: sc.SceneID, TotalMs: sc.DurationMs})
	return func(doneMs int) {
		mu.Lock()
		defer mu.Unlock()
		if time.Since(last) < every {
			return
		}
		last = time.Now()
		activity.RecordHeartbeat(ctx, SegmentProgress{SceneID: sc.SceneID, DoneMs: min(doneMs, sc.DurationMs), TotalMs: sc.DurationMs})
	}
}

// workDir makes a folder of its own for one run of a render step (the caller removes
// it): two runs of a step never share one, whether a retry overlaps a run that is
// only paused or two installations share a host (attempt numbers start at 1 in each).
// What a killed run left is removed by RemoveStaleWorkDirs.
func (a *RenderActivities) workDir(attemptID int64, name string) (string, error) {
	dir, err := os.MkdirTemp(a.workBase(), renderDirPrefix+strconv.FormatInt(attemptID, 10)+"-"+name+"-")
	if err != nil {
		return "", fmt.Errorf("render work dir: %w", err)
	}
	return dir, nil
}

func (a *RenderActivities) workBase() string {
	if a.WorkDir != "" {
		return a.WorkDir
	}
	return os.TempDir()
}

// renderDirPrefix starts the name of every render step's work folder.
const renderDirPrefix = "pagecast-render-"

// StaleWorkDirAge is how long after its last change a render work folder is taken to
// be a killed run's: far longer than any render step may run.
const StaleWorkDirAge = 6 * time.Hour

// RemoveStaleWorkDirs removes the render work folders nobody has changed since
// before now-StaleWorkDirAge: what runs killed mid-step left (a worker calls it as it
// starts). It answers how many it removed.
func (a *RenderActivities) RemoveStaleWorkDirs(now time.Time) (int, error) {
	base := a.workBase()
	entries, err := os.ReadDir(base)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), renderDirPrefix) {
			continue
		}
		info, err := e.Info()
		if err != nil || now.Sub(info.ModTime()) < StaleWorkDirAge {
			continue
		}
		if err := os.RemoveAll(filepath.Join(base, e.Name())); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// objectRequests is how many requests a render activity makes to the object store at
// once. Each costs a round trip (tens of milliseconds on S3) before its first byte, so
// the files a step needs are fetched, and its results stored, side by side.
const objectRequests = 8

// fetch is an object to download to file; what names it in an error, and missing,
// when set, is what the user is told if the object is gone (else missingFile).
type fetch struct{ key, file, what, missing string }

// downloadAll downloads the objects, objectRequests at a time. The first failure
// stops the others and is the error returned.
func (a *RenderActivities) downloadAll(ctx context.Context, fetches []fetch) error {
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(objectRequests)
	for _, f := range fetches {
		g.Go(func() error {
			return named(f.what, a.download(ctx, f.key, f.file, f.missing))
		})
	}
	return g.Wait()
}

// named says what a failed step was for, unless err holds an application error,
// which is returned alone: Temporal reads the type and retry flag of the outermost
// error only, so a final error wrapped (a missing file) would be retried as if it might
// pass, and RenderVideo would show its general message instead of that error's own.
// nil stays nil.
func named(what string, err error) error {
	var appErr *temporal.ApplicationError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &appErr):
		return appErr
	}
	return fmt.Errorf("%s: %w", what, err)
}

// missingFile is what the user is told when a file the render needs is gone from the
// object store and the file is not one they chose (a segment, a narration clip).
const missingFile = "A file the video needs is missing from storage."

// download copies the object at key to file; a missing object is a final error, with
// the message missing (missingFile when "").
func (a *RenderActivities) download(ctx context.Context, key, file, missing string) error {
	rc, _, err := a.Blob.Get(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		if missing == "" {
			missing = missingFile
		}
		return temporal.NewNonRetryableApplicationError(missing, ErrTypeRenderInput, err)
	}
	if err != nil {
		return err
	}
	defer rc.Close()
	_, err = copyToFile(file, rc)
	return err
}

// RenderInsertInput is an insert to render.
type RenderInsertInput struct {
	PublisherID int64
	AttemptID   int64
	Canvas      media.Canvas
	Clip        RenderInsertClip
}

// RenderInsertResult is the rendered insert: its segment, its sound ("" when the
// clip has none) and its length in whole frames.
type RenderInsertResult struct {
	Type       models.InsertType
	SegmentKey string
	AudioKey   string
	DurationMs int
	Reused     bool
}

// insertInfo is what RenderInsert measured, stored beside the segment.
type insertInfo struct {
	DurationMs int  `json:"durationMs"`
	HasAudio   bool `json:"hasAudio"`
}

// RenderInsert normalises an insert's clip to a segment of the canvas and takes its
// sound for the mix, or finds both stored already (the same clip in any video of the
// account, or a retry).
func (a *RenderActivities) RenderInsert(ctx context.Context, in RenderInsertInput) (RenderInsertResult, error) {
	hash := insertHash(in.Canvas, in.Clip.Key)
	res := RenderInsertResult{Type: in.Clip.Type, SegmentKey: InsertKey(in.PublisherID, hash, ".mp4")}
	audioKey := InsertKey(in.PublisherID, hash, ".wav")
	infoKey := InsertKey(in.PublisherID, hash, ".json")
	if rc, o, err := a.Blob.Get(ctx, infoKey); err == nil {
		var info insertInfo
		err := json.NewDecoder(rc).Decode(&info)
		rc.Close()
		// The segment and sound were stored just before their measure.
		if err == nil && info.DurationMs > 0 && a.reusable(o) {
			res.DurationMs, res.Reused = info.DurationMs, true
			if info.HasAudio {
				res.AudioKey = audioKey
			}
			return res, nil
		}
	} else if !errors.Is(err, blob.ErrNotFound) {
		return res, err
	}
	dir, err := a.workDir(in.AttemptID, "insert-"+hash[:16])
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(dir)
	stop := heartbeatEvery(ctx, 2*time.Second, "insert")
	defer stop()
	clip := filepath.Join(dir, "clip"+filepath.Ext(in.Clip.Key))
	if err := a.download(ctx, in.Clip.Key, clip, fmt.Sprintf(
		"The %s clip is missing from storage. Remove it or choose another, then render again.", strings.ToLower(in.Clip.Type.Name()))); err != nil {
		return res, named("insert clip", err)
	}
	seg := filepath.Join(dir, "segment.mp4")
	// An insert is encoded like a segment, on the cores segments leave; this activity
	// heartbeats already while it waits.
	cores, release, err := a.cores().acquire(ctx, nil)
	if err != nil {
		return res, err
	}
	res.DurationMs, err = a.Engine.RenderClipSegment(ctx, clip, in.Canvas, cores, dir, seg)
	release()
	if err != nil {
		if errors.Is(err, media.ErrInvalidMedia) {
			return res, temporal.NewNonRetryableApplicationError("An intro, outro or scene insert is not a playable video.", ErrTypeRenderInput, err)
		}
		return res, fmt.Errorf("render insert: %w", err)
	}
	wav := filepath.Join(dir, "sound.wav")
	hasAudio, err := a.Engine.ExtractAudio(ctx, clip, wav)
	if err != nil {
		return res, fmt.Errorf("insert sound: %w", err)
	}
	if err := putFile(ctx, a.Blob, res.SegmentKey, seg, "video/mp4"); err != nil {
		return res, err
	}
	if hasAudio {
		if err := putFile(ctx, a.Blob, audioKey, wav, "audio/wav"); err != nil {
			return res, err
		}
		res.AudioKey = audioKey
	}
	raw, _ := json.Marshal(insertInfo{DurationMs: res.DurationMs, HasAudio: hasAudio})
	if err := a.Blob.Put(ctx, infoKey, bytes.NewReader(raw), int64(len(raw)), "application/json"); err != nil {
		return res, err
	}
	return res, nil
}

// renderTimeline places the inserts around the scenes: the intro first, the scene
// prepend before every scene, the outro last.
type renderTimeline struct {
	TotalMs int
	// shift is how much later each scene starts than without inserts.
	shift []int
	// sounds are the inserts' sounds at their places.
	sounds                []RenderClip
	intro, prepend, outro *RenderInsertResult
	// cuts are where a scene or an insert starts: the mix is encoded in chunks cut
	// there, so an edit to one scene encodes its stretch of sound again, not the rest.
	cuts []int
}

func timelineOf(p PlanRenderResult, inserts []RenderInsertResult) renderTimeline {
	var tl renderTimeline
	// Each segment lasts whole frames: a scene's slides rounded to them, so a scene
	// starts up to half a frame per slide before it away from the sum of the slides'
	// milliseconds, and that adds up (36 ms, more than a frame, by the 12th scene of a
	// 20-scene video). Counted in frames, the sound and the subtitles that follow a
	// scene start where its picture does, within half a millisecond.
	byFrames := p.Canvas.FPS > 0
	for _, sc := range p.Scenes {
		byFrames = byFrames && sc.Frames > 0
	}
	frames, at := 0, 0
	advance := func(ms, n int) {
		if byFrames {
			frames += n
			at = p.Canvas.FramesMs(frames)
			return
		}
		at += ms
	}
	for i := range inserts {
		switch in := &inserts[i]; in.Type {
		case models.InsertIntro:
			tl.intro = in
		case models.InsertOutro:
			tl.outro = in
		case models.InsertScenePrepend:
			tl.prepend = in
		}
	}
	place := func(in *RenderInsertResult, at int) {
		tl.cuts = append(tl.cuts, at)
		if in.AudioKey != "" {
			tl.sounds = append(tl.sounds, RenderClip{Key: in.AudioKey, StartMs: at})
		}
	}
	// An insert's segment is whole frames already (RenderClipSegment).
	insert := func(in *RenderInsertResult) {
		place(in, at)
		advance(in.DurationMs, p.Canvas.Frames(in.DurationMs))
	}
	if tl.intro != nil {
		insert(tl.intro)
	}
	for _, sc := range p.Scenes {
		if tl.prepend != nil {
			insert(tl.prepend)
		}
		tl.shift = append(tl.shift, at-sc.StartMs)
		tl.cuts = append(tl.cuts, at)
		advance(sc.DurationMs, sc.Frames)
	}
	if tl.outro != nil {
		insert(tl.outro)
	}
	tl.TotalMs = at
	return tl
}

// at moves a time of the scenes-only timeline to the timeline with inserts.
func (tl renderTimeline) at(p PlanRenderResult, ms int) int {
	for i, sc := range p.Scenes {
		if ms < sc.StartMs+sc.DurationMs || i == len(p.Scenes)-1 {
			return ms + tl.shift[i]
		}
	}
	return ms
}

// cues are the plan's subtitles on the timeline with inserts, shown where the burned
// ones are: a cue is cut to its scenes, and one that runs on into the next scene
// past a scene insert is cut in two around the insert.
func (tl renderTimeline) cues(p PlanRenderResult) []media.Cue {
	var out []media.Cue
	for _, c := range p.Cues {
		joined := false // the last piece out is this cue's
		for i, sc := range p.Scenes {
			q, ok := sc.clip(c)
			if !ok {
				continue
			}
			at := sc.StartMs + tl.shift[i] // where the scene starts with the inserts
			q.StartMs, q.EndMs = q.StartMs+at, q.EndMs+at
			if n := len(out); joined && out[n-1].EndMs == q.StartMs {
				out[n-1].EndMs = q.EndMs
				continue
			}
			out, joined = append(out, q), true
		}
	}
	return out
}

// segments is the order of everything joined: intro, then each scene after its
// prepend, then the outro.
func (tl renderTimeline) segments(scenes []string) []string {
	var out []string
	if tl.intro != nil {
		out = append(out, tl.intro.SegmentKey)
	}
	for _, s := range scenes {
		if tl.prepend != nil {
			out = append(out, tl.prepend.SegmentKey)
		}
		out = append(out, s)
	}
	if tl.outro != nil {
		out = append(out, tl.outro.SegmentKey)
	}
	return out
}

// MixRenderAudioInput is the plan whose sound to mix.
type MixRenderAudioInput struct {
	AttemptID int64
	Plan      PlanRenderResult
	Inserts   []RenderInsertResult
}

// MixRenderAudioResult names the stored mix.
type MixRenderAudioResult struct {
	Key    string
	Reused bool
	// Chunks and ChunksReused count the stretches of the mix and those found encoded.
	Chunks, ChunksReused int
}

// MixRenderAudio mixes the video's narration and background music (looped, at its
// volume, ducked while someone speaks) into one AAC track in the object store,
// or finds the same mix there already (only pictures changed since, or a retry). It
// runs while the scenes render. The track is encoded in stretches cut where scenes and
// inserts start, each kept by what is in it: after an edit only the stretches that
// sound different are encoded again.
func (a *RenderActivities) MixRenderAudio(ctx context.Context, in MixRenderAudioInput) (MixRenderAudioResult, error) {
	p := in.Plan
	tl := timelineOf(p, in.Inserts)
	// The inserts move the narration whether they have sound or not: where each scene
	// lands (shift) names the mix with the inserts' sounds; the engine's version, so
	// that no mix made the old way is reused.
	key := AudioKey(p.PublisherID, hashOf(media.MixVersion, p.AudioHash, tl.TotalMs, tl.sounds, tl.shift))
	if o, err := a.Blob.Head(ctx, key); err == nil && a.reusable(o) {
		return MixRenderAudioResult{Key: key, Reused: true}, nil
	} else if err != nil && !errors.Is(err, blob.ErrNotFound) {
		return MixRenderAudioResult{}, err
	}
	dir, err := a.workDir(in.AttemptID, "mix")
	if err != nil {
		return MixRenderAudioResult{}, err
	}
	defer os.RemoveAll(dir)
	stop := heartbeatEvery(ctx, 5*time.Second, "mixing")
	defer stop()
	// Long stretches to encode (a first render's, or what an edit moved against the
	// music) may take every core: the mix is most often what a re-render waits for.
	mix := media.MixInput{DurationMs: tl.TotalMs, FPS: p.Canvas.FPS, Threads: runtime.NumCPU()}
	var fetches []fetch
	for i, c := range p.Narration {
		file := filepath.Join(dir, fmt.Sprintf("narration-%03d%s", i, filepath.Ext(c.Key)))
		fetches = append(fetches, fetch{c.Key, file, "narration", ""})
		mix.Narration = append(mix.Narration, media.AudioClip{Path: file, ID: c.Key, StartMs: tl.at(p, c.StartMs), Volume: 1, Mute: c.Mute})
	}
	// The inserts' sound plays as loud as the narration (a loud intro does not jump
	// out); the music ducks under it as under speech.
	files := map[string]string{}
	for i, c := range tl.sounds {
		file, ok := files[c.Key]
		if !ok {
			file = filepath.Join(dir, fmt.Sprintf("insert-%03d.wav", i))
			fetches = append(fetches, fetch{c.Key, file, "insert sound", ""})
			files[c.Key] = file
		}
		mix.Narration = append(mix.Narration, media.AudioClip{Path: file, ID: c.Key, StartMs: c.StartMs, Volume: 1})
	}
	for i, m := range p.Background {
		file := filepath.Join(dir, fmt.Sprintf("music-%03d%s", i, filepath.Ext(m.Key)))
		fetches = append(fetches, fetch{m.Key, file, "background audio",
			"A background audio file is missing from storage. Remove it or choose another, then render again."})
		mix.Background = append(mix.Background, media.BackgroundAudio{Path: file, ID: m.Key, Volume: float64(m.Volume) / 100, Loop: true})
	}
	if err := a.downloadAll(ctx, fetches); err != nil {
		return MixRenderAudioResult{}, err
	}
	mix.DuckUnderNarration = len(mix.Background) > 0 && len(mix.Narration) > 0
	mix.LoudnessLUFS = media.NarrationLUFS
	out := filepath.Join(dir, "audio.m4a")
	done, err := a.Engine.MixAudioChunked(ctx, mix, tl.cuts, audioChunks{a.Blob, p.PublisherID, a.reusable}, dir, out)
	if err != nil {
		return MixRenderAudioResult{}, fmt.Errorf("mix audio: %w", err)
	}
	if err := putFile(ctx, a.Blob, key, out, "audio/mp4"); err != nil {
		return MixRenderAudioResult{}, err
	}
	return MixRenderAudioResult{Key: key, Chunks: done.Chunks, ChunksReused: done.Reused}, nil
}

// AudioChunkKey is where an account's encoded stretch of a mix with this hash is kept.
func AudioChunkKey(publisherID int64, hash string) string {
	return fmt.Sprintf("renders/%d/audio/chunks/%s.aac", publisherID, hash)
}

// audioChunks keeps an account's encoded stretches of mixes in the object store.
type audioChunks struct {
	blob        renderObjects
	publisherID int64
	reusable    func(blob.ObjectInfo) bool
}

func (c audioChunks) FetchChunk(ctx context.Context, hash, path string) (bool, error) {
	rc, o, err := c.blob.Get(ctx, AudioChunkKey(c.publisherID, hash))
	if errors.Is(err, blob.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer rc.Close()
	if !c.reusable(o) {
		return false, nil
	}
	_, err = copyToFile(path, rc)
	return err == nil, err
}

func (c audioChunks) KeepChunk(ctx context.Context, hash, path string) error {
	return putFile(ctx, c.blob, AudioChunkKey(c.publisherID, hash), path, "audio/aac")
}

// JoinRenderInput is the plan, the stored segments in scene order and the stored mix.
type JoinRenderInput struct {
	AttemptID int64
	Plan      PlanRenderResult
	Segments  []string
	Audio     string
	Inserts   []RenderInsertResult
}

// JoinRenderResult is where the finished render is stored.
type JoinRenderResult struct {
	Output store.RenderOutput
}

// JoinRender joins the segments with the mixed sound without re-encoding, makes a
// thumbnail and the subtitle files (SRT, WebVTT, ASS), and stores them under the
// attempt's prefix; a retry writes the same keys.
func (a *RenderActivities) JoinRender(ctx context.Context, in JoinRenderInput) (JoinRenderResult, error) {
	p := in.Plan
	att, err := a.stillRendering(ctx, in.AttemptID)
	if err != nil {
		return JoinRenderResult{}, err
	}
	dir, err := a.workDir(in.AttemptID, "join")
	if err != nil {
		return JoinRenderResult{}, err
	}
	defer os.RemoveAll(dir)
	stop := heartbeatEvery(ctx, 5*time.Second, "joining")
	defer stop()

	tl := timelineOf(p, in.Inserts)
	order := tl.segments(in.Segments)
	segs := make([]string, len(order))
	audio := filepath.Join(dir, "audio.m4a")
	fetches := []fetch{{in.Audio, audio, "audio", ""}}
	for i, key := range order {
		segs[i] = filepath.Join(dir, fmt.Sprintf("segment-%03d.mp4", i))
		fetches = append(fetches, fetch{key, segs[i], fmt.Sprintf("segment %d", i+1), ""})
	}
	if err := a.downloadAll(ctx, fetches); err != nil {
		return JoinRenderResult{}, err
	}
	video := filepath.Join(dir, "video.mp4")
	// The file says the video's name and when its render was asked for (the same on a
	// retry).
	if err := a.Engine.JoinSegments(ctx, segs, audio, dir, video, media.Tags{Title: p.Title, Created: att.CreatedAt}); err != nil {
		return JoinRenderResult{}, fmt.Errorf("join segments: %w", err)
	}
	prefix := RenderOutputPrefix(p.PublisherID, p.VideoID, p.Attempt)
	// The thumbnail (from the first scene, not from an intro) is made and stored, and
	// the subtitle files are stored, while the video uploads. Nothing is the video's
	// until CompleteRender records it, after this returns with every object stored.
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		thumb := filepath.Join(dir, "thumbnail.jpg")
		if err := a.Engine.VideoThumbnail(gctx, video, p.Canvas, tl.at(p, min(1000, p.DurationMs/2)), thumb); err != nil {
			return fmt.Errorf("thumbnail: %w", err)
		}
		return putFile(gctx, a.Blob, prefix+"thumbnail.jpg", thumb, "image/jpeg")
	})
	g.Go(func() error { return a.storeSubtitles(gctx, p, tl, prefix) })
	g.Go(func() error { return putFile(gctx, a.Blob, prefix+"video.mp4", video, "video/mp4") })
	if err := g.Wait(); err != nil {
		return JoinRenderResult{}, err
	}
	return JoinRenderResult{Output: store.RenderOutput{ContentKey: prefix + "video.mp4", ThumbnailKey: prefix + "thumbnail.jpg",
		SubtitlesKeyPrefix: prefix + "subtitles", DurationMs: tl.TotalMs}}, nil
}

// storeSubtitles stores the render's subtitle files (SRT, WebVTT, ASS, timed on the
// joined video) under prefix. They are small: one after another, they are stored
// before the video's upload beside them ends.
func (a *RenderActivities) storeSubtitles(ctx context.Context, p PlanRenderResult, tl renderTimeline, prefix string) error {
	cues := tl.cues(p)
	subtitles := []struct {
		name, contentType string
		write             func(io.Writer) error
	}{
		{"subtitles.srt", "application/x-subrip", func(w io.Writer) error { return media.WriteSRT(w, cues) }},
		{"subtitles.vtt", "text/vtt", func(w io.Writer) error { return media.WriteVTT(w, cues) }},
		{"subtitles.ass", "text/x-ssa", func(w io.Writer) error { return media.WriteASS(w, cues, p.Style, p.Canvas) }},
	}
	for _, s := range subtitles {
		var buf bytes.Buffer
		if err := s.write(&buf); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		if err := a.Blob.Put(ctx, prefix+s.name, &buf, int64(buf.Len()), s.contentType+"; charset=utf-8"); err != nil {
			return err
		}
	}
	return nil
}

// heartbeatEvery heartbeats details until stop is called.
func heartbeatEvery(ctx context.Context, every time.Duration, details any) (stop func()) {
	if !activity.IsActivity(ctx) {
		return func() {} // called directly (a test), not by a worker: nobody to tell
	}
	activity.RecordHeartbeat(ctx, details)
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				activity.RecordHeartbeat(ctx, details)
			}
		}
	}()
	return func() { close(done) }
}

// CompleteRenderInput is the finished render.
type CompleteRenderInput struct {
	AttemptID int64
	Output    store.RenderOutput
}

// CompleteRenderResult is empty.
type CompleteRenderResult struct{}

// CompleteRender makes the render the video's content and captures its credits.
func (a *RenderActivities) CompleteRender(ctx context.Context, in CompleteRenderInput) (CompleteRenderResult, error) {
	err := a.Store.FinishRender(ctx, in.AttemptID, in.Output, time.Now())
	if errors.Is(err, models.ErrInvalidState) {
		// Cancelled while it ran (its video was deleted): its credits went back then.
		return CompleteRenderResult{}, renderGone("The render is no longer running.", err)
	}
	return CompleteRenderResult{}, err
}

// FailRenderInput is the failed render and why.
type FailRenderInput struct {
	AttemptID int64
	Reason    string
}

// FailRenderResult is empty.
type FailRenderResult struct{}

// FailRender ends the render in error and releases its credits; the video keeps the
// content it had.
func (a *RenderActivities) FailRender(ctx context.Context, in FailRenderInput) (FailRenderResult, error) {
	err := a.Store.FailRender(ctx, in.AttemptID, in.Reason, time.Now())
	if errors.Is(err, models.ErrNotFound) {
		return FailRenderResult{}, nil
	}
	return FailRenderResult{}, err
}

// NotifyRenderInput names the ended render and the user who asked for it.
type NotifyRenderInput struct {
	AttemptID int64
	UserID    int64
}

// NotifyRenderResult says whether an e-mail went out.
type NotifyRenderResult struct {
	Sent bool
}

// renderMail is the e-mail that tells how the render att of the video called name
// ended, with a link to the video; ok is false while it runs or once cancelled. The
// name is quoted as the user wrote it (quotes, emoji and all).
func renderMail(att models.RenderAttempt, name, link string) (msg email.Message, ok bool) {
	switch att.Status {
	case models.RenderAttemptCompleted:
		msg.Subject = fmt.Sprintf("Your video “%s” is ready", name)
		msg.Text = fmt.Sprintf("Hello,\n\nYour video “%s” has finished rendering. Watch it and download it here:\n\n%s\n", name, link)
	case models.RenderAttemptFailed:
		msg.Subject = fmt.Sprintf("Your video “%s” could not be rendered", name)
		// The reason may itself say to try again ("The render failed. Please try again.").
		msg.Text = fmt.Sprintf("Hello,\n\nRendering your video “%s” failed: %s\nYour credits were returned. Open the video to render it again:\n\n%s\n", name, att.Error, link)
	default:
		return email.Message{}, false
	}
	return msg, true
}

// NotifyRender e-mails the user who asked for a render that it ended, with a link to
// the video, unless their render settings say not to (sendEmailOnRender, on by
// default).
func (a *RenderActivities) NotifyRender(ctx context.Context, in NotifyRenderInput) (NotifyRenderResult, error) {
	if a.Mailer == nil || in.UserID == 0 {
		return NotifyRenderResult{}, nil
	}
	cfg, err := a.Store.UserConfig(ctx, in.UserID)
	if err != nil {
		return NotifyRenderResult{}, err
	}
	if !domain.SendEmailOnRender(cfg.Data) {
		return NotifyRenderResult{}, nil
	}
	att, err := a.Store.RenderAttemptByID(ctx, in.AttemptID)
	if errors.Is(err, models.ErrNotFound) {
		return NotifyRenderResult{}, nil
	}
	if err != nil {
		return NotifyRenderResult{}, err
	}
	u, err := a.Store.UserByID(ctx, in.UserID)
	if errors.Is(err, models.ErrNotFound) {
		return NotifyRenderResult{}, nil
	}
	if err != nil {
		return NotifyRenderResult{}, err
	}
	v, err := a.Store.VideoForWorkflow(ctx, att.VideoID)
	if err != nil && !errors.Is(err, models.ErrNotFound) {
		return NotifyRenderResult{}, err
	}
	if err != nil || v.DeletedAt != nil {
		return NotifyRenderResult{}, nil // deleted since: nothing to tell of or link to
	}
	msg, ok := renderMail(att, v.Name, fmt.Sprintf("%s/dashboard/video/%d", a.PublicURL, v.ID))
	if !ok {
		return NotifyRenderResult{}, nil // cancelled or still running: nothing to say
	}
	msg.To = u.Email
	if err := a.Mailer.Send(ctx, msg); err != nil {
		if errors.Is(err, email.ErrBadAddress) {
			return NotifyRenderResult{}, temporal.NewNonRetryableApplicationError(err.Error(), "BadAddress", err)
		}
		return NotifyRenderResult{}, fmt.Errorf("send render e-mail: %w", err)
	}
	return NotifyRenderResult{Sent: true}, nil
}
