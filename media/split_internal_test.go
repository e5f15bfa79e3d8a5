package media

import "testing"

// TestSplitSegmentBoundsSlidesPerGraph: a segment of more slides than one ffmpeg graph
// holds is cut at slide boundaries into parts of at most maxGraphSlides slides, on one
// core or two, and its parts hold every frame once, in order; a short one is not cut on
// one core.
func TestSplitSegmentBoundsSlidesPerGraph(t *testing.T) {
	c := Canvas{Width: 320, Height: 180, FPS: 30}
	for _, tc := range []struct {
		name      string
		slides, n int
		wantParts int
	}{
		{"one graph's worth on one core", maxGraphSlides, 1, 1},
		{"one more on one core", maxGraphSlides + 1, 1, 2},
		{"forty on one core", 40, 1, 5},
		{"forty on two cores", 40, 2, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := SegmentInput{Canvas: c}
			total := 0
			for i := range tc.slides {
				in.Slides = append(in.Slides, SegmentSlide{DurationMs: 1000 + 10*i, Text: "slide"})
				total += c.Frames(1000 + 10*i)
			}
			parts := splitSegment(in, segmentOverlays{text: map[int]overlay{}, tagline: map[int]overlay{}}, tc.n)
			if len(parts) != tc.wantParts {
				t.Errorf("%d parts, want %d", len(parts), tc.wantParts)
			}
			got := 0
			for k, p := range parts {
				if len(p.in.Slides) > maxGraphSlides {
					t.Errorf("part %d holds %d slides, more than %d", k, len(p.in.Slides), maxGraphSlides)
				}
				for _, s := range p.in.Slides {
					got += c.Frames(s.DurationMs)
				}
			}
			if got != total {
				t.Errorf("the parts hold %d frames, want %d", got, total)
			}
		})
	}
}
