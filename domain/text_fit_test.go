package domain

import (
	"strings"
	"testing"
)

// TestFitTextWrapsWhatTheRendererCannot: a text slide's or tagline's line holding a word
// wider than the area (Chinese, a URL) is wrapped in lines as wide as fit the area,
// counted as CueLineChars counts them; English that the renderer wraps at its spaces
// is left as it is.
func TestFitTextWrapsWhatTheRendererCannot(t *testing.T) {
	slide169 := TextArea{Width: 1536, FontSize: 75}          // 37 columns of 0.55 x 75 px
	tag916 := TextArea{Width: 990, FontSize: 64, Bold: true} // 25 columns of 0.60 x 64 px
	zh := "守塔人在黄昏时点亮灯。今天许多灯塔都已自动化，有些塔已经成为博物馆，游客可以在那里了解透镜的工作原理。"
	url := "Read it at https://www.example.com/articles/2026/11/29/an-extremely-long-path-segment today"
	for _, c := range []struct {
		name string
		text string
		a    TextArea
		want string
	}{
		{"English stays for the renderer to wrap", "Lighthouses guided ships for centuries along dangerous coasts and rocky shores.", slide169,
			"Lighthouses guided ships for centuries along dangerous coasts and rocky shores."},
		{"typed lines stay", "Sources below:\nthe river", tag916, "Sources below:\nthe river"},
		{"Chinese is wrapped", zh, slide169, "守塔人在黄昏时点亮灯。今天许多灯塔\n都已自动化，有些塔已经成为博物馆，\n游客可以在那里了解透镜的工作原理。"},
		{"a URL is wrapped at its separators", url, tag916,
			"Read it at\nhttps://www.example.com/\narticles/2026/11/29/an-\nextremely-long-path-\nsegment today"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, size := FitText(c.text, c.a)
			if got != c.want || size != c.a.FontSize {
				t.Errorf("FitText = %q at %d px, want\n%q at %d", got, size, c.want, c.a.FontSize)
			}
			if strings.Join(strings.Fields(got), "") != strings.Join(strings.Fields(c.text), "") {
				t.Errorf("FitText changed the characters: %q", got)
			}
		})
	}
}
