package media

import (
	"reflect"
	"testing"
)

func TestStackOverlaps(t *testing.T) {
	tests := []struct {
		name string
		in   []Cue
		want []Cue
	}{
		{"none", nil, nil},
		{"apart", []Cue{{0, 1000, "One"}, {1000, 2000, "Two"}, {2500, 3000, "Three"}},
			[]Cue{{0, 1000, "One"}, {1000, 2000, "Two"}, {2500, 3000, "Three"}}},
		{"blank and timeless left out", []Cue{{0, 1000, " "}, {500, 500, "Nothing"}, {1000, 900, "Back"}}, nil},
		{"overlap stacks, earlier first", []Cue{{500, 1500, "Later"}, {0, 1000, "Earlier"}},
			[]Cue{{0, 500, "Earlier"}, {500, 1000, "Earlier\nLater"}, {1000, 1500, "Later"}}},
		{"inside another", []Cue{{0, 3000, "Long"}, {1000, 2000, "Short"}},
			[]Cue{{0, 1000, "Long"}, {1000, 2000, "Long\nShort"}, {2000, 3000, "Long"}}},
		{"same start keeps given order", []Cue{{0, 1000, "A"}, {0, 1000, "B"}}, []Cue{{0, 1000, "A\nB"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := stackOverlaps(tc.in); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("stackOverlaps(%v) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}
