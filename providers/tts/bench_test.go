package tts

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"pagecast/domain"
)

// article writes a plausible news-style article of about words words, with the
// abbreviations, numbers and quotes the sentence splitter handles.
func article(words int) string {
	subjects := []string{"The city council", "Dr. Alvarez", "A small bakery", "The research team", "Local volunteers",
		"The new library", "Mr. Okafor", "Our reporter"}
	verbs := []string{"announced", "described", "questioned", "celebrated", "measured", "explained", "reviewed", "planned"}
	objects := []string{"a budget of $1,250,000 for the coming year", "the results of a study of 3.5 million records",
		"plans for a park near the river", "why version 2.0 of the app arrived late",
		"the history of the old railway station", "how the U.S. market changed after the storm",
		"a new bus route that starts at 6 a.m. every weekday", "what residents said at the meeting"}
	tails := []string{"", " on Tuesday", ", according to people who were there", " after months of debate",
		" in front of a crowd of about 200 people", ", saying “it matters to everyone.”"}
	var b strings.Builder
	n := 0
	for i := 0; n < words; i++ {
		s := fmt.Sprintf("%s %s %s%s. ", subjects[i%len(subjects)], verbs[(i*3)%len(verbs)],
			objects[(i*5)%len(objects)], tails[(i*7)%len(tails)])
		if i%9 == 8 {
			b.WriteString("\n\n")
		}
		b.WriteString(s)
		n += len(strings.Fields(s))
	}
	return b.String()
}

// BenchmarkNarrateEspeak narrates a ~1,000-word article sentence by sentence with
// espeak-ng and reports audio seconds produced per wall-clock second, one sentence at
// a time and with runtime.NumCPU() workers.
func BenchmarkNarrateEspeak(b *testing.B) {
	e := newEspeak(b)
	var parts []Part
	for _, s := range domain.SplitSentences(article(1000)) {
		if s.Pause == nil {
			parts = append(parts, Part{Text: s.Text})
		}
	}
	for _, workers := range []int{1, runtime.NumCPU()} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			audioMs := 0
			for b.Loop() {
				n, err := Narrate(context.Background(), e, parts, NarrateOptions{VoiceID: "en-us", Workers: workers})
				if err != nil {
					b.Fatal(err)
				}
				audioMs += n.DurationMs
			}
			b.ReportMetric(float64(audioMs)/1000/b.Elapsed().Seconds(), "audio-s/wall-s")
			b.ReportMetric(float64(audioMs)/1000/float64(b.N), "audio-s/op")
		})
	}
}
