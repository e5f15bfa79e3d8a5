package models

import (
	"errors"
	"fmt"
	"time"

	"gorm.io/datatypes"
)

// AspectRatio is a video's shape (spec 000 section 3).
type AspectRatio string

// Aspect ratios: 16:9 and 9:16.
const (
	AspectHorizontal AspectRatio = "horizontal"
	AspectVertical   AspectRatio = "vertical"
)

// Valid reports whether a is a known aspect ratio.
func (a AspectRatio) Valid() bool { return a == AspectHorizontal || a == AspectVertical }

// BuildStage is how far CreateVideo has got (spec 001 section 3, "Build stage").
type BuildStage int

// Build stages, in order.
const (
	BuildPopulatingData     BuildStage = 1
	BuildLayersCreated      BuildStage = 2
	BuildAutomatchCompleted BuildStage = 3
	BuildReadyToRender      BuildStage = 4
)

// Name returns the spec's name of the stage.
func (b BuildStage) Name() string {
	switch b {
	case BuildPopulatingData:
		return "PopulatingData"
	case BuildLayersCreated:
		return "LayersCreated"
	case BuildAutomatchCompleted:
		return "AutomatchCompleted"
	case BuildReadyToRender:
		return "ReadyToRender"
	}
	return ""
}

// BuildStep is what CreateVideo is doing now, finer than the stage, for the generating
// screen's progress messages.
type BuildStep string

// Build steps, in the order CreateVideo takes them.
const (
	StepRetrievingContent   BuildStep = "retrievingContent"
	StepSplittingText       BuildStep = "splittingText"
	StepMatchingMedia       BuildStep = "matchingMedia"
	StepGeneratingNarration BuildStep = "generatingNarration"
	StepReady               BuildStep = "ready"
	StepFailed              BuildStep = "failed"
)

// Video is one narrated video of an account: its settings, its build progress and its
// scenes.
type Video struct {
	ID          int64 `gorm:"primaryKey"`
	PublisherID int64
	// CreatedBy is the user who created it (Manage Videos' "created by me").
	CreatedBy   *int64
	Name        string
	Description string
	// Text is the script the scenes were made from.
	Text        string
	Keywords    datatypes.JSONSlice[string]
	PageURL     string
	AspectRatio AspectRatio
	// VoiceID is the default narrator; a slide's own VoiceID overrides it.
	VoiceID               *int64
	TemplateID            int
	SubtitleStyleConfigID int
	HardcodeSubtitles     bool
	PauseAfterSlideMs     int
	MaxSentencesPerSlide  int
	CanCreateTextSlides   bool
	GenerateTaglines      bool
	// Automatch holds the automatch settings as JSON (domain.AutomatchSettings).
	Automatch datatypes.JSON
	// InitialAssets are asset ids given at creation (an article's images), matched first.
	InitialAssets        datatypes.JSONSlice[int64]
	IsVoiceover          bool
	VoiceoverAssetID     *int64
	CreateVideoRequestID string
	BuildStage           BuildStage
	BuildStep            BuildStep
	BuildError           string
	Draft                bool
	RenderStatus         string
	ContentKey           string
	ThumbnailKey         string
	DurationMs           int
	CopiedFrom           *int64
	CreatedAt            time.Time
	UpdatedAt            time.Time
	DeletedAt            *time.Time

	Scenes []Scene `gorm:"-"`
}

// Scene is a part of a video: slides narrated as one unit.
type Scene struct {
	ID         int64 `gorm:"primaryKey"`
	VideoID    int64
	Order      int `gorm:"column:scene_order"`
	TemplateID int
	// NeedsAudio marks a scene whose narration must be (re)generated.
	NeedsAudio bool
	AudioError string
	CreatedAt  time.Time
	UpdatedAt  time.Time

	Layers []Layer `gorm:"-"`
}

// Layer is a slide of a scene (the spec calls slides layers in its calls).
type Layer struct {
	ID       int64 `gorm:"primaryKey"`
	SceneID  int64
	VideoID  int64
	Order    int `gorm:"column:layer_order"`
	Text     string
	Tagline  string
	Keywords datatypes.JSONSlice[string]
	// Paragraph is the index of the script paragraph the slide came from (-1 unknown),
	// so an article's images can be matched near their place in the text.
	Paragraph     int
	VoiceID       *int64
	IsFullScreen  bool
	IsPlaceholder bool
	// Muted: the slide keeps its time on screen, its narration is not heard and it
	// has no subtitles.
	Muted bool
	// Transform is how the slide's picture is cropped and fitted (nil: the whole
	// picture covering the frame).
	Transform *SlideTransform `gorm:"serializer:json"`
	// DurationMs is the narration plus the pause after the slide.
	DurationMs       int
	NarrationAssetID *int64
	// NarrationHash identifies what the narration was made from (voice and text); equal
	// hashes mean the stored narration is current.
	NarrationHash    string
	NarrationMs      int
	NarrationTimings datatypes.JSON
	CreatedAt        time.Time
	UpdatedAt        time.Time

	Assets []LayerAsset `gorm:"-"`
	// Narration is the slide's narration asset, loaded with the video's tree while it
	// is live.
	Narration *Asset `gorm:"-"`
}

// LayerAssetKind says what a slide's media item is.
type LayerAssetKind string

// Slide media kinds.
const (
	LayerAssetMedia LayerAssetKind = "media" // an asset of the account
	LayerAssetText  LayerAssetKind = "text"  // a text slide: the text is the picture
)

// LayerAsset is one media item of a slide.
type LayerAsset struct {
	ID          int64 `gorm:"primaryKey"`
	LayerID     int64
	AssetID     *int64
	Position    int
	Kind        LayerAssetKind
	Text        string
	Automatched bool
	CreatedAt   time.Time

	Asset *Asset `gorm:"-"`
}

// DefaultVideoName is the name of a video created without one.
const DefaultVideoName = "Untitled"

// NarrationKey is where a slide's narration made from hash by one narration run
// (run: the activity that made it) is kept. A retried activity overwrites its own
// object; another run never writes to the key of an earlier, deleted narration, so
// the sweep removing that one cannot take the new audio with it.
func NarrationKey(publisherID, videoID, layerID int64, hash, run string) string {
	return fmt.Sprintf("videos/%d/%d/narration/%d-%s-%s.wav", publisherID, videoID, layerID, hash, run)
}

// AutomatchPictureKey is where an AI picture automatch made for a slide is stored
// before its asset exists; the asset's import reads it from there.
func AutomatchPictureKey(publisherID, videoID, layerID int64, ext string) string {
	return fmt.Sprintf("videos/%d/%d/automatch/%d%s", publisherID, videoID, layerID, ext)
}

// VideoBackgroundAudio is music under a video (spec 000 "Background audio item"): an
// audio asset of the account, its place in the list and its volume.
type VideoBackgroundAudio struct {
	ID      int64 `gorm:"primaryKey"`
	VideoID int64
	AssetID int64
	Order   int `gorm:"column:item_order"`
	// Volume is 0 to 100 % of the file's own level.
	Volume    int
	CreatedAt time.Time
	UpdatedAt time.Time

	Asset *Asset `gorm:"-"`
}

// Background audio limits and default.
const (
	MaxBackgroundAudios          = 5
	DefaultBackgroundAudioVolume = 20
)

// Errors of background audio changes.
var (
	// ErrNotAudio: the asset is not a live audio file of the account's media library.
	ErrNotAudio = errors.New("not an audio asset of the library")
	// ErrMediaNotReady: the media is still importing (or failed to).
	ErrMediaNotReady = errors.New("media not ready")
	// ErrBackgroundAudioLimit: the video has MaxBackgroundAudios items already.
	ErrBackgroundAudioLimit = errors.New("background audio limit reached")
	// ErrOrderMismatch: a reorder did not name exactly the existing items.
	ErrOrderMismatch = errors.New("order must list exactly the existing items")
)

// InsertType is where a video insert plays (spec 000 section 7, "insert types").
type InsertType int

// Insert types.
const (
	InsertIntro        InsertType = 1 // before the video
	InsertOutro        InsertType = 2 // after the video
	InsertScenePrepend InsertType = 3 // before every scene
)

// Valid reports whether t is a known insert type.
func (t InsertType) Valid() bool { return t >= InsertIntro && t <= InsertScenePrepend }

// Name is the insert type's name.
func (t InsertType) Name() string {
	switch t {
	case InsertIntro:
		return "Intro"
	case InsertOutro:
		return "Outro"
	case InsertScenePrepend:
		return "Scene prepend"
	}
	return ""
}

// VideoInsert is a clip of the account's media library played as an intro, an outro
// or before every scene of a video (spec 000 "Video insert").
type VideoInsert struct {
	ID        int64 `gorm:"primaryKey"`
	VideoID   int64
	Type      InsertType `gorm:"column:insert_type_id"`
	AssetID   int64
	CreatedAt time.Time
	UpdatedAt time.Time

	Asset *Asset `gorm:"-"`
}

// Errors of insert changes.
var (
	// ErrNotVideoClip: the asset is not a live video of the account's media library.
	ErrNotVideoClip = errors.New("not a video of the library")
	// ErrInsertExists: the video has an insert of that type already (replace it).
	ErrInsertExists = errors.New("insert of that type exists")
	// ErrVoiceoverScenePrepend: a voiceover video is one recording, so nothing plays
	// between its scenes (the render would leave a scene prepend out).
	ErrVoiceoverScenePrepend = errors.New("a voiceover video takes no scene prepend")
)

// Errors of editor changes.
var (
	// ErrLastScene: a video keeps at least one scene (spec 000 section 4).
	ErrLastScene = errors.New("a video keeps at least one scene")
	// ErrStaleOrder: a new order did not name exactly the items there are now, as when
	// another tab changed the video meanwhile.
	ErrStaleOrder = errors.New("order does not match the items")
)

// VideoSubtitle is one subtitle a user edited, on the timeline of the video's slides.
type VideoSubtitle struct {
	ID         int64 `gorm:"primaryKey"`
	VideoID    int64
	StartMs    int
	DurationMs int
	Text       string
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// ErrNotSlideMedia: the asset is not a picture or video of the account's media library.
var ErrNotSlideMedia = errors.New("not a picture or video of the library")
