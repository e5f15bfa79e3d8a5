package domain

import (
	"testing"
	"unicode/utf8"
)

func TestTagline(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", ""},
		{"only a pause", "[pause 1s]", ""},
		{"short sentence is the tagline", "Keepers climbed every evening.", "Keepers climbed every evening"},
		{"first sentence only", "The lamp was automated. Nobody lives there now.", "The lamp was automated"},
		{"a heading line opens the slide", "A century of light\nThe lighthouse at Bergvik was built in 1872 on a bare rock at the mouth of the fjord.", "A century of light"},
		{"first clause of a long sentence", "In 1950 the light was electrified, and the keepers became fewer as the years went by.", "In 1950 the light was electrified"},
		{"clause too short: cut at words", "Today, the tower is a small museum run by volunteers from the village and the islands.", "Today, the tower is a small museum run…"},
		{"no dangling small word", "The last keeper left the island of the north in 1987 when the lamp was automated.", "The last keeper left the island…"},
		{"question mark kept", "Why did the keepers leave?", "Why did the keepers leave?"},
		{"pause marker skipped", "[pause 500ms] Storms kept them awake.", "Storms kept them awake"},
		{"quotes trimmed", "“Light the lamp.”", "Light the lamp"},
		{"Japanese", "灯台は1872年に建てられました。今は博物館です。", "灯台は1872年に建てられました"},
		{"a fragment slide", "Yes.", "Yes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Tagline(tt.text)
			if got != tt.want {
				t.Fatalf("Tagline(%q) = %q, want %q", tt.text, got, tt.want)
			}
			if utf8.RuneCountInString(got) > TaglineMaxChars {
				t.Fatalf("tagline %q is over %d characters", got, TaglineMaxChars)
			}
		})
	}
}

func TestTaglineIsBounded(t *testing.T) {
	long := "Supercalifragilisticexpialidocious antidisestablishmentarianism floccinaucinihilipilification pneumonoultramicroscopicsilicovolcanoconiosis hippopotomonstrosesquippedaliophobia."
	got := Tagline(long)
	if n := utf8.RuneCountInString(got); n == 0 || n > TaglineMaxChars {
		t.Fatalf("Tagline = %q (%d characters), want 1 to %d", got, n, TaglineMaxChars)
	}
}

func FuzzTagline(f *testing.F) {
	for _, s := range []string{"", "Keepers climbed every evening.", "A\nB c d.", "[pause 1s] x", "灯台は1872年に建てられました。", "a, b, c, d, e, f, g, h, i, j."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Tagline(s)
		if !utf8.ValidString(got) && utf8.ValidString(s) {
			t.Fatalf("Tagline(%q) = %q: not UTF-8", s, got)
		}
		if utf8.RuneCountInString(got) > TaglineMaxChars {
			t.Fatalf("Tagline(%q) = %q: over %d characters", s, got, TaglineMaxChars)
		}
		if Tagline(s) != got {
			t.Fatal("not deterministic")
		}
	})
}

func TestSlideTaglineTakesTheHeading(t *testing.T) {
	scenes := SplitScenes("A century of light\n\nThe lighthouse at Bergvik was built in 1872 on a bare rock at the mouth of the fjord.", SlideOptions{})
	if len(scenes) != 1 || len(scenes[0].Slides) != 1 {
		t.Fatalf("scenes = %+v", scenes)
	}
	if got := scenes[0].Slides[0].Tagline(); got != "A century of light" {
		t.Fatalf("tagline = %q, want the heading", got)
	}
}
