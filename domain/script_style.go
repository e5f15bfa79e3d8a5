package domain

import (
	"math"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Script vocabularies (spec 001 section 3, "Script vocabularies").
var (
	ScriptFormalities = []string{"match", "formal", "informal"}
	ScriptLengths     = []string{"concise", "balanced", "elaborate"}
	ScriptPurposes    = []string{"match", "inform", "educate", "explain", "entertain", "inspire", "storytell",
		"persuade", "promote", "provokeThought"}
	ScriptReadingLevels = []string{"general", "basic", "advanced"}
	ScriptStructures    = []string{"generalPurpose", "generalPurposeNoFluff", "countdownList", "documentary",
		"storybook", "tutorialsGuides", "productShowcase", "multiVoiceNarration", "news", "workout"}
	ScriptTones = []string{"match", "analytical", "creative", "business", "journalistic", "comedic",
		"mysterious", "enthusiastic", "personal", "casual", "nostalgic", "celebratory"}
	ScriptProficiencies = []string{"basic", "none", "intermediate", "advanced"}
)

// StyleSettings are the style modifier settings of a script (spec 001 section 3,
// "Single-video draft"). Empty values take the single flow's defaults: formality,
// purpose and tone match, reading level general, structure generalPurpose, topic
// proficiency basic, length balanced.
type StyleSettings struct {
	Enabled            bool
	Tones              []string
	Structure          string
	ReadingLevel       string
	TopicProficiency   string
	Formality          string
	Purpose            string
	Length             string
	CustomInstructions string
	Preview            bool
}

// Normalize checks every value against its vocabulary, fills defaults and applies
// the tone rules: an empty selection becomes match (Auto), and match chosen with
// others is dropped. Field names are prefixed with prefix ("settings.").
func (s StyleSettings) Normalize(prefix string) (StyleSettings, []FieldError) {
	var fields []FieldError
	check := func(field string, v *string, vocab []string, def string) {
		*v = strings.TrimSpace(*v)
		if *v == "" {
			*v = def
			return
		}
		for _, w := range vocab {
			if *v == w {
				return
			}
		}
		fields = append(fields, FieldError{Field: prefix + field, Message: field + " must be one of " + strings.Join(vocab, ", ")})
	}
	check("structure", &s.Structure, ScriptStructures, "generalPurpose")
	check("readingLevel", &s.ReadingLevel, ScriptReadingLevels, "general")
	check("topicProficiency", &s.TopicProficiency, ScriptProficiencies, "basic")
	check("formality", &s.Formality, ScriptFormalities, "match")
	check("purpose", &s.Purpose, ScriptPurposes, "match")
	check("length", &s.Length, ScriptLengths, "balanced")
	var tones []string
	seen := map[string]bool{}
	for _, t := range s.Tones {
		t = strings.TrimSpace(t)
		if t == "" || seen[t] {
			continue
		}
		seen[t] = true
		v := t
		check("tone", &v, ScriptTones, "match")
		tones = append(tones, t)
	}
	if len(tones) > 1 && seen["match"] {
		kept := tones[:0]
		for _, t := range tones {
			if t != "match" {
				kept = append(kept, t)
			}
		}
		tones = kept
	}
	if len(tones) == 0 {
		tones = []string{"match"}
	}
	s.Tones = tones
	s.CustomInstructions = strings.TrimSpace(s.CustomInstructions)
	if scriptLen(s.CustomInstructions) > MaxCustomInstructionsChars {
		fields = append(fields, FieldError{Field: prefix + "customInstructions", Message: MsgInstructions})
	}
	return s, fields
}

func (s StyleSettings) hasTone(names ...string) bool {
	for _, t := range s.Tones {
		for _, n := range names {
			if t == n {
				return true
			}
		}
	}
	return false
}

// EffectiveFormality is the formality the local rules apply: formal or informal as
// asked; with match, informal for casual, personal and comedic tones, formal for
// business, analytical and journalistic ones, and "" (leave the wording) otherwise.
func (s StyleSettings) EffectiveFormality() string {
	switch s.Formality {
	case "formal", "informal":
		return s.Formality
	}
	informal := s.hasTone("casual", "personal", "comedic")
	formal := s.hasTone("business", "analytical", "journalistic")
	switch {
	case informal && !formal:
		return "informal"
	case formal && !informal:
		return "formal"
	}
	return ""
}

// StyleRequest asks to restyle a script.
type StyleRequest struct {
	Settings StyleSettings
	Script   string
	// MaxChars bounds the result (the plan's limit); 0 = no bound.
	MaxChars int
}

// StyledScript is a restyled script with a title and description. Warnings say what
// the local rules could not do.
type StyledScript struct {
	Script      string
	Title       string
	Description string
	Warnings    []string
}

// WarnCustomInstructions says the local rules did not follow custom instructions.
const WarnCustomInstructions = "Custom instructions need an AI model, which this server does not have; they were not applied."

// Closing lines some purposes add.
const (
	closingPersuade       = "If this helped, take the next step today: try it, share it, and tell us how it went."
	closingPromote        = "Want the full picture? Follow the link in the description and see it for yourself."
	closingProvokeThought = "So, what do you think? Take a moment to decide where you stand."
)

// fillerOpeners begin sentences that say little; generalPurposeNoFluff drops them.
var fillerOpeners = []string{
	"in this video", "in today's video", "in this article", "welcome back", "welcome to", "hello everyone",
	"hi everyone", "hey everyone", "without further ado", "as we all know", "it goes without saying",
	"needless to say", "let's dive in", "let's get started", "stay tuned", "don't forget to", "be sure to subscribe",
	"make sure to subscribe", "like and subscribe", "thanks for watching", "thank you for watching",
	"in conclusion", "to sum up", "all in all", "at the end of the day",
}

func isFiller(s string) bool {
	l := strings.ToLower(strings.ReplaceAll(spokenText(s), "’", "'"))
	l = strings.TrimLeftFunc(l, func(r rune) bool { return !unicode.IsLetter(r) })
	for _, f := range fillerOpeners {
		if strings.HasPrefix(l, f) {
			return true
		}
	}
	return false
}

// styleBonus turns reading level, proficiency, purpose and tones into preferences
// among sentences; it only changes which sentences a shorter length keeps.
func styleBonus(st StyleSettings) func(s string, words int) float64 {
	return func(s string, words int) float64 {
		b := 0.0
		lower := " " + strings.ToLower(s) + " "
		switch st.ReadingLevel {
		case "basic":
			if words <= 15 {
				b += 0.15
			} else if words > 25 {
				b -= 0.15
			}
		case "advanced":
			if words >= 20 {
				b += 0.1
			}
		}
		definitional := strings.Contains(lower, " is a ") || strings.Contains(lower, " are ") ||
			strings.Contains(lower, " means ") || strings.Contains(lower, " refers to ") || strings.Contains(lower, " is the ")
		switch st.TopicProficiency {
		case "none", "basic":
			if definitional {
				b += 0.15
			}
		case "advanced":
			if definitional {
				b -= 0.1
			}
		}
		hasDigit := strings.IndexFunc(s, unicode.IsDigit) >= 0
		question := strings.Contains(s, "?")
		exclaim := strings.Contains(s, "!")
		you := strings.Contains(lower, " you ") || strings.Contains(lower, " your ")
		switch st.Purpose {
		case "inform", "educate", "explain":
			if definitional || hasDigit {
				b += 0.1
			}
		case "persuade", "promote":
			if you {
				b += 0.1
			}
		case "entertain", "inspire", "provokeThought":
			if question || exclaim {
				b += 0.1
			}
		case "storytell":
			if strings.Contains(lower, " was ") || strings.Contains(lower, " were ") {
				b += 0.1
			}
		}
		for _, t := range st.Tones {
			switch t {
			case "analytical", "journalistic", "business":
				if hasDigit {
					b += 0.1
				}
			case "mysterious":
				if question {
					b += 0.1
				}
			case "enthusiastic", "celebratory", "comedic":
				if exclaim {
					b += 0.1
				}
			case "personal", "casual":
				if you || strings.Contains(lower, " i ") || strings.Contains(lower, " we ") {
					b += 0.1
				}
			case "nostalgic":
				if strings.Contains(lower, " used to ") || strings.Contains(lower, " was ") || strings.Contains(lower, " remember ") {
					b += 0.1
				}
			}
		}
		return b
	}
}

// keepRatio is the share of a section's sentences a length keeps: concise half,
// balanced three quarters of sections with four or more sentences, elaborate all.
func keepCount(length string, n int) int {
	switch length {
	case "concise":
		return max(1, int(math.Ceil(float64(n)/2)))
	case "balanced":
		if n >= 4 {
			return int(math.Ceil(float64(n) * 3 / 4))
		}
	}
	return n
}

// ModifyScriptStyle restyles a script with local rules, offline. The settings must be
// normalised. Sentences are kept, dropped or moved, never reworded, except that
// formality expands or contracts contractions, some structures number or label
// section titles, and persuade, promote and provokeThought add a closing line. With
// Enabled false the script is returned as it is. Preview returns the first section
// (two when the first has a single sentence).
func ModifyScriptStyle(req StyleRequest) StyledScript {
	st := req.Settings
	sections := ParseScript(req.Script)
	out := StyledScript{}
	if st.CustomInstructions != "" && st.Enabled {
		out.Warnings = append(out.Warnings, WarnCustomInstructions)
	}
	var all []string
	for _, s := range sections {
		for _, sent := range s.Sentences {
			all = append(all, sent.Text)
		}
	}
	sc := newSentenceScorer(all)
	if st.Enabled {
		sc.bonus = styleBonus(st)
	}
	scores := make([][]float64, len(sections))
	pos := 0
	bestSec, bestSent, best := -1, -1, math.Inf(-1)
	for i, s := range sections {
		scores[i] = make([]float64, len(s.Sentences))
		for j, sent := range s.Sentences {
			scores[i][j] = sc.score(sent.Text, pos, len(all), j == 0)
			if scores[i][j] > best {
				bestSec, bestSent, best = i, j, scores[i][j]
			}
			pos++
		}
	}
	desc := ""
	if bestSec >= 0 {
		desc = strings.TrimSpace(truncateAtWord(spokenText(sections[bestSec].Sentences[bestSent].Text), 300))
	}
	titles := true
	if st.Enabled {
		sections, scores = restyle(st, sections, scores, bestSec, bestSent)
		switch st.Structure {
		case "documentary", "storybook":
			titles = false
		}
	}
	sections, scores = dropEmpty(sections, scores)
	if st.Preview && len(sections) > 0 {
		n := 1
		if len(sections) > 1 && len(sections[0].Sentences) < 2 {
			n = 2
		}
		sections, scores = sections[:n], scores[:n]
	}
	sections = fitScript(sections, titles, req.MaxChars, scores)
	out.Script = FormatScript(sections, titles)
	out.Description = desc
	for _, s := range sections {
		if s.Title != "" {
			out.Title = s.Title
			break
		}
	}
	if out.Title == "" && len(all) > 0 {
		out.Title = strings.TrimSpace(truncateAtWord(firstWords(spokenText(all[0]), 8), 100))
	}
	return out
}

// firstWords returns up to n words of s as written.
func firstWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) > n {
		f = f[:n]
	}
	return strings.Join(f, " ")
}

func dropEmpty(sections []ScriptSection, scores [][]float64) ([]ScriptSection, [][]float64) {
	var out []ScriptSection
	var sc [][]float64
	for i, s := range sections {
		if len(s.Sentences) > 0 || s.Title != "" {
			out = append(out, s)
			sc = append(sc, scores[i])
		}
	}
	return out, sc
}

// restyle applies the enabled settings to parsed sections.
func restyle(st StyleSettings, sections []ScriptSection, scores [][]float64, bestSec, bestSent int) ([]ScriptSection, [][]float64) {
	out := make([]ScriptSection, 0, len(sections)+2)
	outScores := make([][]float64, 0, len(sections)+2)
	var lead *ScriptSentence
	leadScore := 0.0
	moveLead := (st.Structure == "news" || st.Structure == "productShowcase") && bestSec >= 0 &&
		(bestSec != 0 || bestSent != 0)
	for i, s := range sections {
		type item struct {
			sent  ScriptSentence
			score float64
		}
		var items []item
		for j, sent := range s.Sentences {
			if moveLead && i == bestSec && j == bestSent {
				l := sent
				lead, leadScore = &l, scores[i][j]
				continue
			}
			if st.Structure == "generalPurposeNoFluff" && len(s.Sentences) > 1 && isFiller(sent.Text) {
				continue
			}
			items = append(items, item{sent, scores[i][j]})
		}
		ss := make([]float64, len(items))
		for k, it := range items {
			ss[k] = it.score
		}
		ns := ScriptSection{Title: s.Title}
		newScores := []float64{}
		for _, k := range topIndexes(ss, keepCount(st.Length, len(items))) {
			ns.Sentences = append(ns.Sentences, items[k].sent)
			newScores = append(newScores, items[k].score)
		}
		if len(ns.Sentences) == 0 && s.Title != "" && len(s.Sentences) > 0 {
			continue // every sentence went (the lead moved away): drop the title too
		}
		out = append(out, ns)
		outScores = append(outScores, newScores)
	}
	if lead != nil {
		l := *lead
		l.Line = 0
		out = append([]ScriptSection{{Sentences: []ScriptSentence{l}}}, out...)
		outScores = append([][]float64{{leadScore + 1}}, outScores...)
	}
	labelSections(st.Structure, out)
	if f := st.EffectiveFormality(); f != "" {
		for i := range out {
			for j := range out[i].Sentences {
				if f == "formal" {
					out[i].Sentences[j].Text = ExpandContractions(out[i].Sentences[j].Text)
				} else {
					out[i].Sentences[j].Text = Contract(out[i].Sentences[j].Text)
				}
			}
		}
	}
	closing := ""
	switch st.Purpose {
	case "persuade":
		closing = closingPersuade
	case "promote":
		closing = closingPromote
	case "provokeThought":
		closing = closingProvokeThought
	}
	if closing != "" {
		out = append(out, ScriptSection{Sentences: []ScriptSentence{{Text: closing}}})
		outScores = append(outScores, []float64{math.Inf(1)})
	}
	return out, outScores
}

// labelSections numbers or labels section titles for the structures that have them:
// countdownList counts down ("3. Title"), tutorialsGuides has steps, workout rounds,
// multiVoiceNarration alternates two voices. Sections without a title get one from
// their key words, except an untitled first section, which stays the intro.
func labelSections(structure string, sections []ScriptSection) {
	var label func(i, n int) string
	switch structure {
	case "countdownList":
		label = func(i, n int) string { return itoa(n-i) + ". " }
	case "tutorialsGuides":
		label = func(i, _ int) string { return "Step " + itoa(i+1) + ": " }
	case "workout":
		label = func(i, _ int) string { return "Round " + itoa(i+1) + ": " }
	case "multiVoiceNarration":
		for i := range sections {
			voice := "Voice " + itoa(i%2+1)
			if sections[i].Title == "" {
				sections[i].Title = voice
			} else {
				sections[i].Title = voice + ": " + sections[i].Title
			}
		}
		return
	default:
		return
	}
	start := 0
	if len(sections) > 1 && sections[0].Title == "" {
		start = 1 // the intro
	}
	n := len(sections) - start
	for i := start; i < len(sections); i++ {
		t := sections[i].Title
		if t == "" {
			var texts []string
			for _, s := range sections[i].Sentences {
				texts = append(texts, s.Text)
			}
			t = keywordTitle(texts, newSentenceScorer(texts))
		}
		sections[i].Title = label(i-start, n) + t
	}
}

func itoa(n int) string {
	if n < 10 && n >= 0 {
		return string(rune('0' + n))
	}
	return groupThousands(n)
}

var (
	// Contractions with "n't": the verb before it, and the irregular ones.
	reNot       = regexp.MustCompile(`(?i)\b([a-z]+)n['’]t\b`)
	reSuffix    = regexp.MustCompile(`(?i)\b([a-z]+)['’](re|ve|ll|m|d)\b`)
	rePronounIs = regexp.MustCompile(`(?i)\b(it|that|there|what|here|who|he|she|let)['’]s\b`)
	suffixWords = map[string]string{"re": "are", "ve": "have", "ll": "will", "m": "am", "d": "would"}
)

// matchCase gives repl the capital first letter of orig when it has one.
func matchCase(orig, repl string) string {
	r, _ := utf8.DecodeRuneInString(orig)
	if unicode.IsUpper(r) {
		return capitalizeFirst(repl)
	}
	return repl
}

// ExpandContractions writes English contractions out in full for a formal style:
// "don't" becomes "do not", "can't" "cannot", "won't" "will not", "it's" "it is",
// "we're" "we are", "let's" "let us".
func ExpandContractions(s string) string {
	s = reNot.ReplaceAllStringFunc(s, func(m string) string {
		base := reNot.FindStringSubmatch(m)[1]
		switch strings.ToLower(base) {
		case "ca":
			return matchCase(m, "cannot")
		case "wo":
			return matchCase(m, "will not")
		case "sha":
			return matchCase(m, "shall not")
		case "ai":
			return m
		}
		return base + " not"
	})
	s = reSuffix.ReplaceAllStringFunc(s, func(m string) string {
		sm := reSuffix.FindStringSubmatch(m)
		return sm[1] + " " + suffixWords[strings.ToLower(sm[2])]
	})
	return rePronounIs.ReplaceAllStringFunc(s, func(m string) string {
		w := rePronounIs.FindStringSubmatch(m)[1]
		if strings.EqualFold(w, "let") {
			return w + " us"
		}
		return w + " is"
	})
}

// contraction is a phrase the informal style shortens; continued phrases are only
// shortened when a word follows ("what it is." stays).
type contraction struct {
	re        *regexp.Regexp
	repl      func(first string) string
	continued bool
}

var contractions = []contraction{
	{regexp.MustCompile(`(?i)\b(do|does|did|is|are|was|were|has|had|would|could|should|must|need) not\b`),
		func(w string) string { return w + "n't" }, false},
	{regexp.MustCompile(`(?i)\b(will) not\b`), func(w string) string { return matchCase(w, "won't") }, false},
	{regexp.MustCompile(`(?i)\b(can) ?not\b`), func(w string) string { return matchCase(w, "can't") }, false},
	{regexp.MustCompile(`(?i)\b(it|that|there|what|he|she) is\b`), func(w string) string { return w + "'s" }, true},
	{regexp.MustCompile(`(?i)\b(you|we|they) are\b`), func(w string) string { return w + "'re" }, true},
	{regexp.MustCompile(`\b(I) am\b`), func(w string) string { return w + "'m" }, true},
	{regexp.MustCompile(`(?i)\b(I|you|we|they) will\b`), func(w string) string { return w + "'ll" }, true},
	{regexp.MustCompile(`(?i)\b(let) us\b`), func(w string) string { return w + "'s" }, false},
}

// Contract shortens common phrases for an informal style: "do not" becomes "don't",
// "cannot" "can't", "it is" "it's", "we are" "we're", "let us" "let's".
func Contract(s string) string {
	for _, c := range contractions {
		var b strings.Builder
		last := 0
		for _, m := range c.re.FindAllStringSubmatchIndex(s, -1) {
			if c.continued && !followedByWord(s[m[1]:]) {
				continue
			}
			b.WriteString(s[last:m[0]])
			b.WriteString(c.repl(s[m[2]:m[3]]))
			last = m[1]
		}
		b.WriteString(s[last:])
		s = b.String()
	}
	return s
}

// followedByWord reports whether rest starts with white space and then a letter or digit.
func followedByWord(rest string) bool {
	t := strings.TrimLeft(rest, " \t")
	if len(t) == len(rest) || t == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}
