package domain

import (
	"strings"
	"unicode/utf8"
)

// TextSlideMaxRunes is the longest text a text slide made from a slide's words shows.
const TextSlideMaxRunes = 200

// TextSlideText is what a text slide made from a slide's words shows: its first
// sentence, shortened to TextSlideMaxRunes with an ellipsis ("" when it has none).
func TextSlideText(slideText string) string {
	for _, s := range SplitSentences(slideText) {
		if s.Pause == nil && strings.TrimSpace(s.Text) != "" {
			t := strings.TrimSpace(s.Text)
			if utf8.RuneCountInString(t) > TextSlideMaxRunes {
				t = string([]rune(t)[:TextSlideMaxRunes-1]) + "…"
			}
			return t
		}
	}
	return ""
}

// FollowSlideText is a text slide's text after its slide's words changed from oldText
// to newText: text made from the old words (their first sentence, or all of them, as
// "Make it a text slide" takes them) is made again from the new; text of the user's own
// stays. ok reports whether it changed.
func FollowSlideText(item, oldText, newText string) (string, bool) {
	var next string
	switch strings.TrimSpace(item) {
	case "":
		return item, false
	case TextSlideText(oldText):
		next = TextSlideText(newText)
	case strings.TrimSpace(oldText):
		next = strings.TrimSpace(newText)
	default:
		return item, false
	}
	if next == "" || next == item {
		return item, false
	}
	return next, true
}
