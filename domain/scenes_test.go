package domain

import (
	"fmt"
	"strings"
	"testing"
)

func TestSplitScenes(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		max    int
		slides [][]string // per scene, each slide's text
		paras  [][]int
	}{
		{
			name:   "one paragraph, two slides",
			text:   "The river rose overnight. Boats were tied up early. Nobody was hurt in the town.",
			slides: [][]string{{"The river rose overnight. Boats were tied up early.", "Nobody was hurt in the town."}},
			paras:  [][]int{{0, 0}},
		},
		{
			name: "paragraphs are scenes and a heading opens the next one",
			text: "Why rivers flood\n\nHeavy rain falls on wet ground. The water runs off quickly.\n\n" +
				"What towns can do\n\nThey build levees along the banks. They also plant trees upstream.",
			slides: [][]string{
				{"Why rivers flood Heavy rain falls on wet ground.", "The water runs off quickly."},
				{"What towns can do They build levees along the banks.", "They also plant trees upstream."},
			},
			paras: [][]int{{1, 1}, {3, 3}},
		},
		{
			name:   "pause markers stay in their slide",
			text:   "First we wait here. [pause 2s] Then we go home now.",
			max:    1,
			slides: [][]string{{"First we wait here. [pause 2s]", "Then we go home now."}},
			paras:  [][]int{{0, 0}},
		},
		{
			name:   "a trailing heading is kept as a scene",
			text:   "The story ends well for them.\n\nThank you",
			slides: [][]string{{"The story ends well for them."}, {"Thank you"}},
			paras:  [][]int{{0}, {1}},
		},
		{name: "blank", text: " \n\n \n", slides: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SplitScenes(tt.text, SlideOptions{MaxSentences: tt.max})
			if len(got) != len(tt.slides) {
				t.Fatalf("got %d scenes, want %d: %+v", len(got), len(tt.slides), got)
			}
			for i, sc := range got {
				var texts []string
				for _, sl := range sc.Slides {
					texts = append(texts, sl.Text())
				}
				if strings.Join(texts, "|") != strings.Join(tt.slides[i], "|") {
					t.Errorf("scene %d slides = %q, want %q", i, texts, tt.slides[i])
				}
				if tt.paras != nil && fmt.Sprint(sc.Paragraphs) != fmt.Sprint(tt.paras[i]) {
					t.Errorf("scene %d paragraphs = %v, want %v", i, sc.Paragraphs, tt.paras[i])
				}
			}
		})
	}
}

func TestSplitScenesCapsSceneCount(t *testing.T) {
	var b strings.Builder
	for i := 0; i < MaxScenes+20; i++ {
		b.WriteString("This paragraph has enough words to count.\n\n")
	}
	got := SplitScenes(b.String(), SlideOptions{})
	if len(got) != MaxScenes {
		t.Fatalf("got %d scenes, want %d", len(got), MaxScenes)
	}
	slides := 0
	for _, sc := range got {
		slides += len(sc.Slides)
	}
	if slides != MaxScenes+20 {
		t.Fatalf("got %d slides, want %d (none lost)", slides, MaxScenes+20)
	}
}

func TestFitScript(t *testing.T) {
	three := "First paragraph here.\n\nSecond paragraph here.\n\nThird paragraph here."
	tests := []struct {
		name, text string
		limit      int
		want       string
	}{
		{"fits", three, 1000, three},
		{"whole paragraphs", three, 45, "First paragraph here.\n\nSecond paragraph here."},
		{"first sentences of a long paragraph", "One two three. Four five six. Seven eight nine.", 30, "One two three. Four five six."},
		{"nothing fits", "A very long single sentence without an end", 5, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FitScript(tt.text, tt.limit)
			if got != tt.want {
				t.Fatalf("FitScript = %q, want %q", got, tt.want)
			}
			if scriptLen(got) > tt.limit {
				t.Fatalf("%d characters over the limit %d", scriptLen(got), tt.limit)
			}
		})
	}
}
