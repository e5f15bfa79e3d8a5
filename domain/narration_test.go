package domain

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// seg and pause build expected segments compactly.
func seg(t string) Segment { return Segment{Text: t} }
func pause(marker string, unit PauseUnit, ms int) Segment {
	return Segment{Pause: &Pause{Unit: unit, DurationMs: ms, Marker: marker}}
}

func TestParsePauses(t *testing.T) {
	clamped := func(s Segment) Segment { s.Pause.Clamped = true; return s }
	tests := []struct {
		in   string
		want []Segment
	}{
		{"", nil},
		{"Hello world.", []Segment{seg("Hello world.")}},
		{"[pause]", []Segment{pause("[pause]", PauseMs, 1000)}},
		{"Hi [pause] there", []Segment{seg("Hi "), pause("[pause]", PauseMs, 1000), seg(" there")}},
		{"A[pause 1.5s]B", []Segment{seg("A"), pause("[pause 1.5s]", PauseSeconds, 1500), seg("B")}},
		{"[pause 750ms]", []Segment{pause("[pause 750ms]", PauseMs, 750)}},
		{"[ PAUSE  2 Seconds ]", []Segment{pause("[ PAUSE  2 Seconds ]", PauseSeconds, 2000)}},
		{"[Pause: 0.25 sec]", []Segment{pause("[Pause: 0.25 sec]", PauseSeconds, 250)}},
		{"[pause=300MS]", []Segment{pause("[pause=300MS]", PauseMs, 300)}},
		{"[pause 2]", []Segment{pause("[pause 2]", PauseSeconds, 2000)}},
		{"[pause .5s]", []Segment{pause("[pause .5s]", PauseSeconds, 500)}},
		{"[pause 1.0005s]", []Segment{pause("[pause 1.0005s]", PauseSeconds, 1001)}},
		{"[pause 0]", []Segment{pause("[pause 0]", PauseSeconds, 0)}},
		{"[pause 10s]", []Segment{pause("[pause 10s]", PauseSeconds, 10000)}},
		{"[pause 11s]", []Segment{clamped(pause("[pause 11s]", PauseSeconds, 10000))}},
		{"[pause 500]", []Segment{clamped(pause("[pause 500]", PauseSeconds, 10000))}},
		{"[pause -1s]", []Segment{clamped(pause("[pause -1s]", PauseSeconds, 0))}},
		{"[pause 20000ms]", []Segment{clamped(pause("[pause 20000ms]", PauseMs, 10000))}},
		// Not markers: stay text.
		{"[pause for effect]", []Segment{seg("[pause for effect]")}},
		{"[pauses]", []Segment{seg("[pauses]")}},
		{"[pause 2 minutes]", []Segment{seg("[pause 2 minutes]")}},
		{"[pause 1.2.3s]", []Segment{seg("[pause 1.2.3s]")}},
		{"[pause", []Segment{seg("[pause")}},
		{"see [1] and [note]", []Segment{seg("see [1] and [note]")}},
		{"[[pause]]", []Segment{seg("["), pause("[pause]", PauseMs, 1000), seg("]")}},
		{"[pause " + strings.Repeat("0", 80) + "1s]", []Segment{seg("[pause " + strings.Repeat("0", 80) + "1s]")}},
		{"[pause][pause 1s]", []Segment{pause("[pause]", PauseMs, 1000), pause("[pause 1s]", PauseSeconds, 1000)}},
	}
	for _, tt := range tests {
		got := ParsePauses(tt.in)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParsePauses(%q) = %s, want %s", tt.in, show(got), show(tt.want))
		}
	}
}

func TestValidatePauses(t *testing.T) {
	if m := ValidatePauses("Fine [pause] and [pause 10s]."); m != "" {
		t.Fatalf("got %q", m)
	}
	want := "Pause [pause 12s] is out of range: a pause lasts 0 to 10 seconds"
	if m := ValidatePauses("Too long [pause 12s]."); m != want {
		t.Fatalf("got %q, want %q", m, want)
	}
}

func TestSplitSentences(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string // pauses shown as their marker
	}{
		{"empty", "", nil},
		{"spaces only", " \n\t ", nil},
		{"simple", "One two three. Four five six! Seven eight nine?", []string{"One two three.", "Four five six!", "Seven eight nine?"}},
		{"no terminal", "A heading without a stop", []string{"A heading without a stop"}},
		{"titles", "Mr. Smith met Dr. Jones and Prof. X. They talked.", []string{"Mr. Smith met Dr. Jones and Prof. X. They talked."}},
		{"latin", "Bring fruit, e.g. apples, i.e. red ones. Then go.", []string{"Bring fruit, e.g. apples, i.e. red ones.", "Then go."}},
		{"latin before capital", "Some cities, e.g. Paris, are old.", []string{"Some cities, e.g. Paris, are old."}},
		{"etc mid", "Apples, pears, etc. are fruit.", []string{"Apples, pears, etc. are fruit."}},
		{"etc end", "Apples, pears, etc. Then we left.", []string{"Apples, pears, etc.", "Then we left."}},
		{"acronym mid", "The U.S. economy grew.", []string{"The U.S. economy grew."}},
		{"acronym end", "She moved to the U.S. It was cold.", []string{"She moved to the U.S.", "It was cold."}},
		{"acronym line end", "She lives in the U.S.", []string{"She lives in the U.S."}},
		{"times", "We met at 5 p.m. and left at 9 a.m. The next day was calm.", []string{"We met at 5 p.m. and left at 9 a.m.", "The next day was calm."}},
		{"initials", "J. K. Rowling wrote it. John F. Kennedy read it.", []string{"J. K. Rowling wrote it.", "John F. Kennedy read it."}},
		{"numbers", "Pi is 3.14 and the bill was $1,000.50 today. Version 2.0 shipped.", []string{"Pi is 3.14 and the bill was $1,000.50 today.", "Version 2.0 shipped."}},
		{"number ends sentence", "I counted to 10. Then I stopped.", []string{"I counted to 10.", "Then I stopped."}},
		{"numbered list", "1. Introduction\n2. Methods", []string{"1. Introduction", "2. Methods"}},
		{"figure", "See fig. 3 for details. No. 5 is next.", []string{"See fig. 3 for details.", "No. 5 is next."}},
		{"month", "On Jan. 5 it snowed. In Feb. it rained.", []string{"On Jan. 5 it snowed.", "In Feb. it rained."}},
		{"ellipsis lower", "I thought... maybe not. Fine.", []string{"I thought... maybe not.", "Fine."}},
		{"ellipsis upper", "Wait… Then go.", []string{"Wait…", "Then go."}},
		{"ellipsis end", "And then...", []string{"And then..."}},
		{"multiple terminals", "Really?! Yes!!! Why?", []string{"Really?!", "Yes!!!", "Why?"}},
		{"quote close", "He said “Go.” Then he left.", []string{"He said “Go.”", "Then he left."}},
		{"ascii quotes", `She asked "Why?" Nobody knew.`, []string{`She asked "Why?"`, "Nobody knew."}},
		{"quote then lower", "“Go!” he shouted. Off they went.", []string{"“Go!” he shouted.", "Off they went."}},
		{"bracket close", "It works (mostly.) Next one.", []string{"It works (mostly.)", "Next one."}},
		{"german quotes", "Er sagte „Geh.“ Dann ging er.", []string{"Er sagte „Geh.“", "Dann ging er."}},
		{"guillemets spaced", "Il a dit « Non. » Puis il est parti.", []string{"Il a dit « Non. »", "Puis il est parti."}},
		{"guillemets german", "Er rief »Geh.« Dann kam »Max«.", []string{"Er rief »Geh.«", "Dann kam »Max«."}},
		{"guillemet opens next", "Er ging. »Warte!« rief sie.", []string{"Er ging.", "»Warte!« rief sie."}},
		{"url", "Visit example.com. It is free.", []string{"Visit example.com.", "It is free."}},
		{"no space after", "Hello.World is one token.", []string{"Hello.World is one token."}},
		{"lower after stop", "This is it. and more", []string{"This is it. and more"}},
		{"newline hard break", "A title\nThe body starts here.", []string{"A title", "The body starts here."}},
		{"paragraphs", "First one.\r\n\r\nSecond one.", []string{"First one.", "Second one."}},
		{"collapse spaces", "  Lots   of\tspace .  Next  ", []string{"Lots of space .", "Next"}},
		{"chinese", "今天天气很好。我们去公园吧！你去吗？好的", []string{"今天天气很好。", "我们去公园吧！", "你去吗？", "好的"}},
		{"japanese quotes", "彼は「行く。」と言った。次だ。", []string{"彼は「行く。」", "と言った。", "次だ。"}},
		{"hindi", "यह एक वाक्य है। यह दूसरा है॥ तीसरा", []string{"यह एक वाक्य है।", "यह दूसरा है॥", "तीसरा"}},
		{"arabic", "كيف حالك؟ أنا بخير.", []string{"كيف حالك؟", "أنا بخير."}},
		{"urdu", "یہ پہلا جملہ ہے۔ یہ دوسرا ہے۔", []string{"یہ پہلا جملہ ہے۔", "یہ دوسرا ہے۔"}},
		{"greek question", "Τι κάνεις; Καλά είμαι.", []string{"Τι κάνεις;", "Καλά είμαι."}},
		{"greek question mark", "Τι κάνεις\u037e Καλά.", []string{"Τι κάνεις\u037e", "Καλά."}},
		{"latin semicolon", "One thing; another thing.", []string{"One thing; another thing."}},
		{"armenian", "Բարեւ։ Ինչպես ես։", []string{"Բարեւ։", "Ինչպես ես։"}},
		{"pause between", "First one. [pause] Second one.", []string{"First one.", "[pause]", "Second one."}},
		{"pause mid sentence", "Wait for it[pause 2s]now.", []string{"Wait for it", "[pause 2s]", "now."}},
		{"pause first and last", "[pause]Hi.[pause 1s]", []string{"[pause]", "Hi.", "[pause 1s]"}},
		{"bracket text kept", "See [1]. Then go.", []string{"See [1].", "Then go."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SplitSentences(tt.in)
			var texts []string
			for _, s := range got {
				texts = append(texts, s.String())
			}
			if !reflect.DeepEqual(texts, tt.want) {
				t.Fatalf("SplitSentences(%q)\n got %q\nwant %q", tt.in, texts, tt.want)
			}
			checkNoTextLost(t, tt.in, got)
		})
	}
}

func TestSplitSentencesKeepsPauseValues(t *testing.T) {
	got := SplitSentences("Go. [pause 750ms] Stop.")
	want := []Segment{seg("Go."), pause("[pause 750ms]", PauseMs, 750), seg("Stop.")}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %s, want %s", show(got), show(want))
	}
}

func TestSentenceCounts(t *testing.T) {
	tests := []struct {
		in           string
		chars, words int
		full         bool
	}{
		{"Yes.", 3, 1, false},
		{"No way!", 5, 2, false},
		{"Thank you all.", 11, 3, true},
		{"— … —", 0, 0, false},
		{"It's 3 o'clock.", 10, 3, true},
		{"好的", 2, 2, false},
		{"今天好。", 3, 3, true},
		{"iPhone手机", 8, 3, true},
		{"A b c", 3, 3, true},
	}
	for _, tt := range tests {
		if c, w := SentenceChars(tt.in), SentenceWords(tt.in); c != tt.chars || w != tt.words {
			t.Errorf("%q: chars %d words %d, want %d %d", tt.in, c, w, tt.chars, tt.words)
		}
		if got := (SlideOptions{}).IsFullSentence(tt.in); got != tt.full {
			t.Errorf("%q: full %v, want %v", tt.in, got, tt.full)
		}
	}
	if (SlideOptions{MinChars: 20}).IsFullSentence("Thank you all.") {
		t.Error("MinChars ignored")
	}
}

func TestSplitSlides(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opt  SlideOptions
		want []string // Slide.Text of each slide
	}{
		{"empty", "", SlideOptions{}, nil},
		{"two per slide", "One is here. Two is here. Three is here. Four is here. Five is here.", SlideOptions{},
			[]string{"One is here. Two is here.", "Three is here. Four is here.", "Five is here."}},
		{"three per slide", "One is here. Two is here. Three is here. Four is here.", SlideOptions{MaxSentences: 3},
			[]string{"One is here. Two is here. Three is here.", "Four is here."}},
		{"short joins next", "One is here. Two is here. Chapter two\nThree is here.", SlideOptions{},
			[]string{"One is here. Two is here.", "Chapter two Three is here."}},
		{"short at end joins last", "One is here. Two is here. Thanks!", SlideOptions{},
			[]string{"One is here. Two is here. Thanks!"}},
		{"only short", "Hi. Yes.", SlideOptions{}, []string{"Hi. Yes."}},
		{"short does not count", "Yes. One is here. No. Two is here. Three is here.", SlideOptions{},
			[]string{"Yes. One is here. No. Two is here.", "Three is here."}},
		{"pause stays after its sentence", "One is here. Two is here. [pause 2s] Three is here.", SlideOptions{},
			[]string{"One is here. Two is here. [pause 2s]", "Three is here."}},
		{"leading pause", "[pause] One is here.", SlideOptions{}, []string{"[pause] One is here."}},
		{"pause after short goes with it", "One is here. Intro [pause] Two is here. Three is here.", SlideOptions{MaxSentences: 1},
			[]string{"One is here.", "Intro [pause] Two is here.", "Three is here."}},
		{"one per slide", "A b c. D e f.", SlideOptions{MaxSentences: 1}, []string{"A b c.", "D e f."}},
		{"chinese", "今天天气很好。我们去公园吧！你去吗？", SlideOptions{}, []string{"今天天气很好。 我们去公园吧！", "你去吗？"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			slides := SplitSlides(tt.in, tt.opt)
			var got []string
			for _, s := range slides {
				got = append(got, s.Text())
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %q\nwant %q", got, tt.want)
			}
			var all []Segment
			for _, s := range slides {
				all = append(all, s.Segments...)
			}
			checkNoTextLost(t, tt.in, all)
		})
	}
}

func TestSlideCaption(t *testing.T) {
	s := SplitSlides("Hello there you. [pause 1s] Goodbye now friend.", SlideOptions{})[0]
	if got := s.Caption(); got != "Hello there you. Goodbye now friend." {
		t.Fatalf("caption %q", got)
	}
}

func TestPauseBetweenSlides(t *testing.T) {
	tests := []struct {
		seconds float64
		ms      int
		ok      bool
	}{
		{0, 500, true}, {0.5, 500, true}, {1, 1000, true}, {1.5, 1500, true}, {2, 2000, true},
		{0.25, 250, false}, {3, 3000, false}, {-1, -1000, false},
	}
	for _, tt := range tests {
		ms, ok := PauseBetweenSlidesMs(tt.seconds)
		if ms != tt.ms || ok != tt.ok {
			t.Errorf("PauseBetweenSlidesMs(%v) = %d, %v; want %d, %v", tt.seconds, ms, ok, tt.ms, tt.ok)
		}
	}
	if !ValidPauseBetweenSlides(DefaultPauseBetweenSlidesMs) || ValidPauseBetweenSlides(0) {
		t.Fatal("ValidPauseBetweenSlides")
	}
	for _, n := range []int{0, 1, 2, 10} {
		if m := ValidateMaxSentencesPerSlide(n); m != "" {
			t.Errorf("max sentences %d: %q", n, m)
		}
	}
	for _, n := range []int{-1, 11} {
		if m := ValidateMaxSentencesPerSlide(n); m != MsgMaxSentencesPerSlide {
			t.Errorf("max sentences %d: %q", n, m)
		}
	}
}

// nonSpace drops white space (as strings.Fields sees it) and keeps every other byte,
// invalid UTF-8 included.
func nonSpace(s string) string { return strings.Join(strings.Fields(s), "") }

// checkNoTextLost asserts the invariants shared by the splitters: nothing but white
// space is lost, text segments are trimmed and non-empty, pauses are within bounds.
func checkNoTextLost(t *testing.T, in string, segs []Segment) {
	t.Helper()
	var b strings.Builder
	for _, s := range segs {
		switch {
		case s.Pause != nil && s.Text != "":
			t.Fatalf("segment has text and pause: %+v", s)
		case s.Pause != nil:
			if s.Pause.DurationMs < 0 || s.Pause.DurationMs > MaxPauseMs {
				t.Fatalf("pause out of bounds: %+v", *s.Pause)
			}
			if s.Pause.Unit != PauseMs && s.Pause.Unit != PauseSeconds {
				t.Fatalf("pause unit %q", s.Pause.Unit)
			}
		case s.Text == "" || strings.TrimSpace(s.Text) != s.Text:
			t.Fatalf("text segment %q is empty or untrimmed", s.Text)
		}
		b.WriteString(nonSpace(s.String())) // per segment: joined invalid bytes could form a space
	}
	if got, want := b.String(), nonSpace(in); got != want {
		t.Fatalf("text lost:\n got %q\nwant %q", got, want)
	}
}

func show(segs []Segment) string {
	var parts []string
	for _, s := range segs {
		if s.Pause != nil {
			parts = append(parts, fmt.Sprintf("%+v", *s.Pause))
		} else {
			parts = append(parts, fmt.Sprintf("%q", s.Text))
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

var fuzzSeeds = []string{
	"", "Hello world.", "Mr. Smith went to Washington. He liked it!",
	"He said “Go.” Then… nothing?! [pause 1.5s] OK.", "[pause][PAUSE 750ms][ pause : 2 s ]",
	"[pause 99999999999999999999s]", "[pause -0.0001ms]", "3.14 1,000.50 v2.0. U.S. a.m. p.m. e.g. i.e. etc.",
	"今天天气很好。我们去公园吧！", "यह एक वाक्य है। दूसरा॥", "كيف حالك؟ بخير.", "Τι κάνεις; Καλά.",
	"line one\nline two\r\n\r\npara", "\xff\xfe. \x80[pause]\xc3", "...!?…。", "[[[pause]]]", "(a.) \"b?\" 'c!'",
}

// FuzzSplitSentences checks that splitting never panics, loses no non-space text and
// keeps pauses in bounds, and that grouping into slides keeps every segment in order.
func FuzzSplitSentences(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		segs := SplitSentences(in)
		checkNoTextLost(t, in, segs)
		for _, max := range []int{1, 2, 3} {
			slides := SplitSlides(in, SlideOptions{MaxSentences: max})
			var all []Segment
			for _, s := range slides {
				if len(s.Segments) == 0 {
					t.Fatal("empty slide")
				}
				full := 0
				for _, sg := range s.Segments {
					if sg.Pause == nil && (SlideOptions{}).IsFullSentence(sg.Text) {
						full++
					}
				}
				if full > max {
					t.Fatalf("slide has %d full sentences, max %d", full, max)
				}
				all = append(all, s.Segments...)
			}
			if !reflect.DeepEqual(all, segs) && !(len(all) == 0 && len(segs) == 0) {
				t.Fatalf("slides reorder or drop segments:\n%s\n%s", show(all), show(segs))
			}
		}
	})
}

// FuzzParsePauses checks that pause parsing never panics, gives the input back
// byte for byte and keeps durations in bounds.
func FuzzParsePauses(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var b strings.Builder
		for i, s := range ParsePauses(in) {
			if s.Pause != nil {
				p := s.Pause
				if p.DurationMs < 0 || p.DurationMs > MaxPauseMs || !strings.HasPrefix(p.Marker, "[") ||
					!strings.HasSuffix(p.Marker, "]") || len(p.Marker) > maxMarkerLen {
					t.Fatalf("bad pause %+v", *p)
				}
				if again := ParsePauses(p.Marker); len(again) != 1 || !reflect.DeepEqual(again[0], s) {
					t.Fatalf("marker %q does not parse back", p.Marker)
				}
			} else if s.Text == "" {
				t.Fatalf("empty text segment %d", i)
			}
			b.WriteString(s.String())
		}
		if b.String() != in {
			t.Fatalf("got %q back, want %q", b.String(), in)
		}
		if utf8.ValidString(in) != utf8.ValidString(b.String()) {
			t.Fatal("validity changed")
		}
	})
}
