package domain

import "math"

// MinCueLineChars is the narrowest cue line CueLineChars gives, whatever the style: a
// style too large for its canvas still gets lines a word or two wide.
const MinCueLineChars = 12

// The advance of one column of cue text, in thousandths of the style's font size:
// what a character of the fonts a subtitle style may use (SubtitleFontFamilies) takes
// on average, conservatively. libass sizes a font so that its ascent and descent fill
// the font size (DejaVu's are 1.164 em), so these are not fractions of an em.
//
// Measured on 2026-11-29 with the worker's libass (media.Libass, fonts-dejavu-core
// 2.37): lines of each text drawn without outline at font size 100, once and three
// times over, the difference of their drawn widths divided by the characters added:
//
//	                    English  URL    a-z    Title  CAPS   0-9
//	DejaVu Sans          0.440  0.445  0.484  0.447  0.525  0.546
//	DejaVu Sans Bold     0.496  0.503  0.547  0.505  0.586  0.597
//	DejaVu Serif         0.445  0.446  0.490  0.460  0.585  0.546
//	DejaVu Serif Bold    0.484  0.489  0.533  0.498  0.625  0.592
//	DejaVu Sans Mono     0.517 for every character, bold or not
//
// (English: a sentence of prose; URL: https://www.example.com/articles/...; Title:
// Title Case; "wwwmmmWWWMMM", which no text is made of, read 0.78-0.88.) The figures
// cover digits, the lower-case alphabet and Sans capitals, so a line of a URL or a
// number fits; prose fits with room to spare.
const (
	cueAdvanceBold    = 600
	cueAdvanceRegular = 550
)

// CueLayout is what burned-in cues are drawn with, in pixels of the canvas (the units
// of the render's subtitle style).
type CueLayout struct {
	CanvasWidth, CanvasHeight int
	FontSize                  int
	Bold                      bool
	Spacing                   int // extra pixels after every character
	MarginLeft, MarginRight   int
	Outline                   int // drawn around the text, on both sides of a line
	Shadow                    int // offset of the shadow, to the right and down
	// Angle turns the cues, in degrees counter-clockwise, about their anchor: the
	// middle of the canvas for cues in the Middle, else the middle of their lower
	// (bottom) or upper (top) edge, MarginVertical from that edge of the canvas.
	Angle          int
	Middle         bool
	MarginVertical int
}

// CueLineChars is how many columns (see CueOptions.MaxLineChars) a cue line drawn with
// l may hold and still fit between its margins, outline and shadow included, so that
// the renderer neither wraps a cue onto more lines than BuildCues gave it nor clips a
// word it cannot wrap (a URL): at most DefaultCueLineChars, at least MinCueLineChars.
// A turned line must also fit the canvas's height: about its anchor, half of it
// reaches each way, up or down by the sine of the angle. A layout without a font size
// gets DefaultCueLineChars.
func CueLineChars(l CueLayout) int {
	adv := cueAdvanceRegular
	if l.Bold {
		adv = cueAdvanceBold
	}
	column := l.FontSize*adv + max(l.Spacing, 0)*1000 // thousandths of a pixel
	if l.FontSize <= 0 || column <= 0 {
		return DefaultCueLineChars
	}
	pad := 2*max(l.Outline, 0) + max(l.Shadow, 0)
	room := l.CanvasWidth - max(l.MarginLeft, 0) - max(l.MarginRight, 0) - pad
	if sin := math.Abs(math.Sin(float64(l.Angle) * math.Pi / 180)); sin > 1e-6 && l.CanvasHeight > 0 {
		// Twice the room on the shorter side of the anchor.
		tall := l.CanvasHeight
		if !l.Middle {
			mv := min(max(l.MarginVertical, 0), l.CanvasHeight)
			tall = 2 * min(mv, l.CanvasHeight-mv)
		}
		room = min(room, int(float64(tall-pad)/sin))
	}
	if room <= 0 {
		return MinCueLineChars
	}
	return min(max(room*1000/column, MinCueLineChars), DefaultCueLineChars)
}
