package domain

import (
	"reflect"
	"strings"
	"testing"
	"unicode"
)

func TestDefaultAutomatchSettings(t *testing.T) {
	got := DefaultAutomatchSettings()
	want := AutomatchSettings{Enabled: true, IncludeArticleMedia: true, IncludeAiImages: true, IncludeStockImages: true,
		IncludeStockVideos: true, AiImageStyle: "photographic", ApplyMotionEffects: true}
	if got != want {
		t.Fatalf("defaults = %+v, want %+v", got, want)
	}
	if !ValidImageStyle(got.AiImageStyle) {
		t.Fatal("default style is not valid")
	}
}

func TestValidImageStyle(t *testing.T) {
	if n := len(ImageStyles()); n != 17 {
		t.Fatalf("%d styles, the spec has 17", n)
	}
	for _, tc := range []struct {
		style string
		want  bool
	}{
		{"cinematic", true}, {"photographic", true}, {"3d-model", true}, {"tile-texture", true}, {"neon-punk", true},
		{"", false}, {"Cinematic", false}, {"3d model", false}, {"watercolor", false},
	} {
		if got := ValidImageStyle(tc.style); got != tc.want {
			t.Errorf("ValidImageStyle(%q) = %v", tc.style, got)
		}
	}
}

func TestSlideKeywords(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		max  int
		want []string
	}{
		{"stop words and case", "The Mountains of Norway are the best mountains in the world.", 5,
			[]string{"mountains", "norway", "world"}},
		{"frequency then order", "Coffee beans. Roasting coffee beans takes time; coffee!", 3,
			[]string{"coffee", "beans", "roasting"}},
		{"max cuts", "alpha beta gamma delta", 2, []string{"alpha", "beta"}},
		{"all when max < 1", "alpha beta gamma", 0, []string{"alpha", "beta", "gamma"}},
		{"numbers and single letters dropped", "In 2024 a B 12 model x-ray", 0, []string{"model", "ray"}},
		{"contractions", "It's the city's oldest bridge, isn't it?", 0, []string{"city", "oldest", "bridge", "isn"}},
		{"french elision", "L'histoire de l'homme et d'une ville", 0, []string{"histoire", "homme", "ville"}},
		{"russian", "Москва — столица России. Москва большая.", 0, []string{"москва", "столица", "россии", "большая"}},
		{"german", "Der Hund und die Katze sind im Garten", 0, []string{"hund", "katze", "garten"}},
		{"chinese bigrams", "北京是中国的首都", 0, []string{"北京", "京是", "是中", "中国", "国的", "的首", "首都"}},
		{"japanese kana boundary", "東京タワーは高いです", 0, []string{"東京", "京タ", "タワ", "ワー", "高"}},
		{"devanagari with marks", "भारत की राजधानी दिल्ली है", 0, []string{"भारत", "की", "राजधानी", "दिल्ली", "है"}},
		{"file names", "DSC_0042.JPG mountain_lake.jpg", 0, []string{"mountain", "lake"}},
		{"empty", "  ...  ", 3, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := SlideKeywords(tc.text, tc.max)
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("SlideKeywords(%q, %d) = %q, want %q", tc.text, tc.max, got, tc.want)
			}
		})
	}
}

// keysOf names each match: the candidate's key, "text" or "-".
func keysOf(ms []MediaMatch) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		switch {
		case m.Candidate != nil:
			out[i] = m.Candidate.Key
		case m.TextSlide:
			out[i] = "text"
		default:
			out[i] = "-"
		}
	}
	return out
}

func img(key string, origin MediaOrigin, text string, pos int) MediaCandidate {
	return MediaCandidate{Key: key, Origin: origin, Kind: MediaKindImage, Text: text, Position: pos}
}

func vid(key string, origin MediaOrigin, text string) MediaCandidate {
	return MediaCandidate{Key: key, Origin: origin, Kind: MediaKindVideo, Text: text, Position: -1}
}

func slide(text string, para int) MatchSlide { return MatchSlide{Text: text, Paragraph: para} }

func TestMatchMedia(t *testing.T) {
	all := AutomatchSettings{Enabled: true, IncludeUserMedia: true, IncludeArticleMedia: true, IncludeAiImages: true,
		IncludeStockImages: true, IncludeStockVideos: true}
	only := func(f func(*AutomatchSettings)) AutomatchSettings {
		s := AutomatchSettings{Enabled: true}
		f(&s)
		return s
	}
	for _, tc := range []struct {
		name   string
		slides []MatchSlide
		cands  []MediaCandidate
		s      AutomatchSettings
		text   bool
		want   []string
	}{
		{
			name:   "article images sit by their paragraphs",
			slides: []MatchSlide{slide("Intro to the harbour.", 0), slide("Fishing boats leave at dawn.", 1), slide("Markets sell the catch.", 2), slide("Evening falls.", 3)},
			cands:  []MediaCandidate{img("a2", OriginArticle, "", 2), img("a0", OriginArticle, "", 0)},
			s:      all, text: true,
			want: []string{"a0", "text", "a2", "text"},
		},
		{
			name:   "alt text beats an unknown position",
			slides: []MatchSlide{slide("Coffee beans are roasted.", -1), slide("Tea leaves are dried.", -1)},
			cands:  []MediaCandidate{img("a-coffee", OriginArticle, "roasted coffee beans", -1), img("a-tea", OriginArticle, "dried tea leaves", -1)},
			s:      all, text: true,
			want: []string{"a-coffee", "a-tea"},
		},
		{
			name:   "article before library before stock before ai",
			slides: []MatchSlide{slide("A red bicycle.", -1), slide("A red bicycle.", -1), slide("A red bicycle.", -1), slide("A red bicycle.", -1)},
			cands: []MediaCandidate{img("ai", OriginAI, "red bicycle", -1), img("stock", OriginStock, "bicycle", -1),
				img("lib", OriginLibrary, "red bicycle", -1), img("art", OriginArticle, "bicycle", -1)},
			s: all, text: true,
			want: []string{"art", "lib", "stock", "ai"},
		},
		{
			name:   "settings exclude origins and kinds",
			slides: []MatchSlide{slide("Surfing waves.", -1), slide("Surfing waves.", -1)},
			cands: []MediaCandidate{img("art", OriginArticle, "surfing", -1), img("lib", OriginLibrary, "surfing", -1),
				img("stock-img", OriginStock, "surfing waves", -1), vid("stock-vid", OriginStock, "surfing"), img("ai", OriginAI, "surfing", -1)},
			s:    only(func(s *AutomatchSettings) { s.IncludeStockVideos = true }),
			text: true,
			want: []string{"stock-vid", "text"},
		},
		{
			name:   "automatch off matches nothing",
			slides: []MatchSlide{slide("Surfing.", -1), slide("Waves.", -1)},
			cands:  []MediaCandidate{img("lib", OriginLibrary, "surfing", -1)},
			s:      AutomatchSettings{IncludeUserMedia: true},
			text:   false,
			want:   []string{"-", "-"},
		},
		{
			name:   "higher score wins within an origin, key breaks ties",
			slides: []MatchSlide{slide("Snowy mountain peaks at sunrise.", -1)},
			cands: []MediaCandidate{img("s-b", OriginStock, "mountain", -1), img("s-a", OriginStock, "mountain", -1),
				img("s-c", OriginStock, "snowy mountain peaks", -1)},
			s: all, text: true,
			want: []string{"s-c"},
		},
		{
			name:   "equal scores: smaller key",
			slides: []MatchSlide{slide("Mountain.", -1)},
			cands:  []MediaCandidate{img("s-b", OriginStock, "mountain", -1), img("s-a", OriginStock, "mountains", -1)},
			s:      all, text: true,
			want: []string{"s-a"},
		},
		{
			name:   "no repeat on neighbouring slides: text slide is the alternative",
			slides: []MatchSlide{slide("Lions hunt.", -1), slide("Lions rest.", -1), slide("Lions sleep.", -1)},
			cands:  []MediaCandidate{img("lion", OriginStock, "lions", -1)},
			s:      all, text: true,
			want: []string{"lion", "text", "lion"},
		},
		{
			name:   "no repeat on neighbouring slides: another candidate is the alternative",
			slides: []MatchSlide{slide("Lions hunt.", -1), slide("Lions rest.", -1), slide("Lions sleep.", -1)},
			cands:  []MediaCandidate{img("lion", OriginStock, "lions", -1), img("zebra", OriginStock, "zebra", -1)},
			s:      all, text: false,
			want: []string{"lion", "zebra", "lion"},
		},
		{
			name:   "the only candidate repeats when there is no alternative",
			slides: []MatchSlide{slide("Lions hunt.", -1), slide("Lions rest.", -1)},
			cands:  []MediaCandidate{img("lion", OriginStock, "lions", -1)},
			s:      all, text: false,
			want: []string{"lion", "lion"},
		},
		{
			name:   "unused before used",
			slides: []MatchSlide{slide("Desert dunes.", -1), slide("Camels.", -1), slide("Desert dunes.", -1)},
			cands:  []MediaCandidate{img("dunes-1", OriginStock, "desert dunes", -1), img("dunes-2", OriginStock, "desert", -1), img("camel", OriginStock, "camels", -1)},
			s:      all, text: true,
			want: []string{"dunes-1", "camel", "dunes-2"},
		},
		{
			name:   "an article image is used once while others remain",
			slides: []MatchSlide{slide("Old town square.", -1), slide("Nothing related.", -1), slide("Old town square again.", -1), slide("More.", -1)},
			cands:  []MediaCandidate{img("a-square", OriginArticle, "old town square", -1), img("a-river", OriginArticle, "river", -1)},
			s:      all, text: false,
			want: []string{"a-square", "a-river", "a-square", "a-river"},
		},
		{
			name:   "nothing scores: best remaining candidate without text slides",
			slides: []MatchSlide{slide("Quantum physics.", -1), slide("Quantum physics.", -1)},
			cands:  []MediaCandidate{img("ai", OriginAI, "cat", -1), img("lib", OriginLibrary, "dog", -1)},
			s:      all, text: false,
			want: []string{"lib", "ai"},
		},
		{
			name:   "nothing scores: text slides when allowed",
			slides: []MatchSlide{slide("Quantum physics.", -1)},
			cands:  []MediaCandidate{img("lib", OriginLibrary, "dog", -1)},
			s:      all, text: true,
			want: []string{"text"},
		},
		{
			name:   "no candidates, no text slides",
			slides: []MatchSlide{slide("Anything.", -1)},
			s:      all, text: false,
			want: []string{"-"},
		},
		{
			name:   "explicit keywords override the text",
			slides: []MatchSlide{{Text: "Something else entirely.", Keywords: []string{"Harbour"}, Paragraph: -1}},
			cands:  []MediaCandidate{img("harbour", OriginStock, "harbour boats", -1), img("else", OriginStock, "something else", -1)},
			s:      all, text: true,
			want: []string{"harbour"},
		},
		{
			name:   "duplicate keys are one candidate; unknown kinds and origins are ignored",
			slides: []MatchSlide{slide("Forest.", -1), slide("Forest.", -1)},
			cands: []MediaCandidate{img("f", OriginStock, "forest", -1), img("f", OriginStock, "forest", -1),
				{Key: "audio", Origin: OriginStock, Kind: "audio", Text: "forest"}, img("x", "elsewhere", "forest", -1)},
			s: all, text: true,
			want: []string{"f", "text"},
		},
		{
			name:   "non-latin keywords match",
			slides: []MatchSlide{slide("Москва зимой.", -1), slide("东京的夜景", -1)},
			cands:  []MediaCandidate{img("tokyo", OriginStock, "东京 夜景", -1), img("moscow", OriginStock, "Москва", -1)},
			s:      all, text: true,
			want: []string{"moscow", "tokyo"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := MatchMedia(tc.slides, tc.cands, tc.s, tc.text)
			if k := keysOf(got); !reflect.DeepEqual(k, tc.want) {
				t.Fatalf("matches = %v, want %v", k, tc.want)
			}
			again := MatchMedia(tc.slides, tc.cands, tc.s, tc.text)
			if !reflect.DeepEqual(keysOf(again), keysOf(got)) {
				t.Fatal("not deterministic")
			}
		})
	}
}

func TestMatchMediaPointsIntoCandidates(t *testing.T) {
	cands := []MediaCandidate{img("a", OriginStock, "river", -1)}
	got := MatchMedia([]MatchSlide{slide("River.", -1)}, cands, DefaultAutomatchSettings(), true)
	if got[0].Candidate != &cands[0] {
		t.Fatal("the match does not point at the caller's candidate")
	}
}

func TestMatchMediaArticleSpread(t *testing.T) {
	// Twelve slides over six paragraphs and three article images: each image lands
	// by its paragraph, and other slides take stock or text slides, never the same
	// media twice in a row.
	var slides []MatchSlide
	for p := 0; p < 6; p++ {
		slides = append(slides, slide("Paragraph words here.", p), slide("More words here.", p))
	}
	cands := []MediaCandidate{img("a1", OriginArticle, "", 1), img("a3", OriginArticle, "", 3), img("a5", OriginArticle, "", 5),
		img("stock", OriginStock, "words", -1)}
	got := keysOf(MatchMedia(slides, cands, DefaultAutomatchSettings(), true))
	count := map[string]int{}
	for i, k := range got {
		count[k]++
		if strings.HasPrefix(k, "a") {
			p := slides[i].Paragraph
			if pos := int(k[1] - '0'); p != pos && p != pos+1 {
				t.Errorf("slide %d (paragraph %d) got %s", i, p, k)
			}
		}
		if i > 0 && k != "text" && k == got[i-1] {
			t.Errorf("%s on slides %d and %d", k, i-1, i)
		}
	}
	if count["a1"] == 0 || count["a3"] == 0 || count["a5"] == 0 || count["stock"] == 0 {
		t.Fatalf("matches = %v", got)
	}
}

func FuzzSlideKeywords(f *testing.F) {
	for _, s := range []string{"The quick brown fox.", "北京是中国的首都", "Москва", "l'homme d'état", "it's", "'''", "a\u0301b"} {
		f.Add(s, 5)
	}
	f.Fuzz(func(t *testing.T, text string, max int) {
		got := SlideKeywords(text, max)
		if max > 0 && len(got) > max {
			t.Fatalf("%d keywords, max %d", len(got), max)
		}
		seen := map[string]bool{}
		for _, k := range got {
			if k == "" || seen[k] || k != strings.ToLower(k) || strings.IndexFunc(k, unicode.IsSpace) >= 0 {
				t.Fatalf("bad keyword %q in %q", k, got)
			}
			seen[k] = true
		}
		if again := SlideKeywords(text, max); !reflect.DeepEqual(again, got) {
			t.Fatal("not deterministic")
		}
	})
}

func FuzzMatchMedia(f *testing.F) {
	f.Add("Lions hunt.\nLions rest.\n\nZebras run.", "stock|image|lions\narticle|image|zebra\nai|image|\nlibrary|video|lions", uint16(0xffff), true)
	f.Add("", "", uint16(0), false)
	f.Add("a\nb\nc", "article|image|a\narticle|image|a", uint16(3), false)
	f.Fuzz(func(t *testing.T, script, candSpec string, flags uint16, text bool) {
		var slides []MatchSlide
		for i, line := range strings.Split(script, "\n") {
			slides = append(slides, MatchSlide{Text: line, Paragraph: i%5 - 1})
		}
		var cands []MediaCandidate
		for i, line := range strings.Split(candSpec, "\n") {
			p := strings.SplitN(line, "|", 3)
			for len(p) < 3 {
				p = append(p, "")
			}
			cands = append(cands, MediaCandidate{Key: p[2], Origin: MediaOrigin(p[0]), Kind: p[1], Text: p[2], Position: i%4 - 1})
		}
		bit := func(n uint) bool { return flags&(1<<n) != 0 }
		s := AutomatchSettings{Enabled: bit(0), IncludeUserMedia: bit(1), IncludeArticleMedia: bit(2), IncludeAiImages: bit(3),
			IncludeStockImages: bit(4), IncludeStockVideos: bit(5)}
		got := MatchMedia(slides, cands, s, text)
		if len(got) != len(slides) {
			t.Fatalf("%d matches for %d slides", len(got), len(slides))
		}
		for i, m := range got {
			if m.Candidate != nil && m.TextSlide {
				t.Fatalf("slide %d has media and is a text slide", i)
			}
			if m.Candidate == nil {
				continue
			}
			inside := false
			for j := range cands {
				if m.Candidate == &cands[j] {
					inside = true
				}
			}
			if !inside || !s.allowed(*m.Candidate) {
				t.Fatalf("slide %d got %+v", i, *m.Candidate)
			}
		}
		if again := MatchMedia(slides, cands, s, text); !reflect.DeepEqual(keysOf(again), keysOf(got)) {
			t.Fatal("not deterministic")
		}
	})
}
