package domain

import (
	"sort"
)

// MediaKindAudio is the kind of an audio candidate (soundtrack recommendations).
const MediaKindAudio = "audio"

// RankedMedia is a candidate with how well it fits one slide.
type RankedMedia struct {
	Candidate MediaCandidate
	// Score is MatchMedia's score: one point per keyword the slide and the candidate
	// share, two more for an article image by the slide's paragraph.
	Score int
}

// RankMedia orders candidates for one slide the way MatchMedia prefers them when it
// chooses (the editor's recommended media, soundtrack recommendations): origin first
// (article, library, stock, AI), then the higher score, then the order given. Each
// key is ranked once. limit < 1 keeps all. Callers that want matches only drop the
// zero scores. The result depends only on the input.
func RankMedia(slide MatchSlide, cands []MediaCandidate, limit int) []RankedMedia {
	terms := matchSlideTerms(slide)
	type ranked struct {
		RankedMedia
		tier, index int
	}
	var list []ranked
	seen := map[string]bool{}
	for i, c := range cands {
		key := c.dedupKey(i)
		if seen[key] {
			continue
		}
		seen[key] = true
		mc := &matchCandidate{c: &cands[i], key: key, tier: matchTier(c.Origin), terms: map[string]bool{}, article: c.Origin == OriginArticle}
		for _, w := range SlideKeywords(c.Text, 0) {
			if st := kwStem(w); st != "" {
				mc.terms[st] = true
			}
		}
		list = append(list, ranked{RankedMedia{Candidate: c, Score: matchScore(terms, slide.Paragraph, mc)}, mc.tier, i})
	}
	sort.SliceStable(list, func(a, b int) bool {
		x, y := list[a], list[b]
		if x.tier != y.tier {
			return x.tier < y.tier
		}
		if x.Score != y.Score {
			return x.Score > y.Score
		}
		return x.index < y.index
	})
	if limit > 0 && len(list) > limit {
		list = list[:limit]
	}
	out := make([]RankedMedia, len(list))
	for i, r := range list {
		out[i] = r.RankedMedia
	}
	return out
}
