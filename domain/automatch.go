package domain

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// AutomatchSettings are the spec's automatch settings (spec 000 section 3, spec 001
// section 3 "automatchSettings"), with the spec's JSON names. ReplaceExistingMedia and
// ApplyMotionEffects are the caller's business: MatchMedia is only asked about slides
// that need media, and motion is applied when rendering.
type AutomatchSettings struct {
	Enabled              bool   `json:"enabled"`
	ReplaceExistingMedia bool   `json:"replaceExistingMedia"`
	IncludeUserMedia     bool   `json:"includeUserMedia"`
	IncludeArticleMedia  bool   `json:"includeArticleMedia"`
	IncludeAiImages      bool   `json:"includeAiImages"`
	IncludeStockImages   bool   `json:"includeStockImages"`
	IncludeStockVideos   bool   `json:"includeStockVideos"`
	AiImageStyle         string `json:"aiImageStyle"`
	ApplyMotionEffects   bool   `json:"applyMotionEffects"`
}

// DefaultImageStyle is the AI image style of single creation (spec 000 section 9).
const DefaultImageStyle = "photographic"

// DefaultAutomatchSettings are the single-creation defaults (spec 000 section 9):
// article media, AI images, stock images, stock videos and motion effects on, style
// photographic. The user's own library is off (the spec's automation default; its
// single-creation list does not name it), and media already on a slide is kept.
func DefaultAutomatchSettings() AutomatchSettings {
	return AutomatchSettings{
		Enabled:             true,
		IncludeArticleMedia: true,
		IncludeAiImages:     true,
		IncludeStockImages:  true,
		IncludeStockVideos:  true,
		AiImageStyle:        DefaultImageStyle,
		ApplyMotionEffects:  true,
	}
}

// imageStyles are the spec's AI image styles (spec 000 section 9, spec 001 section 3).
var imageStyles = []string{
	"cinematic", "photographic", "3d-model", "analog-film", "anime", "comic-book", "digital-art", "enhance",
	"fantasy-art", "isometric", "line-art", "low-poly", "modeling-compound", "neon-punk", "origami",
	"pixel-art", "tile-texture",
}

// ImageStyles lists the AI image styles in the spec's order.
func ImageStyles() []string { return append([]string(nil), imageStyles...) }

// ValidImageStyle reports whether s is one of the spec's 17 AI image styles.
func ValidImageStyle(s string) bool {
	for _, v := range imageStyles {
		if s == v {
			return true
		}
	}
	return false
}

// MediaOrigin is where a media candidate comes from.
type MediaOrigin string

// Media origins, in the order automatch prefers them.
const (
	OriginArticle MediaOrigin = "article"
	OriginLibrary MediaOrigin = "library"
	OriginStock   MediaOrigin = "stock"
	OriginAI      MediaOrigin = "ai"
)

// Media kinds of a candidate.
const (
	MediaKindImage = "image"
	MediaKindVideo = "video"
)

// MediaCandidate is a picture or clip automatch may put on a slide.
type MediaCandidate struct {
	// Key identifies the candidate (e.g. "asset:12", "pexels:photo:345"); ties are
	// broken by it, and one key is one candidate.
	Key     string
	Origin  MediaOrigin
	Kind    string // MediaKindImage or MediaKindVideo
	AssetID int64
	URL     string
	// Text describes it: alt text, name and text, stock tags, the AI prompt.
	Text string
	// Position is, for article images, the index of the script paragraph the image
	// follows; -1 when unknown.
	Position    int
	Width       int
	Height      int
	DurationSec float64
}

// MatchSlide is a slide that needs media.
type MatchSlide struct {
	Text string
	// Keywords overrides the keywords found in Text when set.
	Keywords []string
	// Paragraph is the index of the script paragraph the slide came from; -1 unknown.
	Paragraph int
}

// MediaMatch is automatch's choice for one slide: a candidate (pointing into the
// candidates given), a text slide, or nothing.
type MediaMatch struct {
	Candidate *MediaCandidate
	TextSlide bool
}

// dedupKey names candidate i of a list for dropping repeats: its Key, or, without
// one, its origin and place in the list (never a repeat).
func (c MediaCandidate) dedupKey(i int) string {
	if c.Key != "" {
		return c.Key
	}
	return "#" + string(c.Origin) + ":" + strconv.Itoa(i)
}

// matchTier orders origins: article media first, then the user's library, stock, AI.
func matchTier(o MediaOrigin) int {
	switch o {
	case OriginArticle:
		return 0
	case OriginLibrary:
		return 1
	case OriginStock:
		return 2
	case OriginAI:
		return 3
	}
	return -1
}

// allowed reports whether the settings let automatch use c.
func (s AutomatchSettings) allowed(c MediaCandidate) bool {
	if !s.Enabled || (c.Kind != MediaKindImage && c.Kind != MediaKindVideo) {
		return false
	}
	switch c.Origin {
	case OriginArticle:
		return s.IncludeArticleMedia
	case OriginLibrary:
		return s.IncludeUserMedia
	case OriginStock:
		if c.Kind == MediaKindVideo {
			return s.IncludeStockVideos
		}
		return s.IncludeStockImages
	case OriginAI:
		return s.IncludeAiImages && c.Kind == MediaKindImage
	}
	return false
}

// matchCandidate is a MediaCandidate prepared for matching.
type matchCandidate struct {
	c       *MediaCandidate
	key     string
	tier    int
	terms   map[string]bool
	article bool
	uses    int
}

// matchSlideTerms are a slide's keyword stems.
func matchSlideTerms(s MatchSlide) []string {
	kws := s.Keywords
	if len(kws) == 0 {
		kws = SlideKeywords(s.Text, matchSlideKeywords)
	}
	seen := map[string]bool{}
	var out []string
	for _, k := range kws {
		for _, w := range kwTokens(strings.ToLower(k)) {
			if st := kwStem(w); st != "" && !seen[st] {
				seen[st] = true
				out = append(out, st)
			}
		}
	}
	return out
}

// matchSlideKeywords is how many keywords of a slide's text automatch compares.
const matchSlideKeywords = 10

// matchScore is how well c fits a slide: one point per shared keyword, and two for an
// article image next to the slide's paragraph (an image belongs with the paragraph
// before it and the one after it).
func matchScore(terms []string, para int, c *matchCandidate) int {
	n := 0
	for _, t := range terms {
		if c.terms[t] {
			n++
		}
	}
	if c.article && para >= 0 && (para == c.c.Position || para == c.c.Position+1) {
		n += 2
	}
	return n
}

// MatchMedia chooses media for each slide and returns one match per slide. Only the
// origins and kinds the settings allow are used (none when automatch is off). Article
// images go first, each to the slide whose paragraph it sits by or whose words its
// alt text shares (best pairs first); every other slide takes its best candidate:
// unused before used, then article, library, stock, AI, then the higher score, then
// the smaller Key. An article image is used once while unused ones remain, and a
// candidate never lands on two neighbouring slides when there is an alternative (a
// text slide counts as one). A slide where nothing scores above zero gets a text slide
// when canCreateTextSlides, else the best remaining candidate by the same order, else
// nothing. The result depends only on the input.
func MatchMedia(slides []MatchSlide, cands []MediaCandidate, s AutomatchSettings, canCreateTextSlides bool) []MediaMatch {
	out := make([]MediaMatch, len(slides))
	var pool []*matchCandidate
	seen := map[string]bool{}
	for i := range cands {
		c := &cands[i]
		if !s.allowed(*c) {
			continue
		}
		key := c.dedupKey(i)
		if seen[key] {
			continue
		}
		seen[key] = true
		terms := map[string]bool{}
		for _, w := range SlideKeywords(c.Text, 0) {
			if st := kwStem(w); st != "" {
				terms[st] = true
			}
		}
		pool = append(pool, &matchCandidate{c: c, key: key, tier: matchTier(c.Origin), terms: terms, article: c.Origin == OriginArticle})
	}
	terms := make([][]string, len(slides))
	for i, sl := range slides {
		terms[i] = matchSlideTerms(sl)
	}
	chosen := make([]*matchCandidate, len(slides))
	done := make([]bool, len(slides))

	// Article images first, best (slide, image) pairs first.
	type pair struct {
		slide int
		c     *matchCandidate
		score int
	}
	var pairs []pair
	for _, c := range pool {
		if !c.article {
			continue
		}
		for i := range slides {
			if sc := matchScore(terms[i], slides[i].Paragraph, c); sc > 0 {
				pairs = append(pairs, pair{i, c, sc})
			}
		}
	}
	sort.Slice(pairs, func(a, b int) bool {
		pa, pb := pairs[a], pairs[b]
		if pa.score != pb.score {
			return pa.score > pb.score
		}
		if pa.slide != pb.slide {
			return pa.slide < pb.slide
		}
		return pa.c.key < pb.c.key
	})
	for _, p := range pairs {
		if done[p.slide] || p.c.uses > 0 {
			continue
		}
		chosen[p.slide], done[p.slide] = p.c, true
		p.c.uses++
	}

	unusedArticles := 0
	for _, c := range pool {
		if c.article && c.uses == 0 {
			unusedArticles++
		}
	}
	// better orders candidates: unused first, then origin, score and key.
	better := func(a *matchCandidate, as int, b *matchCandidate, bs int) bool {
		if a.uses != b.uses {
			return a.uses < b.uses
		}
		if a.tier != b.tier {
			return a.tier < b.tier
		}
		if as != bs {
			return as > bs
		}
		return a.key < b.key
	}
	for i := range slides {
		if done[i] {
			continue
		}
		var prev, next *matchCandidate
		if i > 0 {
			prev = chosen[i-1]
		}
		if i+1 < len(slides) {
			next = chosen[i+1]
		}
		var best, fallback, neighbour *matchCandidate
		var bestScore, fallbackScore, neighbourScore int
		for _, c := range pool {
			if c.article && c.uses > 0 && unusedArticles > 0 {
				continue
			}
			sc := matchScore(terms[i], slides[i].Paragraph, c)
			if c == prev || c == next {
				if neighbour == nil || better(c, sc, neighbour, neighbourScore) {
					neighbour, neighbourScore = c, sc
				}
				continue
			}
			if sc > 0 && (best == nil || better(c, sc, best, bestScore)) {
				best, bestScore = c, sc
			}
			if fallback == nil || better(c, sc, fallback, fallbackScore) {
				fallback, fallbackScore = c, sc
			}
		}
		pick := best
		if pick == nil {
			if canCreateTextSlides {
				out[i].TextSlide = true
				done[i] = true
				continue
			}
			pick = fallback
			if pick == nil {
				pick = neighbour
			}
		}
		if pick == nil {
			done[i] = true
			continue
		}
		chosen[i], done[i] = pick, true
		if pick.article && pick.uses == 0 {
			unusedArticles--
		}
		pick.uses++
	}
	for i, c := range chosen {
		if c != nil {
			out[i].Candidate = c.c
		}
	}
	return out
}

// SlideKeywords returns up to max keywords of text (all when max < 1): its words,
// lower-cased, without stop words (English, French, German, Spanish, Italian,
// Portuguese, Russian), numbers and one-letter words, most frequent first, then in
// order of appearance. Scripts written without spaces are cut into pairs of
// characters (Chinese, Japanese kanji and katakana) or kept as runs (Thai, ...), so
// they yield keywords too. The result depends only on the input.
func SlideKeywords(text string, max int) []string {
	type stat struct {
		n, first int
	}
	stats := map[string]*stat{}
	var order []string
	for i, w := range kwTokens(strings.ToLower(text)) {
		if st, ok := stats[w]; ok {
			st.n++
			continue
		}
		stats[w] = &stat{n: 1, first: i}
		order = append(order, w)
	}
	sort.SliceStable(order, func(a, b int) bool {
		sa, sb := stats[order[a]], stats[order[b]]
		if sa.n != sb.n {
			return sa.n > sb.n
		}
		return sa.first < sb.first
	})
	if max > 0 && len(order) > max {
		order = order[:max]
	}
	return order
}

// kwTokens cuts lower-cased text into candidate keywords, dropping stop words.
func kwTokens(text string) []string {
	var out []string
	emit := func(w string) {
		w = strings.Trim(w, "'’")
		if i := strings.IndexAny(w, "'’"); i >= 0 {
			_, after, _ := strings.Cut(w, string([]rune(w[i:])[0]))
			before := w[:i]
			switch {
			case kwContraction[after]:
				w = before // it's, don't, we'll: the kwStem carries the meaning
			case len([]rune(before)) <= 2:
				w = after // l'homme, d'accord, qu'il
			}
		}
		n := 0
		digits := true
		for _, r := range w {
			n++
			if !unicode.IsDigit(r) {
				digits = false
			}
		}
		if n < 2 || digits || kwStopWords[w] {
			return
		}
		out = append(out, w)
	}
	var word []rune
	var dense []rune // a run of a script written without spaces
	flushWord := func() {
		if len(word) > 0 {
			emit(string(word))
			word = word[:0]
		}
	}
	flushDense := func() {
		switch {
		case len(dense) == 1:
			out = append(out, string(dense))
		case len(dense) > 1:
			for i := 0; i+1 < len(dense); i++ {
				out = append(out, string(dense[i:i+2]))
			}
		}
		dense = dense[:0]
	}
	for _, r := range text {
		switch {
		case unicode.Is(unicode.Han, r) || unicode.Is(unicode.Katakana, r) || r == 'ー':
			flushWord()
			dense = append(dense, r)
		case unicode.Is(unicode.Hiragana, r):
			// Mostly grammar in Japanese: a boundary, like a space.
			flushWord()
			flushDense()
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || ((r == '\'' || r == '’') && len(word) > 0):
			flushDense()
			word = append(word, r)
		default:
			flushWord()
			flushDense()
		}
	}
	flushWord()
	flushDense()
	return out
}

// kwContraction lists English endings after an apostrophe that leave the word before it.
var kwContraction = map[string]bool{"s": true, "t": true, "re": true, "ve": true, "ll": true, "d": true, "m": true}

// kwStem folds simple English plurals, so "mountains" matches "mountain".
func kwStem(w string) string {
	for _, r := range w {
		if r > unicode.MaxASCII {
			return w
		}
	}
	switch n := len(w); {
	case n > 4 && strings.HasSuffix(w, "ies"):
		return w[:n-3] + "y"
	case n > 4 && (strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes") || strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "sses")):
		return w[:n-2]
	case n > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:n-1]
	}
	return w
}

// kwStopWords are words that say nothing about a picture, in the languages the product
// speaks (spec 000 section 9: en, fr, de, it, es, ru), plus Portuguese and file-name
// noise.
var kwStopWords = setOf(strings.Fields(`
a about above after again against all almost also although always am among an and another any anyone anything are
aren around as at away back be became because become been before being below best better between both but by
can cannot could did do does doing done down during each either else enough etc even ever every few first for
from further get gets getting give given go goes going gone got had has have having he her here hers herself him
himself his how however i if in including into is it its itself just last least less let like made make makes
many may me might mine more most much must my myself never new next no nor not now of off often on once one only
onto or other others our ours ourselves out over own per perhaps put quite rather really said same say says see
seen several shall she should since so some something still such than that the their theirs them themselves then
there these they thing things this those though through thus to too two under until up upon us use used using
very via want was way we well were what whatever when where whether which while who whom whose why will with
within without would yes yet you your yours yourself yourselves
au aux avec ce ces cette dans de des du elle elles en est et eux il ils je la le les leur leurs lui ma mais me
même mes moi mon ne nos notre nous on ou où par pas plus pour qu que qui sa se ses son sont sur ta te tes toi ton
tu un une vos votre vous été être avoir fait comme tout tous toute toutes aussi très
aber als am an auch auf aus bei bin bis bist da damit dann das dass dem den der des dich die dir doch dort du
durch ein eine einem einen einer eines er es für hat hatte ich ihm ihn ihr ihre im in ist ja kann kein keine mich
mit nach nicht noch nur ob oder ohne sehr sein seine sich sie sind so über um und uns unser vom von vor war waren
was weil wenn wer wie wir wird wurde zu zum zur
al algo algunas algunos ante antes como con contra cual cuando del desde donde el ella ellas ellos en entre era
es esa ese eso esta este esto estos hay la las le les lo los más mi muy nada ni no nos nosotros o otra otro para
pero poco por porque que quien se ser si sin sobre su sus también tan te tiene todo todos tu un una unas uno unos
y ya
agli ai alla alle allo anche che chi ci coi col come con da dai dal dalla dalle degli dei del della delle dello
di dov dove ed gli il io lei loro ma mi ne negli nei nel nella nelle noi non nostro per perché più quale quando
quella quello questa questo se si sono su sua sue sui sul sulla suo tra tu tutti tutto uno vi voi
ao aos as às com da das de do dos ela ele eles em entre essa esse isso mas na nas não no nos num numa os ou pela
pelas pelo pelos por quando se sem seu seus sua suas também um uma você
а без более бы был была были было быть в вам вас весь во вот все всего всех вы где да даже для до его ее ей
если есть еще же за здесь и из или им их к как ко когда кто ли либо мне может мы на над надо наш не него нее
нет ни них но ну о об однако он она они оно от очень по под при с со так также такой там те тем то того тоже
той только том ты у уже хотя чего чей чем что чтобы чье чья эта эти это я
jpg jpeg png gif webp svg mp4 mov webm avi img dsc image jpgs www http https com
`)...)
