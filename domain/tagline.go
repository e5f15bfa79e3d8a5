package domain

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tagline bounds: a tagline is a headline shown on the slide, not a second caption.
const (
	TaglineMaxWords = 8
	TaglineMaxChars = 60
	// taglineMinClauseWords is the shortest opening clause that stands as a tagline.
	taglineMinClauseWords = 3
)

// Tagline writes the headline of a slide from its narration text, by rules: the slide's
// first sentence (or heading line) when it has at most TaglineMaxWords words; else its
// opening clause when that has 3 to TaglineMaxWords words; else its first words, without
// a dangling small word, and an ellipsis. Pause markers are skipped, closing full stops
// and surrounding quotes dropped, and the result is at most TaglineMaxChars characters.
// A slide with no words has no tagline.
func Tagline(text string) string { return Slide{Segments: SplitSentences(text)}.Tagline() }

// Tagline is the slide's headline by the rules of the package's Tagline function; a
// heading that opens the slide is its own segment, so it is the tagline.
func (s Slide) Tagline() string {
	first := ""
	for _, seg := range s.Segments {
		if seg.Pause == nil && SentenceChars(seg.Text) > 0 {
			first = seg.Text
			break
		}
	}
	first = trimTagline(first)
	if first == "" {
		return ""
	}
	words := strings.Fields(first)
	if len(words) <= TaglineMaxWords {
		return capTagline(first)
	}
	if c := trimTagline(openingClause(first)); c != "" {
		if n := len(strings.Fields(c)); n >= taglineMinClauseWords && n <= TaglineMaxWords {
			return capTagline(c)
		}
	}
	cut := words[:TaglineMaxWords]
	for len(cut) > 1 && kwStopWords[strings.ToLower(strings.Trim(cut[len(cut)-1], ",;:'’\"“”"))] {
		cut = cut[:len(cut)-1]
	}
	return capTagline(trimTagline(strings.Join(cut, " ")) + "…")
}

// openingClause returns s up to its first clause break (a comma, semicolon, colon,
// dash or bracket), or "" when it has none.
func openingClause(s string) string {
	for i, r := range s {
		switch r {
		case ',', ';', ':', '(', '—', '–', '，', '、', '；', '：':
			return s[:i]
		}
	}
	return ""
}

// trimTagline drops surrounding white space and quotes and the closing punctuation of a
// statement; question and exclamation marks stay.
func trimTagline(s string) string {
	for {
		t := strings.TrimFunc(s, unicode.IsSpace)
		t = strings.Trim(t, `"'“”‘’«»„`)
		t = strings.TrimRight(t, ".,;:。，；：、")
		if t == s {
			return s
		}
		s = t
	}
}

// capTagline shortens s to TaglineMaxChars characters, at a word break where there is
// one, with an ellipsis.
func capTagline(s string) string {
	if utf8.RuneCountInString(s) <= TaglineMaxChars {
		return s
	}
	r := []rune(s)[:TaglineMaxChars-1]
	if i := strings.LastIndexFunc(string(r), unicode.IsSpace); i > 0 {
		r = []rune(string(r)[:i])
	}
	return trimTagline(string(r)) + "…"
}
