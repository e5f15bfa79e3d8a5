package domain

import (
	"reflect"
	"strings"
	"testing"
	"unicode"

	"pagecast/models"
)

const solarArticle = `Solar panels for homeowners

Solar panels turn sunlight into electricity for your home. A typical system costs between 10,000 and 20,000 dollars before incentives. Many states offer tax credits that cut the price by 30 percent.

How they work
Each panel holds cells made of silicon. When light hits a cell, it frees electrons and creates a current. An inverter turns that current into the power your appliances use.

Installation takes one or two days. Installers check your roof first. A south-facing roof with little shade works best. You don't need a new roof, but it must be in good shape.

Savings
Most owners see their bills drop by half. The system usually pays for itself in eight to twelve years. After that, the power is almost free. Panels last 25 years or more.
In conclusion, it's a good deal for many homes. Thanks for watching.`

func TestScriptLimit(t *testing.T) {
	tests := []struct {
		name string
		p    models.Publisher
		want int
	}{
		{"free", models.Publisher{Plan: models.PlanFree}, 7000},
		{"unset is free", models.Publisher{}, 7000},
		{"paid", models.Publisher{Plan: models.PlanPaid}, 60000},
		{"partner", models.Publisher{IsPartner: true}, 10000},
		{"partner wins over paid", models.Publisher{IsPartner: true, Plan: models.PlanPaid}, 10000},
	}
	for _, tt := range tests {
		if got := ScriptLimit(tt.p); got != tt.want {
			t.Errorf("%s: ScriptLimit = %d, want %d", tt.name, got, tt.want)
		}
	}
	if got := MsgScriptTooLong(60000); got != "Script is too long: your plan allows at most 60,000 characters." {
		t.Errorf("message = %q", got)
	}
	if CheckScriptLength(strings.Repeat("é", 7000), 7000) != "" || CheckScriptLength(strings.Repeat("é", 7001), 7000) == "" {
		t.Error("limit counts characters, not bytes")
	}
}

func TestScriptRequestNormalize(t *testing.T) {
	tests := []struct {
		name      string
		in        ScriptRequest
		wantText  string
		wantField string
		wantMsg   string
	}{
		{name: "collapses white space", in: ScriptRequest{Text: "  solar   panels\n\tfor   homeowners  "}, wantText: "solar panels for homeowners"},
		{name: "19 characters", in: ScriptRequest{Text: "abcdefghij abcdefgh"}, wantField: "text", wantMsg: MsgPromptTooShort},
		{name: "20 after collapsing", in: ScriptRequest{Text: "abcdefghij     abcdefghi"}, wantText: "abcdefghij abcdefghi"},
		{name: "short only because of spaces", in: ScriptRequest{Text: "abcdefghij          abcdefgh"}, wantField: "text", wantMsg: MsgPromptTooShort},
		{name: "empty", in: ScriptRequest{}, wantField: "text", wantMsg: MsgPromptTooShort},
		{name: "500", in: ScriptRequest{Text: strings.Repeat("a", 500)}, wantText: strings.Repeat("a", 500)},
		{name: "501", in: ScriptRequest{Text: strings.Repeat("a", 501)}, wantField: "text", wantMsg: MsgPromptTooLong},
		{name: "500 runes of 2 bytes", in: ScriptRequest{Text: strings.Repeat("é", 500)}, wantText: strings.Repeat("é", 500)},
		{name: "article of 600", in: ScriptRequest{Source: SourceArticle, Text: strings.Repeat("Word ", 120)}, wantText: strings.TrimSpace(strings.Repeat("Word ", 120))},
		{name: "empty article", in: ScriptRequest{Source: SourceArticle, Text: " ... "}, wantField: "text", wantMsg: MsgInvalidText},
		{name: "huge article", in: ScriptRequest{Source: SourceArticle, Text: strings.Repeat("a", MaxScriptSourceChars+1)}, wantField: "text", wantMsg: MsgSourceTooLong},
		{name: "bad source", in: ScriptRequest{Source: "poem", Text: strings.Repeat("a", 30)}, wantField: "source"},
		{name: "bad sections", in: ScriptRequest{Text: strings.Repeat("a", 30), Sections: 3}, wantField: "sectionsAmount", wantMsg: MsgSections},
		{name: "bad tone", in: ScriptRequest{Text: strings.Repeat("a", 30), Tone: 3}, wantField: "toneType", wantMsg: MsgToneType},
		{name: "long role", in: ScriptRequest{Text: strings.Repeat("a", 30), Role: strings.Repeat("r", 101)}, wantField: "role"},
		{name: "long audience", in: ScriptRequest{Text: strings.Repeat("a", 30), Audience: strings.Repeat("r", 101)}, wantField: "audience"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, fields := tt.in.Normalize()
			if tt.wantField == "" {
				if len(fields) > 0 {
					t.Fatalf("fields = %v", fields)
				}
				if got.Text != tt.wantText {
					t.Fatalf("text = %q, want %q", got.Text, tt.wantText)
				}
				if got.Sections != ScriptSectionsMedium || got.Tone != ToneInformative {
					t.Fatalf("defaults: sections %d tone %d", got.Sections, got.Tone)
				}
				return
			}
			if len(fields) != 1 || fields[0].Field != tt.wantField || (tt.wantMsg != "" && fields[0].Message != tt.wantMsg) {
				t.Fatalf("fields = %v, want %s: %q", fields, tt.wantField, tt.wantMsg)
			}
		})
	}
}

func TestParseSectionsAndTone(t *testing.T) {
	sections := map[string]int{"": 4, "2": 2, "short": 2, "medium": 4, "4": 4, "LONG": 6, "6": 6}
	for in, want := range sections {
		if got, ok := ParseSections(in); !ok || got != want {
			t.Errorf("ParseSections(%q) = %d %v, want %d", in, got, ok, want)
		}
	}
	for _, bad := range []string{"3", "huge", "-2"} {
		if _, ok := ParseSections(bad); ok {
			t.Errorf("ParseSections(%q) accepted", bad)
		}
	}
	tones := map[string]ToneType{"": 1, "1": 1, "informative": 1, "2": 2, "Persuasive": 2}
	for in, want := range tones {
		if got, ok := ParseToneType(in); !ok || got != want {
			t.Errorf("ParseToneType(%q) = %d %v, want %d", in, got, ok, want)
		}
	}
	if _, ok := ParseToneType("3"); ok {
		t.Error("tone 3 accepted")
	}
}

// titledSections counts the sections of a script that have a title line.
func titledSections(text string) int {
	n := 0
	for _, s := range ParseScript(text) {
		if s.Title != "" {
			n++
		}
	}
	return n
}

func TestGenerateFromTopic(t *testing.T) {
	for _, tt := range []struct {
		sections int
		tone     ToneType
		noTitles bool
	}{{2, 1, false}, {4, 1, false}, {6, 2, false}, {4, 2, true}} {
		r, fields := ScriptRequest{Text: "Write a video about  the benefits of solar panels for homeowners.", Sections: tt.sections,
			Tone: tt.tone, Role: "energy advisor", Audience: "first-time buyers", RemoveSectionTitles: tt.noTitles}.Normalize()
		if fields != nil {
			t.Fatal(fields)
		}
		g := GenerateVideoScript(r)
		if g.Title != "The Benefits of Solar Panels for Homeowners" {
			t.Errorf("title = %q", g.Title)
		}
		if !strings.Contains(g.Description, "the benefits of solar panels for homeowners") || !strings.Contains(g.Description, "first-time buyers") {
			t.Errorf("description = %q", g.Description)
		}
		if !strings.HasPrefix(g.Text, "This video is about the benefits of solar panels for homeowners.") {
			t.Errorf("intro does not name the topic:\n%s", g.Text)
		}
		if !strings.Contains(g.Text, "As an energy advisor, here is what first-time buyers should know.") {
			t.Errorf("role and audience missing from the intro:\n%s", g.Text)
		}
		want := tt.sections
		if tt.noTitles {
			want = 0
		}
		if got := titledSections(g.Text); got != want {
			t.Errorf("%d sections: %d titled sections in\n%s", tt.sections, got, g.Text)
		}
		if got := len(SplitParagraphs(g.Text)); got != tt.sections+2 {
			t.Errorf("%d sections: %d paragraphs, want intro + sections + outro", tt.sections, got)
		}
		persuasive := strings.Contains(g.Text, "Now it is your turn.")
		if persuasive != (tt.tone == TonePersuasive) {
			t.Errorf("tone %d: call to action present = %v", tt.tone, persuasive)
		}
		if strings.Contains(g.Text, "{") || strings.Contains(strings.ToLower(g.Text), "lorem") {
			t.Errorf("template left over:\n%s", g.Text)
		}
		if again := GenerateVideoScript(r); again != g {
			t.Error("not deterministic")
		}
	}
}

func TestGenerateFromArticle(t *testing.T) {
	input := map[string]bool{}
	for _, s := range SplitSentences(solarArticle) {
		input[s.Text] = true
	}
	for _, sections := range []int{2, 4, 6} {
		r, _ := ScriptRequest{Text: solarArticle, Source: SourceArticle, Sections: sections}.Normalize()
		g := GenerateVideoScript(r)
		secs := ParseScript(g.Text)
		if len(secs) != sections {
			t.Fatalf("%d sections asked, got %d:\n%s", sections, len(secs), g.Text)
		}
		n := 0
		for _, s := range secs {
			if s.Title == "" {
				t.Errorf("untitled section %+v", s)
			}
			for _, sent := range s.Sentences {
				n++
				if !input[sent.Text] {
					t.Errorf("sentence %q is not from the article", sent.Text)
				}
			}
		}
		if n != min(sections*3, 16) { // the article has 16 full sentences
			t.Errorf("%d sections: %d sentences", sections, n)
		}
		if g.Title != "Solar panels for homeowners" {
			t.Errorf("title = %q", g.Title)
		}
		if g.Description != "Solar panels turn sunlight into electricity for your home." {
			t.Errorf("description = %q", g.Description)
		}
		if again := GenerateVideoScript(r); again != g {
			t.Error("not deterministic")
		}
	}
	// Headings title their sections; no titles when asked; persuasive adds a call to action.
	r, _ := ScriptRequest{Text: solarArticle, Source: SourceArticle, Sections: 4, Tone: TonePersuasive,
		RemoveSectionTitles: true, Audience: "homeowners"}.Normalize()
	g := GenerateVideoScript(r)
	if titledSections(g.Text) != 0 || strings.Contains(g.Text, "How they work") {
		t.Errorf("titles not removed:\n%s", g.Text)
	}
	if !strings.HasPrefix(g.Text, "Here is what homeowners should know.") || !strings.HasSuffix(g.Text, callToAction) {
		t.Errorf("intro or call to action missing:\n%s", g.Text)
	}
	r, _ = ScriptRequest{Text: solarArticle, Source: SourceArticle, Sections: 4}.Normalize()
	if g := GenerateVideoScript(r); !strings.Contains(g.Text, "How they work\n") || !strings.Contains(g.Text, "Savings\n") {
		t.Errorf("article headings not used as titles:\n%s", g.Text)
	}
	// The plan's limit bounds the script.
	r.MaxChars = 300
	if g := GenerateVideoScript(r); scriptLen(g.Text) > 300 || g.Text == "" {
		t.Errorf("limited script has %d characters:\n%s", scriptLen(g.Text), g.Text)
	}
}

func styleOf(t *testing.T, s StyleSettings) StyleSettings {
	t.Helper()
	s.Enabled = true
	n, fields := s.Normalize("settings.")
	if fields != nil {
		t.Fatal(fields)
	}
	return n
}

func TestStyleSettingsNormalize(t *testing.T) {
	n, fields := StyleSettings{}.Normalize("settings.")
	want := StyleSettings{Tones: []string{"match"}, Structure: "generalPurpose", ReadingLevel: "general",
		TopicProficiency: "basic", Formality: "match", Purpose: "match", Length: "balanced"}
	if fields != nil || !reflect.DeepEqual(n, want) {
		t.Fatalf("defaults = %+v %v", n, fields)
	}
	if n, _ := (StyleSettings{Tones: []string{"match", "casual", "casual", ""}}).Normalize(""); !reflect.DeepEqual(n.Tones, []string{"casual"}) {
		t.Errorf("Auto with others is dropped: %v", n.Tones)
	}
	bad := []struct{ s StyleSettings }{
		{StyleSettings{Formality: "rude"}}, {StyleSettings{Length: "short"}}, {StyleSettings{Purpose: "sell"}},
		{StyleSettings{ReadingLevel: "expert"}}, {StyleSettings{Structure: "listicle"}}, {StyleSettings{Tones: []string{"angry"}}},
		{StyleSettings{TopicProficiency: "guru"}}, {StyleSettings{CustomInstructions: strings.Repeat("x", 1001)}},
	}
	names := []string{"formality", "length", "purpose", "readingLevel", "structure", "tone", "topicProficiency", "customInstructions"}
	for i, b := range bad {
		_, fields := b.s.Normalize("settings.")
		if len(fields) != 1 || fields[0].Field != "settings."+names[i] {
			t.Errorf("%s: fields = %v", names[i], fields)
		}
	}
}

const casualScript = `Why solar pays
It is not hard to see why. We are going to look at the costs. You will not need a new roof.

The numbers
Don't guess: a system costs 15,000 dollars. It's paid back in ten years. Let's check the bill after a year. They'd tell you the same.`

func TestModifyScriptStyle(t *testing.T) {
	tests := []struct {
		name     string
		settings StyleSettings
		check    func(t *testing.T, out StyledScript)
	}{
		{"formal expands contractions", StyleSettings{Formality: "formal", Length: "elaborate"}, func(t *testing.T, o StyledScript) {
			for _, w := range []string{"Do not guess", "It is paid back", "Let us check", "They would tell"} {
				if !strings.Contains(o.Script, w) {
					t.Errorf("missing %q in\n%s", w, o.Script)
				}
			}
		}},
		{"informal contracts", StyleSettings{Formality: "informal", Length: "elaborate"}, func(t *testing.T, o StyledScript) {
			for _, w := range []string{"It isn't hard", "We're going", "You won't need"} {
				if !strings.Contains(o.Script, w) {
					t.Errorf("missing %q in\n%s", w, o.Script)
				}
			}
		}},
		{"match keeps the wording", StyleSettings{Length: "elaborate"}, func(t *testing.T, o StyledScript) {
			if o.Script != FormatScript(ParseScript(casualScript), true) {
				t.Errorf("changed:\n%s", o.Script)
			}
		}},
		{"casual tone with match formality contracts", StyleSettings{Tones: []string{"casual"}, Length: "elaborate"}, func(t *testing.T, o StyledScript) {
			if !strings.Contains(o.Script, "We're going") {
				t.Errorf("not contracted:\n%s", o.Script)
			}
		}},
		{"concise keeps half of each section", StyleSettings{Length: "concise"}, func(t *testing.T, o StyledScript) {
			secs := ParseScript(o.Script)
			if len(secs) != 2 || len(secs[0].Sentences) != 2 || len(secs[1].Sentences) != 2 {
				t.Errorf("concise:\n%s", o.Script)
			}
		}},
		{"balanced keeps three quarters of long sections", StyleSettings{}, func(t *testing.T, o StyledScript) {
			secs := ParseScript(o.Script)
			if len(secs) != 2 || len(secs[0].Sentences) != 3 || len(secs[1].Sentences) != 3 {
				t.Errorf("balanced:\n%s", o.Script)
			}
		}},
		{"countdown numbers sections", StyleSettings{Structure: "countdownList", Length: "elaborate"}, func(t *testing.T, o StyledScript) {
			if !strings.HasPrefix(o.Script, "2. Why solar pays\n") || !strings.Contains(o.Script, "\n\n1. The numbers\n") {
				t.Errorf("countdown:\n%s", o.Script)
			}
		}},
		{"tutorial steps", StyleSettings{Structure: "tutorialsGuides", Length: "elaborate"}, func(t *testing.T, o StyledScript) {
			if !strings.HasPrefix(o.Script, "Step 1: Why solar pays\n") || !strings.Contains(o.Script, "Step 2: The numbers") {
				t.Errorf("steps:\n%s", o.Script)
			}
		}},
		{"documentary drops titles", StyleSettings{Structure: "documentary", Length: "elaborate"}, func(t *testing.T, o StyledScript) {
			if strings.Contains(o.Script, "Why solar pays") || strings.Contains(o.Script, "The numbers") {
				t.Errorf("titles kept:\n%s", o.Script)
			}
		}},
		{"news leads with the key sentence", StyleSettings{Structure: "news", Length: "elaborate"}, func(t *testing.T, o StyledScript) {
			first := SplitParagraphs(o.Script)[0]
			if strings.Contains(first, "\n") || first != o.Description {
				t.Errorf("lead %q, description %q:\n%s", first, o.Description, o.Script)
			}
			if strings.Count(o.Script, first) != 1 {
				t.Errorf("lead repeated:\n%s", o.Script)
			}
		}},
		{"persuade adds a closing line", StyleSettings{Purpose: "persuade", Length: "elaborate"}, func(t *testing.T, o StyledScript) {
			if !strings.HasSuffix(o.Script, closingPersuade) {
				t.Errorf("no call to action:\n%s", o.Script)
			}
		}},
		{"preview is the first section", StyleSettings{Preview: true, Length: "elaborate"}, func(t *testing.T, o StyledScript) {
			if strings.Contains(o.Script, "The numbers") || !strings.HasPrefix(o.Script, "Why solar pays\n") {
				t.Errorf("preview:\n%s", o.Script)
			}
		}},
		{"custom instructions are reported, not applied", StyleSettings{CustomInstructions: "Make it rhyme", Length: "elaborate"}, func(t *testing.T, o StyledScript) {
			if !reflect.DeepEqual(o.Warnings, []string{WarnCustomInstructions}) {
				t.Errorf("warnings = %v", o.Warnings)
			}
		}},
		{"title is the first section title", StyleSettings{}, func(t *testing.T, o StyledScript) {
			if o.Title != "Why solar pays" {
				t.Errorf("title = %q", o.Title)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := StyleRequest{Settings: styleOf(t, tt.settings), Script: casualScript}
			out := ModifyScriptStyle(req)
			tt.check(t, out)
			if again := ModifyScriptStyle(req); !reflect.DeepEqual(again, out) {
				t.Error("not deterministic")
			}
		})
	}
	// Disabled settings leave the script alone.
	if o := ModifyScriptStyle(StyleRequest{Settings: StyleSettings{Formality: "formal", Length: "concise"}, Script: casualScript}); o.Script != FormatScript(ParseScript(casualScript), true) {
		t.Errorf("disabled changed the script:\n%s", o.Script)
	}
	// The plan's limit bounds the result.
	long := strings.Repeat(casualScript+"\n\n", 40)
	o := ModifyScriptStyle(StyleRequest{Settings: styleOf(t, StyleSettings{Length: "elaborate"}), Script: long, MaxChars: 1000})
	if n := scriptLen(o.Script); n > 1000 || n < 800 {
		t.Errorf("fitted script has %d characters", n)
	}
}

func TestContractions(t *testing.T) {
	tests := []struct{ in, formal, informal string }{
		{"Don't stop.", "Do not stop.", "Don't stop."},
		{"We can't and won't.", "We cannot and will not.", "We can't and won't."},
		{"It is what it is.", "It is what it is.", "It's what it is."},
		{"I'm sure you'll see they're right.", "I am sure you will see they are right.", "I'm sure you'll see they're right."},
		{"Let us go. We do not know.", "Let us go. We do not know.", "Let's go. We don't know."},
		{"It’s fine.", "It is fine.", "It’s fine."},
	}
	for _, tt := range tests {
		if got := ExpandContractions(tt.in); got != tt.formal {
			t.Errorf("ExpandContractions(%q) = %q, want %q", tt.in, got, tt.formal)
		}
		if got := Contract(tt.in); got != tt.informal {
			t.Errorf("Contract(%q) = %q, want %q", tt.in, got, tt.informal)
		}
	}
}

func TestSummarize(t *testing.T) {
	tests := []struct {
		strategy SummaryStrategy
		want     int
	}{{SummaryConcise, 4}, {SummaryBalanced, 6}, {SummaryElaborate, 8}, {"", 6}} // of 16 full sentences
	input := map[string]bool{}
	for _, s := range SplitSentences(solarArticle) {
		input[s.Text] = true
	}
	for _, tt := range tests {
		out := Summarize(SummaryRequest{Text: solarArticle, Strategy: tt.strategy})
		got := SplitSentences(out)
		if len(got) != tt.want {
			t.Errorf("%q: %d sentences, want %d:\n%s", tt.strategy, len(got), tt.want, out)
		}
		for _, s := range got {
			if !input[s.Text] {
				t.Errorf("%q: %q is not from the text", tt.strategy, s.Text)
			}
		}
		if !strings.HasPrefix(out, "Solar panels turn sunlight into electricity for your home.") {
			t.Errorf("%q: the opening sentence is not kept:\n%s", tt.strategy, out)
		}
	}
	if out := Summarize(SummaryRequest{Text: solarArticle, MaxChars: 150}); scriptLen(out) > 150 || out == "" {
		t.Errorf("limited summary: %q", out)
	}
	if out := Summarize(SummaryRequest{Text: "One short line"}); out != "One short line" {
		t.Errorf("short text = %q", out)
	}
	for _, s := range []string{"concise", "balanced", "elaborate", ""} {
		if _, ok := ParseSummaryStrategy(s); !ok {
			t.Errorf("strategy %q refused", s)
		}
	}
	if _, ok := ParseSummaryStrategy("abstractive"); ok {
		t.Error("unknown strategy accepted")
	}
}

func TestParseScriptAndParagraphs(t *testing.T) {
	text := "Intro line one. Two.\n\nTitle A\nA one. A two.\n- item one\n- item two\n\nLone title\n\nBody of lone title. [pause 2s] After the pause."
	secs := ParseScript(text)
	if len(secs) != 3 || secs[0].Title != "" || secs[1].Title != "Title A" || secs[2].Title != "Lone title" {
		t.Fatalf("sections = %+v", secs)
	}
	if got := secs[2].Sentences[0].Text; got != "Body of lone title. [pause 2s]" {
		t.Errorf("pause not attached: %q", got)
	}
	want := "Intro line one. Two.\n\nTitle A\nA one. A two.\n- item one\n- item two\n\nLone title\nBody of lone title. [pause 2s] After the pause."
	if got := FormatScript(secs, true); got != want {
		t.Errorf("format:\n%s\nwant\n%s", got, want)
	}
	if got := SplitParagraphs(" a\n b \n\n\n c \n"); !reflect.DeepEqual(got, []string{"a\n b", "c"}) {
		t.Errorf("paragraphs = %q", got)
	}
}

// runeCounts counts the non-space runes of s.
func runeCounts(s string) map[rune]int {
	m := map[rune]int{}
	for _, r := range s {
		if !unicode.IsSpace(r) {
			m[r]++
		}
	}
	return m
}

// checkExtractive fails when out holds a non-space character more often than in.
func checkExtractive(t *testing.T, what, in, out string) {
	t.Helper()
	have := runeCounts(in)
	for r, n := range runeCounts(out) {
		if have[r] < n {
			t.Fatalf("%s invents %q (%d in output, %d in input):\nin  %q\nout %q", what, r, n, have[r], in, out)
		}
	}
}

// FuzzScriptExtractive checks that the summariser and the restyler never panic, stay
// within their limit, and in their extractive modes (no formality change, no added
// closing line or labels) never put a character in the output that the input lacks.
func FuzzScriptExtractive(f *testing.F) {
	for _, s := range append(fuzzSeeds, solarArticle, casualScript, "Title\n\nBody one. Body two.\n\nT2\n\n\nx") {
		f.Add(s, uint8(0), uint16(0))
	}
	structures := []string{"generalPurpose", "generalPurposeNoFluff", "documentary", "storybook", "news", "productShowcase"}
	f.Fuzz(func(t *testing.T, in string, mode uint8, limit uint16) {
		if len(in) > 20000 {
			return
		}
		max := int(limit % 2000)
		strategy := []SummaryStrategy{SummaryConcise, SummaryBalanced, SummaryElaborate}[int(mode)%3]
		sum := Summarize(SummaryRequest{Text: in, Strategy: strategy, MaxChars: max})
		checkExtractive(t, "Summarize", in, sum)
		if max > 0 && scriptLen(sum) > max {
			t.Fatalf("summary of %d characters over the limit %d", scriptLen(sum), max)
		}
		st := styleOf(t, StyleSettings{
			Structure: structures[int(mode)%len(structures)],
			Length:    ScriptLengths[int(mode/8)%3],
			Preview:   mode&0x80 != 0,
		})
		out := ModifyScriptStyle(StyleRequest{Settings: st, Script: in, MaxChars: max})
		checkExtractive(t, "ModifyScriptStyle", in, out.Script)
		checkExtractive(t, "title", in, out.Title)
		checkExtractive(t, "description", in, out.Description)
		if max > 0 && scriptLen(out.Script) > max {
			t.Fatalf("script of %d characters over the limit %d", scriptLen(out.Script), max)
		}
		// The other modes must not panic either.
		st.Structure, st.Formality, st.Purpose = "countdownList", "informal", "persuade"
		_ = ModifyScriptStyle(StyleRequest{Settings: st, Script: in, MaxChars: max})
		st.Structure, st.Formality = "multiVoiceNarration", "formal"
		_ = ModifyScriptStyle(StyleRequest{Settings: st, Script: in, MaxChars: max})
	})
}
