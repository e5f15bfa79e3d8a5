package media

import (
	"fmt"
	"strings"
	"testing"
)

// TestMixGroups: missing chunks that follow one another are one stretch; long ones are
// shared among up to threads groups at chunk bounds, about equally; short ones are not.
func TestMixGroups(t *testing.T) {
	sec := int64(MixSampleRate)
	// chunks makes chunks from bounds given in seconds: "0-6 6-12 18-24".
	chunks := func(spec string) []mixChunk {
		var out []mixChunk
		for _, f := range strings.Fields(spec) {
			var a, b int64
			if _, err := fmt.Sscanf(f, "%d-%d", &a, &b); err != nil {
				t.Fatal(err)
			}
			out = append(out, mixChunk{from: a * sec, to: b * sec})
		}
		return out
	}
	// show writes groups as "[0-6 6-12][18-24] | [24-30]": stretches in brackets,
	// groups apart.
	show := func(groups [][][]mixChunk) string {
		var gs []string
		for _, g := range groups {
			var b strings.Builder
			for _, s := range g {
				var cs []string
				for _, c := range s {
					cs = append(cs, fmt.Sprintf("%d-%d", c.from/sec, c.to/sec))
				}
				b.WriteString("[" + strings.Join(cs, " ") + "]")
			}
			gs = append(gs, b.String())
		}
		return strings.Join(gs, " | ")
	}
	tests := []struct {
		name, missing string
		threads       int
		want          string
	}{
		{"nothing missing", "", 2, ""},
		{"one chunk", "6-12", 2, "[6-12]"},
		{"an edit and the chunk after it: one stretch", "24-30 30-36", 2, "[24-30 30-36]"},
		{"apart: two stretches, one ffmpeg", "6-12 24-30", 2, "[6-12][24-30]"},
		{"too short to share", "0-6 6-12 12-18 18-24 24-30 30-36", 2, "[0-6 6-12 12-18 18-24 24-30 30-36]"},
		{"a whole minute on two cores", "0-10 10-20 20-30 30-40 40-50 50-60", 2, "[0-10 10-20 20-30] | [30-40 40-50 50-60]"},
		{"a whole minute on one", "0-10 10-20 20-30 30-40 40-50 50-60", 1, "[0-10 10-20 20-30 30-40 40-50 50-60]"},
		{"no more groups than shares", "0-10 10-20 20-30 30-40 40-50 50-60", 8, "[0-10 10-20] | [20-30 30-40] | [40-50 50-60]"},
		{"an edit moved what follows it", "30-36 36-44 44-50 50-61 61-67 67-78", 2, "[30-36 36-44 44-50] | [50-61 61-67 67-78]"},
		{"a long chunk is not cut", "0-50 50-55", 2, "[0-50] | [50-55]"},
	}
	for _, tt := range tests {
		if got := show(mixGroups(chunks(tt.missing), tt.threads)); got != tt.want {
			t.Errorf("%s: groups %q, want %q", tt.name, got, tt.want)
		}
	}
}
