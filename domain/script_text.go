package domain

import (
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ScriptSection is one part of a script: an optional title line and its sentences.
// A section without a title is an intro, an outro or a plain paragraph.
type ScriptSection struct {
	Title     string
	Sentences []ScriptSentence
}

// ScriptSentence is one sentence of a script section. Line numbers the source line
// inside the section: sentences of one line are joined by a space, lines by a line
// break, so lists and line breaks survive restyling. Pause markers stay attached to
// the sentence before them (or the first sentence after them).
type ScriptSentence struct {
	Text string
	Line int
}

// SplitParagraphs splits text into paragraphs: blocks separated by blank lines, each
// trimmed, empty ones dropped. Lines inside a paragraph are kept.
func SplitParagraphs(text string) []string {
	var out, cur []string
	flush := func() {
		if p := strings.TrimSpace(strings.Join(cur, "\n")); p != "" {
			out = append(out, p)
		}
		cur = cur[:0]
	}
	for _, line := range splitLines(text) {
		if strings.TrimSpace(line) == "" {
			flush()
			continue
		}
		cur = append(cur, strings.TrimRightFunc(line, unicode.IsSpace))
	}
	flush()
	return out
}

// lineSentences splits one line into sentence texts with SplitSentences, attaching
// each pause marker to the sentence before it (or to the next one at the start).
func lineSentences(line string) []string {
	var out []string
	pending := ""
	for _, seg := range SplitSentences(line) {
		if seg.Pause != nil {
			if len(out) > 0 {
				out[len(out)-1] += " " + seg.Pause.Marker
			} else {
				pending = strings.TrimSpace(pending + " " + seg.Pause.Marker)
			}
			continue
		}
		t := seg.Text
		if pending != "" {
			t, pending = pending+" "+t, ""
		}
		out = append(out, t)
	}
	if pending != "" {
		out = append(out, pending)
	}
	return out
}

// looksLikeTitle reports whether a line reads as a heading: short, and not ending like
// a sentence.
func looksLikeTitle(line string) bool {
	line = strings.TrimSpace(line)
	if line == "" || utf8.RuneCountInString(line) > 100 || SentenceWords(line) > 12 || SentenceChars(line) == 0 {
		return false
	}
	if len(ParsePauses(line)) != 1 || strings.ContainsRune(line, '[') {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(line)
	if unicode.Is(unicode.Sentence_Terminal, r) || r == '…' || r == ',' || r == ';' {
		return false
	}
	return len(lineSentences(line)) == 1
}

// ParseScript reads a script written as paragraphs separated by blank lines, where a
// paragraph's first line is its section title when it reads as a heading and more
// lines follow. A heading standing alone before a paragraph titles that paragraph.
func ParseScript(text string) []ScriptSection {
	var out []ScriptSection
	pendingTitle := ""
	for _, p := range SplitParagraphs(text) {
		lines := strings.Split(p, "\n")
		sec := ScriptSection{}
		if len(lines) > 1 && looksLikeTitle(lines[0]) {
			sec.Title = strings.Join(strings.Fields(lines[0]), " ")
			lines = lines[1:]
		} else if len(lines) == 1 && looksLikeTitle(lines[0]) {
			if pendingTitle != "" {
				out = append(out, ScriptSection{Title: pendingTitle})
			}
			pendingTitle = strings.Join(strings.Fields(lines[0]), " ")
			continue
		}
		if pendingTitle != "" {
			if sec.Title != "" {
				out = append(out, ScriptSection{Title: pendingTitle})
			} else {
				sec.Title = pendingTitle
			}
			pendingTitle = ""
		}
		n := 0
		for _, line := range lines {
			ss := lineSentences(line)
			for _, s := range ss {
				sec.Sentences = append(sec.Sentences, ScriptSentence{Text: s, Line: n})
			}
			if len(ss) > 0 {
				n++
			}
		}
		out = append(out, sec)
	}
	if pendingTitle != "" {
		out = append(out, ScriptSection{Title: pendingTitle})
	}
	return out
}

// FormatScript writes sections back as text: each section a paragraph, its title on
// the first line unless titles is false, paragraphs separated by a blank line.
// Sections left with neither title nor sentences are skipped.
func FormatScript(sections []ScriptSection, titles bool) string {
	var paras []string
	for _, s := range sections {
		var b strings.Builder
		if titles && s.Title != "" {
			b.WriteString(s.Title)
		}
		for i, sent := range s.Sentences {
			switch {
			case b.Len() == 0:
			case i == 0 || sent.Line != s.Sentences[i-1].Line:
				b.WriteByte('\n')
			default:
				b.WriteByte(' ')
			}
			b.WriteString(sent.Text)
		}
		if b.Len() > 0 {
			paras = append(paras, b.String())
		}
	}
	return strings.Join(paras, "\n\n")
}

// scriptStopwords are English words too common to say what a text is about.
var scriptStopwords = setOf("a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and",
	"any", "are", "as", "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by",
	"can", "could", "did", "do", "does", "doing", "down", "during", "each", "even", "every", "few", "for", "from",
	"further", "get", "gets", "got", "had", "has", "have", "having", "he", "her", "here", "hers", "him", "his",
	"how", "i", "if", "in", "into", "is", "it", "its", "just", "less", "like", "make", "many", "may", "me", "might",
	"more", "most", "much", "must", "my", "need", "no", "nor", "not", "now", "of", "off", "on", "once", "one",
	"only", "or", "other", "our", "ours", "out", "over", "own", "same", "say", "says", "said", "she", "should",
	"so", "some", "such", "than", "that", "the", "their", "theirs", "them", "then", "there", "these", "they",
	"this", "those", "through", "to", "too", "under", "until", "up", "upon", "us", "use", "used", "very", "was",
	"way", "we", "well", "were", "what", "when", "where", "which", "while", "who", "whom", "why", "will", "with",
	"within", "without", "would", "yet", "you", "your", "yours", "new", "two", "three", "first", "also", "still",
	"video", "script", "write", "create", "tell", "explain", "n't", "s", "t", "don", "doesn", "isn", "aren",
	"won", "ll", "ve", "re", "d", "m", "let", "lets", "thing", "things", "really", "lot", "lots", "good", "great",
	"bad", "big", "small", "little", "almost", "usually", "often", "another", "per", "around", "always", "never")

// isSpacelessScript reports whether r belongs to a script written without spaces,
// where each letter counts as a word.
func isSpacelessScript(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao,
		unicode.Khmer, unicode.Myanmar) && unicode.IsLetter(r)
}

// scriptWord is a word of a text as written, with its lower-case form.
type scriptWord struct {
	Surface, Lower string
}

// scriptWords lists the words of s: runs of letters and digits (an apostrophe inside
// a word keeps it whole; a trailing "'s" is dropped); letters of spaceless scripts
// are words on their own.
func scriptWords(s string) []scriptWord {
	var out []scriptWord
	start := -1
	emit := func(end int) {
		if start < 0 {
			return
		}
		w := s[start:end]
		start = -1
		w = strings.TrimRight(w, "'’-")
		if strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’s") {
			w = strings.TrimSuffix(strings.TrimSuffix(w, "s"), "'")
			w = strings.TrimSuffix(w, "’")
		}
		if w != "" {
			out = append(out, scriptWord{Surface: w, Lower: strings.ToLower(w)})
		}
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case isSpacelessScript(r):
			emit(i)
			out = append(out, scriptWord{Surface: s[i : i+n], Lower: s[i : i+n]})
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			if start < 0 {
				start = i
			}
		case (r == '\'' || r == '’' || r == '-') && start >= 0:
			// inside a word ("don't", "south-facing"); trimmed when it ends one
		default:
			emit(i)
		}
		i += n
	}
	emit(len(s))
	return out
}

// contentWords are the words of s that say what it is about: not stop words, not
// single letters (except in spaceless scripts), not plain numbers.
func contentWords(s string) []scriptWord {
	var out []scriptWord
	for _, w := range scriptWords(s) {
		r, n := utf8.DecodeRuneInString(w.Lower)
		switch {
		case scriptStopwords[w.Lower]:
		case n == len(w.Lower) && !isSpacelessScript(r):
		case strings.Trim(w.Lower, "0123456789") == "":
		default:
			out = append(out, w)
		}
	}
	return out
}

// spokenText is a sentence without its pause markers.
func spokenText(s string) string {
	var b strings.Builder
	for _, seg := range ParsePauses(s) {
		if seg.Pause == nil {
			b.WriteString(seg.Text)
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// sentenceScorer rates sentences for extractive selection. Scores are deterministic:
// term frequency over the whole text, position, length, and the bonuses of the style
// settings.
type sentenceScorer struct {
	tf map[string]float64 // word -> frequency / highest frequency
	// bonus adds a style preference to a sentence's score.
	bonus func(s string, words int) float64
}

func newSentenceScorer(texts []string) *sentenceScorer {
	counts := map[string]int{}
	top := 0
	for _, t := range texts {
		for _, w := range contentWords(spokenText(t)) {
			counts[w.Lower]++
			top = max(top, counts[w.Lower])
		}
	}
	tf := make(map[string]float64, len(counts))
	for w, n := range counts {
		tf[w] = float64(n) / float64(top)
	}
	return &sentenceScorer{tf: tf}
}

// score rates one sentence; pos is its index among n sentences of the text and
// firstInPara marks the first sentence of a paragraph.
func (sc *sentenceScorer) score(s string, pos, n int, firstInPara bool) float64 {
	spoken := spokenText(s)
	cw := contentWords(spoken)
	seen := map[string]bool{}
	sum := 0.0
	for _, w := range cw {
		if !seen[w.Lower] {
			seen[w.Lower] = true
			sum += sc.tf[w.Lower]
		}
	}
	score := 0.0
	if len(cw) > 0 {
		score = sum / math.Sqrt(float64(len(cw)))
	}
	if pos == 0 {
		score += 0.35
	}
	if firstInPara {
		score += 0.15
	}
	if n > 1 {
		score += 0.15 * (1 - float64(pos)/float64(n-1))
	}
	words := SentenceWords(spoken)
	switch {
	case words < 5:
		score -= 0.4
	case words > 45:
		score -= 0.2
	case words >= 8 && words <= 28:
		score += 0.1
	}
	if sc.bonus != nil {
		score += sc.bonus(spoken, words)
	}
	return score
}

// topIndexes returns the indexes of the k highest scores in ascending index order;
// ties go to the earlier sentence.
func topIndexes(scores []float64, k int) []int {
	idx := make([]int, len(scores))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return scores[idx[a]] > scores[idx[b]] })
	if k < len(idx) {
		idx = idx[:max(k, 0)]
	}
	sort.Ints(idx)
	return idx
}

// scriptLen is the length of text in characters (runes), the unit of every script limit.
func scriptLen(s string) int { return utf8.RuneCountInString(s) }

// truncateAtWord cuts s to at most limit runes, at the last white space that fits
// when there is one, without splitting a rune.
func truncateAtWord(s string, limit int) string {
	if limit <= 0 {
		return ""
	}
	if scriptLen(s) <= limit {
		return s
	}
	end, n, lastSpace := 0, 0, -1
	for i := 0; i < len(s) && n < limit; n++ {
		r, w := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			lastSpace = i
		}
		i += w
		end = i
	}
	if lastSpace > 0 {
		end = lastSpace
	}
	return strings.TrimRightFunc(s[:end], unicode.IsSpace)
}

// fitScript drops the lowest-scoring sentences until the formatted script has at most
// limit characters (0 = no limit). A single sentence longer than the limit is cut at
// a word. scores holds one score per sentence, section by section.
func fitScript(sections []ScriptSection, titles bool, limit int, scores [][]float64) []ScriptSection {
	if limit <= 0 || scriptLen(FormatScript(sections, titles)) <= limit {
		return sections
	}
	type ref struct {
		sec, sent int
		score     float64
	}
	var refs []ref
	for i, s := range sections {
		for j := range s.Sentences {
			sc := 0.0
			if i < len(scores) && j < len(scores[i]) {
				sc = scores[i][j]
			}
			refs = append(refs, ref{i, j, sc})
		}
	}
	sort.SliceStable(refs, func(a, b int) bool { return refs[a].score < refs[b].score })
	drop := map[[2]int]bool{}
	keep := func() []ScriptSection {
		out := make([]ScriptSection, 0, len(sections))
		for i, s := range sections {
			ns := ScriptSection{Title: s.Title}
			for j, sent := range s.Sentences {
				if !drop[[2]int{i, j}] {
					ns.Sentences = append(ns.Sentences, sent)
				}
			}
			if len(ns.Sentences) > 0 {
				out = append(out, ns)
			}
		}
		return out
	}
	// The exact formatted length, kept up to date as sentences go: a sentence takes
	// its separator with it, a section's last sentence takes the whole paragraph.
	secLen := make([]int, len(sections))
	remaining := make([]int, len(sections))
	total, paras := 0, 0
	for i, s := range sections {
		if len(s.Sentences) == 0 {
			continue
		}
		secLen[i] = scriptLen(FormatScript([]ScriptSection{s}, titles))
		remaining[i] = len(s.Sentences)
		total += secLen[i]
		paras++
	}
	total += 2 * max(paras-1, 0)
	for k := 0; k < len(refs)-1 && total > limit; k++ {
		r := refs[k]
		drop[[2]int{r.sec, r.sent}] = true
		if remaining[r.sec] > 1 {
			n := scriptLen(sections[r.sec].Sentences[r.sent].Text) + 1
			secLen[r.sec] -= n
			total -= n
			remaining[r.sec]--
			continue
		}
		remaining[r.sec] = 0
		total -= secLen[r.sec]
		if paras > 1 {
			total -= 2
		}
		paras--
	}
	out := keep()
	if scriptLen(FormatScript(out, titles)) <= limit {
		return out
	}
	// One sentence is left and it alone is too long: keep it without its title, cut.
	for _, s := range out {
		if len(s.Sentences) > 0 {
			sent := s.Sentences[0]
			sent.Text = truncateAtWord(sent.Text, limit)
			return []ScriptSection{{Sentences: []ScriptSentence{sent}}}
		}
	}
	return nil
}

// SummaryStrategy says how much of a text a summary keeps; the names are those of
// the script length vocabulary.
type SummaryStrategy string

// Summary strategies: concise keeps about a fifth of the sentences, balanced (the
// default) about a third, elaborate about half; at least three when there are three.
const (
	SummaryConcise   SummaryStrategy = "concise"
	SummaryBalanced  SummaryStrategy = "balanced"
	SummaryElaborate SummaryStrategy = "elaborate"
)

// ParseSummaryStrategy reads a strategy; "" is balanced.
func ParseSummaryStrategy(s string) (SummaryStrategy, bool) {
	switch SummaryStrategy(strings.TrimSpace(s)) {
	case "", SummaryBalanced:
		return SummaryBalanced, true
	case SummaryConcise:
		return SummaryConcise, true
	case SummaryElaborate:
		return SummaryElaborate, true
	}
	return "", false
}

func (s SummaryStrategy) ratio() float64 {
	switch s {
	case SummaryConcise:
		return 0.2
	case SummaryElaborate:
		return 0.5
	}
	return 1.0 / 3
}

// textSentence is a sentence of a source text with where it came from.
type textSentence struct {
	Text        string
	Para        int
	FirstInPara bool
	// Heading is the nearest heading line before the sentence, "" when none.
	Heading string
}

// sourceSentences reads an article or any text into sentences, noting paragraphs and
// headings (lines that read as titles).
func sourceSentences(text string) (sents []textSentence, headings []string) {
	heading := ""
	for pi, p := range SplitParagraphs(text) {
		first := true
		for _, line := range strings.Split(p, "\n") {
			if looksLikeTitle(line) {
				heading = strings.Join(strings.Fields(line), " ")
				headings = append(headings, heading)
				continue
			}
			for _, s := range lineSentences(line) {
				sents = append(sents, textSentence{Text: s, Para: pi, FirstInPara: first, Heading: heading})
				first = false
			}
		}
	}
	return sents, headings
}

// SummaryRequest asks for an extractive summary.
type SummaryRequest struct {
	Text     string
	Strategy SummaryStrategy
	// MaxChars bounds the summary (the plan's script limit); 0 = no bound.
	MaxChars int
}

// Summarize keeps the highest-scoring sentences of text in their order, grouped by
// their paragraphs. Every character of the summary comes from the text: nothing is
// reworded. Headings are left out; a text of headings only is returned as it is (cut
// to the limit).
func Summarize(req SummaryRequest) string {
	sents, _ := sourceSentences(req.Text)
	var full []textSentence
	for _, s := range sents {
		if (SlideOptions{}).IsFullSentence(spokenText(s.Text)) {
			full = append(full, s)
		}
	}
	if len(full) == 0 {
		full = sents
	}
	if len(full) == 0 {
		secs := ParseScript(req.Text)
		return FormatScript(fitScript(secs, true, req.MaxChars, nil), true)
	}
	texts := make([]string, len(full))
	for i, s := range full {
		texts[i] = s.Text
	}
	sc := newSentenceScorer(texts)
	scores := make([]float64, len(full))
	for i, s := range full {
		scores[i] = sc.score(s.Text, i, len(full), s.FirstInPara)
	}
	strategy := req.Strategy
	if strategy == "" {
		strategy = SummaryBalanced
	}
	k := int(math.Ceil(strategy.ratio() * float64(len(full))))
	k = max(k, min(3, len(full)))
	var sections []ScriptSection
	var secScores [][]float64
	para := -1
	for _, i := range topIndexes(scores, k) {
		if full[i].Para != para {
			para = full[i].Para
			sections = append(sections, ScriptSection{})
			secScores = append(secScores, nil)
		}
		last := len(sections) - 1
		sections[last].Sentences = append(sections[last].Sentences, ScriptSentence{Text: full[i].Text})
		secScores[last] = append(secScores[last], scores[i])
	}
	return FormatScript(fitScript(sections, false, req.MaxChars, secScores), false)
}
