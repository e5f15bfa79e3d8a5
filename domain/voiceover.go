package domain

import (
	"math"
	"math/bits"
	"sort"
	"unicode"
)

// MinSlideMs is the shortest a slide of a voiceover video may last, when the
// narration is long enough to give every slide that much.
const MinSlideMs = 300

// maxAlignCells bounds the alignment's work (slide boundaries x candidate pauses);
// past it only the longest pauses are candidates.
const maxAlignCells = 4_000_000

// NarrationSilence is a pause in an uploaded narration, in milliseconds from its
// start (media.Silence converts to it field for field).
type NarrationSilence struct {
	StartMs int
	EndMs   int
}

// SlideTiming is when a slide starts and how long it lasts, in milliseconds.
type SlideTiming struct {
	StartMs    int
	DurationMs int
}

// AlignSlidesToNarration times slides (their texts, in order) to a narration of
// totalMs milliseconds with the given pauses, for videos built around an uploaded
// voiceover. Each boundary between two slides goes to the middle of a pause, chosen so
// that the boundaries' times best match how far through the text they are (by
// characters, white space not counted): the pauses are matched to the boundaries in
// order, minimising the total distance between each boundary's text-proportional time
// and its pause. A boundary with no pause near enough (farther than an average slide)
// or none left is placed between its neighbours in proportion to the text. Every slide
// lasts at least MinSlideMs when totalMs allows it (otherwise the time is shared out
// evenly); starts are in order, each slide starts where the previous ends, and the
// durations add up to totalMs exactly. Without usable pauses the split is proportional
// to the text. Pauses may be unsorted or overlap; parts outside 0..totalMs are ignored.
// A negative totalMs counts as 0.
func AlignSlidesToNarration(slides []string, silences []NarrationSilence, totalMs int) []SlideTiming {
	n := len(slides)
	if n == 0 {
		return []SlideTiming{}
	}
	total := max(totalMs, 0)
	weights := make([]uint64, n)
	for i, s := range slides {
		weights[i] = max(textWeight(s), 1)
	}
	// bounds[k] is where slide k starts; bounds[n] is the end.
	bounds := make([]int, n+1)
	bounds[n] = total
	minMs := MinSlideMs
	if total < n*MinSlideMs || n > total {
		minMs = 0
	}
	anchors := []anchor{{k: 0, pos: 0}}
	if minMs > 0 && n > 1 {
		anchors = append(anchors, matchPauses(weights, usablePauses(silences, total), total, minMs)...)
	}
	anchors = append(anchors, anchor{k: n, pos: total})
	if minMs == 0 {
		// Too short for every slide to get MinSlideMs: share the time out evenly.
		for i := range weights {
			weights[i] = 1
		}
	}
	for a := 0; a+1 < len(anchors); a++ {
		lo, hi := anchors[a], anchors[a+1]
		shares := splitShares(uint64(hi.pos-lo.pos), weights[lo.k:hi.k], uint64(minMs))
		pos := lo.pos
		for i, d := range shares {
			bounds[lo.k+i] = pos
			pos += int(d)
		}
	}
	out := make([]SlideTiming, n)
	for i := range out {
		out[i] = SlideTiming{StartMs: bounds[i], DurationMs: bounds[i+1] - bounds[i]}
	}
	return out
}

// textWeight counts the characters of a slide's text that are spoken (not white space).
func textWeight(s string) uint64 {
	var n uint64
	for _, r := range s {
		if !unicode.IsSpace(r) {
			n++
		}
	}
	return n
}

// anchor fixes boundary k (the start of slide k) at pos.
type anchor struct {
	k    int
	pos  int
	cost float64
}

// usablePauses returns the pauses' middles, in order, after clamping them to
// 0..total and merging overlaps. Past maxAlignCells work only the longest count.
func usablePauses(silences []NarrationSilence, total int) []NarrationSilence {
	ps := make([]NarrationSilence, 0, len(silences))
	for _, s := range silences {
		s.StartMs, s.EndMs = max(s.StartMs, 0), min(s.EndMs, total)
		if s.EndMs > s.StartMs {
			ps = append(ps, s)
		}
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].StartMs < ps[j].StartMs })
	merged := ps[:0]
	for _, s := range ps {
		if m := len(merged); m > 0 && s.StartMs <= merged[m-1].EndMs {
			merged[m-1].EndMs = max(merged[m-1].EndMs, s.EndMs)
			continue
		}
		merged = append(merged, s)
	}
	return merged
}

// Choices of the matching table.
const (
	skipPause    byte = 1 // pause j is not a boundary
	skipBoundary byte = 2 // boundary k is not at a pause
	usePause     byte = 3 // boundary k is at pause j
)

// matchPauses matches boundaries 1..n-1 to pauses in order (an alignment, like an
// edit distance): a boundary at a pause costs the distance from its target time, a
// boundary left without a pause costs an average slide's length. Matches that leave
// slides shorter than minMs are then dropped, costliest first.
func matchPauses(weights []uint64, pauses []NarrationSilence, total, minMs int) []anchor {
	n := len(weights)
	nb := n - 1 // boundaries
	if len(pauses) == 0 || nb == 0 {
		return nil
	}
	if limit := maxAlignCells / nb; len(pauses) > limit {
		pauses = longestPauses(pauses, limit)
		if len(pauses) == 0 {
			return nil
		}
	}
	var sum uint64
	for _, w := range weights {
		sum += w
	}
	targets := make([]float64, n) // targets[k]: the text-proportional time of boundary k
	var cum uint64
	for k := 1; k < n; k++ {
		cum += weights[k-1]
		targets[k] = float64(mulDiv(uint64(total), cum, sum))
	}
	mid := make([]int, len(pauses))
	for j, p := range pauses {
		mid[j] = p.StartMs + (p.EndMs-p.StartMs)/2
	}
	skipCost := float64(total) / float64(n)
	m := len(pauses)
	// cost[j] over rows k: the best cost of boundaries 1..k with pauses 1..j.
	prev := make([]float64, m+1)
	cur := make([]float64, m+1)
	choice := make([]byte, (nb+1)*(m+1))
	for j := 1; j <= m; j++ {
		choice[j] = skipPause
	}
	for k := 1; k <= nb; k++ {
		cur[0] = prev[0] + skipCost
		choice[k*(m+1)] = skipBoundary
		for j := 1; j <= m; j++ {
			best, how := cur[j-1], skipPause
			if c := prev[j] + skipCost; c < best {
				best, how = c, skipBoundary
			}
			// Boundary k at pause j leaves room for k slides before and n-k after.
			if p := mid[j-1]; p >= k*minMs && total-p >= (n-k)*minMs {
				if c := prev[j-1] + math.Abs(float64(p)-targets[k]); c < best {
					best, how = c, usePause
				}
			}
			cur[j], choice[k*(m+1)+j] = best, how
		}
		prev, cur = cur, prev
	}
	var out []anchor
	for k, j := nb, m; k > 0 && j >= 0; {
		switch choice[k*(m+1)+j] {
		case usePause:
			p := mid[j-1]
			out = append(out, anchor{k: k, pos: p, cost: math.Abs(float64(p) - targets[k])})
			k, j = k-1, j-1
		case skipBoundary:
			k--
		default:
			j--
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return dropCrowdedAnchors(out, n, total, minMs)
}

// dropCrowdedAnchors removes anchors until each pair of neighbours (and the ends)
// leaves every slide between them at least minMs.
func dropCrowdedAnchors(as []anchor, n, total, minMs int) []anchor {
	for {
		bad := -1
		for i := range as {
			prevK, prevPos := 0, 0
			if i > 0 {
				prevK, prevPos = as[i-1].k, as[i-1].pos
			}
			if as[i].pos-prevPos < (as[i].k-prevK)*minMs {
				bad = i
				if i > 0 && as[i-1].cost > as[i].cost {
					bad = i - 1
				}
				break
			}
		}
		if bad < 0 {
			if m := len(as); m > 0 && total-as[m-1].pos < (n-as[m-1].k)*minMs {
				bad = m - 1
			}
		}
		if bad < 0 {
			return as
		}
		as = append(as[:bad], as[bad+1:]...)
	}
}

// longestPauses keeps the limit longest pauses, in time order.
func longestPauses(ps []NarrationSilence, limit int) []NarrationSilence {
	if limit <= 0 {
		return nil
	}
	byLen := append([]NarrationSilence(nil), ps...)
	sort.SliceStable(byLen, func(i, j int) bool {
		return byLen[i].EndMs-byLen[i].StartMs > byLen[j].EndMs-byLen[j].StartMs
	})
	byLen = byLen[:limit]
	sort.Slice(byLen, func(i, j int) bool { return byLen[i].StartMs < byLen[j].StartMs })
	return byLen
}

// mulDiv is a*b/c rounded down, exactly, for b <= c.
func mulDiv(a, b, c uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	q, _ := bits.Div64(hi, lo, c)
	return q
}

// lessProduct reports whether a*b < c*d, exactly.
func lessProduct(a, b, c, d uint64) bool {
	h1, l1 := bits.Mul64(a, b)
	h2, l2 := bits.Mul64(c, d)
	return h1 < h2 || (h1 == h2 && l1 < l2)
}

// splitShares splits d into len(weights) whole shares in proportion to the weights,
// each at least minShare (d must allow it), adding up to d exactly: shares that would
// fall below minShare get minShare and the rest is split among the others again;
// whole units left by rounding down go to the largest remainders.
func splitShares(d uint64, weights []uint64, minShare uint64) []uint64 {
	n := len(weights)
	out := make([]uint64, n)
	if n == 0 {
		return out
	}
	fixed := make([]bool, n)
	nFixed := 0
	var rest, sum uint64
	for {
		rest = d - uint64(nFixed)*minShare
		sum = 0
		for i, w := range weights {
			if !fixed[i] {
				sum += w
			}
		}
		changed := false
		for i, w := range weights {
			// rest*w/sum < minShare
			if !fixed[i] && lessProduct(rest, w, minShare, sum) {
				fixed[i], changed = true, true
				nFixed++
			}
		}
		if !changed || nFixed == n {
			break
		}
	}
	if nFixed == n {
		// Only possible when d is exactly n*minShare or less: share it out evenly.
		for i := range out {
			out[i] = d / uint64(n)
		}
		for i := 0; i < int(d%uint64(n)); i++ {
			out[i]++
		}
		return out
	}
	type rem struct {
		i int
		r uint64
	}
	var rems []rem
	given := uint64(0)
	for i, w := range weights {
		if fixed[i] {
			out[i] = minShare
			continue
		}
		hi, lo := bits.Mul64(rest, w)
		q, r := bits.Div64(hi, lo, sum)
		out[i] = q
		given += q
		rems = append(rems, rem{i, r})
	}
	sort.SliceStable(rems, func(a, b int) bool { return rems[a].r > rems[b].r })
	for left := rest - given; left > 0; left-- {
		out[rems[int(left-1)%len(rems)].i]++
	}
	return out
}
