package domain

import (
	"encoding/binary"
	"reflect"
	"strings"
	"testing"
)

// starts lists where each slide starts, then the end.
func starts(ts []SlideTiming) []int {
	out := make([]int, 0, len(ts)+1)
	end := 0
	for _, t := range ts {
		out = append(out, t.StartMs)
		end = t.StartMs + t.DurationMs
	}
	return append(out, end)
}

func pauses(ms ...int) []NarrationSilence {
	var out []NarrationSilence
	for i := 0; i+1 < len(ms); i += 2 {
		out = append(out, NarrationSilence{StartMs: ms[i], EndMs: ms[i+1]})
	}
	return out
}

// checkTimings holds for every answer: one timing per slide, contiguous from 0, in
// order, adding up to totalMs, each at least MinSlideMs when the narration allows it.
func checkTimings(t *testing.T, slides int, total int, got []SlideTiming) {
	t.Helper()
	if len(got) != slides {
		t.Fatalf("%d timings for %d slides", len(got), slides)
	}
	want := max(total, 0)
	pos := 0
	for i, s := range got {
		if s.StartMs != pos || s.DurationMs < 0 {
			t.Fatalf("slide %d = %+v, want a start at %d (all: %v)", i, s, pos, got)
		}
		if want >= slides*MinSlideMs && s.DurationMs < MinSlideMs {
			t.Fatalf("slide %d lasts %d ms (all: %v)", i, s.DurationMs, got)
		}
		pos += s.DurationMs
	}
	if slides > 0 && pos != want {
		t.Fatalf("durations add up to %d, want %d (all: %v)", pos, want, got)
	}
}

func TestAlignSlidesToNarration(t *testing.T) {
	ten := strings.Repeat("x", 10)
	for _, c := range []struct {
		name     string
		slides   []string
		silences []NarrationSilence
		total    int
		want     []int // slide starts, then the end
	}{
		{"no slides", nil, pauses(100, 200), 1000, []int{0}},
		{"one slide", []string{"Hello there."}, pauses(400, 600), 1000, []int{0, 1000}},
		{"a boundary in each pause's middle", []string{ten, ten, ten}, pauses(900, 1100, 1900, 2100), 3000, []int{0, 1000, 2000, 3000}},
		{"text length picks the pauses", []string{strings.Repeat("x", 30), ten, ten},
			pauses(900, 1100, 2900, 3100, 3900, 4100), 5000, []int{0, 3000, 4000, 5000}},
		{"pauses inside slides are passed over", []string{"One, two. Three.", "Four, five. Six."},
			pauses(600, 700, 1200, 1400, 1900, 2300, 2600, 2700, 3200, 3400), 4200, []int{0, 2100, 4200}},
		{"the speaker's pace drifts", []string{ten, ten, ten, ten},
			pauses(1400, 1600, 2400, 2600, 3400, 3600), 4000, []int{0, 1500, 2500, 3500, 4000}},
		{"no pauses: proportional", []string{ten, strings.Repeat("y", 30)}, nil, 4000, []int{0, 1000, 4000}},
		{"white space is not counted", []string{"a  b  c  d  e ", "fghij"}, nil, 2000, []int{0, 1000, 2000}},
		{"empty texts weigh one character", []string{"", "   ", ""}, nil, 3000, []int{0, 1000, 2000, 3000}},
		{"fewer pauses than boundaries", []string{ten, ten, ten, ten}, pauses(1900, 2100), 4000, []int{0, 1000, 2000, 3000, 4000}},
		{"leading and trailing silence are not boundaries", []string{ten, ten}, pauses(0, 500, 1950, 2050, 3600, 4000), 4000, []int{0, 2000, 4000}},
		{"a pause too near the start is not used", []string{ten, ten}, pauses(100, 200), 2000, []int{0, 1000, 2000}},
		{"pauses unsorted, overlapping and outside", []string{ten, ten, ten},
			pauses(2500, 2700, -500, -100, 900, 1050, 1000, 1100, 3500, 4000), 3000, []int{0, 1000, 2600, 3000}},
		{"pauses crowded together keep slides long enough", []string{ten, ten, ten}, pauses(1400, 1500, 1550, 1650), 3000,
			[]int{0, 800, 1600, 3000}},
		{"too short for the minimum: even split", []string{ten, "a", strings.Repeat("z", 50)}, pauses(100, 200), 800, []int{0, 267, 534, 800}},
		{"zero length", []string{ten, ten}, nil, 0, []int{0, 0, 0}},
		{"negative length counts as zero", []string{ten}, nil, -5, []int{0, 0}},
		{"the only pause is used though off target", []string{ten, ten}, pauses(9000, 9100), 20000, []int{0, 9050, 20000}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := AlignSlidesToNarration(c.slides, c.silences, c.total)
			checkTimings(t, len(c.slides), c.total, got)
			if s := starts(got); !reflect.DeepEqual(s, c.want) {
				t.Fatalf("starts = %v, want %v", s, c.want)
			}
		})
	}
}

func TestSplitShares(t *testing.T) {
	for _, c := range []struct {
		d       uint64
		weights []uint64
		min     uint64
		want    []uint64
	}{
		{10, []uint64{1, 1, 1}, 0, []uint64{4, 3, 3}},
		{1000, []uint64{1, 99}, 300, []uint64{300, 700}},
		{900, []uint64{1, 1, 100}, 300, []uint64{300, 300, 300}},
		{1 << 62, []uint64{1 << 40, 1 << 40}, 300, []uint64{1 << 61, 1 << 61}},
		{7, []uint64{3}, 0, []uint64{7}},
	} {
		if got := splitShares(c.d, c.weights, c.min); !reflect.DeepEqual(got, c.want) {
			t.Errorf("splitShares(%d, %v, %d) = %v, want %v", c.d, c.weights, c.min, got, c.want)
		}
	}
}

func TestAlignManySlidesAndPausesStaysBounded(t *testing.T) {
	slides := make([]string, 3000)
	for i := range slides {
		slides[i] = "A sentence of some length."
	}
	var ps []NarrationSilence
	for i := range 20000 {
		ps = append(ps, NarrationSilence{StartMs: i * 500, EndMs: i*500 + 100 + i%7*20})
	}
	got := AlignSlidesToNarration(slides, ps, 10_000_000)
	checkTimings(t, len(slides), 10_000_000, got)
}

// FuzzAlignSlidesToNarration checks that alignment never panics, gives one timing per
// slide, contiguous and in order, adding up to the narration's length, each slide at
// least MinSlideMs long when the length allows it.
func FuzzAlignSlidesToNarration(f *testing.F) {
	f.Add("One.|Two, three.|Four", []byte{0, 10, 0, 5, 0, 40, 0, 3}, 6000)
	f.Add("", []byte{}, 0)
	f.Add("a||b|c|d|e|f", []byte{255, 255, 255, 255}, 1000)
	f.Add("x", []byte{1, 2, 3}, -7)
	f.Add(strings.Repeat("word |", 40), []byte(strings.Repeat("\x00\x20\x00\x04", 30)), 120000)
	f.Fuzz(func(t *testing.T, text string, raw []byte, total int) {
		var slides []string
		if text != "" {
			slides = strings.Split(text, "|")
		}
		if len(slides) > 200 {
			slides = slides[:200]
		}
		// Each 4 bytes are a pause: a gap after the previous one and a length, in 10 ms
		// units, sometimes out of order.
		var ps []NarrationSilence
		at := -200
		for i := 0; i+3 < len(raw) && len(ps) < 500; i += 4 {
			gap := int(int16(binary.BigEndian.Uint16(raw[i:]))) * 10
			length := int(int16(binary.BigEndian.Uint16(raw[i+2:]))) * 10
			at += gap
			ps = append(ps, NarrationSilence{StartMs: at, EndMs: at + length})
		}
		total %= 1 << 40
		got := AlignSlidesToNarration(slides, ps, total)
		checkTimings(t, len(slides), total, got)
	})
}
