package media_test

import (
	"context"
	"math"
	"path/filepath"
	"sync/atomic"
	"testing"

	"pagecast/media"
)

// TestSplitSegmentLooksTheSame: a segment given two threads is encoded in two parts
// side by side and joined; it has the same frames as the segment encoded whole, its
// subtitles included, the one crossing the cut too, wherever the cut falls: inside a
// text slide, inside a panned still (the pan goes on where it was), or at the nearer
// end of a clip, which is not cut.
func TestSplitSegmentLooksTheSame(t *testing.T) {
	in := makeRenderInputs(t)
	for _, tc := range []struct {
		name   string
		slides []media.SegmentSlide
		cues   []media.Cue
	}{
		{"three slides", []media.SegmentSlide{
			{DurationMs: 1000, Image: in.still, KenBurns: true, Motion: 1, Tagline: "First"},
			{DurationMs: 700, Text: "A text slide"},
			{DurationMs: 800, Image: in.still, KenBurns: true, Motion: 2},
		}, []media.Cue{{StartMs: 200, EndMs: 900, Text: "Before the cut"}, {StartMs: 1500, EndMs: 2200, Text: "Across the cut"}}},
		{"one panned still", []media.SegmentSlide{
			{DurationMs: 2500, Image: in.still, KenBurns: true, Motion: 4, Tagline: "Only"},
		}, []media.Cue{{StartMs: 1000, EndMs: 1600, Text: "Across the cut"}}},
		{"a clip", []media.SegmentSlide{
			{DurationMs: 400, Image: in.still, KenBurns: true, Motion: 3},
			{DurationMs: 1600, Video: in.clip},
		}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			splitLooksTheSame(t, tc.slides, tc.cues, func(in *media.SegmentInput) { in.Threads = 2 })
		})
	}
}

// TestSegmentBorrowsASpareCore: a segment on one core with a Spare is cut in two and
// looks the same as whole, whether a core is lent at once (the second part runs on
// it, and it is given back) or never (the parts run one after the other, and the ask
// is called off).
func TestSegmentBorrowsASpareCore(t *testing.T) {
	in := makeRenderInputs(t)
	slides := []media.SegmentSlide{{DurationMs: 2000, Image: in.still, KenBurns: true, Motion: 5, Tagline: "Lent"}}
	cues := []media.Cue{{StartMs: 700, EndMs: 1300, Text: "Across the cut"}}
	t.Run("lent at once", func(t *testing.T) {
		var asked, released atomic.Int32
		splitLooksTheSame(t, slides, cues, func(seg *media.SegmentInput) {
			seg.Threads = 1
			seg.Spare = func(context.Context) (func(), error) {
				asked.Add(1)
				return func() { released.Add(1) }, nil
			}
		})
		if asked.Load() != 1 || released.Load() != 1 {
			t.Errorf("asked for %d cores and gave back %d, want 1 and 1", asked.Load(), released.Load())
		}
	})
	t.Run("never lent", func(t *testing.T) {
		var calledOff atomic.Bool
		splitLooksTheSame(t, slides, cues, func(seg *media.SegmentInput) {
			seg.Threads = 1
			seg.Spare = func(ctx context.Context) (func(), error) {
				<-ctx.Done()
				calledOff.Store(true)
				return nil, ctx.Err()
			}
		})
		if !calledOff.Load() {
			t.Error("the ask for a spare core was not called off")
		}
	})
}

// splitLooksTheSame renders slides whole on one thread, then as split sets it, and
// compares them frame by frame.
func splitLooksTheSame(t *testing.T, slides []media.SegmentSlide, cues []media.Cue, split func(*media.SegmentInput)) {
	dir := t.TempDir()
	ctx := context.Background()
	seg := media.SegmentInput{Canvas: small, Style: media.DefaultSubtitleStyle(small), Slides: slides, Cues: cues}
	whole, parts := filepath.Join(dir, "whole.mp4"), filepath.Join(dir, "split.mp4")
	seg.Threads = 1
	if err := (media.Tool{}).RenderSegment(ctx, seg, dir, whole, nil); err != nil {
		t.Fatal(err)
	}
	split(&seg)
	var last int
	if err := (media.Tool{}).RenderSegment(ctx, seg, dir, parts, func(ms int) { last = ms }); err != nil {
		t.Fatal(err)
	}
	want, totalMs := 0, 0
	for _, s := range slides {
		want += small.Frames(s.DurationMs)
		totalMs += s.DurationMs
	}
	a, b := grayFrames(t, whole, small.Width, small.Height), grayFrames(t, parts, small.Width, small.Height)
	if len(a) != want || len(b) != want {
		t.Fatalf("frames: whole %d, split %d, want %d", len(a), len(b), want)
	}
	for i := range a {
		var sum float64
		for p := range a[i] {
			sum += math.Abs(float64(a[i][p]) - float64(b[i][p]))
		}
		if m := sum / float64(len(a[i])); m > 3 {
			t.Errorf("frame %d differs by %.1f grey levels on average between the whole and the split segment", i, m)
		}
	}
	if last < totalMs-100 {
		t.Errorf("progress ended at %d ms of %d", last, totalMs)
	}
}
