package domain

import (
	"fmt"
	"testing"
)

func TestRankMedia(t *testing.T) {
	lib := func(key, text string) MediaCandidate {
		return MediaCandidate{Key: key, Origin: OriginLibrary, Kind: MediaKindImage, Text: text, Position: -1}
	}
	article := MediaCandidate{Key: "asset:1", Origin: OriginArticle, Kind: MediaKindImage, Text: "a quiet harbour", Position: 0}
	tests := []struct {
		name  string
		slide MatchSlide
		cands []MediaCandidate
		limit int
		want  string
	}{
		{"higher score first", MatchSlide{Text: "Solar panels on the roof of the barn.", Paragraph: -1},
			[]MediaCandidate{lib("a", "barn"), lib("b", "solar panels roof"), lib("c", "ocean")}, 0, "[b:3 a:1 c:0]"},
		{"keywords replace the text", MatchSlide{Text: "Solar panels.", Keywords: []string{"ocean"}, Paragraph: -1},
			[]MediaCandidate{lib("a", "solar panels"), lib("b", "ocean waves")}, 0, "[b:1 a:0]"},
		{"article media first, by its paragraph", MatchSlide{Text: "Wind turbines.", Paragraph: 0},
			[]MediaCandidate{lib("a", "wind turbines"), article}, 0, "[asset:1:2 a:2]"},
		{"ties keep the order given", MatchSlide{Text: "Rain.", Paragraph: -1},
			[]MediaCandidate{lib("z", "rain"), lib("a", "rain")}, 0, "[z:1 a:1]"},
		{"plurals match", MatchSlide{Text: "Mountains at dawn.", Paragraph: -1},
			[]MediaCandidate{lib("a", "mountain")}, 0, "[a:1]"},
		{"a key is ranked once", MatchSlide{Text: "Rain.", Paragraph: -1},
			[]MediaCandidate{lib("a", "rain"), lib("a", "rain")}, 0, "[a:1]"},
		{"limit", MatchSlide{Text: "Rain clouds.", Paragraph: -1},
			[]MediaCandidate{lib("a", "rain"), lib("b", "rain clouds"), lib("c", "clouds")}, 2, "[b:2 a:1]"},
		{"no candidates", MatchSlide{Text: "Rain.", Paragraph: -1}, nil, 5, "[]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, r := range RankMedia(tt.slide, tt.cands, tt.limit) {
				got = append(got, fmt.Sprintf("%s:%d", r.Candidate.Key, r.Score))
			}
			if s := fmt.Sprint(got); s != tt.want && !(tt.want == "[]" && len(got) == 0) {
				t.Fatalf("RankMedia = %s, want %s", s, tt.want)
			}
		})
	}
}
