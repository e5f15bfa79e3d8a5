package domain

import (
	"encoding/json"
	"fmt"

	"pagecast/models"
)

// narrationPart is one part of a slide's stored narration timing (the JSON of
// tts.PartTiming).
type narrationPart struct {
	Text       string `json:"text"`
	Pause      bool   `json:"pause"`
	StartMs    int    `json:"startMs"`
	DurationMs int    `json:"durationMs"`
}

// Plays reports whether a slide takes time in the video: placeholders and slides
// without a length do not.
func Plays(l models.Layer) bool { return !l.IsPlaceholder && l.DurationMs > 0 }

// InsertPlays reports whether a render of v plays insert in: a clip deleted from the
// library is left out, and a voiceover video, one recording, takes no scene prepend.
func InsertPlays(v models.Video, in models.VideoInsert) bool {
	return in.Asset.Usable() && !(v.IsVoiceover && in.Type == models.InsertScenePrepend)
}

// MusicPlays reports whether a render mixes background audio item m: a muted item, or
// one whose file was deleted from the library, is left out.
func MusicPlays(m models.VideoBackgroundAudio) bool { return m.Volume > 0 && m.Asset.Usable() }

// VideoCues builds a video's subtitles from its slides' narration timing, on the
// timeline of the slides that play. A voiceover video's slide shows its text for the
// slide (its narration is one upload, without sentence timing). A muted slide keeps
// its time and has no subtitles. opt sizes the cues for the canvas and subtitle style
// the video renders with (see CueLineChars).
func VideoCues(v models.Video, opt CueOptions) ([]Cue, error) {
	var slides []SubtitleSlide
	at := 0
	for _, sc := range v.Scenes {
		for _, l := range sc.Layers {
			if !Plays(l) {
				continue
			}
			ss := SubtitleSlide{LayerID: l.ID, StartMs: at}
			if l.Muted {
				slides = append(slides, ss)
				at += l.DurationMs
				continue
			}
			if len(l.NarrationTimings) > 0 {
				var parts []narrationPart
				if err := json.Unmarshal(l.NarrationTimings, &parts); err != nil {
					return nil, fmt.Errorf("timings of slide %d: %w", l.ID, err)
				}
				for _, p := range parts {
					ss.Parts = append(ss.Parts, SubtitlePart{Text: p.Text, StartMs: p.StartMs, DurationMs: p.DurationMs, Pause: p.Pause})
				}
			}
			if len(ss.Parts) == 0 && v.IsVoiceover && l.Text != "" {
				ss.Parts = []SubtitlePart{{Text: Slide{Segments: SplitSentences(l.Text)}.Caption(), DurationMs: l.DurationMs}}
			}
			slides = append(slides, ss)
			at += l.DurationMs
		}
	}
	return BuildCues(slides, opt), nil
}
