package domain

import (
	"strings"
	"unicode"
)

// TextArea is the room the renderer draws a block of text in, a text slide's or a
// tagline's: pixels of the canvas between the style's margins, and the style's font.
type TextArea struct {
	Width int
	// Height is how tall the text may be; 0 is no limit (a tagline's band grows with
	// its lines).
	Height int
	// FontSize is the size text that fits is drawn at; longer text shrinks, a pixel
	// at a time, down to MinFontSize.
	FontSize, MinFontSize int
	Bold                  bool
}

// What a character of a line that libass wraps itself is taken to advance when its
// lines are counted, in thousandths of the font size (DejaVu Sans, regular and bold,
// measured as the table above cueAdvanceBold in cue_width.go): lower-case letters and
// the rest the lower-case alphabet's advance (0.484 and 0.547), capitals a little more
// than upper-case prose's (0.564 and 0.598), digits and wide characters as cues count
// them, a space a little more than DejaVu's (0.27 and 0.30). Counted with the cue
// figures throughout, a line of prose runs over one time in four or five, and text that
// fits would shrink.
const (
	proseAdvanceRegular   = 484
	proseAdvanceBold      = 547
	capitalAdvanceRegular = 600
	capitalAdvanceBold    = 650
	spaceAdvanceRegular   = 300
	spaceAdvanceBold      = 330
)

// FitText is text laid out to be drawn in a, with "\n" between its lines, and the font
// size to draw it at. The renderer (libass without libunibreak) breaks lines only at
// spaces, so a line holding a word wider than the area (text written without spaces,
// such as Chinese and Japanese, or a URL) is wrapped here as a cue is (FitCueText), in
// lines of as many columns as fit the area by CueLineChars' advance figures; other
// lines stay as they are, for the renderer to wrap at their spaces as it always has.
//
// Text taller than a.Height at a.FontSize is drawn at the largest size, down to
// a.MinFontSize, at which its lines fit, each as tall as the font size: lines of the
// wrap above count one each, and the renderer's as it wraps them at their spaces, its
// characters as wide as the advance figures above take them. Text that does not fit
// even then is drawn at a.MinFontSize.
func FitText(text string, a TextArea) (string, int) {
	size := a.FontSize
	for {
		out := FitCueText(text, CueOptions{MaxLineChars: a.columns(size, a.advance())})
		if a.Height <= 0 || size <= max(a.MinFontSize, 1) || a.lines(out, size)*size <= a.Height {
			return out, size
		}
		size--
	}
}

// advance is the advance of a column of the area's font, as CueLineChars takes it.
func (a TextArea) advance() int {
	if a.Bold {
		return cueAdvanceBold
	}
	return cueAdvanceRegular
}

// columns is how many columns of text at font size fit the area's width, a column
// advancing adv thousandths of the size; at least 1.
func (a TextArea) columns(size, adv int) int {
	if size <= 0 || a.Width <= 0 {
		return 1
	}
	return max(1, a.Width*1000/(size*adv))
}

// lines is how many lines the renderer draws text (lines joined by "\n") in at font
// size, wrapping each line at its spaces where the next word would not fit.
func (a TextArea) lines(text string, size int) int {
	if size <= 0 {
		return 1
	}
	room := a.Width * 1000 / size // in thousandths of the size
	space := spaceAdvanceRegular
	if a.Bold {
		space = spaceAdvanceBold
	}
	n := 0
	for _, l := range strings.Split(text, "\n") {
		n++
		w := -1 // the current line's width; -1 before its first word
		for _, word := range strings.Fields(l) {
			ww := a.wordAdvance(word)
			switch {
			case w < 0:
				w = ww
			case w+space+ww <= room:
				w += space + ww
			default:
				n++
				w = ww
			}
		}
	}
	return n
}

// wordAdvance is how far a word is taken to advance, in thousandths of the font size,
// when lines are counted.
func (a TextArea) wordAdvance(word string) int {
	column, capital, prose := cueAdvanceRegular, capitalAdvanceRegular, proseAdvanceRegular
	if a.Bold {
		column, capital, prose = cueAdvanceBold, capitalAdvanceBold, proseAdvanceBold
	}
	w := 0
	for _, r := range word {
		switch {
		case runeWidth(r) != 1:
			w += runeWidth(r) * column
		case unicode.IsUpper(r):
			w += capital
		case unicode.IsDigit(r):
			w += column
		default:
			w += prose
		}
	}
	return w
}
