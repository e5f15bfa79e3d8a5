package activities

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"time"

	"go.temporal.io/sdk/temporal"

	"pagecast/blob"
	"pagecast/domain"
	"pagecast/media"
	"pagecast/models"
	"pagecast/store"
)

// voiceoverStore is what timing a voiceover video needs from the database.
type voiceoverStore interface {
	VideoForWorkflow(ctx context.Context, id int64) (models.Video, error)
	AssetForImport(ctx context.Context, id int64) (models.Asset, error)
	CreateScenes(ctx context.Context, videoID int64, scenes []store.SceneInput, now time.Time) (models.Video, error)
}

// voiceoverObjects is where the narration is read from.
type voiceoverObjects interface {
	Get(ctx context.Context, key string) (io.ReadCloser, blob.ObjectInfo, error)
}

// silenceDetector finds the pauses of a narration (media.Tool).
type silenceDetector interface {
	DetectSilences(ctx context.Context, path string, noiseDB float64, minDur time.Duration) ([]media.Silence, int, error)
}

// VoiceoverActivities build the slides of a video made around an uploaded narration:
// the script is split as for any video, and each slide lasts as long as the narration
// takes to say it. Workflows call it through a nil pointer.
type VoiceoverActivities struct {
	Store voiceoverStore
	Blob  voiceoverObjects
	Media silenceDetector
	// WorkDir holds the downloaded narration; "" = the system temp dir.
	WorkDir string
	// HeartbeatEvery is how often long steps heartbeat; 0 = 5 s.
	HeartbeatEvery time.Duration
}

// How pauses are found in an uploaded narration: quieter than -35 dBFS for at least
// 150 ms. With espeak-ng narration, sentence ends measure 300 to 400 ms and commas
// about 150 ms; the alignment prefers the pauses that fall where the text says.
const (
	VoiceoverSilenceDB  = -35.0
	VoiceoverMinSilence = 150 * time.Millisecond
)

// ErrTypeBadNarration is the error type of a narration a video cannot be built around
// (not imported, not audio, silent). It is final, and its message is shown to the user.
const ErrTypeBadNarration = "BadNarration"

func badNarration(msg string, cause error) error {
	return temporal.NewNonRetryableApplicationError(msg, ErrTypeBadNarration, cause)
}

// CreateVoiceoverLayersInput names the video and its narration asset.
type CreateVoiceoverLayersInput struct {
	VideoID          int64
	NarrationAssetID int64
}

// CreateVoiceoverLayersResult lists the scenes made, in order, and what the
// narration measured.
type CreateVoiceoverLayersResult struct {
	SceneIDs    []int64
	Slides      int
	NarrationMs int
	Pauses      int
}

// CreateVoiceoverLayers splits the video's script into scenes and slides and times
// every slide, in order across scenes, to the imported narration: ffmpeg finds the
// pauses, and domain.AlignSlidesToNarration puts each boundary between slides in the
// pause that best matches how far through the text it is. Pause markers are not
// spoken by anybody in an upload, so they do not count toward a slide's share of the
// text, but they stay in its text, as in any video. The slides' durations add up to
// the narration's decoded length. Scenes and slides are stored in one transaction; a
// retry finds them stored and makes no more.
func (a *VoiceoverActivities) CreateVoiceoverLayers(ctx context.Context, in CreateVoiceoverLayersInput) (CreateVoiceoverLayersResult, error) {
	v, err := a.Store.VideoForWorkflow(ctx, in.VideoID)
	if errors.Is(err, models.ErrNotFound) || err == nil && v.DeletedAt != nil {
		return CreateVoiceoverLayersResult{}, temporal.NewNonRetryableApplicationError("The video was deleted.", ErrTypeVideoGone, err)
	}
	if err != nil {
		return CreateVoiceoverLayersResult{}, err
	}
	if len(v.Scenes) > 0 {
		return voiceoverResult(v, 0, 0), nil // a retry after the scenes were stored
	}
	narration, err := a.narration(ctx, v, in.NarrationAssetID)
	if err != nil {
		return CreateVoiceoverLayersResult{}, err
	}
	drafts := domain.SplitScenes(v.Text, domain.SlideOptions{MaxSentences: v.MaxSentencesPerSlide})
	var captions []string
	for _, d := range drafts {
		for _, sl := range d.Slides {
			captions = append(captions, sl.Caption())
		}
	}
	if len(captions) == 0 {
		return CreateVoiceoverLayersResult{}, temporal.NewNonRetryableApplicationError(
			"The script has no text to make slides from.", ErrTypeBadScript, nil)
	}

	silences, totalMs, err := a.measure(ctx, narration)
	if err != nil {
		return CreateVoiceoverLayersResult{}, err
	}
	pauses := make([]domain.NarrationSilence, len(silences))
	for i, s := range silences {
		pauses[i] = domain.NarrationSilence{StartMs: s.StartMs, EndMs: s.EndMs}
	}
	timings := domain.AlignSlidesToNarration(captions, pauses, totalMs)

	scenes := make([]store.SceneInput, len(drafts))
	k := 0
	for i, d := range drafts {
		for j, sl := range d.Slides {
			scenes[i].Layers = append(scenes[i].Layers, store.LayerInput{
				Text: sl.Text(), Tagline: tagline(v, sl), Keywords: domain.SlideKeywords(sl.Caption(), slideKeywords), Paragraph: d.Paragraphs[j],
				DurationMs: timings[k].DurationMs,
			})
			k++
		}
	}
	v, err = a.Store.CreateScenes(ctx, v.ID, scenes, time.Now())
	if err != nil {
		return CreateVoiceoverLayersResult{}, err
	}
	return voiceoverResult(v, totalMs, len(silences)), nil
}

func voiceoverResult(v models.Video, totalMs, pauses int) CreateVoiceoverLayersResult {
	r := sceneIDs(v)
	return CreateVoiceoverLayersResult{SceneIDs: r.SceneIDs, Slides: r.Slides, NarrationMs: totalMs, Pauses: pauses}
}

// narration checks the video's narration asset is imported audio of the account.
func (a *VoiceoverActivities) narration(ctx context.Context, v models.Video, id int64) (models.Asset, error) {
	if v.VoiceoverAssetID != nil {
		id = *v.VoiceoverAssetID
	}
	asset, err := a.Store.AssetForImport(ctx, id)
	if errors.Is(err, models.ErrNotFound) || err == nil && (asset.DeletedAt != nil || asset.PublisherID != v.PublisherID) {
		return asset, badNarration("The narration file is missing. Please create the video again.", err)
	}
	if err != nil {
		return asset, err
	}
	switch asset.State {
	case models.AssetStateComplete:
	case models.AssetStateError:
		msg := "The narration file could not be imported."
		if asset.ErrorMessage != "" {
			msg += " " + asset.ErrorMessage
		}
		return asset, badNarration(msg, nil)
	default:
		// Its import is still running: the retry policy waits for it.
		return asset, fmt.Errorf("narration asset %d is %s, not imported yet", id, asset.State)
	}
	if asset.TypeID != models.AssetTypeIDAudio {
		return asset, badNarration("The narration file must be audio only; this one holds a video.", nil)
	}
	return asset, nil
}

// measure downloads the narration and finds its pauses and decoded length.
func (a *VoiceoverActivities) measure(ctx context.Context, narration models.Asset) ([]media.Silence, int, error) {
	dir, err := os.MkdirTemp(a.WorkDir, "voiceover-"+strconv.FormatInt(narration.ID, 10)+"-")
	if err != nil {
		return nil, 0, fmt.Errorf("voiceover work dir: %w", err)
	}
	defer os.RemoveAll(dir)
	beat := &AssetActivities{HeartbeatEvery: a.HeartbeatEvery} // for its heartbeat helper only
	stop := beat.heartbeat(ctx, "download narration")
	key := narration.MediaKey
	if key == "" {
		key = narration.OriginalKey
	}
	file := filepath.Join(dir, "narration"+path.Ext(key))
	err = func() error {
		rc, _, err := a.Blob.Get(ctx, key)
		if err != nil {
			return err
		}
		defer rc.Close()
		_, err = copyToFile(file, rc)
		return err
	}()
	stop()
	if errors.Is(err, blob.ErrNotFound) {
		return nil, 0, badNarration("The narration file is missing. Please create the video again.", err)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("download narration: %w", err)
	}
	stop = beat.heartbeat(ctx, "detect pauses")
	defer stop()
	silences, totalMs, err := a.Media.DetectSilences(ctx, file, VoiceoverSilenceDB, VoiceoverMinSilence)
	if errors.Is(err, media.ErrInvalidMedia) {
		return nil, 0, badNarration("We could not read the narration file.", err)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("detect pauses: %w", err)
	}
	if totalMs <= 0 {
		return nil, 0, badNarration("The narration file has no sound to time the slides to.", nil)
	}
	return silences, totalMs, nil
}
