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

// TestFitTextShrinksTextTallerThanTheArea: text whose lines, counted as libass wraps
// them, are taller than the area is drawn at the largest size at which they fit, down
// to the smallest allowed; text that fits, and text in an area without a height, keeps
// the size.
func TestFitTextShrinksTextTallerThanTheArea(t *testing.T) {
	slide := TextArea{Width: 1536, Height: 864, FontSize: 75, MinFontSize: 32} // a text slide on 16:9
	sentence := "Keepers lit the lamps at dusk and trimmed the wicks through the night. "
	long := strings.Repeat(sentence, 14) // about 1,000 characters
	for _, c := range []struct {
		name     string
		text     string
		a        TextArea
		min, max int // the size wanted
	}{
		{"a short text keeps the size", sentence, slide, 75, 75},
		{"eleven lines of 75 px fit 864", strings.Repeat("Keepers\n", 10) + "lit", slide, 75, 75},
		{"twelve do not", strings.Repeat("Keepers\n", 11) + "lit", slide, 72, 72},
		{"about 1,000 characters shrink", long, slide, 45, 60},
		{"no height: no limit", long, TextArea{Width: 1536, FontSize: 75, MinFontSize: 32}, 75, 75},
		{"too tall even at the smallest size", strings.Repeat("a\n", 40), slide, 32, 32},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, size := FitText(c.text, c.a)
			if size < c.min || size > c.max {
				t.Errorf("drawn at %d px, want %d to %d", size, c.min, c.max)
			}
			if n := c.a.lines(got, size); c.a.Height > 0 && size > c.a.MinFontSize && n*size > c.a.Height {
				t.Errorf("%d lines of %d px are taller than %d", n, size, c.a.Height)
			}
			if again, s := FitText(c.text, c.a); again != got || s != size {
				t.Errorf("a second fit differs: %d px, %q", s, again)
			}
		})
	}
}

// TestTextAreaLinesCountsAsLibassWraps: lines are counted as libass wraps them at their
// spaces, a word that does not fit starting a new one; capitals and wide characters
// count wider than lower-case letters.
func TestTextAreaLinesCountsAsLibassWraps(t *testing.T) {
	a := TextArea{Width: 1000, FontSize: 100} // 1,000 px: 20 lower-case letters and a bit
	for _, c := range []struct {
		text string
		want int
	}{
		{"", 1},
		{"one\n\nthree", 3},
		{strings.Repeat("a", 20), 1},
		{strings.Repeat("a", 21), 1},  // a word wider than the line is not broken by libass
		{"aaaaaaaaaa aaaaaaaaa", 1},   // 19 x 0.484 + 0.3 = 9.5 of 10
		{"aaaaaaaaaaa aaaaaaaaaa", 2}, // 21 x 0.484 + 0.3 = 10.5
		{"AAAAAAAAAA AAAAAAAA", 2},    // capitals: 18 x 0.6 + 0.3 = 11.1
		{"守塔人在黄 昏时点亮灯", 2},            // wide: 10 x 1.1 + 0.3 = 11.3
		{"守塔人在黄昏时点亮灯", 1},             // one word: libass does not break it
	} {
		if got := a.lines(c.text, 100); got != c.want {
			t.Errorf("lines(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}
