package media

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/draw"
	"os"
	"slices"
	"testing"
)

// openLibass is the in-process libass; where ffmpeg has libass (Debian's libass9,
// which `make test-deps` installs with ffmpeg) it must load.
func openLibass(t *testing.T) *Libass {
	t.Helper()
	l, err := OpenLibass()
	if err != nil {
		t.Fatalf("libass must load where ffmpeg has it: %v", err)
	}
	return l
}

// TestLibassDrawsWhatFFmpegDraws: each frame libass draws in this process holds what
// ffmpeg's subtitles filter draws with the same libass from the same document: the
// same pixels, to a unit or two of rounding. ffmpeg stores a partly covered pixel's
// colour already multiplied by its cover (darkening the edges of coloured text once
// laid on a picture); this process keeps colour and cover apart, so colours are
// compared multiplied.
func TestLibassDrawsWhatFFmpegDraws(t *testing.T) {
	l := openLibass(t)
	styled := DefaultSubtitleStyle(Canvas16x9)
	styled.PrimaryColor, styled.OutlineColor, styled.BackColor = "FFD400", "1030C0", "602080"
	styled.Outline, styled.Shadow, styled.Angle, styled.Alignment = 4, 3, 8, 7
	cases := []struct {
		name  string
		c     Canvas
		style SubtitleStyle
	}{
		{"16x9 default", Canvas16x9, DefaultSubtitleStyle(Canvas16x9)},
		{"9x16 default", Canvas9x16, DefaultSubtitleStyle(Canvas9x16)},
		{"coloured, thick outline, turned, top left", Canvas16x9, styled},
		{"no outline or shadow", Canvas16x9, SubtitleStyle{FontName: "DejaVu Sans", FontSize: 70, PrimaryColor: "FFFFFF", MarginV: 60}},
	}
	texts := []string{
		"Subtitle one,\nwhich says what the narrator says",
		"Ünïcödé & <b>angle</b> {brackets} — 稲",
		"A line long enough that libass has to wrap it onto a second line somewhere near the middle of the picture",
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var events []assEvent
			for i, s := range texts {
				events = append(events, assEvent{i * 1000, i*1000 + 500, "Cue", assText(s)})
			}
			var doc bytes.Buffer
			if err := writeASSDoc(&doc, tc.c, []assStyle{{"Cue", tc.style}}, events); err != nil {
				t.Fatal(err)
			}
			var ff, in []*image.NRGBA
			keep := func(into *[]*image.NRGBA) func(int, *image.NRGBA, image.Rectangle) error {
				return func(n int, frame *image.NRGBA, drawn image.Rectangle) error {
					m := image.NewNRGBA(frame.Rect)
					copy(m.Pix, frame.Pix)
					if !drawn.Eq(frame.Rect) && alphaBounds(m) != alphaBounds(m.SubImage(drawn).(*image.NRGBA)) {
						t.Errorf("frame %d: text drawn outside the rectangle said to hold it", n)
					}
					*into = append(*into, m)
					return nil
				}
			}
			if err := (Tool{}).rasteriseWithFFmpeg(context.Background(), doc.Bytes(), tc.c, len(events), t.TempDir(), keep(&ff)); err != nil {
				t.Fatal(err)
			}
			at := []int{0, 1000, 2000}
			if err := l.draw(doc.Bytes(), tc.c.Width, tc.c.Height, at, keep(&in)); err != nil {
				t.Fatal(err)
			}
			if len(in) != len(ff) {
				t.Fatalf("%d frames, ffmpeg %d", len(in), len(ff))
			}
			for n := range ff {
				if a, b := alphaBounds(in[n]), alphaBounds(ff[n]); b.Empty() || a != b {
					t.Errorf("frame %d: text covers %v, ffmpeg's %v", n, a, b)
					continue
				}
				worst := 0
				for i := 0; i < len(ff[n].Pix); i += 4 {
					p, q := in[n].Pix[i:i+4], ff[n].Pix[i:i+4]
					for k := range 4 {
						v := int(p[k])
						if k < 3 {
							v = (v*int(p[3]) + 127) / 255
						}
						worst = max(worst, abs(v-int(q[k])))
					}
				}
				if worst > 2 {
					t.Errorf("frame %d: a byte differs from ffmpeg's by %d", n, worst)
				}
			}
		})
	}
}

// TestRasteriseInProcess: a segment's text drawn in this process gives the overlays
// the ffmpeg run gives: each cue, tagline and text slide, where it was, for as long.
func TestRasteriseInProcess(t *testing.T) {
	l := openLibass(t)
	in := SegmentInput{Canvas: Canvas16x9, Style: DefaultSubtitleStyle(Canvas16x9), Slides: []SegmentSlide{
		{DurationMs: 3000, Image: "unused.jpg", Tagline: "Scene 1: what the river carries"},
		{DurationMs: 3000, Text: "Rice grows where the water slows"},
	}, Cues: []Cue{
		{StartMs: 0, EndMs: 2400, Text: "Subtitle one,\nwhich says what the narrator says"},
		{StartMs: 2500, EndMs: 4000, Text: "Subtitle two"},
		{StartMs: 4000, EndMs: 4000, Text: "never shown: it lasts no time"},
		{StartMs: 4100, EndMs: 6000, Text: "   "},
	}}
	ff, err := Tool{}.rasterise(context.Background(), in, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	got, err := Tool{Libass: l}.rasterise(context.Background(), in, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	same := func(a, b overlay) bool { return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h }
	byStart := func(a, b cueOverlay) int { return a.startMs - b.startMs }
	slices.SortFunc(got.cues, byStart)
	slices.SortFunc(ff.cues, byStart)
	if len(got.cues) != 2 || len(ff.cues) != 2 {
		t.Fatalf("%d cues drawn, ffmpeg %d; want 2", len(got.cues), len(ff.cues))
	}
	for i := range got.cues {
		g, f := got.cues[i], ff.cues[i]
		if g.startMs != f.startMs || g.endMs != f.endMs || !same(g.overlay, f.overlay) {
			t.Errorf("cue %d: %+v, ffmpeg's %+v", i, g, f)
		}
	}
	if len(got.tagline) != 1 || !same(got.tagline[0], ff.tagline[0]) {
		t.Errorf("taglines %+v, ffmpeg's %+v", got.tagline, ff.tagline)
	}
	if len(got.text) != 1 || got.text[1].w != 1920 || got.text[1].h != 1080 {
		t.Errorf("text slides %+v, want slide 1 on the whole canvas", got.text)
	}
}

// BenchmarkRasterise times drawing one 10 s scene's text (a tagline and four cues, as
// bench/render draws them) in this process and with an ffmpeg run.
func BenchmarkRasterise(b *testing.B) {
	l, err := OpenLibass()
	if err != nil {
		b.Fatal(err)
	}
	in := SegmentInput{Canvas: Canvas16x9, Style: DefaultSubtitleStyle(Canvas16x9), Slides: []SegmentSlide{
		{DurationMs: 5000, Image: "unused.jpg", Tagline: "Scene 1: what the river carries"},
		{DurationMs: 5000, Image: "unused.jpg"},
	}}
	for at := 0; at < 10000; at += 2500 {
		in.Cues = append(in.Cues, Cue{StartMs: at, EndMs: at + 2400, Text: "Subtitle,\nwhich says what the narrator says"})
	}
	for _, tc := range []struct {
		name string
		tool Tool
	}{{"libass in process", Tool{Libass: l}}, {"ffmpeg run", Tool{}}} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				dir, err := os.MkdirTemp(b.TempDir(), "text-")
				if err != nil {
					b.Fatal(err)
				}
				if _, err := tc.tool.rasterise(context.Background(), in, dir); err != nil {
					b.Fatal(err)
				}
				os.RemoveAll(dir)
			}
		})
	}
}

// TestBlendASSImageMatchesDrawOver: a libass bitmap laid on in its colour gives what
// draw.Over gives with the bitmap (times the colour's opacity) as the mask, to a unit
// of rounding, for every cover on transparent, translucent and opaque pixels, and
// touches nothing outside the bitmap or the frame.
func TestBlendASSImageMatchesDrawOver(t *testing.T) {
	const w, h = 256, 4
	bitmap := make([]byte, 260*h) // stride wider than the bitmap, as libass's are
	for y := range h {
		for x := range w {
			bitmap[y*260+x] = uint8(x)
		}
	}
	for _, colour := range []uint32{0xFFD40000, 0x1030C064, 0x602080FE, 0xFFFFFFFF} {
		for _, bg := range []color.NRGBA{{}, {0, 0, 0, taglineBandAlpha}, {0x11, 0x18, 0x27, 255}, {200, 10, 90, 1}} {
			frame := image.NewNRGBA(image.Rect(0, 0, w+20, h+1))
			draw.Draw(frame, frame.Rect, image.NewUniform(bg), image.Point{}, draw.Src)
			want := image.NewNRGBA(frame.Rect)
			copy(want.Pix, frame.Pix)
			// At (10, -1): the bitmap's first row falls outside the frame.
			img := &assImage{w: w, h: h, stride: 260, bitmap: &bitmap[0], color: colour, dstX: 10, dstY: -1}
			got := blendASSImage(frame, img)
			opacity := 255 - colour&0xff
			mask := image.NewAlpha(image.Rect(10, -1, 10+w, h-1))
			for y := range h {
				for x := range w {
					mask.Pix[y*mask.Stride+x] = uint8((uint32(bitmap[y*260+x])*opacity + 127) / 255)
				}
			}
			src := image.NewUniform(color.NRGBA{uint8(colour >> 24), uint8(colour >> 16), uint8(colour >> 8), 255})
			draw.DrawMask(want, mask.Rect, src, image.Point{}, mask, mask.Rect.Min, draw.Over)
			if wantRect := image.Rect(10, 0, 10+w, h-1); opacity > 0 && got != wantRect {
				t.Errorf("colour %08x: touched %v, want %v", colour, got, wantRect)
			}
			for i := range frame.Pix {
				if d := int(frame.Pix[i]) - int(want.Pix[i]); d < -1 || d > 1 {
					if want.Pix[i|3] == 0 && frame.Pix[i|3] == 0 {
						continue // no colour to compare
					}
					t.Fatalf("colour %08x on %v: pixel %d byte %d = %d, draw.Over gives %d", colour, bg, i/4, i%4, frame.Pix[i], want.Pix[i])
				}
			}
		}
	}
}

// TestAccentsTypedApartDrawAsOneLetter: text whose accents are typed as combining marks
// after their letters (Vietnamese and polytonic Greek, as some keyboards and pasted text
// give them) is drawn as the same text typed with precomposed letters, by libass in
// this process and by ffmpeg: the complex shaper sets the marks in their place (the
// simple one drew each mark over the last, a circumflex and an acute in one spot).
func TestAccentsTypedApartDrawAsOneLetter(t *testing.T) {
	l := openLibass(t)
	c := Canvas16x9
	pairs := [][2]string{
		{"Tiếng Việt có dấu: ặ ộ ữ ề", "Tie\u0302\u0301ng Vie\u0323\u0302t co\u0301 da\u0302\u0301u: a\u0323\u0306 o\u0323\u0302 u\u031b\u0303 e\u0302\u0300"},
		{"Ἀθῆναι ᾗ", "Α\u0313θη\u0342ναι η\u0314\u0342\u0345"},
	}
	var events []assEvent
	for i, p := range pairs {
		events = append(events, assEvent{2 * i * 1000, 2*i*1000 + 500, "Cue", assText(p[0])},
			assEvent{(2*i + 1) * 1000, (2*i+1)*1000 + 500, "Cue", assText(p[1])})
	}
	var doc bytes.Buffer
	if err := writeASSDoc(&doc, c, []assStyle{{"Cue", DefaultSubtitleStyle(c)}}, events); err != nil {
		t.Fatal(err)
	}
	draws := map[string]func(keep func(int, *image.NRGBA, image.Rectangle) error) error{
		"libass": func(keep func(int, *image.NRGBA, image.Rectangle) error) error {
			return l.draw(doc.Bytes(), c.Width, c.Height, []int{0, 1000, 2000, 3000}, keep)
		},
		"ffmpeg": func(keep func(int, *image.NRGBA, image.Rectangle) error) error {
			return Tool{}.rasteriseWithFFmpeg(context.Background(), doc.Bytes(), c, len(events), t.TempDir(), keep)
		},
	}
	for name, draw := range draws {
		t.Run(name, func(t *testing.T) {
			var frames [][]byte
			keep := func(_ int, f *image.NRGBA, _ image.Rectangle) error {
				frames = append(frames, slices.Clone(f.Pix))
				return nil
			}
			if err := draw(keep); err != nil {
				t.Fatal(err)
			}
			for i, p := range pairs {
				if !bytes.Equal(frames[2*i], frames[2*i+1]) {
					t.Errorf("%q is drawn unlike %q", p[1], p[0])
				}
			}
		})
	}
}
