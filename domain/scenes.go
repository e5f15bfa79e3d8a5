package domain

import (
	"strings"
	"unicode"
)

// SceneDraft is one scene cut from a script: its slides, and for each slide the index
// of the script paragraph it came from.
type SceneDraft struct {
	Slides     []Slide
	Paragraphs []int
}

// MaxScenes caps the scenes of one video; later paragraphs join the last scene.
const MaxScenes = 100

// SplitScenes cuts a script into scenes and slides. Paragraphs are separated by blank
// lines; each paragraph is a scene, and a heading (a short block of one line with no
// sentence ending) opens the scene of the paragraph after it instead of standing alone;
// its slides carry that paragraph's index.
// Within a scene, SplitSlides packs sentences into slides. Pause markers stay in place.
func SplitScenes(text string, opt SlideOptions) []SceneDraft {
	blocks := SplitParagraphs(text)
	var scenes []SceneDraft
	var heading []string
	for i, b := range blocks {
		if isHeading(b) && i < len(blocks)-1 {
			heading = append(heading, b)
			continue
		}
		if len(heading) > 0 {
			b = strings.Join(append(heading, b), "\n")
			heading = nil
		}
		var sd SceneDraft
		for _, sl := range SplitSlides(b, opt) {
			sd.Slides = append(sd.Slides, sl)
			sd.Paragraphs = append(sd.Paragraphs, i)
		}
		if len(sd.Slides) == 0 {
			continue
		}
		if len(scenes) == MaxScenes {
			last := &scenes[len(scenes)-1]
			last.Slides = append(last.Slides, sd.Slides...)
			last.Paragraphs = append(last.Paragraphs, sd.Paragraphs...)
			continue
		}
		scenes = append(scenes, sd)
	}
	return scenes
}

// isHeading reports whether a block reads as a title: one line, at most 12 words, not
// ending a sentence.
func isHeading(b string) bool {
	if strings.Contains(b, "\n") || SentenceWords(b) > 12 {
		return false
	}
	b = strings.TrimRightFunc(b, func(r rune) bool { return unicode.IsSpace(r) || r == '"' || r == '”' || r == '’' })
	if b == "" {
		return false
	}
	last := []rune(b)[len([]rune(b))-1]
	return !strings.ContainsRune(".!?…。！？:;", last)
}

// FitScript shortens a script to at most limit characters (as the plan counts them),
// keeping whole paragraphs from the start; when even the first paragraph is longer,
// it keeps that paragraph's first sentences that fit. A pulled article longer than
// the plan allows becomes its opening.
func FitScript(text string, limit int) string {
	if scriptLen(text) <= limit {
		return text
	}
	var kept []string
	for _, p := range SplitParagraphs(text) {
		next := strings.Join(append(append([]string{}, kept...), p), "\n\n")
		if scriptLen(next) > limit {
			break
		}
		kept = append(kept, p)
	}
	if len(kept) > 0 {
		return strings.Join(kept, "\n\n")
	}
	out := ""
	for _, seg := range SplitSentences(text) {
		next := strings.TrimSpace(out + " " + seg.String())
		if scriptLen(next) > limit {
			break
		}
		out = next
	}
	return out
}
