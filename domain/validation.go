package domain

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Validation is one problem that keeps a video from rendering (the spec's validation
// error). SceneID and LayerID are 0 when the problem is not about a scene or a slide.
type Validation struct {
	VideoID         int64  `json:"videoId"`
	SceneID         int64  `json:"sceneId"`
	LayerID         int64  `json:"layerId"`
	ErrorMessage    string `json:"errorMessage"`
	ErrorMessageKey string `json:"errorMessageKey"`
}

// Keys of validation errors (errorMessageKey).
const (
	ValidationKeySlideMissingMedia     = "slide_missing_media"
	ValidationKeySlidePlaceholder      = "slide_placeholder"
	ValidationKeyAssetBroken           = "asset_broken"
	ValidationKeyAssetImporting        = "asset_importing"
	ValidationKeySceneMissingNarration = "scene_missing_narration"
	ValidationKeySubtitleOutOfRange    = "subtitle_out_of_range"
)

// Kinds of slide media.
const (
	MediaKindMedia = "media"
	MediaKindText  = "text"
)

// Import states of slide media as validation sees them.
const (
	MediaStateComplete   = "complete"
	MediaStateCreated    = "created"
	MediaStatePending    = "pending"
	MediaStateProcessing = "processing"
	MediaStateError      = "error"
	MediaStateDeleted    = "deleted"
	MediaStateMissing    = "missing"
	// MediaStateFileMissing: the asset is imported but its file is not in the object
	// store (deleted there, or an import that never stored it), so a render would fail.
	MediaStateFileMissing = "file_missing"
)

// ValidationMedia is one media item of a slide.
type ValidationMedia struct {
	AssetID int64
	// Kind is MediaKindMedia (an imported image, video or avatar) or MediaKindText (a
	// text slide's card, drawn from the slide's text, so it has no import state).
	Kind string
	// State is the asset's import state; empty counts as complete.
	State string
}

// ValidationSlide is one slide (layer) of a scene.
type ValidationSlide struct {
	ID int64
	// Index is the slide's 1-based position in its scene.
	Index        int
	Text         string
	HasNarration bool
	NarrationMs  int
	// NarrationFileMissing is set when the slide has narration whose audio file is not
	// in the object store.
	NarrationFileMissing bool
	IsPlaceholder        bool
	Media                []ValidationMedia
}

// ValidationScene is one scene of the video.
type ValidationScene struct {
	ID int64
	// Index is the scene's 1-based position in the video.
	Index int
	// NeedsAudio is set when the scene awaits narration regeneration; its narration is
	// not checked, since it is about to be made (the render gate waits for it).
	NeedsAudio bool
	Slides     []ValidationSlide
}

// ValidationInsert is a clip a render plays as an intro, an outro or before every
// scene (only those it plays: see InsertPlays).
type ValidationInsert struct {
	// Type is the insert type's name: "Intro", "Outro" or "Scene prepend".
	Type string
	// FileMissing is set when the clip's file is not in the object store, or its asset
	// is not the account's (then it is never looked up).
	FileMissing bool
}

// ValidationMusic is a background audio item a render mixes under the video (only
// those it mixes: see MusicPlays).
type ValidationMusic struct {
	// Order is the item's 1-based place in the soundtrack.
	Order int
	// Name is the file's name in the media library; "" when not the account's to show.
	Name string
	// FileMissing is set as for ValidationInsert.
	FileMissing bool
}

// ValidationCue is one subtitle of the video, with times in the video.
type ValidationCue struct {
	SceneID, LayerID int64
	StartMs, EndMs   int
}

// ValidationInput is the video tree validation looks at.
type ValidationInput struct {
	VideoID int64
	// DurationMs is the video's length; 0 or less means unknown, and then subtitles are
	// not checked against the end of the video.
	DurationMs int
	// IsVoiceover is set for videos built around an uploaded narration: their slides
	// have no narration of their own.
	IsVoiceover bool
	// VoiceoverMissing is set when a voiceover video's uploaded narration, or its file
	// in the object store, is gone.
	VoiceoverMissing bool
	Inserts          []ValidationInsert
	Music            []ValidationMusic
	Scenes           []ValidationScene
	Subtitles        []ValidationCue
}

// ValidateVideo lists what keeps a video from rendering, in a fixed order: a voiceover
// video's missing narration, then the insert clips and the soundtrack's items whose
// files are missing (in the order given), then scenes by index, their slides by index,
// then subtitles in the order given. For each slide, in this order:
//   - a placeholder slide (nothing else is checked for it);
//   - a slide with no media item at all;
//   - media that failed to import, was deleted or is missing, or whose file is missing
//     from the object store (once per slide);
//   - media still importing, pending or processing (once per slide);
//   - a slide with text but no narration (none, or of zero length), unless the video is
//     a voiceover video or the scene awaits narration regeneration;
//   - narration whose audio file is missing from the object store, under the same
//     conditions.
//
// Media states other than those named and complete or created count as failed, as the
// spec's asset tile shows them as errors. Text items are not import-checked. A subtitle
// is out of range when it starts before 0, does not end after it starts, or ends after
// the video.
func ValidateVideo(in ValidationInput) []Validation {
	var out []Validation
	add := func(sceneID, layerID int64, key, msg string) {
		out = append(out, Validation{VideoID: in.VideoID, SceneID: sceneID, LayerID: layerID, ErrorMessage: msg, ErrorMessageKey: key})
	}
	if in.IsVoiceover && in.VoiceoverMissing {
		add(0, 0, ValidationKeyAssetBroken, "The uploaded voiceover of this video is missing from storage. Create the video again from the recording.")
	}
	// The spec names no key for the inserts' and the soundtrack's files: they are broken
	// assets as a slide's are, about the whole video.
	for _, ins := range in.Inserts {
		if ins.FileMissing {
			add(0, 0, ValidationKeyAssetBroken, "The "+strings.ToLower(ins.Type)+" clip is missing from storage. Remove it or choose another.")
		}
	}
	for _, m := range in.Music {
		if !m.FileMissing {
			continue
		}
		item := fmt.Sprintf("Soundtrack item %d", m.Order)
		if m.Name != "" {
			item += fmt.Sprintf(" (\"%s\")", m.Name)
		}
		add(0, 0, ValidationKeyAssetBroken, item+" is missing from storage. Remove it or choose another.")
	}
	scenes := slices.Clone(in.Scenes)
	slices.SortStableFunc(scenes, func(a, b ValidationScene) int { return cmp.Compare(a.Index, b.Index) })
	for _, sc := range scenes {
		slides := slices.Clone(sc.Slides)
		slices.SortStableFunc(slides, func(a, b ValidationSlide) int { return cmp.Compare(a.Index, b.Index) })
		for _, sl := range slides {
			where := fmt.Sprintf("slide %d of scene %d", sl.Index, sc.Index)
			if sl.IsPlaceholder {
				add(sc.ID, sl.ID, ValidationKeySlidePlaceholder, capitalizeFirst(where)+" is a placeholder. Add content or delete it.")
				continue
			}
			if len(sl.Media) == 0 {
				add(sc.ID, sl.ID, ValidationKeySlideMissingMedia, capitalizeFirst(where)+" has no media.")
			}
			broken, fileMissing, importing := false, false, false
			for _, m := range sl.Media {
				if m.Kind == MediaKindText {
					continue
				}
				switch m.State {
				case "", MediaStateComplete, MediaStateCreated:
				case MediaStatePending, MediaStateProcessing:
					importing = true
				case MediaStateFileMissing:
					fileMissing = true
				default:
					broken = true
				}
			}
			switch {
			case broken:
				add(sc.ID, sl.ID, ValidationKeyAssetBroken, "The media of "+where+" failed to import or was deleted. Replace it.")
			case fileMissing:
				add(sc.ID, sl.ID, ValidationKeyAssetBroken, "The media file of "+where+" is missing from storage. Replace it.")
			}
			if importing {
				add(sc.ID, sl.ID, ValidationKeyAssetImporting, "The media of "+where+" is still importing. Wait for it to finish.")
			}
			if in.IsVoiceover || sc.NeedsAudio || strings.TrimSpace(sl.Text) == "" {
				continue
			}
			switch {
			case !sl.HasNarration || sl.NarrationMs <= 0:
				add(sc.ID, sl.ID, ValidationKeySceneMissingNarration, capitalizeFirst(where)+" has no narration. Generate the scene's audio.")
			case sl.NarrationFileMissing:
				add(sc.ID, sl.ID, ValidationKeyAssetBroken, "The narration of "+where+" is missing from storage. Generate the scene's audio again.")
			}
		}
	}
	for i, c := range in.Subtitles {
		var why string
		switch {
		case c.StartMs < 0:
			why = "starts before the video"
		case c.EndMs <= c.StartMs:
			why = "does not end after it starts"
		case in.DurationMs > 0 && c.EndMs > in.DurationMs:
			why = "ends after the video"
		default:
			continue
		}
		add(c.SceneID, c.LayerID, ValidationKeySubtitleOutOfRange, fmt.Sprintf("Subtitle %d %s.", i+1, why))
	}
	return out
}
