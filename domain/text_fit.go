package domain

// TextArea is the room the renderer draws a block of text in, a text slide's or a
// tagline's: pixels of the canvas between the style's margins, and the style's font.
type TextArea struct {
	Width    int
	FontSize int
	Bold     bool
}

// FitText is text laid out to be drawn in a, with "\n" between its lines, and the font
// size to draw it at. The renderer (libass without libunibreak) breaks lines only at
// spaces, so a line holding a word wider than the area (text written without spaces,
// such as Chinese and Japanese, or a URL) is wrapped here as a cue is (FitCueText), in
// lines of as many columns as fit the area by CueLineChars' advance figures; other
// lines stay as they are, for the renderer to wrap at their spaces as it always has.
func FitText(text string, a TextArea) (string, int) {
	return FitCueText(text, CueOptions{MaxLineChars: a.columns(a.FontSize)}), a.FontSize
}

// columns is how many columns of text at font size fit the area's width, a column
// taken as CueLineChars takes it; at least 1.
func (a TextArea) columns(size int) int {
	adv := cueAdvanceRegular
	if a.Bold {
		adv = cueAdvanceBold
	}
	if size <= 0 || a.Width <= 0 {
		return 1
	}
	return max(1, a.Width*1000/(size*adv))
}
