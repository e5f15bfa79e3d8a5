package domain

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"pagecast/models"
)

// Script constants (spec 001 section 9) and our bounds (docs/decisions.md, "Scripts").
const (
	// ScriptPromptMinChars and ScriptPromptMaxChars bound a topic prompt after white
	// space is collapsed.
	ScriptPromptMinChars = 20
	ScriptPromptMaxChars = 500
	// Script generator sections: short, medium (the default) and long.
	ScriptSectionsShort  = 2
	ScriptSectionsMedium = 4
	ScriptSectionsLong   = 6
	// Script limits by plan, in characters.
	ScriptLimitPartner = 10000
	ScriptLimitFree    = 7000
	ScriptLimitPaid    = 60000
	// MaxScriptSourceChars bounds texts the script calls read (articles, scripts to
	// restyle or summarise): the editable text's limit.
	MaxScriptSourceChars = 100000
	// MaxScriptPersonaChars bounds role and audience.
	MaxScriptPersonaChars = 100
	// MaxCustomInstructionsChars bounds a style's custom instructions.
	MaxCustomInstructionsChars = 1000
	// scriptSentencesPerSection is how many sentences of an article a section keeps.
	scriptSentencesPerSection = 3
)

// ScriptThrottleBaseUnit and ScriptThrottleDelay: after each successful script
// generation a user waits 10 times the base unit (spec 001 section 9).
const (
	ScriptThrottleBaseUnit = 1000 * time.Millisecond
	ScriptThrottleDelay    = 10 * ScriptThrottleBaseUnit
)

// Messages of script validation. The prompt messages begin with the spec's words.
const (
	MsgPromptTooShort = "prompt too short: write at least 20 characters"
	MsgPromptTooLong  = "too long: a prompt has at most 500 characters"
	MsgInvalidText    = "invalid text: please enter some text"
	MsgSourceTooLong  = "too long: at most 100,000 characters"
	MsgSections       = "sectionsAmount must be short (2), medium (4) or long (6)"
	MsgToneType       = "toneType must be informative (1) or persuasive (2)"
	MsgPersonaTooLong = "must be at most 100 characters"
	MsgStrategy       = "strategy must be concise, balanced or elaborate"
	MsgInstructions   = "customInstructions must be at most 1,000 characters"
)

// ScriptLimit is the longest script, in characters, a publisher's plan allows
// (spec 001 section 9): partner plan 10,000, standalone paid 60,000, standalone free
// 7,000. Video creation refuses longer scripts; the script calls fit their output to it.
func ScriptLimit(p models.Publisher) int {
	switch {
	case p.IsPartner:
		return ScriptLimitPartner
	case p.Plan == models.PlanPaid:
		return ScriptLimitPaid
	}
	return ScriptLimitFree
}

// MsgScriptTooLong is the message for a script over the plan's limit.
func MsgScriptTooLong(limit int) string {
	return "Script is too long: your plan allows at most " + groupThousands(limit) + " characters."
}

// CheckScriptLength returns MsgScriptTooLong when text is longer than limit characters, or "".
func CheckScriptLength(text string, limit int) string {
	if scriptLen(text) > limit {
		return MsgScriptTooLong(limit)
	}
	return ""
}

func groupThousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// CollapseSpace turns every run of white space into one space and trims the ends.
func CollapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// ToneType is the generator's tone: informative 1 or persuasive 2.
type ToneType int

// Tone types (spec 001 section 9).
const (
	ToneInformative ToneType = 1
	TonePersuasive  ToneType = 2
)

// ParseToneType reads a tone type as a number or name; "" is informative.
func ParseToneType(s string) (ToneType, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "0", "1", "informative":
		return ToneInformative, true
	case "2", "persuasive":
		return TonePersuasive, true
	}
	return 0, false
}

// ParseSections reads a section amount as a number or name; "" is medium.
func ParseSections(s string) (int, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "0", "4", "medium":
		return ScriptSectionsMedium, true
	case "2", "short":
		return ScriptSectionsShort, true
	case "6", "long":
		return ScriptSectionsLong, true
	}
	return 0, false
}

// ScriptSource says what the generator's text is.
type ScriptSource string

// Script sources: a topic prompt (the default) or an article body to summarise.
const (
	SourceTopic   ScriptSource = "topic"
	SourceArticle ScriptSource = "article"
)

// ScriptRequest asks for a video script (spec 001 section 7, generateVideoScript).
type ScriptRequest struct {
	Text                string
	Source              ScriptSource
	Sections            int
	RemoveSectionTitles bool
	Tone                ToneType
	Role, Audience      string
	// MaxChars bounds the script (the plan's limit); 0 = no bound.
	MaxChars int
}

// GeneratedScript is a written script with its title and description.
type GeneratedScript struct {
	Title       string
	Description string
	Text        string
}

// Normalize checks a request and fills its defaults: a topic prompt has its white space
// collapsed and must be 20 to 500 characters; an article must hold some text and at
// most MaxScriptSourceChars; role and audience are collapsed and at most 100.
func (r ScriptRequest) Normalize() (ScriptRequest, []FieldError) {
	var fields []FieldError
	switch r.Source {
	case "", SourceTopic:
		r.Source = SourceTopic
		r.Text = CollapseSpace(r.Text)
		switch n := scriptLen(r.Text); {
		case n < ScriptPromptMinChars:
			fields = append(fields, FieldError{Field: "text", Message: MsgPromptTooShort})
		case n > ScriptPromptMaxChars:
			fields = append(fields, FieldError{Field: "text", Message: MsgPromptTooLong})
		}
	case SourceArticle:
		r.Text = strings.TrimSpace(r.Text)
		switch {
		case SentenceChars(r.Text) == 0:
			fields = append(fields, FieldError{Field: "text", Message: MsgInvalidText})
		case scriptLen(r.Text) > MaxScriptSourceChars:
			fields = append(fields, FieldError{Field: "text", Message: MsgSourceTooLong})
		}
	default:
		fields = append(fields, FieldError{Field: "source", Message: "source must be topic or article"})
	}
	switch r.Sections {
	case 0:
		r.Sections = ScriptSectionsMedium
	case ScriptSectionsShort, ScriptSectionsMedium, ScriptSectionsLong:
	default:
		fields = append(fields, FieldError{Field: "sectionsAmount", Message: MsgSections})
	}
	switch r.Tone {
	case 0:
		r.Tone = ToneInformative
	case ToneInformative, TonePersuasive:
	default:
		fields = append(fields, FieldError{Field: "toneType", Message: MsgToneType})
	}
	r.Role, r.Audience = CollapseSpace(r.Role), CollapseSpace(r.Audience)
	if scriptLen(r.Role) > MaxScriptPersonaChars {
		fields = append(fields, FieldError{Field: "role", Message: "role " + MsgPersonaTooLong})
	}
	if scriptLen(r.Audience) > MaxScriptPersonaChars {
		fields = append(fields, FieldError{Field: "audience", Message: "audience " + MsgPersonaTooLong})
	}
	return r, fields
}

// GenerateVideoScript writes a script with local rules, offline. An article is
// summarised extractively into the asked number of sections, each titled by its
// article heading or its key words. A topic gets a structured script in full
// sentences that names the topic in every part (intro, sections, outro); it states no
// facts, which a person or an AI model must add. A persuasive tone adds a call to
// action; role and audience shape the intro. The request must be normalised.
func GenerateVideoScript(r ScriptRequest) GeneratedScript {
	if r.Source == SourceArticle {
		return articleScript(r)
	}
	return topicScript(r)
}

// personaIntro is the sentence role and audience add to an intro, or "".
func personaIntro(role, audience, about string) string {
	if about != "" {
		about = " about " + about
	}
	switch {
	case role != "" && audience != "":
		return fmt.Sprintf("As %s %s, here is what %s should know%s.", article(role), role, audience, about)
	case role != "":
		return fmt.Sprintf("As %s %s, here is what you should know%s.", article(role), role, about)
	case audience != "":
		return fmt.Sprintf("Here is what %s should know%s.", audience, about)
	}
	return ""
}

// article returns "a" or "an" for a noun phrase.
func article(s string) string {
	r, _ := utf8.DecodeRuneInString(strings.ToLower(s))
	if strings.ContainsRune("aeiou", r) {
		return "an"
	}
	return "a"
}

// callToAction closes a persuasive script.
const callToAction = "If this matters to you, act on it today: share this video and take the first step."

func articleScript(r ScriptRequest) GeneratedScript {
	sents, headings := sourceSentences(r.Text)
	var full []textSentence
	for _, s := range sents {
		if (SlideOptions{}).IsFullSentence(spokenText(s.Text)) {
			full = append(full, s)
		}
	}
	if len(full) == 0 {
		full = sents
	}
	texts := make([]string, len(full))
	for i, s := range full {
		texts[i] = s.Text
	}
	sc := newSentenceScorer(texts)
	if r.Tone == TonePersuasive {
		sc.bonus = persuasiveBonus
	}
	scores := make([]float64, len(full))
	for i, s := range full {
		scores[i] = sc.score(s.Text, i, len(full), s.FirstInPara)
	}
	picked := topIndexes(scores, r.Sections*scriptSentencesPerSection)
	n := min(r.Sections, len(picked))
	var sections []ScriptSection
	var secScores [][]float64
	if intro := personaIntro(r.Role, r.Audience, ""); intro != "" {
		sections = append(sections, ScriptSection{Sentences: []ScriptSentence{{Text: intro}}})
		secScores = append(secScores, []float64{math.Inf(1)})
	}
	// The article's opening heading titles the script, not its first section.
	used := map[string]bool{}
	title := ""
	if len(headings) > 0 && len(sents) > 0 && sents[0].Heading == headings[0] {
		title, used[headings[0]] = headings[0], true
	}
	for g := 0; g < n; g++ {
		// Contiguous groups, the first ones one longer when the split is uneven.
		lo, hi := g*len(picked)/n, (g+1)*len(picked)/n
		sec := ScriptSection{}
		var ss []float64
		var groupText []string
		for _, i := range picked[lo:hi] {
			sec.Sentences = append(sec.Sentences, ScriptSentence{Text: full[i].Text})
			ss = append(ss, scores[i])
			groupText = append(groupText, full[i].Text)
		}
		if h := full[picked[lo]].Heading; h != "" && !used[h] {
			sec.Title, used[h] = h, true
		} else {
			sec.Title = keywordTitle(groupText, sc)
		}
		sections = append(sections, sec)
		secScores = append(secScores, ss)
	}
	if r.Tone == TonePersuasive {
		sections = append(sections, ScriptSection{Sentences: []ScriptSentence{{Text: callToAction}}})
		secScores = append(secScores, []float64{math.Inf(1)})
	}
	titles := !r.RemoveSectionTitles
	sections = fitScript(sections, titles, r.MaxChars, secScores)
	if title == "" {
		title = keywordTitle(texts, sc)
	}
	desc := ""
	if best := topIndexes(scores, 1); len(best) == 1 {
		desc = truncateAtWord(spokenText(full[best[0]].Text), 300)
	}
	return GeneratedScript{Title: title, Description: strings.TrimSpace(desc), Text: FormatScript(sections, titles)}
}

// persuasiveBonus prefers sentences that speak to the viewer or urge them.
func persuasiveBonus(s string, _ int) float64 {
	b := 0.0
	for _, w := range scriptWords(s) {
		switch w.Lower {
		case "you", "your", "should", "must", "need", "now", "today", "best", "save", "free", "get":
			b += 0.08
		}
	}
	return min(b, 0.3)
}

// keywordTitle names a group of sentences by its three most telling words, as
// written ("Panels, roofs and costs").
func keywordTitle(texts []string, sc *sentenceScorer) string {
	type kw struct {
		w scriptWord
		n int
		// midSentence is the word as written away from a sentence's start, "" if never.
		midSentence string
	}
	var order []string
	found := map[string]*kw{}
	for _, t := range texts {
		spoken := spokenText(t)
		firstWord := ""
		if all := scriptWords(spoken); len(all) > 0 {
			firstWord = all[0].Surface
		}
		for i, w := range contentWords(spoken) {
			k, seen := found[w.Lower]
			if !seen {
				k = &kw{w: w}
				found[w.Lower] = k
				order = append(order, w.Lower)
			}
			k.n++
			if k.midSentence == "" && (i > 0 || w.Surface != firstWord) {
				k.midSentence = w.Surface
			}
		}
	}
	weight := func(k *kw) float64 { return float64(k.n) + sc.tf[k.w.Lower] }
	// Stable selection of the top three by weight, earlier words first on ties.
	var top []*kw
	for _, l := range order {
		k := found[l]
		i := len(top)
		for i > 0 && weight(top[i-1]) < weight(k) {
			i--
		}
		if i < 3 {
			top = append(top[:i], append([]*kw{k}, top[i:]...)...)
			if len(top) > 3 {
				top = top[:3]
			}
		}
	}
	words := make([]string, len(top))
	for i, k := range top {
		// A capital only at the start of a sentence is not part of the word.
		words[i] = k.midSentence
		if words[i] == "" {
			words[i] = k.w.Lower
		}
	}
	if len(words) == 0 {
		return "Summary"
	}
	words[0] = capitalizeFirst(words[0])
	return joinList(words)
}

// joinList joins words as "a", "a and b" or "a, b and c".
func joinList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

func capitalizeFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// topicPrefixes are ways people start a prompt that are not part of the topic.
var topicPrefixes = []string{
	"write a video script about ", "write a script about ", "write a video about ", "create a video about ",
	"create a script about ", "make a video about ", "make a script about ", "a video about ", "a script about ",
	"video about ", "script about ", "tell me about ", "talk about ", "explain ",
}

// lowerStarters are first words of a topic written in lower case inside a sentence.
var lowerStarters = setOf("the", "a", "an", "how", "why", "what", "when", "where", "which", "who", "benefits",
	"tips", "ways", "reasons", "history", "basics", "guide", "introduction", "ideas", "steps", "top", "best",
	"common", "simple", "easy", "my", "our", "your", "using", "making", "building", "learning", "choosing")

// cleanTopic turns a prompt into a topic phrase for the middle of a sentence.
func cleanTopic(prompt string) string {
	t := CollapseSpace(prompt)
	lower := strings.ToLower(t)
	for _, p := range topicPrefixes {
		if strings.HasPrefix(lower, p) && len(t) > len(p)+3 {
			t = t[len(p):]
			break
		}
	}
	t = strings.TrimRightFunc(t, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
	if t == "" {
		return CollapseSpace(prompt)
	}
	first, rest, _ := strings.Cut(t, " ")
	if lowerStarters[strings.ToLower(first)] && first != strings.ToUpper(first) {
		t = strings.ToLower(first[:1]) + first[1:]
		if rest != "" {
			t += " " + rest
		}
	}
	return t
}

// titleCase capitalises a topic for a title, leaving small words and words that
// already hold capitals alone.
func titleCase(s string) string {
	small := setOf("a", "an", "the", "and", "or", "but", "of", "for", "to", "in", "on", "at", "by", "with", "as", "vs")
	words := strings.Fields(s)
	for i, w := range words {
		if i > 0 && small[w] {
			continue
		}
		if strings.ToLower(w) == w {
			words[i] = capitalizeFirst(w)
		}
	}
	return strings.Join(words, " ")
}

// topicSection is a part of the topic template: a title and its sentences, with
// {T} the topic, {A} the audience ("you" without one), {K} its key words.
type topicSection struct {
	title string
	text  []string
}

var topicSections = []topicSection{
	{"The basics", []string{
		"First, the basics of our topic: {T}.",
		"We name its parts and the words you will hear most, such as {K}.",
		"With those in place, the rest is easier to follow.",
	}},
	{"Why it matters", []string{
		"Why does this topic matter?",
		"It shapes choices {A} make, and knowing it well saves time and mistakes.",
		"Think about where it already shows up in your week.",
	}},
	{"The key ideas", []string{
		"A few ideas carry most of the weight here: {K}.",
		"Take them one at a time, and see how each one connects to the others.",
	}},
	{"Common mistakes", []string{
		"Most trouble comes from rushing.",
		"People skip the basics, copy what worked for someone else, or stop before they see results.",
		"Go step by step and check your progress as you go.",
	}},
	{"How to get started", []string{
		"Getting started is simpler than it looks.",
		"Pick one small step you can take today, set a time for it, and note what happens.",
		"Small, steady steps add up.",
	}},
	{"What comes next", []string{
		"Once the basics feel natural, go deeper.",
		"Look for trusted sources on {K}, compare what you learn with your own experience, and keep asking questions.",
	}},
}

// topicPlan lists which template sections a script of n sections uses.
var topicPlan = map[int][]int{
	ScriptSectionsShort:  {0, 4},
	ScriptSectionsMedium: {0, 1, 2, 4},
	ScriptSectionsLong:   {0, 1, 2, 3, 4, 5},
}

var numberWords = map[int]string{2: "two", 4: "four", 6: "six"}

func topicScript(r ScriptRequest) GeneratedScript {
	topic := cleanTopic(r.Text)
	var kws []string
	seen := map[string]bool{}
	for _, w := range contentWords(topic) {
		if !seen[w.Lower] && len(kws) < 3 {
			seen[w.Lower] = true
			kws = append(kws, w.Surface)
		}
	}
	keywords := joinList(kws)
	if keywords == "" {
		keywords = topic
	}
	audience := r.Audience
	if audience == "" {
		audience = "you"
	}
	fill := func(s string) string {
		s = strings.NewReplacer("{T}", topic, "{A}", audience, "{K}", keywords).Replace(s)
		return capitalizeFirst(s)
	}
	plan := topicPlan[r.Sections]
	if plan == nil {
		plan = topicPlan[ScriptSectionsMedium]
	}
	intro := []string{fill("This video is about {T}.")}
	if p := personaIntro(r.Role, r.Audience, ""); p != "" {
		intro = append(intro, p)
	}
	parts := make([]string, len(plan))
	for i, idx := range plan {
		parts[i] = strings.ToLower(topicSections[idx].title)
	}
	intro = append(intro, fmt.Sprintf("In %s short parts, we look at %s.", numberWords[len(plan)], joinList(parts)))
	sections := []ScriptSection{sentencesSection("", intro)}
	for _, idx := range plan {
		ts := topicSections[idx]
		var text []string
		for _, s := range ts.text {
			text = append(text, fill(s))
		}
		if r.Tone == TonePersuasive && idx == 4 {
			text = append(text, "The best time to begin is now.")
		}
		sections = append(sections, sentencesSection(ts.title, text))
	}
	outro := []string{fill("That was our short look at {T}."), "Thanks for watching."}
	if r.Tone == TonePersuasive {
		outro = []string{"Now it is your turn.", "Start with one small step today, and share this video with someone who needs it."}
	}
	sections = append(sections, sentencesSection("", outro))
	titles := !r.RemoveSectionTitles
	sections = fitScript(sections, titles, r.MaxChars, nil)
	desc := "A short video about " + topic
	if r.Audience != "" {
		desc += " for " + r.Audience
	}
	return GeneratedScript{
		Title:       truncateAtWord(titleCase(capitalizeFirst(topic)), 100),
		Description: desc + ".",
		Text:        FormatScript(sections, titles),
	}
}

func sentencesSection(title string, sentences []string) ScriptSection {
	s := ScriptSection{Title: title}
	for _, t := range sentences {
		s.Sentences = append(s.Sentences, ScriptSentence{Text: t})
	}
	return s
}
