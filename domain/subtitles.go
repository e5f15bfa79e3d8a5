package domain

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Subtitle cue defaults: the usual broadcast limits of two lines of 42 characters.
const (
	DefaultCueLineChars = 42
	DefaultCueLines     = 2
)

// maxCueTimeMs bounds the times BuildCues accepts (about 35 years), so that adding them
// cannot overflow.
const maxCueTimeMs = 1 << 40

// SubtitlePart is one sentence or pause of a slide's narration, with times relative to
// the slide's start, as narration timing gives them.
type SubtitlePart struct {
	Text       string
	StartMs    int
	DurationMs int
	Pause      bool
}

// SubtitleSlide is one slide's narration timing: where the slide starts in the video and
// its parts.
type SubtitleSlide struct {
	LayerID int64
	StartMs int
	Parts   []SubtitlePart
}

// CueOptions limit the size of a cue; zero or less means the default.
type CueOptions struct {
	// MaxLineChars is the width of a line, in characters; a wide (CJK) character counts
	// as two.
	MaxLineChars int
	// MaxLines is how many lines a cue holds.
	MaxLines int
}

// withDefaults fills in unset options.
func (o CueOptions) withDefaults() CueOptions {
	if o.MaxLineChars <= 0 {
		o.MaxLineChars = DefaultCueLineChars
	}
	if o.MaxLines <= 0 {
		o.MaxLines = DefaultCueLines
	}
	return o
}

// Cue is one subtitle shown from StartMs to EndMs of the video; lines are separated by
// "\n". Index counts cues from 1, as SRT numbers them.
type Cue struct {
	Index   int    `json:"index"`
	StartMs int    `json:"startMs"`
	EndMs   int    `json:"endMs"`
	Text    string `json:"text"`
	LayerID int64  `json:"layerId"`
}

// cueSentence is a sentence placed in the video.
type cueSentence struct {
	text       string
	start, end int
	layer      int64
}

// BuildCues makes subtitle cues from the slides' narration timing, for burned-in
// subtitles and subtitle files.
//
// Each sentence becomes one cue spanning its part when it fits in MaxLines lines of
// MaxLineChars; a longer one is cut at word boundaries into as few chunks as fit, of
// about equal length, each timed in proportion to its characters (white space not
// counted) within the sentence. Lines break at word boundaries and are balanced in
// length. Text without spaces (Chinese, Japanese, Thai) may break between any two
// characters, keeping combining marks and closing punctuation with the character before;
// a word longer than a line is cut between characters.
//
// Pauses, parts of zero or negative length and blank sentences give no cue; parts that
// start before the video are clipped to 0; invalid UTF-8 becomes U+FFFD. Cues are in
// time order and never overlap, and each lasts at least 1 ms: when narration timings
// overlap, a sentence ends where the next one starts, and sentences starting at the same
// moment are read as one, in the order given. A sentence with fewer milliseconds than
// chunks gets fewer, longer chunks.
func BuildCues(slides []SubtitleSlide, opt CueOptions) []Cue {
	opt = opt.withDefaults()
	var sents []cueSentence
	for _, sl := range slides {
		for _, p := range sl.Parts {
			if p.Pause || p.DurationMs <= 0 || outsideCueTime(sl.StartMs) || outsideCueTime(p.StartMs) || outsideCueTime(p.DurationMs) {
				continue
			}
			text := strings.ToValidUTF8(p.Text, "\uFFFD")
			if strings.TrimSpace(text) == "" {
				continue
			}
			start := sl.StartMs + p.StartMs
			end := start + p.DurationMs
			start = max(start, 0)
			if end <= start {
				continue
			}
			sents = append(sents, cueSentence{text: text, start: start, end: end, layer: sl.LayerID})
		}
	}
	slices.SortStableFunc(sents, func(a, b cueSentence) int { return cmp.Compare(a.start, b.start) })
	var groups []cueSentence
	for _, s := range sents {
		if n := len(groups); n > 0 {
			g := &groups[n-1]
			if s.start == g.start {
				g.text += " " + s.text
				g.end = max(g.end, s.end)
				continue
			}
			g.end = min(g.end, s.start)
		}
		groups = append(groups, s)
	}
	var cues []Cue
	for _, g := range groups {
		cues = appendSentenceCues(cues, g, opt)
	}
	for i := range cues {
		cues[i].Index = i + 1
	}
	return cues
}

// outsideCueTime reports whether a time is beyond what BuildCues accepts.
func outsideCueTime(ms int) bool { return ms < -maxCueTimeMs || ms > maxCueTimeMs }

// appendSentenceCues cuts one sentence into cues and appends them.
func appendSentenceCues(cues []Cue, s cueSentence, opt CueOptions) []Cue {
	units := cueUnits(s.text, opt.MaxLineChars)
	chunks := packUnits(units, opt.MaxLineChars, opt.MaxLines)
	if len(chunks) > 1 {
		if b, ok := balanceUnits(units, len(chunks), opt.MaxLineChars, opt.MaxLines); ok {
			chunks = b
		}
	}
	span := s.end - s.start
	if len(chunks) > span {
		chunks = mergeChunks(chunks, span)
	}
	total := 0
	for _, u := range units {
		total += u.chars
	}
	done, prev := 0, s.start
	for k, c := range chunks {
		end := s.end
		if k < len(chunks)-1 {
			for _, u := range units[c[0]:c[1]] {
				done += u.chars
			}
			end = s.start + int(mulDiv(uint64(span), uint64(done), uint64(total)))
			end = min(max(end, prev+1), s.end-(len(chunks)-1-k))
		}
		cues = append(cues, Cue{StartMs: prev, EndMs: end, Text: wrapUnits(units[c[0]:c[1]], opt.MaxLineChars), LayerID: s.layer})
		prev = end
	}
	return cues
}

// mergeChunks joins neighbouring chunks so that there are m of them, as evenly as the
// count allows; m is at least 1 and below len(chunks).
func mergeChunks(chunks [][2]int, m int) [][2]int {
	k := len(chunks)
	out := make([][2]int, m)
	for g := range m {
		out[g] = [2]int{chunks[g*k/m][0], chunks[(g+1)*k/m-1][1]}
	}
	return out
}

// cueUnit is a piece of text that is never broken: a word, or a character of a text
// written without spaces. space is set when white space comes before it.
type cueUnit struct {
	text         string
	width, chars int
	space        bool
}

// cueUnits cuts text into units: words, characters of spaceless scripts, and pieces of
// words wider than a line.
func cueUnits(text string, maxW int) []cueUnit {
	var units []cueUnit
	space := false
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		if unicode.IsSpace(r) {
			space = true
			i += n
			continue
		}
		j := i + n
		for j < len(text) {
			r, n := utf8.DecodeRuneInString(text[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += n
		}
		units = appendWordUnits(units, text[i:j], space && len(units) > 0, maxW)
		space = false
		i = j
	}
	return units
}

// appendWordUnits appends the units of one word (text between spaces).
func appendWordUnits(units []cueUnit, word string, space bool, maxW int) []cueUnit {
	start := 0
	var last rune    // last character of the current piece that is not a mark
	var prev rune    // the character before this one
	ris := 0         // regional indicators just before this character
	openOnly := true // the current piece is only opening punctuation so far
	emit := func(end int) {
		for _, p := range splitWide(word[start:end], maxW) {
			units = append(units, cueUnit{text: p, width: textWidth(p), chars: utf8.RuneCountInString(p), space: space})
			space = false
		}
		start = end
	}
	for off, r := range word {
		if off > start && breaksBefore(r, last, openOnly) && !joinsPrevious(r, prev, ris) {
			emit(off)
			last, openOnly = 0, true
		}
		if !isCueMark(r) {
			last = r
		}
		openOnly = openOnly && unicode.In(r, unicode.Ps, unicode.Pi)
		prev = r
		if isRegionalIndicator(r) {
			ris++
		} else {
			ris = 0
		}
	}
	emit(len(word))
	return units
}

// breaksBefore reports whether a line may break before r inside a word, given the last
// character before it that is not a mark: around characters of spaceless scripts, but
// never before a mark or closing punctuation, nor after opening punctuation or a Thai or
// Lao vowel written before its consonant.
func breaksBefore(r, last rune, openOnly bool) bool {
	switch {
	case isCueMark(r), unicode.In(r, unicode.Pe, unicode.Pf, unicode.Po), openOnly,
		last >= 0x0e40 && last <= 0x0e44, last >= 0x0ec0 && last <= 0x0ec4:
		return false
	}
	return isSpacelessScript(r) || isSpacelessScript(last) || isCJKPunct(last)
}

// joinsPrevious reports whether r is drawn as one with the character before it (prev,
// after ris regional indicators), so that no line may break between them: a character
// after a zero-width joiner (the family, profession and flag emoji made of several), a
// skin-tone modifier, the second regional indicator of a flag, and a Thai or Lao vowel
// written after its consonant (า, ำ, ะ), which alone starts a line as a dotted circle.
func joinsPrevious(r, prev rune, ris int) bool {
	switch {
	case prev == '\u200d', r >= 0x1f3fb && r <= 0x1f3ff, isRegionalIndicator(r) && ris%2 == 1:
		return true
	}
	switch r {
	case 0x0e30, 0x0e32, 0x0e33, 0x0e45, 0x0e46, 0x0eb0, 0x0eb2, 0x0eb3, 0x0ec6:
		return true
	}
	return false
}

// isRegionalIndicator reports whether r is one of the letters two of which make a flag.
func isRegionalIndicator(r rune) bool { return r >= 0x1f1e6 && r <= 0x1f1ff }

// splitWide cuts a piece wider than maxW between characters (marks, and what
// joinsPrevious joins, stay with theirs):
// after the piece's last '/', '-', '?' or '&' when that leaves at least half a line
// (a URL breaks between its parts), else where the line is full.
func splitWide(s string, maxW int) []string {
	if textWidth(s) <= maxW {
		return []string{s}
	}
	var out []string
	start, w := 0, 0
	soft, softW := -1, 0 // just after the current piece's last break character, and its width there
	var prev rune
	ris := 0
	for off, r := range s {
		rw := runeWidth(r)
		joins := joinsPrevious(r, prev, ris)
		prev = r
		if isRegionalIndicator(r) {
			ris++
		} else {
			ris = 0
		}
		if off > start && w+rw > maxW && !joins {
			if soft > start && 2*softW >= maxW && w-softW+rw <= maxW {
				out = append(out, s[start:soft])
				start, w = soft, w-softW
			} else {
				out = append(out, s[start:off])
				start, w = off, 0
			}
			soft = -1
		}
		w += rw
		if isURLBreak(r) {
			soft, softW = off+utf8.RuneLen(r), w
		}
	}
	return append(out, s[start:])
}

// isURLBreak reports whether a word too wide for a line may break after r: the
// separators of a URL's path and query, and a hyphen.
func isURLBreak(r rune) bool { return r == '/' || r == '-' || r == '?' || r == '&' }

// isCueMark reports whether r joins the character before it: combining marks and the
// zero-width joiner.
func isCueMark(r rune) bool {
	return r == '\u200d' || unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc)
}

// isCJKPunct reports whether r is CJK or full-width punctuation, after which a line may
// break.
func isCJKPunct(r rune) bool {
	return (r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xff65 && unicode.IsPunct(r))
}

// runeWidth is how many columns r takes: 0 for marks, 2 for wide (East Asian) ones.
func runeWidth(r rune) int {
	switch {
	case isCueMark(r):
		return 0
	case r >= 0x1100 && r <= 0x115f, r >= 0x2e80 && r <= 0x303e, r >= 0x3041 && r <= 0x33ff,
		r >= 0x3400 && r <= 0x4dbf, r >= 0x4e00 && r <= 0x9fff, r >= 0xa000 && r <= 0xa4cf,
		r >= 0xac00 && r <= 0xd7a3, r >= 0xf900 && r <= 0xfaff, r >= 0xfe30 && r <= 0xfe4f,
		r >= 0xff00 && r <= 0xff60, r >= 0xffe0 && r <= 0xffe6, r >= 0x1f300 && r <= 0x1f64f,
		r >= 0x1f900 && r <= 0x1f9ff, r >= 0x20000 && r <= 0x3fffd:
		return 2
	}
	return 1
}

// textWidth is how many columns s takes.
func textWidth(s string) int {
	w := 0
	for _, r := range s {
		w += runeWidth(r)
	}
	return w
}

// lineFill is the state of filling lines with units: how many lines are started and
// how wide the last one is.
type lineFill struct{ lines, width int }

// add puts u on the current line if it fits in maxW, else on a new line.
func (f lineFill) add(u cueUnit, maxW int) lineFill {
	if f.lines > 0 {
		w := f.width + u.width
		if u.space {
			w++
		}
		if w <= maxW {
			return lineFill{f.lines, w}
		}
	}
	return lineFill{f.lines + 1, u.width}
}

// packUnits cuts units greedily into groups that each fill at most maxLines lines of
// maxW; a unit wider than a line still gets one to itself.
func packUnits(units []cueUnit, maxW, maxLines int) [][2]int {
	var out [][2]int
	for i := 0; i < len(units); {
		f := lineFill{}.add(units[i], maxW)
		j := i + 1
		for ; j < len(units); j++ {
			g := f.add(units[j], maxW)
			if g.lines > maxLines {
				break
			}
			f = g
		}
		out = append(out, [2]int{i, j})
		i = j
	}
	return out
}

// balanceUnits cuts units into n groups that each fill at most maxLines lines of maxW,
// each ending as near as it can to an n-th of the total width. It reports false when
// the last group does not fit; the caller then keeps the greedy cut.
func balanceUnits(units []cueUnit, n, maxW, maxLines int) ([][2]int, bool) {
	cw := make([]int, len(units)+1)
	for i, u := range units {
		cw[i+1] = cw[i] + u.width
		if u.space && i > 0 {
			cw[i+1]++
		}
	}
	dist := func(j, g int) int { d := n*cw[j] - (g+1)*cw[len(units)]; return max(d, -d) }
	var out [][2]int
	i := 0
	for g := range n - 1 {
		f := lineFill{}.add(units[i], maxW)
		j := i + 1
		for ; j < len(units)-(n-1-g); j++ {
			nf := f.add(units[j], maxW)
			if nf.lines > maxLines || dist(j+1, g) > dist(j, g) {
				break
			}
			f = nf
		}
		out = append(out, [2]int{i, j})
		i = j
	}
	f := lineFill{}
	for _, u := range units[i:] {
		if f = f.add(u, maxW); f.lines > maxLines {
			return nil, false
		}
	}
	return append(out, [2]int{i, len(units)}), true
}

// FitCueText is the text of a cue the user wrote, made to fit lines of
// opt.MaxLineChars: a line holding a word wider than a line (a URL, or text written
// without spaces), which the renderer could only clip, is laid out again in lines of
// that width, the word cut between characters as BuildCues cuts it. Every other line
// stays as the user typed it, as do the line breaks: the renderer wraps a long line at
// its spaces.
func FitCueText(text string, opt CueOptions) string {
	maxW := opt.withDefaults().MaxLineChars
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if slices.ContainsFunc(strings.Fields(l), func(w string) bool { return textWidth(w) > maxW }) {
			lines[i] = wrapUnits(cueUnits(l, maxW), maxW)
		}
	}
	return strings.Join(lines, "\n")
}

// wrapUnits lays units out in balanced lines of at most maxW, joined by "\n".
func wrapUnits(units []cueUnit, maxW int) string {
	lines := packUnits(units, maxW, 1)
	if len(lines) > 1 {
		if b, ok := balanceUnits(units, len(lines), maxW, 1); ok {
			lines = b
		}
	}
	var sb strings.Builder
	for k, l := range lines {
		if k > 0 {
			sb.WriteByte('\n')
		}
		for i := l[0]; i < l[1]; i++ {
			if i > l[0] && units[i].space {
				sb.WriteByte(' ')
			}
			sb.WriteString(units[i].text)
		}
	}
	return sb.String()
}
