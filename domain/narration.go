package domain

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Narration constants (spec 001 section 9; the pause bounds are ours, see docs/decisions.md).
const (
	// DefaultPauseTagMs is the length of a bare [pause] marker.
	DefaultPauseTagMs = 1000
	// MaxPauseMs is the longest pause a marker may ask for; longer ones are clamped.
	MaxPauseMs = 10000
	// DefaultPauseBetweenSlidesMs is the silence between slides unless the video says otherwise.
	DefaultPauseBetweenSlidesMs = 500
	// DefaultMaxSentencesPerSlide is how many full sentences a slide holds unless the video says otherwise.
	DefaultMaxSentencesPerSlide = 2
	// MaxSentencesPerSlideLimit is the largest accepted max-sentences-per-slide setting.
	MaxSentencesPerSlideLimit = 10
	// SentenceMinChars is how many letters or digits a sentence needs to count as one.
	SentenceMinChars = 2
	// SentenceMinWords is how many words a sentence needs to count as one.
	SentenceMinWords = 3
)

// Messages of narration settings and text validation.
const (
	MsgPauseBetweenSlides   = "Pause between slides must be 0.5, 1, 1.5 or 2 seconds"
	MsgMaxSentencesPerSlide = "Max sentences per slide must be between 1 and 10"
)

// PauseUnit is the unit a pause marker was written in: the spec's pause "type".
type PauseUnit string

// Pause units.
const (
	PauseSeconds PauseUnit = "seconds"
	PauseMs      PauseUnit = "ms"
)

// Pause is a silence asked for in narration text by a marker such as "[pause 1.5s]".
type Pause struct {
	Unit       PauseUnit `json:"type"`
	DurationMs int       `json:"durationMs"`
	// Marker is the marker exactly as written, so text can be rebuilt and shown.
	Marker string `json:"marker"`
	// Clamped is set when the written duration was outside 0 to MaxPauseMs.
	Clamped bool `json:"clamped,omitempty"`
}

// Segment is one item of narration: speech text or a pause; exactly one of Text and
// Pause is set.
type Segment struct {
	Text  string `json:"text,omitempty"`
	Pause *Pause `json:"pause,omitempty"`
}

// IsPause reports whether the segment is a pause.
func (s Segment) IsPause() bool { return s.Pause != nil }

// String returns the segment as written: its text or its pause marker.
func (s Segment) String() string {
	if s.Pause != nil {
		return s.Pause.Marker
	}
	return s.Text
}

// maxMarkerLen bounds how far a marker is looked for after "[", which keeps parsing
// linear and rejects absurd numbers.
const maxMarkerLen = 64

// ParsePauses splits narration text into speech text and pause markers, in order.
// Text segments are returned exactly as written (white space included), so joining
// every segment's String gives back the input. A marker is "[pause]" (1000 ms),
// "[pause 1.5s]", "[pause 750ms]" or "[pause 2]" (seconds), case-insensitive, with
// optional white space and an optional ":" or "=" after "pause". Durations outside 0 to
// 10 s are clamped and flagged. Any other bracketed text stays text.
func ParsePauses(text string) []Segment {
	var out []Segment
	start := 0
	for i := 0; i < len(text); {
		j := strings.IndexByte(text[i:], '[')
		if j < 0 {
			break
		}
		i += j
		p, n, ok := parseMarker(text[i:])
		if !ok {
			i++
			continue
		}
		if start < i {
			out = append(out, Segment{Text: text[start:i]})
		}
		out = append(out, Segment{Pause: &p})
		i += n
		start = i
	}
	if start < len(text) {
		out = append(out, Segment{Text: text[start:]})
	}
	return out
}

// parseMarker reads a pause marker at the start of s (which begins with "[") and
// returns it with its length in bytes.
func parseMarker(s string) (Pause, int, bool) {
	if len(s) > maxMarkerLen {
		s = s[:maxMarkerLen]
	}
	end := strings.IndexByte(s, ']')
	if end < 0 {
		return Pause{}, 0, false
	}
	inner := strings.TrimSpace(s[1:end])
	if len(inner) < 5 || !strings.EqualFold(inner[:5], "pause") {
		return Pause{}, 0, false
	}
	rest := strings.TrimSpace(inner[5:])
	p := Pause{Marker: s[:end+1]}
	if rest == "" {
		p.Unit, p.DurationMs = PauseMs, DefaultPauseTagMs
		return p, end + 1, true
	}
	if rest[0] == ':' || rest[0] == '=' {
		rest = strings.TrimSpace(rest[1:])
	}
	num := numberPrefix(rest)
	if num == "" {
		return Pause{}, 0, false
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return Pause{}, 0, false
	}
	switch unit := strings.ToLower(strings.TrimSpace(rest[len(num):])); unit {
	case "", "s", "sec", "secs", "second", "seconds":
		p.Unit, v = PauseSeconds, v*1000
	case "ms", "msec", "msecs", "millisecond", "milliseconds":
		p.Unit = PauseMs
	default:
		return Pause{}, 0, false
	}
	v = math.Round(v)
	switch {
	case v > MaxPauseMs:
		p.DurationMs, p.Clamped = MaxPauseMs, true
	case v < 0:
		p.DurationMs, p.Clamped = 0, true
	default:
		p.DurationMs = int(v)
	}
	return p, end + 1, true
}

// numberPrefix returns the leading decimal number of s: an optional sign, digits and
// at most one ".", with at least one digit.
func numberPrefix(s string) string {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits, dot := 0, false
scan:
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !dot:
			dot = true
		default:
			break scan
		}
	}
	if digits == 0 {
		return ""
	}
	return s[:i]
}

// ValidatePauses returns the error message for the first pause marker of text whose
// duration is outside 0 to 10 seconds, or "".
func ValidatePauses(text string) string {
	for _, s := range ParsePauses(text) {
		if s.Pause != nil && s.Pause.Clamped {
			return fmt.Sprintf("Pause %s is out of range: a pause lasts 0 to %d seconds", s.Pause.Marker, MaxPauseMs/1000)
		}
	}
	return ""
}

// SplitSentences splits narration text into sentences and pauses, in order. A pause
// marker and a line break always end a sentence. Runs of white space inside a sentence
// become one space; sentences are trimmed; nothing else is dropped, so the pieces hold
// every non-space character of the input. See docs/decisions.md for the rules about
// abbreviations, numbers, quotes and scripts.
func SplitSentences(text string) []Segment {
	var out []Segment
	for _, seg := range ParsePauses(text) {
		if seg.Pause != nil {
			out = append(out, seg)
			continue
		}
		for _, line := range splitLines(seg.Text) {
			for _, s := range splitLine(line) {
				if t := strings.Join(strings.Fields(s), " "); t != "" {
					out = append(out, Segment{Text: t})
				}
			}
		}
	}
	return out
}

func isLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if isLineBreak(r) {
			out = append(out, s[start:i])
			start = i + n
		}
		i += n
	}
	return append(out, s[start:])
}

// isTerminal reports whether the rune at s[i] ends a sentence: Unicode sentence
// terminals (. ! ? 。 ！ ？ । ॥ ؟ ۔ ։ ።  ...), the ellipsis, and the Greek question mark,
// which is usually typed as ";" after a Greek letter.
func isTerminal(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == '…' || r == '\u037e':
		return true
	case r == ';':
		p, _ := utf8.DecodeLastRuneInString(s[:i])
		return unicode.Is(unicode.Greek, p)
	}
	return unicode.Is(unicode.Sentence_Terminal, r)
}

// wideTerminal reports whether a terminal ends a sentence without a following space:
// the ideographic and full-width ones of Chinese and Japanese.
func wideTerminal(r rune) bool { return r >= 0x2E80 }

// isCloser reports whether r may follow a terminal and still belong to the sentence:
// closing quotes and brackets.
func isCloser(r rune) bool {
	return r == '"' || r == '\'' || unicode.In(r, unicode.Pe, unicode.Pf, unicode.Pi)
}

// isOpener reports whether r may come before the first letter of a sentence.
func isOpener(r rune) bool {
	return r == '"' || r == '\'' || r == '¿' || r == '¡' ||
		unicode.In(r, unicode.Ps, unicode.Pi, unicode.Pf, unicode.Pd)
}

// splitLine splits one line into sentences (untrimmed).
func splitLine(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); {
		if !isTerminal(s, i) {
			_, n := utf8.DecodeRuneInString(s[i:])
			i += n
			continue
		}
		j, wide := i, false
		for j < len(s) && isTerminal(s, j) {
			r, n := utf8.DecodeRuneInString(s[j:])
			wide = wide || wideTerminal(r)
			j += n
		}
		k := j
		for k < len(s) {
			r, n := utf8.DecodeRuneInString(s[k:])
			if !isCloser(r) {
				break
			}
			k += n
		}
		k = spacedGuillemet(s, k)
		if wide || endsSentence(s, start, i, j, k) {
			out = append(out, s[start:k])
			start = k
		}
		i = k
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// spacedGuillemet returns the end of a French closing guillemet set off by a space
// after the terminal ("« Non. »"), or k when there is none. A "»" that starts a word
// opens the next quotation instead (German »...«).
func spacedGuillemet(s string, k int) int {
	i := k
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != ' ' && r != '\u00a0' && r != '\u202f' {
			break
		}
		i += n
	}
	if i == k || !strings.HasPrefix(s[i:], "»") {
		return k
	}
	i += len("»")
	if r, _ := utf8.DecodeRuneInString(s[i:]); i < len(s) && !unicode.IsSpace(r) {
		return k
	}
	return i
}

// endsSentence decides whether the terminals s[i:j], followed by closers up to k, end
// the sentence that began at start.
func endsSentence(s string, start, i, j, k int) bool {
	if k < len(s) {
		if r, _ := utf8.DecodeRuneInString(s[k:]); !unicode.IsSpace(r) {
			return false // 3.14, example.com, Yahoo!'s
		}
	}
	next := nextLetter(s[k:])
	switch {
	case next < 0:
		return true // end of the line
	case unicode.IsLower(next):
		return false // "Wait... what?", "5 p.m. and", "“Go!” he said"
	case s[i:j] != ".":
		return true
	}
	return !isAbbreviation(s[start:i], next)
}

// nextLetter returns the first rune after white space and opening punctuation, or -1.
func nextLetter(s string) rune {
	for _, r := range s {
		if !unicode.IsSpace(r) && !isOpener(r) {
			return r
		}
	}
	return -1
}

// Abbreviations (lower case, without the final "."): titles and Latin forms that
// never end a sentence, those that do unless a number follows, and those that end one
// when a capital follows.
var (
	abbrevNever = setOf("mr", "mrs", "ms", "mx", "dr", "prof", "st", "mt", "ft", "gen", "col", "lt", "sgt",
		"capt", "cmdr", "adm", "maj", "rev", "hon", "gov", "sen", "rep", "pres", "supt", "messrs",
		"e.g", "i.e", "vs", "cf", "viz", "approx", "ca", "mme", "mlle", "z.b", "d.h")
	abbrevNumber = setOf("no", "nos", "nr", "fig", "figs", "vol", "vols", "p", "pp", "ch", "chap", "sec",
		"art", "op", "eq", "ex", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct",
		"nov", "dec")
	abbrevMaybe = setOf("etc", "a.m", "p.m", "inc", "ltd", "co", "corp", "llc", "plc", "jr", "sr", "bros",
		"al", "ave", "blvd", "rd", "dept", "univ", "usw", "bzw")
)

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// isAbbreviation reports whether the "." after the last word of before is part of an
// abbreviation, initial or list number rather than the end of a sentence; next is
// the first letter after it (never lower case here).
func isAbbreviation(before string, next rune) bool {
	sp := strings.LastIndexFunc(before, unicode.IsSpace)
	word := strings.TrimLeftFunc(before[sp+1:], isOpener)
	if word == "" {
		return false
	}
	first := strings.TrimFunc(before[:sp+1], unicode.IsSpace) == ""
	if strings.Trim(word, "0123456789") == "" {
		return first && len(word) <= 3 // "1. Introduction"
	}
	lower := strings.ToLower(word)
	switch {
	case abbrevNever[lower]:
		return true
	case abbrevNumber[lower]:
		return unicode.IsDigit(next)
	case abbrevMaybe[lower]:
		return !unicode.IsUpper(next)
	}
	if r, n := utf8.DecodeRuneInString(word); n == len(word) && unicode.IsUpper(r) {
		return true // an initial: "J. K. Rowling"
	}
	if dotted(word) {
		if r, _ := utf8.DecodeRuneInString(word); unicode.IsLower(r) {
			return true // "e.g", "z.B"
		}
		return !unicode.IsUpper(next) // "U.S" ends a sentence before a capital
	}
	return false
}

// dotted reports whether w is single letters joined by dots, like "U.S" or "e.g".
func dotted(w string) bool {
	parts := strings.Split(w, ".")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		r, n := utf8.DecodeRuneInString(p)
		if n != len(p) || !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// SlideOptions are the text-to-slides settings of video creation; zero fields take the
// defaults.
type SlideOptions struct {
	MaxSentences int // full sentences per slide (DefaultMaxSentencesPerSlide)
	MinChars     int // letters or digits for a full sentence (SentenceMinChars)
	MinWords     int // words for a full sentence (SentenceMinWords)
}

func (o SlideOptions) withDefaults() SlideOptions {
	if o.MaxSentences <= 0 {
		o.MaxSentences = DefaultMaxSentencesPerSlide
	}
	if o.MinChars <= 0 {
		o.MinChars = SentenceMinChars
	}
	if o.MinWords <= 0 {
		o.MinWords = SentenceMinWords
	}
	return o
}

// ValidateMaxSentencesPerSlide returns the error message for a max-sentences-per-slide
// setting, or ""; 0 means the default.
func ValidateMaxSentencesPerSlide(n int) string {
	if n < 0 || n > MaxSentencesPerSlideLimit {
		return MsgMaxSentencesPerSlide
	}
	return ""
}

// Slide is the narration of one slide: its sentences and pauses, in order.
type Slide struct {
	Segments []Segment `json:"segments"`
}

// Text returns the slide's narration text as stored on the slide: sentences and pause
// markers joined by spaces, so narrating it again keeps the pauses.
func (s Slide) Text() string {
	parts := make([]string, len(s.Segments))
	for i, seg := range s.Segments {
		parts[i] = seg.String()
	}
	return strings.Join(parts, " ")
}

// Caption returns the slide's spoken text only, without pause markers.
func (s Slide) Caption() string {
	var parts []string
	for _, seg := range s.Segments {
		if seg.Pause == nil {
			parts = append(parts, seg.Text)
		}
	}
	return strings.Join(parts, " ")
}

// SentenceWords counts the words of a sentence: runs separated by white space that hold
// a letter or digit, where in scripts written without spaces (Han, kana, Thai, Lao,
// Khmer, Myanmar) every letter counts as a word.
func SentenceWords(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		counted := false
		for _, r := range w {
			switch {
			case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao,
				unicode.Khmer, unicode.Myanmar) && unicode.IsLetter(r):
				n++
			case !counted && (unicode.IsLetter(r) || unicode.IsDigit(r)):
				n++
				counted = true
			}
		}
	}
	return n
}

// SentenceChars counts the letters and digits of a sentence.
func SentenceChars(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// IsFullSentence reports whether a sentence counts toward a slide's sentence limit:
// at least MinChars letters or digits and MinWords words.
func (o SlideOptions) IsFullSentence(s string) bool {
	o = o.withDefaults()
	return SentenceChars(s) >= o.MinChars && SentenceWords(s) >= o.MinWords
}

// GroupSlides packs sentences and pauses (from SplitSentences) into slides of at most
// MaxSentences full sentences. Shorter fragments ("Yes.", a heading) do not count and
// never vanish: they go with the next full sentence, or with the last slide when none
// follows. Pauses stay where they are, with the sentence before them.
func GroupSlides(segs []Segment, opt SlideOptions) []Slide {
	opt = opt.withDefaults()
	var slides []Slide
	var cur, pending []Segment
	counted := 0
	for _, seg := range segs {
		if seg.Pause != nil || !opt.IsFullSentence(seg.Text) {
			if seg.Pause != nil && len(pending) == 0 {
				cur = append(cur, seg)
			} else {
				pending = append(pending, seg)
			}
			continue
		}
		if counted == opt.MaxSentences {
			slides = append(slides, Slide{Segments: cur})
			cur, counted = nil, 0
		}
		cur = append(append(cur, pending...), seg)
		pending = nil
		counted++
	}
	if cur = append(cur, pending...); len(cur) > 0 {
		slides = append(slides, Slide{Segments: cur})
	}
	return slides
}

// SplitSlides turns narration text into slides: SplitSentences then GroupSlides.
func SplitSlides(text string, opt SlideOptions) []Slide {
	return GroupSlides(SplitSentences(text), opt)
}

// PauseBetweenSlidesOptions returns the allowed pauses between slides, in ms.
func PauseBetweenSlidesOptions() []int { return []int{500, 1000, 1500, 2000} }

// ValidPauseBetweenSlides reports whether ms is one of the allowed pauses between slides.
func ValidPauseBetweenSlides(ms int) bool {
	for _, o := range PauseBetweenSlidesOptions() {
		if ms == o {
			return true
		}
	}
	return false
}

// PauseBetweenSlidesMs converts the pause-between-slides setting, given in seconds as
// the client sends it, to ms. Zero (not set) is the default 500 ms; anything but 0.5,
// 1, 1.5 or 2 s is refused with ok false.
func PauseBetweenSlidesMs(seconds float64) (ms int, ok bool) {
	if seconds == 0 {
		return DefaultPauseBetweenSlidesMs, true
	}
	if math.IsNaN(seconds) || math.IsInf(seconds, 0) {
		return 0, false
	}
	ms = int(math.Round(seconds * 1000))
	return ms, ValidPauseBetweenSlides(ms)
}
