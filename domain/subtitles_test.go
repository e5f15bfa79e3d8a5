package domain

import (
	"cmp"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// sentence is a slide with one sentence part at its start.
func sentence(layer int64, start int, text string, durationMs int) SubtitleSlide {
	return SubtitleSlide{LayerID: layer, StartMs: start, Parts: []SubtitlePart{{Text: text, DurationMs: durationMs}}}
}

func TestBuildCues(t *testing.T) {
	long := "This is a much longer sentence that will not fit on two lines of forty-two characters, so it must be split into chunks."
	for _, c := range []struct {
		name   string
		slides []SubtitleSlide
		opt    CueOptions
		want   []Cue
	}{
		{"nothing", nil, CueOptions{}, nil},
		{"a short sentence is one cue spanning its part", []SubtitleSlide{sentence(5, 1000, "Hello world.", 1200)}, CueOptions{},
			[]Cue{{1, 1000, 2200, "Hello world.", 5}}},
		{"sentences and pauses of a slide, at the slide's start", []SubtitleSlide{{LayerID: 7, StartMs: 2000, Parts: []SubtitlePart{
			{Text: "One sentence.", StartMs: 0, DurationMs: 900},
			{Pause: true, StartMs: 900, DurationMs: 500},
			{Text: "  Another   one. ", StartMs: 1400, DurationMs: 800},
		}}}, CueOptions{}, []Cue{{1, 2000, 2900, "One sentence.", 7}, {2, 3400, 4200, "Another one.", 7}}},
		{"slides in order, numbered from 1", []SubtitleSlide{sentence(1, 0, "First slide.", 1000), sentence(2, 1500, "Second slide.", 1000)}, CueOptions{},
			[]Cue{{1, 0, 1000, "First slide.", 1}, {2, 1500, 2500, "Second slide.", 2}}},
		{"zero-length, negative, blank and pause parts give no cue", []SubtitleSlide{{LayerID: 1, Parts: []SubtitlePart{
			{Text: "Zero.", DurationMs: 0}, {Text: "Negative.", DurationMs: -5}, {Text: " \n\t", DurationMs: 500},
			{Text: "Pause text.", DurationMs: 500, Pause: true}, {Text: "Kept.", StartMs: 600, DurationMs: 400},
		}}}, CueOptions{}, []Cue{{1, 600, 1000, "Kept.", 1}}},
		{"two lines balanced at a word boundary", []SubtitleSlide{sentence(1, 0, "This sentence is long enough to need two lines here.", 3000)}, CueOptions{},
			[]Cue{{1, 0, 3000, "This sentence is long enough\nto need two lines here.", 1}}},
		{"a long sentence in chunks timed by their characters", []SubtitleSlide{{LayerID: 3, StartMs: 1000, Parts: []SubtitlePart{{Text: long, StartMs: 1500, DurationMs: 6000}}}},
			CueOptions{}, []Cue{
				// 49 and 48 non-space characters of 97: 6000*49/97 = 3030 ms.
				{1, 2500, 5530, "This is a much longer sentence\nthat will not fit on two lines", 3},
				{2, 5530, 8500, "of forty-two characters, so it\nmust be split into chunks.", 3},
			}},
		{"options: one line of 10", []SubtitleSlide{sentence(1, 0, "one two three four", 1000)}, CueOptions{MaxLineChars: 10, MaxLines: 1},
			[]Cue{{1, 0, 400, "one two", 1}, {2, 400, 1000, "three four", 1}}},
		{"a word longer than a line is cut between characters", []SubtitleSlide{sentence(1, 0, "Go to averyveryverylongword now", 3000)},
			CueOptions{MaxLineChars: 10, MaxLines: 1}, // 4, 10, 10 and 4 characters of 28.
			[]Cue{{1, 0, 428, "Go to", 1}, {2, 428, 1500, "averyveryv", 1}, {3, 1500, 2571, "erylongwor", 1}, {4, 2571, 3000, "d now", 1}}},
		{"Japanese breaks between characters, punctuation kept with its neighbour",
			[]SubtitleSlide{sentence(1, 0, "「こんにちは」と彼は言った。", 1400)}, CueOptions{MaxLineChars: 6, MaxLines: 1},
			[]Cue{{1, 0, 300, "「こん", 1}, {2, 300, 500, "にち", 1}, {3, 500, 800, "は」と", 1}, {4, 800, 1100, "彼は言", 1}, {5, 1100, 1400, "った。", 1}}},
		{"Chinese counts two columns a character", []SubtitleSlide{sentence(1, 0, "今天天气很好我们去公园散步吧", 1400)}, CueOptions{MaxLineChars: 10, MaxLines: 2},
			[]Cue{{1, 0, 700, "今天天气\n很好我", 1}, {2, 700, 1400, "们去公园\n散步吧", 1}}},
		{"combining marks stay with their letter", []SubtitleSlide{sentence(1, 0, "e\u0301e\u0301e\u0301", 300)}, CueOptions{MaxLineChars: 1, MaxLines: 1},
			[]Cue{{1, 0, 100, "e\u0301", 1}, {2, 100, 200, "e\u0301", 1}, {3, 200, 300, "e\u0301", 1}}},
		{"fewer milliseconds than chunks: fewer chunks", []SubtitleSlide{sentence(1, 100, "aaaa bbbb cccc", 2)}, CueOptions{MaxLineChars: 4, MaxLines: 1},
			[]Cue{{1, 100, 101, "aaaa", 1}, {2, 101, 102, "bbbb\ncccc", 1}}},
		{"overlapping sentences: the earlier ends where the next starts", []SubtitleSlide{sentence(1, 0, "First.", 2000), sentence(2, 1500, "Second.", 1000)}, CueOptions{},
			[]Cue{{1, 0, 1500, "First.", 1}, {2, 1500, 2500, "Second.", 2}}},
		{"sentences starting together are read as one", []SubtitleSlide{{LayerID: 1, Parts: []SubtitlePart{
			{Text: "First one.", DurationMs: 2000}, {Text: "Same start.", DurationMs: 1000}}}}, CueOptions{},
			[]Cue{{1, 0, 2000, "First one. Same start.", 1}}},
		{"slides out of order are sorted", []SubtitleSlide{sentence(2, 1500, "Later.", 500), sentence(1, 0, "Earlier.", 500)}, CueOptions{},
			[]Cue{{1, 0, 500, "Earlier.", 1}, {2, 1500, 2000, "Later.", 2}}},
		{"a part starting before the video is clipped to 0", []SubtitleSlide{sentence(1, -400, "Early.", 1000), sentence(2, -900, "Gone.", 500)}, CueOptions{},
			[]Cue{{1, 0, 600, "Early.", 1}}},
		{"invalid UTF-8 becomes U+FFFD", []SubtitleSlide{sentence(1, 0, "Bad \xff byte.", 500)}, CueOptions{},
			[]Cue{{1, 0, 500, "Bad \uFFFD byte.", 1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := BuildCues(c.slides, c.opt)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("BuildCues =\n%+v\nwant\n%+v", got, c.want)
			}
			checkCues(t, c.slides, got)
		})
	}
}

// cueSpan is a sentence as the cues must show it: its characters other than white
// space, and the time it may use.
type cueSpan struct {
	chars      []rune
	start, end int
}

// cueSpans lists the sentences of the slides as BuildCues documents it: pauses, empty
// parts and blank texts dropped, starts clipped to 0, sorted by start, sentences
// starting together joined, each ending by the start of the next.
func cueSpans(slides []SubtitleSlide) []cueSpan {
	var spans []cueSpan
	for _, sl := range slides {
		for _, p := range sl.Parts {
			text := strings.ToValidUTF8(p.Text, "\uFFFD")
			if p.Pause || p.DurationMs <= 0 || strings.TrimSpace(text) == "" {
				continue
			}
			start := sl.StartMs + p.StartMs
			end := start + p.DurationMs
			if start = max(start, 0); end <= start {
				continue
			}
			var chars []rune
			for _, r := range text {
				if !unicode.IsSpace(r) {
					chars = append(chars, r)
				}
			}
			spans = append(spans, cueSpan{chars, start, end})
		}
	}
	slices.SortStableFunc(spans, func(a, b cueSpan) int { return cmp.Compare(a.start, b.start) })
	var out []cueSpan
	for _, s := range spans {
		if n := len(out); n > 0 && out[n-1].start == s.start {
			out[n-1].chars = append(out[n-1].chars, s.chars...)
			out[n-1].end = max(out[n-1].end, s.end)
			continue
		}
		out = append(out, s)
	}
	for i := 0; i+1 < len(out); i++ {
		out[i].end = min(out[i].end, out[i+1].start)
	}
	return out
}

// checkCues checks the promises of BuildCues: cues numbered from 1, in time order,
// never overlapping, each at least 1 ms long and within the span of the one sentence
// its text comes from, and all the sentences' characters other than white space shown
// once, in order.
func checkCues(t *testing.T, slides []SubtitleSlide, cues []Cue) {
	t.Helper()
	spans := cueSpans(slides)
	si, pi := 0, 0
	prevEnd := 0
	for i, c := range cues {
		if c.Index != i+1 {
			t.Fatalf("cue %d has index %d", i+1, c.Index)
		}
		if c.EndMs <= c.StartMs {
			t.Fatalf("cue %d: end %d not after start %d", c.Index, c.EndMs, c.StartMs)
		}
		if i > 0 && c.StartMs < prevEnd {
			t.Fatalf("cue %d starts at %d, before the previous cue ends at %d", c.Index, c.StartMs, prevEnd)
		}
		prevEnd = c.EndMs
		if si < len(spans) && pi == len(spans[si].chars) {
			si, pi = si+1, 0
		}
		if si == len(spans) {
			t.Fatalf("cue %d %q: no sentence text left", c.Index, c.Text)
		}
		s := spans[si]
		if c.StartMs < s.start || c.EndMs > s.end {
			t.Fatalf("cue %d %d-%d %q is outside its sentence's span %d-%d", c.Index, c.StartMs, c.EndMs, c.Text, s.start, s.end)
		}
		n := 0
		for _, r := range c.Text {
			if unicode.IsSpace(r) {
				continue
			}
			if pi == len(s.chars) || s.chars[pi] != r {
				t.Fatalf("cue %d %q: character %q is not the sentence's next (at %d of %q)", c.Index, c.Text, r, pi, string(s.chars))
			}
			pi++
			n++
		}
		if n == 0 {
			t.Fatalf("cue %d has no text", c.Index)
		}
	}
	if len(spans) > 0 && (si != len(spans)-1 || pi != len(spans[si].chars)) {
		t.Fatalf("cues end at sentence %d character %d of %d sentences: text lost", si, pi, len(spans))
	}
}

// FuzzBuildCues checks that cues never overlap, are in time order, lie within their
// sentence's span and show every character of the sentences (white space aside) in
// order. Each text is a slide whose parts are separated by "|" ("~" is a pause), each
// part lasting the given duration after the previous one (a negative one goes back, so
// parts overlap).
func FuzzBuildCues(f *testing.F) {
	f.Add("Hello world.|~|A second sentence that is quite a lot longer than one line of subtitles allows, surely.", "Next slide.", int16(0), int16(1200), int16(500), int16(900), uint8(0), uint8(0))
	f.Add("今日はとても良い天気ですね。明日も晴れるといいのですが、天気予報では雨が降ると言っていました。", "", int16(10), int16(3000), int16(0), int16(0), uint8(12), uint8(1))
	f.Add("a|b|c", "d|e", int16(0), int16(-3), int16(0), int16(2), uint8(1), uint8(1))
	f.Add("averyveryverylongwordwithoutanyspaces here", "สวัสดีครับวันนี้อากาศดีมาก", int16(-20), int16(5), int16(3), int16(7), uint8(5), uint8(3))
	f.Add("e\u0301e\u0301 \xff\xfe|「こんにちは」", "x y z", int16(0), int16(1), int16(0), int16(1), uint8(2), uint8(2))
	f.Add("", "", int16(0), int16(0), int16(0), int16(0), uint8(0), uint8(0))
	f.Fuzz(func(t *testing.T, a, b string, startA, durA, startB, durB int16, width, lines uint8) {
		slide := func(layer int64, text string, start, dur int) SubtitleSlide {
			sl := SubtitleSlide{LayerID: layer, StartMs: start}
			at := 0
			for i, p := range strings.Split(text, "|") {
				if i == 50 {
					break
				}
				sl.Parts = append(sl.Parts, SubtitlePart{Text: p, StartMs: at, DurationMs: dur, Pause: p == "~"})
				at += dur
			}
			return sl
		}
		slides := []SubtitleSlide{slide(1, a, int(startA)*10, int(durA)), slide(2, b, int(startB)*10, int(durB))}
		opt := CueOptions{MaxLineChars: int(width % 50), MaxLines: int(lines % 4)}
		checkCues(t, slides, BuildCues(slides, opt))
	})
}

func TestBuildCuesLineWidths(t *testing.T) {
	text := strings.Repeat("Subtitles are read quickly, so lines stay short and cues change often. ", 6)
	for _, opt := range []CueOptions{{}, {MaxLineChars: 20, MaxLines: 1}, {MaxLineChars: 30, MaxLines: 3}} {
		cues := BuildCues([]SubtitleSlide{sentence(1, 0, text, 60_000)}, opt)
		opt = opt.withDefaults()
		for _, c := range cues {
			ls := strings.Split(c.Text, "\n")
			if len(ls) > opt.MaxLines {
				t.Errorf("%+v: cue %q has %d lines", opt, c.Text, len(ls))
			}
			for _, l := range ls {
				if textWidth(l) > opt.MaxLineChars {
					t.Errorf("%+v: line %q is wider than %d", opt, l, opt.MaxLineChars)
				}
			}
		}
	}
}

func TestFitCueText(t *testing.T) {
	for _, c := range []struct {
		name, text string
		width      int
		want       string
	}{
		{"short lines stay", "Hello there,\nfriend", 29, "Hello there,\nfriend"},
		{"a long line of short words stays: the renderer wraps it at its spaces",
			"A line that is wider than twenty-nine columns  yet has no long word\nsecond", 29,
			"A line that is wider than twenty-nine columns  yet has no long word\nsecond"},
		{"a URL wider than the line is cut after a '/'; its line is laid out again",
			"Visit https://www.example.com/articles/2026/november/x today", 29,
			"Visit\nhttps://www.example.com/\narticles/2026/november/x\ntoday"},
		{"or after a '-', '?' or '&'", "see example.org/an-extremely-long-path?id=7&lang=en-GB&page=2", 20,
			"see example.org/an-\nextremely-long-path?\nid=7&lang=en-GB&\npage=2"},
		{"a break that would leave less than half a line is not taken", "ab/cdefghijklmnopqrstuvwxyz", 12,
			"ab/cdefghijk\nlmnopqrstuvw\nxyz"},
		{"the user's other lines and breaks stay", "First line stays  as typed\nsee averyveryverylongwordthatgoesonandon\nlast", 12,
			"First line stays  as typed\nsee\naveryveryver\nylongwordtha\ntgoesonandon\nlast"},
		{"spaceless text wider than the line breaks between characters", "今天天气很好我们去公园散步吧", 10,
			"今天天气很\n好我们去\n公园散步吧"},
		{"no width: the default 42", strings.Repeat("x", 50), 0, strings.Repeat("x", 42) + "\n" + strings.Repeat("x", 8)},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := FitCueText(c.text, CueOptions{MaxLineChars: c.width})
			if got != c.want {
				t.Errorf("FitCueText(%q, %d) =\n%q\nwant\n%q", c.text, c.width, got, c.want)
			}
			w := CueOptions{MaxLineChars: c.width}.withDefaults().MaxLineChars
			for _, tok := range strings.Fields(got) {
				if textWidth(tok) > w {
					t.Errorf("token %q is wider than %d", tok, w)
				}
			}
			if strings.Join(strings.Fields(got), "") != strings.Join(strings.Fields(c.text), "") {
				t.Errorf("FitCueText changed the characters: %q", got)
			}
		})
	}
}

// TestCuesKeepJoinedCharactersTogether: no cue and no line of one starts with a
// character drawn as one with the character before it: a Thai vowel written after its
// consonant (it started a line as a dotted circle), the rest of an emoji joined by
// zero-width joiners or a skin tone, the second half of a flag.
func TestCuesKeepJoinedCharactersTogether(t *testing.T) {
	family := "👩\u200d👩\u200d👧\u200d👦"
	for _, tc := range []struct {
		name, text string
		width      int
	}{
		{"Thai vowels after their consonant", "ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำ ทำให้การตัดคำเป็นเรื่องยากมากสำหรับคอมพิวเตอร์", 30},
		{"Thai sara am", "ทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำทำ", 11},
		{"emoji joined by zero-width joiners", strings.Repeat(family, 16), 30},
		{"skin tones", strings.Repeat("👍🏽", 40), 15},
		{"flags", "x" + strings.Repeat("🇫🇷🇩🇪", 20), 15},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cues := BuildCues([]SubtitleSlide{sentence(1, 0, tc.text, 8000)}, CueOptions{MaxLineChars: tc.width})
			var all strings.Builder
			for _, c := range cues {
				all.WriteString(strings.ReplaceAll(c.Text, "\n", ""))
				for _, l := range strings.Split(c.Text, "\n") {
					r, _ := utf8.DecodeRuneInString(l)
					if r == 0x0e32 || r == 0x0e33 || r == 0x0e30 || r == '\u200d' || (r >= 0x1f3fb && r <= 0x1f3ff) {
						t.Errorf("a line starts with %U: %q", r, c.Text)
					}
					if strings.HasSuffix(l, "\u200d") {
						t.Errorf("a line ends with a zero-width joiner: %q", c.Text)
					}
					if n := strings.Count(l, "🇫") + strings.Count(l, "🇷") + strings.Count(l, "🇩") + strings.Count(l, "🇪"); n%2 != 0 {
						t.Errorf("a flag is cut: %q", l)
					}
				}
			}
			if all.String() != tc.text {
				t.Errorf("cues hold %q, not the text", all.String())
			}
		})
	}
}
