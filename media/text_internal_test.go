package media

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// readOverlay is the picture an overlay's file holds, at its place on the canvas.
func readOverlay(t *testing.T, o overlay) *image.NRGBA {
	t.Helper()
	pix, err := os.ReadFile(o.path)
	if err != nil {
		t.Fatal(err)
	}
	if len(pix) != o.w*o.h*4 {
		t.Fatalf("%s: %d bytes for %dx%d", o.path, len(pix), o.w, o.h)
	}
	return &image.NRGBA{Pix: pix, Stride: o.w * 4, Rect: image.Rect(o.x, o.y, o.x+o.w, o.y+o.h)}
}

// inkBounds is the smallest rectangle holding every pixel of m that ink reports drawn.
func inkBounds(m *image.NRGBA, ink func(p []uint8) bool) image.Rectangle {
	var box image.Rectangle
	b := m.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if i := m.PixOffset(x, y); ink(m.Pix[i : i+4]) {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

// drawnText is where a text slide's and a tagline's letters are drawn: pixels of the
// slide lighter than its slate, of the band lighter than its black.
func drawnText(t *testing.T, res segmentOverlays, slide, tagline int) (text, tag image.Rectangle) {
	t.Helper()
	light := func(p []uint8) bool { return p[0] > 96 && p[1] > 96 && p[2] > 96 }
	if o, ok := res.text[slide]; ok {
		text = inkBounds(readOverlay(t, o), light)
	}
	if o, ok := res.tagline[tagline]; ok {
		tag = inkBounds(readOverlay(t, o), light)
	}
	return text, tag
}

// TestTextSlidesAndTaglinesWrapTextWithoutSpaces: Chinese, Japanese and a long URL in a
// text slide and in a tagline are drawn on lines that fit between the margins, on 16:9
// and 9:16, not on one line cut off at both edges of the frame (libass breaks lines only
// at spaces).
func TestTextSlidesAndTaglinesWrapTextWithoutSpaces(t *testing.T) {
	l := openLibass(t)
	texts := map[string]string{
		"Chinese":  "守塔人在黄昏时点亮灯。今天许多灯塔都已自动化，有些塔已经成为博物馆，游客可以在那里了解透镜的工作原理。",
		"Japanese": "灯台守は夕暮れに灯りをともしました。今では多くの灯台が自動化され、博物館になった塔もあります。",
		"URL":      "Read it at https://www.example.com/articles/2026/11/29/an-extremely-long-path-segment-without-any-spaces today",
	}
	for _, c := range []Canvas{Canvas16x9, Canvas9x16} {
		for name, text := range texts {
			t.Run(fmt.Sprintf("%dx%d %s", c.Width, c.Height, name), func(t *testing.T) {
				in := SegmentInput{Canvas: c, Slides: []SegmentSlide{
					{DurationMs: 1000, Image: "unused.jpg", Tagline: text},
					{DurationMs: 1000, Text: text},
				}}
				res, err := Tool{Libass: l}.rasterise(context.Background(), in, t.TempDir())
				if err != nil {
					t.Fatal(err)
				}
				slide, tag := drawnText(t, res, 1, 0)
				for _, d := range []struct {
					what string
					box  image.Rectangle
					s    SubtitleStyle
				}{{"text slide", slide, textSlideStyle(c)}, {"tagline", tag, taglineStyle(c)}} {
					// Glyphs may overhang their advance by a pixel or two.
					if d.box.Empty() || d.box.Min.X < d.s.MarginL-4 || d.box.Max.X > c.Width-d.s.MarginR+4 {
						t.Errorf("%s drawn over %v, want within x %d to %d", d.what, d.box, d.s.MarginL, c.Width-d.s.MarginR)
					}
					if d.box.Dy() < 2*d.s.FontSize {
						t.Errorf("%s drawn over %v: on one line", d.what, d.box)
					}
				}
			})
		}
	}
}

// TestLongTextSlidesFitBetweenTheirMargins: a text slide of 1,000 characters (the most
// a slide's text holds), English or Chinese, is drawn between its margins on 16:9 and
// 9:16, in a smaller font, not spilling off the top and bottom of the frame; a short
// one keeps the usual size.
func TestLongTextSlidesFitBetweenTheirMargins(t *testing.T) {
	l := openLibass(t)
	prose := "Lighthouses guided ships for centuries along dangerous coasts. Keepers lit the lamps at dusk and trimmed the wicks through the night, climbing the spiral stairs again and again until dawn. Today most lights are automatic, and many towers have become museums where visitors learn how the lenses worked. "
	chinese := "守塔人在黄昏时点亮灯。今天许多灯塔都已自动化，有些塔已经成为博物馆，游客可以在那里了解透镜的工作原理。"
	thousand := func(s string) string { return string([]rune(strings.Repeat(s, 1000))[:1000]) }
	for _, c := range []Canvas{Canvas16x9, Canvas9x16} {
		st := textSlideStyle(c)
		short := "Rice grows where the water slows"
		if got := textSlideText(c, short); got != assText(short) {
			t.Errorf("%dx%d: a short slide is drawn as %q, want %q at the usual size", c.Width, c.Height, got, short)
		}
		for name, text := range map[string]string{"English": thousand(prose), "Chinese": thousand(chinese)} {
			t.Run(fmt.Sprintf("%dx%d %s", c.Width, c.Height, name), func(t *testing.T) {
				if !strings.HasPrefix(textSlideText(c, text), `{\fs`) {
					t.Errorf("drawn at the usual size")
				}
				dir := t.TempDir()
				out := filepath.Join(dir, "slide.mp4")
				in := SegmentInput{Canvas: c, Slides: []SegmentSlide{{DurationMs: 100, Text: text}}}
				if err := (Tool{Libass: l}).RenderSegment(context.Background(), in, dir, out, nil); err != nil {
					t.Fatal(err)
				}
				frame := image.NewGray(image.Rect(0, 0, c.Width, c.Height))
				copy(frame.Pix, decoded(t, out, "0:v:0"))
				var box image.Rectangle
				for y := range c.Height {
					for x := range c.Width {
						if frame.Pix[y*c.Width+x] > 128 {
							box = box.Union(image.Rect(x, y, x+1, y+1))
						}
					}
				}
				// Glyphs may overhang their line by a pixel or two, blurred a little more by
				// the encode.
				inside := image.Rect(st.MarginL-4, st.MarginV-4, c.Width-st.MarginR+4, c.Height-st.MarginV+4)
				if box.Empty() || !box.In(inside) {
					t.Errorf("text drawn over %v, want within %v", box, inside)
				}
			})
		}
	}
}

// leftmostGlyph is the rows that the leftmost glyph drawn in m covers (ink pixels of
// the columns from the leftmost ink to the first column without any).
func leftmostGlyph(m *image.NRGBA, ink func(p []uint8) bool) (top, bottom int) {
	box := inkBounds(m, ink)
	top, bottom = box.Max.Y, box.Min.Y
	for x := box.Min.X; x < box.Max.X; x++ {
		any := false
		for y := box.Min.Y; y < box.Max.Y; y++ {
			if i := m.PixOffset(x, y); ink(m.Pix[i : i+4]) {
				top, bottom, any = min(top, y), max(bottom, y+1), true
			}
		}
		if !any {
			break
		}
	}
	return top, bottom
}

// TestRightToLeftTextEndsOnTheLeft: an Arabic or Hebrew sentence is laid out right to
// left in a text slide, a tagline and a cue: its full stop, its last character, is the
// leftmost glyph drawn, a dot, not a digit or a letter (with a left-to-right base the
// "(2026)." ended on the right and a digit stood leftmost). So is one that begins with
// a Latin word (it was laid out left to right, that word leftmost).
func TestRightToLeftTextEndsOnTheLeft(t *testing.T) {
	l := openLibass(t)
	c := Canvas16x9
	light := func(p []uint8) bool { return p[0] > 96 && p[1] > 96 && p[2] > 96 && p[3] > 96 }
	for _, text := range []string{"أشعل الحراس المصابيح عند الغسق (2026).", "השומרים הדליקו את המנורות (2026).",
		"Google היא חברה גדולה מאוד.", "HTML5 هي لغة ترميز النصوص."} {
		in := SegmentInput{Canvas: c, Style: DefaultSubtitleStyle(c), Slides: []SegmentSlide{
			{DurationMs: 1000, Image: "unused.jpg", Tagline: text},
			{DurationMs: 1000, Text: text},
		}, Cues: []Cue{{StartMs: 0, EndMs: 1000, Text: text}}}
		res, err := Tool{Libass: l}.rasterise(context.Background(), in, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		if len(res.cues) != 1 {
			t.Fatalf("%d cues drawn", len(res.cues))
		}
		for _, d := range []struct {
			what string
			o    overlay
			size int
		}{{"text slide", res.text[1], textSlideStyle(c).FontSize}, {"tagline", res.tagline[0], taglineStyle(c).FontSize},
			{"cue", res.cues[0].overlay, in.Style.FontSize}} {
			if top, bottom := leftmostGlyph(readOverlay(t, d.o), light); bottom-top > d.size/4 {
				t.Errorf("%q in a %s: the leftmost glyph is %d px tall, not the full stop", text, d.what, bottom-top)
			}
		}
	}
}

// TestLeftToRightTextIsDrawnAsBefore: styles of Encoding -1 draw text whose first
// strong character is left-to-right (Latin, Chinese, Korean, emoji) exactly as the
// Encoding 1 they had, so segments of such text are the same as before.
func TestLeftToRightTextIsDrawnAsBefore(t *testing.T) {
	l := openLibass(t)
	texts := []string{"Subtitle one,\nwhich says what the narrator says (really) [ok]!",
		"Ünïcödé & \\{brackets\\} — 稲 (2026). \"Quoted,\" 100% (a/b)", "守塔人在黄昏时点亮灯。「引用」", "한국어 자막글입니다 (2026). 🎉"}
	var events []assEvent
	for i, s := range texts {
		events = append(events, assEvent{i * 1000, i*1000 + 500, "Cue", assText(s)})
	}
	at := []int{0, 1000, 2000, 3000}
	for _, c := range []Canvas{Canvas16x9, Canvas9x16} {
		for _, s := range []SubtitleStyle{DefaultSubtitleStyle(c), textSlideStyle(c), taglineStyle(c)} {
			var doc bytes.Buffer
			if err := writeASSDoc(&doc, c, []assStyle{{"Cue", s}}, events); err != nil {
				t.Fatal(err)
			}
			encodingOne := bytes.Replace(doc.Bytes(), []byte(",-1\n\n[Events]"), []byte(",1\n\n[Events]"), 1)
			if bytes.Equal(encodingOne, doc.Bytes()) {
				t.Fatalf("the style is not of Encoding -1:\n%s", doc.Bytes())
			}
			var frames [][]byte
			keep := func(n int, f *image.NRGBA, drawn image.Rectangle) error {
				frames = append(frames, slices.Clone(f.Pix))
				return nil
			}
			if err := l.draw(doc.Bytes(), c.Width, c.Height, at, keep); err != nil {
				t.Fatal(err)
			}
			if err := l.draw(encodingOne, c.Width, c.Height, at, keep); err != nil {
				t.Fatal(err)
			}
			for i := range texts {
				if !bytes.Equal(frames[i], frames[len(texts)+i]) {
					t.Errorf("%dx%d, %d px: %q is drawn differently", c.Width, c.Height, s.FontSize, texts[i])
				}
			}
		}
	}
}

// TestScriptsOfTheNarratorsDraw: two different letters of each script a narrator
// speaks are drawn differently, so the worker's fonts have both (a missing glyph is
// drawn as the same box for every letter). Devanagari, Thai and the other scripts
// DejaVu lacks come from fonts-noto-core (`make test-deps` installs it with the
// runtime's fonts); before it a Hindi or Thai video's subtitles were rows of boxes.
// Each script is drawn by its own draw of one Libass, as scenes are, so a worker that
// has drawn many scripts still draws the next one (its one renderer kept at most ten
// fonts for a style's family, the tenth script on were boxes).
func TestScriptsOfTheNarratorsDraw(t *testing.T) {
	l := openLibass(t)
	c := Canvas16x9
	scripts := []struct{ name, a, b string }{
		{"Latin", "a", "b"}, {"Cyrillic", "д", "ж"}, {"Greek", "λ", "ξ"}, {"Hebrew", "ש", "ל"}, {"Arabic", "م", "ح"},
		{"Chinese", "你", "好"}, {"Japanese", "の", "カ"}, {"Korean", "한", "국"}, {"Armenian", "Հ", "ա"}, {"Georgian", "ქ", "ა"},
		{"Devanagari", "क", "ख"}, {"Bengali", "ক", "খ"}, {"Gurmukhi", "ਕ", "ਖ"}, {"Gujarati", "ક", "ખ"}, {"Oriya", "କ", "ଖ"},
		{"Tamil", "க", "ங"}, {"Telugu", "క", "ఖ"}, {"Kannada", "ಕ", "ಖ"}, {"Malayalam", "ക", "ഖ"}, {"Sinhala", "ක", "ඛ"},
		{"Thai", "ก", "ข"}, {"Myanmar", "က", "ခ"}, {"Ethiopic", "አ", "ማ"}, {"Cherokee", "Ꭰ", "Ꭱ"},
	}
	for _, s := range scripts {
		var doc bytes.Buffer
		events := []assEvent{{0, 500, "Cue", assText(s.a)}, {1000, 1500, "Cue", assText(s.b)}}
		if err := writeASSDoc(&doc, c, []assStyle{{"Cue", DefaultSubtitleStyle(c)}}, events); err != nil {
			t.Fatal(err)
		}
		var frames [][]byte
		keep := func(_ int, f *image.NRGBA, _ image.Rectangle) error {
			frames = append(frames, slices.Clone(f.Pix))
			return nil
		}
		if err := l.draw(doc.Bytes(), c.Width, c.Height, []int{0, 1000}, keep); err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(frames[0], frames[1]) {
			t.Errorf("%s: %q and %q are drawn alike: no font has them", s.name, s.a, s.b)
		}
	}
}

// TestMiddleCuesLeaveTextSlidesReadable: a subtitle placed in the middle is drawn in the
// bottom row, below the text, while a text slide shows (it was drawn over the slide's
// own text); over a picture it stays in the middle, and cues at the bottom or top stay
// where they are.
func TestMiddleCuesLeaveTextSlidesReadable(t *testing.T) {
	l := openLibass(t)
	c := Canvas16x9
	tests := []struct {
		name      string
		alignment int
		text      bool // the cue shows over a text slide
		wantLow   bool // drawn in the bottom sixth of the frame
		wantMid   bool // drawn across the frame's middle line
	}{
		{"middle over a text slide", 5, true, true, false},
		{"middle left over a text slide", 4, true, true, false},
		{"middle over a picture", 5, false, false, true},
		{"bottom over a text slide", 2, true, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			style := DefaultSubtitleStyle(c)
			style.Alignment = tt.alignment
			slide := SegmentSlide{DurationMs: 2000, Image: "unused.jpg"}
			if tt.text {
				slide = SegmentSlide{DurationMs: 2000, Text: "Solar panels pay for themselves"}
			}
			in := SegmentInput{Canvas: c, Style: style, Slides: []SegmentSlide{slide},
				Cues: []Cue{{StartMs: 500, EndMs: 1500, Text: "They work best on roofs"}}}
			res, err := Tool{Libass: l}.rasterise(context.Background(), in, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if len(res.cues) != 1 {
				t.Fatalf("%d cues drawn", len(res.cues))
			}
			q := res.cues[0]
			low, mid := q.y >= c.Height*5/6-q.h, q.y < c.Height/2 && q.y+q.h > c.Height/2
			if low != tt.wantLow || mid != tt.wantMid {
				t.Fatalf("cue drawn at y %d to %d of %d; want low %v, middle %v", q.y, q.y+q.h, c.Height, tt.wantLow, tt.wantMid)
			}
			if tt.text {
				ink := inkBounds(readOverlay(t, res.text[0]), func(p []uint8) bool { return p[0] > 128 })
				if ink.Empty() || q.y < ink.Max.Y {
					t.Fatalf("cue from y %d overlaps the slide's text down to y %d", q.y, ink.Max.Y)
				}
			}
		})
	}
}
