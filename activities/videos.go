package activities

import (
	"context"
	"errors"
	"io"
	"time"

	"go.temporal.io/sdk/temporal"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/images"
	"pagecast/store"
)

// videoStore is what building a video needs from the database.
type videoStore interface {
	VideoForWorkflow(ctx context.Context, id int64) (models.Video, error)
	SetBuildProgress(ctx context.Context, id int64, p store.BuildProgress) error
	CreateScenes(ctx context.Context, videoID int64, scenes []store.SceneInput, now time.Time) (models.Video, error)
	SetAutomatchedMedia(ctx context.Context, videoID int64, media []store.SlideMedia, replaceExisting bool, now time.Time) error
	RecomputeVideoDuration(ctx context.Context, videoID int64) error
	LibraryMedia(ctx context.Context, publisherID int64, limit int) ([]models.Asset, error)
	AssetsForVideo(ctx context.Context, publisherID int64, ids []int64) ([]models.Asset, error)
	PublisherByID(ctx context.Context, id int64) (models.Publisher, error)
	SetVideoContent(ctx context.Context, id int64, c store.VideoContent, now time.Time) (models.Video, error)
}

// videoObjects is where generated pictures are stored.
type videoObjects interface {
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
}

// VideoActivities build a video: split its script into scenes and slides, match
// media to slides and record progress. Workflows call it through a nil pointer.
type VideoActivities struct {
	Store videoStore
	// Stock searches stock photo and video libraries; nil = none configured.
	Stock StockSearcher
	// Images makes AI pictures for slides nothing else fits; nil or images.Off = none.
	Images images.Generator
	// Blob stores generated pictures; needed with Images.
	Blob videoObjects
	// Articles pulls the page of a video created from a page URL alone, and URLs
	// checks its pictures' addresses; nil Articles turns that off.
	Articles ArticlePuller
	URLs     URLChecker
}

// ErrTypeVideoGone is the error type when the video was deleted during its build.
const ErrTypeVideoGone = "VideoGone"

// ErrTypeBadScript is the error type of a script that makes no slides.
const ErrTypeBadScript = "BadScript"

// videoFor loads the video a workflow builds; a deleted one ends the workflow.
func (a *VideoActivities) videoFor(ctx context.Context, id int64) (models.Video, error) {
	v, err := a.Store.VideoForWorkflow(ctx, id)
	if errors.Is(err, models.ErrNotFound) || err == nil && v.DeletedAt != nil {
		return v, temporal.NewNonRetryableApplicationError("The video was deleted.", ErrTypeVideoGone, err)
	}
	return v, err
}

// SetBuildStepInput records the step CreateVideo is on.
type SetBuildStepInput struct {
	VideoID int64
	Stage   models.BuildStage // 0 keeps the stage
	Step    models.BuildStep
	Error   string
}

// SetBuildStepResult is empty.
type SetBuildStepResult struct{}

// SetBuildStep records CreateVideo's progress for the generating screen.
func (a *VideoActivities) SetBuildStep(ctx context.Context, in SetBuildStepInput) (SetBuildStepResult, error) {
	return SetBuildStepResult{}, a.Store.SetBuildProgress(ctx, in.VideoID,
		store.BuildProgress{Stage: in.Stage, Step: in.Step, Error: in.Error})
}

// CreateVideoLayersInput names the video.
type CreateVideoLayersInput struct {
	VideoID int64
}

// CreateVideoLayersResult lists the scenes made, in order.
type CreateVideoLayersResult struct {
	SceneIDs []int64
	Slides   int
}

// buildHeartbeatEvery is how often the activities building a video report they are
// alive, so a worker that dies in one is noticed within the workflow's heartbeat
// timeout rather than the activity's whole time limit.
const buildHeartbeatEvery = 3 * time.Second

// CreateVideoLayers splits the video's script into scenes and slides and stores them
// in one transaction; a retry finds them stored and makes no more.
func (a *VideoActivities) CreateVideoLayers(ctx context.Context, in CreateVideoLayersInput) (CreateVideoLayersResult, error) {
	defer heartbeatEvery(ctx, buildHeartbeatEvery, nil)()
	v, err := a.videoFor(ctx, in.VideoID)
	if err != nil {
		return CreateVideoLayersResult{}, err
	}
	drafts := domain.SplitScenes(v.Text, domain.SlideOptions{MaxSentences: v.MaxSentencesPerSlide})
	scenes := make([]store.SceneInput, len(drafts))
	for i, d := range drafts {
		for j, sl := range d.Slides {
			scenes[i].Layers = append(scenes[i].Layers, store.LayerInput{
				Text: sl.Text(), Tagline: tagline(v, sl), Keywords: domain.SlideKeywords(sl.Caption(), slideKeywords), Paragraph: d.Paragraphs[j],
			})
		}
	}
	if len(scenes) == 0 && len(v.Scenes) == 0 {
		return CreateVideoLayersResult{}, temporal.NewNonRetryableApplicationError(
			"The script has no text to make slides from.", ErrTypeBadScript, nil)
	}
	v, err = a.Store.CreateScenes(ctx, v.ID, scenes, time.Now())
	if err != nil {
		return CreateVideoLayersResult{}, err
	}
	return sceneIDs(v), nil
}

// tagline is the slide's headline when the video asks for taglines (generateTaglines).
func tagline(v models.Video, sl domain.Slide) string {
	if !v.GenerateTaglines {
		return ""
	}
	return sl.Tagline()
}

// slideKeywords is how many keywords a slide keeps for matching media.
const slideKeywords = 6

func sceneIDs(v models.Video) CreateVideoLayersResult {
	var res CreateVideoLayersResult
	for _, sc := range v.Scenes {
		res.SceneIDs = append(res.SceneIDs, sc.ID)
		res.Slides += len(sc.Layers)
	}
	return res
}

// FinishVideoBuildInput names the video.
type FinishVideoBuildInput struct {
	VideoID int64
}

// FinishVideoBuildResult is the video's length.
type FinishVideoBuildResult struct {
	DurationMs int
}

// FinishVideoBuild records the video's duration and marks it ready to render.
func (a *VideoActivities) FinishVideoBuild(ctx context.Context, in FinishVideoBuildInput) (FinishVideoBuildResult, error) {
	if err := a.Store.RecomputeVideoDuration(ctx, in.VideoID); err != nil {
		return FinishVideoBuildResult{}, err
	}
	if err := a.Store.SetBuildProgress(ctx, in.VideoID, store.BuildProgress{Stage: models.BuildReadyToRender, Step: models.StepReady}); err != nil {
		return FinishVideoBuildResult{}, err
	}
	v, err := a.Store.VideoForWorkflow(ctx, in.VideoID)
	return FinishVideoBuildResult{DurationMs: v.DurationMs}, err
}
