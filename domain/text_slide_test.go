package domain

import (
	"strings"
	"testing"
)

func TestTextSlideText(t *testing.T) {
	long := strings.Repeat("word ", 60) + "end."
	cases := []struct{ in, want string }{
		{"Batteries store power. They last.", "Batteries store power."},
		{"[pause 1s] After a pause.", "After a pause."},
		{"", ""},
		{long, strings.TrimSpace(string([]rune(long)[:TextSlideMaxRunes-1])) + "…"},
	}
	for _, c := range cases {
		if got := TextSlideText(c.in); got != c.want {
			t.Errorf("TextSlideText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFollowSlideText(t *testing.T) {
	const old, next = "Batteries store power. They last.", "Batteries keep power. Homes stay bright."
	cases := []struct {
		name, item, want string
		changed          bool
	}{
		{"first sentence follows", "Batteries store power.", "Batteries keep power.", true},
		{"all the words follow", old, next, true},
		{"all the words, spaced", "  " + old + " ", next, true},
		{"the user's own text stays", "Power for the night", "Power for the night", false},
		{"empty stays", "", "", false},
	}
	for _, c := range cases {
		got, changed := FollowSlideText(c.item, old, next)
		if got != c.want || changed != c.changed {
			t.Errorf("%s: FollowSlideText(%q) = %q, %v; want %q, %v", c.name, c.item, got, changed, c.want, c.changed)
		}
	}
	if got, changed := FollowSlideText("Batteries store power.", old, "   "); changed || got != "Batteries store power." {
		t.Errorf("words emptied: %q, %v; a text slide keeps what it showed", got, changed)
	}
}
