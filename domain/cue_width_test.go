package domain

import "testing"

// The built-in Classic styles (migration 00014, ids 3 and 4, the formats' defaults and
// media.DefaultSubtitleStyle on each canvas) as the render draws them.
var (
	classic16x9 = CueLayout{CanvasWidth: 1920, CanvasHeight: 1080, FontSize: 54, Bold: true, MarginLeft: 96, MarginRight: 96,
		Outline: 3, Shadow: 2, MarginVertical: 67}
	classic9x16 = CueLayout{CanvasWidth: 1080, CanvasHeight: 1920, FontSize: 54, Bold: true, MarginLeft: 54, MarginRight: 54,
		Outline: 3, Shadow: 2, MarginVertical: 120}
)

func TestCueLineChars(t *testing.T) {
	with := func(l CueLayout, change func(*CueLayout)) CueLayout { change(&l); return l }
	for _, c := range []struct {
		name   string
		layout CueLayout
		want   int
	}{
		{"16:9 default: the usual 42", classic16x9, 42},
		{"16:9 Bold yellow (64 px, outline 4): still 42", CueLayout{CanvasWidth: 1920, FontSize: 64, Bold: true, MarginLeft: 96, MarginRight: 96, Outline: 4}, 42},
		// (1080 - 2*54 - 2*3 - 2) / (0.60*54) = 964/32.4
		{"9:16 default", classic9x16, 29},
		{"9:16 bigger font: fewer", with(classic9x16, func(l *CueLayout) { l.FontSize = 72 }), 22},
		{"9:16 Bold yellow (72 px, outline 5, margins 60)", CueLayout{CanvasWidth: 1080, FontSize: 72, Bold: true, MarginLeft: 60, MarginRight: 60, Outline: 5}, 21},
		{"9:16 not bold: more", with(classic9x16, func(l *CueLayout) { l.Bold = false }), 32},
		{"9:16 letter spacing: fewer", with(classic9x16, func(l *CueLayout) { l.Spacing = 4 }), 26},
		{"9:16 wide margins: fewer", with(classic9x16, func(l *CueLayout) { l.MarginLeft, l.MarginRight = 150, 200 }), 22},
		{"9:16 thick outline and shadow: fewer", with(classic9x16, func(l *CueLayout) { l.Outline, l.Shadow = 30, 20 }), 27},
		{"16:9 big font: fewer than 42", with(classic16x9, func(l *CueLayout) { l.FontSize = 90 }), 31},
		{"at least 12, however large the font", with(classic9x16, func(l *CueLayout) { l.FontSize = 200; l.MarginLeft, l.MarginRight = 200, 200 }), MinCueLineChars},
		{"margins wider than the canvas: 12", with(classic9x16, func(l *CueLayout) { l.MarginLeft, l.MarginRight = 600, 600 }), MinCueLineChars},
		{"negative margins count as none", with(classic9x16, func(l *CueLayout) { l.MarginLeft, l.MarginRight, l.Outline, l.Shadow = -50, -50, -1, -1 }), 33},
		{"no font size: the default width", CueLayout{CanvasWidth: 1080}, DefaultCueLineChars},
		// Turned lines must fit the canvas's height as well.
		// (1080 - 2*3 - 2) / 1 / (0.55*100) = 1072/55
		{"16:9 turned 90° in the middle: as long as the canvas is high", with(classic16x9, func(l *CueLayout) {
			l.FontSize, l.Bold, l.Middle, l.Angle = 100, false, true, 90
		}), 19},
		{"270° as 90°", with(classic16x9, func(l *CueLayout) { l.FontSize, l.Bold, l.Middle, l.Angle = 100, false, true, 270 }), 19},
		{"upside down (180°): as wide as level", with(classic16x9, func(l *CueLayout) { l.Angle = 180 }), 42},
		{"9:16 turned 30° in the middle: the width still binds", with(classic9x16, func(l *CueLayout) { l.Middle, l.Angle = true, 30 }), 29},
		// Half a line each side of the anchor, 67 px above the bottom edge:
		// (2*67 - 8) / sin 10° = 725 px, / 32.4
		{"16:9 at the bottom tilted 10°: the margin below binds", with(classic16x9, func(l *CueLayout) { l.Angle = 10 }), 22},
		// (2*500 - 8) / 1 / 32.4
		{"16:9 at the top, 500 px down, turned 90°", with(classic16x9, func(l *CueLayout) { l.Angle, l.MarginVertical = 90, 500 }), 30},
		{"turned 90° at the bottom edge: the fewest", with(classic16x9, func(l *CueLayout) { l.Angle, l.MarginVertical = 90, 0 }), MinCueLineChars},
		{"turned, no canvas height: the width only", with(classic16x9, func(l *CueLayout) { l.Angle, l.CanvasHeight = 90, 0 }), 42},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := CueLineChars(c.layout); got != c.want {
				t.Errorf("CueLineChars(%+v) = %d, want %d", c.layout, got, c.want)
			}
		})
	}
}
