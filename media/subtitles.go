package media

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Cue is one subtitle: the text shown from StartMs to EndMs (end exclusive). Text may
// hold "\n" line breaks.
type Cue struct {
	StartMs, EndMs int
	Text           string
}

// SubtitleStyle is how burned-in subtitles look, in the units of the ASS format:
// sizes and margins are pixels of the canvas, colours are 6-digit hex RRGGBB.
type SubtitleStyle struct {
	FontName                              string
	FontSize                              int
	PrimaryColor, OutlineColor, BackColor string // RRGGBB; BackColor colours the shadow
	Bold, Italic                          bool
	Spacing                               int // extra pixels between letters
	Outline, Shadow                       int
	Blur                                  int // softens the edges (libass's \blur); 0 is sharp
	MarginL, MarginR, MarginV             int
	Angle                                 int // degrees, counter-clockwise
	Alignment                             int // ASS numpad position; 0 means 2 (bottom centre)
}

// DefaultSubtitleStyle is white bold DejaVu Sans with a black outline at the bottom
// centre, sized from the shorter side of c so 16:9 and 9:16 read alike.
func DefaultSubtitleStyle(c Canvas) SubtitleStyle {
	short := min(c.Width, c.Height)
	size := max(8, short/20)
	return SubtitleStyle{
		FontName:     "DejaVu Sans",
		FontSize:     size,
		PrimaryColor: "FFFFFF", OutlineColor: "000000", BackColor: "000000",
		Bold:    true,
		Outline: max(1, size/18), Shadow: max(1, size/27),
		MarginL: c.Width / 20, MarginR: c.Width / 20, MarginV: c.Height / 16,
		Alignment: 2,
	}
}

// OrDefault is s, or DefaultSubtitleStyle(c) when s has no font size (no style was
// set): the style cues on c are drawn with.
func (s SubtitleStyle) OrDefault(c Canvas) SubtitleStyle {
	if s.FontSize == 0 {
		return DefaultSubtitleStyle(c)
	}
	return s
}

// assColor turns RRGGBB into ASS's &H00BBGGRR (opaque). A malformed colour is white.
func assColor(hex string) string {
	hex = strings.TrimPrefix(strings.TrimSpace(hex), "#")
	if len(hex) != 6 || strings.Trim(strings.ToUpper(hex), "0123456789ABCDEF") != "" {
		hex = "FFFFFF"
	}
	hex = strings.ToUpper(hex)
	return "&H00" + hex[4:6] + hex[2:4] + hex[0:2]
}

// assTime formats ms as ASS's H:MM:SS.cc, rounded to the centisecond.
func assTime(ms int) string {
	cs := (max(ms, 0) + 5) / 10
	return fmt.Sprintf("%d:%02d:%02d.%02d", cs/360000, cs/6000%60, cs/100%60, cs%100)
}

// clockTime formats ms as HH:MM:SS<sep>mmm (SRT uses ',', WebVTT '.').
func clockTime(ms int, sep byte) string {
	ms = max(ms, 0)
	return fmt.Sprintf("%02d:%02d:%02d%c%03d", ms/3600000, ms/60000%60, ms/1000%60, sep, ms%1000)
}

// lineBreaks makes every line break of s a "\n": a CR LF, and a CR alone (which
// libass, SubRip and WebVTT readers all take as the end of a line, so a cue holding one
// lost its text after it).
var lineBreaks = strings.NewReplacer("\r\n", "\n", "\r", "\n")

// rightToLeftLines starts each line of a right-to-left text (more of whose letters are
// of a right-to-left script, such as Hebrew or Arabic, than of others) with a right-to-left
// mark when its first strong character is not right-to-left. libass, SubRip and WebVTT
// players each take a line's direction from its first strong character, so a Hebrew or
// Arabic line that began with a Latin word, a brand or "HTML5", was laid out left to
// right: that word stood at the left, where the line ends, and the full stop at the
// right, where it starts. Lines of other text, and lines that already begin right to
// left, stay as they are. Line breaks are "\n".
func rightToLeftLines(s string) string {
	balance := 0
	for _, r := range s {
		switch strongDirection(r) {
		case 'R':
			balance++
		case 'L':
			balance--
		}
	}
	if balance <= 0 {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		first := byte(0)
		for _, r := range l {
			if first = strongDirection(r); first != 0 {
				break
			}
		}
		if first != 'R' && strings.TrimSpace(l) != "" {
			lines[i] = rlm + l
		}
	}
	return strings.Join(lines, "\n")
}

// rlm is the right-to-left mark, an invisible strong right-to-left character.
const rlm = "\u200f"

// strongDirection is 'R' for a letter of a right-to-left script (and the right-to-left
// mark), 'L' for any other letter (and the left-to-right mark), 0 for the rest: digits,
// punctuation, spaces, marks and symbols, which take the direction around them.
func strongDirection(r rune) byte {
	switch {
	case r == '\u200f':
		return 'R'
	case r == '\u200e':
		return 'L'
	case !unicode.IsLetter(r):
		return 0
	case unicode.In(r, unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana, unicode.Nko,
		unicode.Samaritan, unicode.Mandaic, unicode.Adlam, unicode.Hanifi_Rohingya, unicode.Yezidi):
		return 'R'
	}
	return 'L'
}

// assOverride is an ASS override block in cue text ("{\b1}", "{\an8}", "{\pos(0,0)}"):
// from the opening brace and backslash to the next closing brace.
var assOverride = regexp.MustCompile(`\{\\[^}]*\}`)

// withoutOverrides drops the ASS override blocks of cue text. Subtitle text is plain
// text: styling comes from the subtitle style alone, so markup pasted from a subtitle
// tool is neither drawn as text nor left for a player to read as commands, and every
// file and the burned picture say the same. Braces that open no override stay text.
func withoutOverrides(s string) string { return assOverride.ReplaceAllString(s, "") }

// assText makes cue text literal for libass: override blocks are dropped
// (withoutOverrides), a backslash cannot start an override (a word joiner follows
// it), braces are escaped, line breaks become \N, and lines of right-to-left text are
// laid out right to left (rightToLeftLines).
func assText(s string) string {
	s = rightToLeftLines(lineBreaks.Replace(withoutOverrides(s)))
	s = strings.ReplaceAll(s, `\`, "\\\u2060")
	s = strings.ReplaceAll(s, "{", `\{`)
	s = strings.ReplaceAll(s, "}", `\}`)
	return strings.ReplaceAll(s, "\n", `\N`)
}

// assStyle is one line of [V4+ Styles].
type assStyle struct {
	name string
	SubtitleStyle
}

// line is the style's line. Its Encoding is -1, which makes libass take each event's
// base direction from its text (its first strong character): with 1 (the default
// character set, what most scripts carry) it lays every line out left to right, so an
// Arabic or Hebrew line had its full stop and brackets on the wrong side. Text whose
// first strong character is left-to-right is drawn exactly as with 1.
func (s assStyle) line() string {
	bold, italic := 0, 0
	if s.Bold {
		bold = -1
	}
	if s.Italic {
		italic = -1
	}
	align := s.Alignment
	if align < 1 || align > 9 {
		align = 2
	}
	font := strings.NewReplacer(",", " ", "\n", " ").Replace(s.FontName)
	if font == "" {
		font = "DejaVu Sans"
	}
	return fmt.Sprintf("Style: %s,%s,%d,%s,%s,%s,%s,%d,%d,0,0,100,100,%d,%d,1,%d,%d,%d,%d,%d,%d,-1",
		s.name, font, max(s.FontSize, 1), assColor(s.PrimaryColor), assColor(s.PrimaryColor),
		assColor(s.OutlineColor), assColor(s.BackColor), bold, italic, max(s.Spacing, 0), s.Angle,
		max(s.Outline, 0), max(s.Shadow, 0), align, max(s.MarginL, 0), max(s.MarginR, 0), max(s.MarginV, 0))
}

// assEvent is one Dialogue line; text is already ASS (see assText).
type assEvent struct {
	startMs, endMs int
	style, text    string
}

// writeASSDoc writes a complete ASS script for canvas c.
func writeASSDoc(w io.Writer, c Canvas, styles []assStyle, events []assEvent) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "[Script Info]\nScriptType: v4.00+\nPlayResX: %d\nPlayResY: %d\nWrapStyle: 0\nScaledBorderAndShadow: yes\nYCbCr Matrix: None\n\n", c.Width, c.Height)
	bw.WriteString("[V4+ Styles]\nFormat: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding\n")
	for _, s := range styles {
		bw.WriteString(s.line() + "\n")
	}
	// A style has no blur field in ASS: a blurred style's lines start with \blur.
	blur := map[string]string{}
	for _, s := range styles {
		if s.Blur > 0 {
			blur[s.name] = fmt.Sprintf(`{\blur%d}`, s.Blur)
		}
	}
	bw.WriteString("\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n")
	for _, e := range events {
		fmt.Fprintf(bw, "Dialogue: 0,%s,%s,%s,,0,0,0,,%s%s\n", assTime(e.startMs), assTime(e.endMs), e.style, blur[e.style], e.text)
	}
	return bw.Flush()
}

// WriteASS writes cues as an Advanced SubStation Alpha script for canvas c: PlayResX
// and PlayResY are the canvas size, so style sizes and margins are canvas pixels, and
// every cue uses one style named Default.
func WriteASS(w io.Writer, cues []Cue, style SubtitleStyle, c Canvas) error {
	events := make([]assEvent, 0, len(cues))
	for _, q := range cues {
		events = append(events, assEvent{q.StartMs, q.EndMs, "Default", assText(q.Text)})
	}
	return writeASSDoc(w, c, []assStyle{{"Default", style}}, events)
}

// cueLines splits text without its override blocks (withoutOverrides) into its
// non-empty lines (a blank line would end an SRT or WebVTT cue early), those of
// right-to-left text laid out right to left (rightToLeftLines).
func cueLines(s string) []string {
	var out []string
	for _, l := range strings.Split(lineBreaks.Replace(withoutOverrides(s)), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return strings.Split(rightToLeftLines(strings.Join(out, "\n")), "\n")
}

// srtArrow keeps a cue's "-->" from being read as a timing line: SubRip has no
// escapes, and players (ffmpeg, VLC) start a new cue at any line that looks like one,
// so a cue whose text held "00:00:01,000 --> 00:00:02,000" was cut in two there. A
// word joiner between the dashes and the ">" shows nothing, as in assText.
var srtArrow = strings.NewReplacer("-->", "--\u2060>")

// WriteSRT writes cues as SubRip: numbered from 1, times as 00:00:01,000.
func WriteSRT(w io.Writer, cues []Cue) error {
	bw := bufio.NewWriter(w)
	for i, q := range cues {
		fmt.Fprintf(bw, "%d\n%s --> %s\n", i+1, clockTime(q.StartMs, ','), clockTime(q.EndMs, ','))
		for _, l := range cueLines(q.Text) {
			bw.WriteString(srtArrow.Replace(l) + "\n")
		}
		bw.WriteString("\n")
	}
	return bw.Flush()
}

// WriteVTT writes cues as WebVTT: the WEBVTT header, times as 00:00:01.000, and
// &, < and > escaped so text cannot be read as markup.
func WriteVTT(w io.Writer, cues []Cue) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("WEBVTT\n\n")
	esc := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	for _, q := range cues {
		fmt.Fprintf(bw, "%s --> %s\n", clockTime(q.StartMs, '.'), clockTime(q.EndMs, '.'))
		for _, l := range cueLines(q.Text) {
			bw.WriteString(esc.Replace(l) + "\n")
		}
		bw.WriteString("\n")
	}
	return bw.Flush()
}

// stackOverlaps turns cues that overlap in time (subtitles the user edited may) into
// cues that do not: while two or more show at once, one cue holds their lines, the
// earlier-starting first, so burned subtitles stack as a player stacks them instead of
// being drawn over each other. Blank cues and cues without time are left out; cues
// that do not overlap come out as they went in.
func stackOverlaps(cues []Cue) []Cue {
	var live []Cue
	var bounds []int
	for _, q := range cues {
		if strings.TrimSpace(q.Text) != "" && q.EndMs > q.StartMs {
			live = append(live, q)
			bounds = append(bounds, q.StartMs, q.EndMs)
		}
	}
	slices.SortStableFunc(live, func(a, b Cue) int { return cmp.Compare(a.StartMs, b.StartMs) })
	slices.Sort(bounds)
	bounds = slices.Compact(bounds)
	var out []Cue
	for i := 0; i+1 < len(bounds); i++ {
		from, to := bounds[i], bounds[i+1]
		var lines []string
		for _, q := range live {
			if q.StartMs <= from && from < q.EndMs {
				lines = append(lines, q.Text)
			}
		}
		if len(lines) == 0 {
			continue
		}
		text := strings.Join(lines, "\n")
		if n := len(out); n > 0 && out[n-1].EndMs == from && out[n-1].Text == text {
			out[n-1].EndMs = to
			continue
		}
		out = append(out, Cue{StartMs: from, EndMs: to, Text: text})
	}
	return out
}
