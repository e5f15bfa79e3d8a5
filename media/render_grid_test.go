package media_test

import (
	"context"
	"path/filepath"
	"testing"

	"pagecast/media"
)

// TestRenderSegmentSlidesStartOnTheirFrames: each slide of a segment starts on the
// frame where its narration starts (its place in the segment, rounded), however many
// slides come before it, and the segment lasts its slides' whole length rounded once:
// slides rounded one by one drifted from their narration by up to half a frame each.
// A segment of more slides than one ffmpeg graph holds, encoded in parts, shows each
// slide where it belongs too.
func TestRenderSegmentSlidesStartOnTheirFrames(t *testing.T) {
	white := generate(t, "white.png", "-f", "lavfi", "-i", "color=c=white:s=64x36", "-frames:v", "1")
	black := generate(t, "black.png", "-f", "lavfi", "-i", "color=c=black:s=64x36", "-frames:v", "1")
	for _, tc := range []struct {
		name       string
		slides, ms int
		threads    int
	}{
		{"a little over a second each", 12, 1016, 1},
		{"a little under a second each", 12, 983, 1},
		{"more slides than one graph holds", 21, 350, 1},
		{"more slides than one graph holds, on two cores", 21, 350, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seg := media.SegmentInput{Canvas: small, Style: media.DefaultSubtitleStyle(small), Threads: tc.threads}
			for i := range tc.slides {
				s := media.SegmentSlide{DurationMs: tc.ms, Image: white}
				if i%2 == 1 {
					s.Image = black
				}
				seg.Slides = append(seg.Slides, s)
			}
			out := filepath.Join(t.TempDir(), "segment.mp4")
			if err := (media.Tool{}).RenderSegment(context.Background(), seg, t.TempDir(), out, nil); err != nil {
				t.Fatal(err)
			}
			frames := grayFrames(t, out, small.Width, small.Height)
			if want := small.Frames(tc.slides * tc.ms); len(frames) != want {
				t.Fatalf("%d frames, want %d (%d slides of %d ms)", len(frames), want, tc.slides, tc.ms)
			}
			// The render's plan counts a scene by SlideFrames: it must be what the segment lasts.
			ds := make([]int, tc.slides)
			for i := range ds {
				ds[i] = tc.ms
			}
			sum := 0
			for _, n := range small.SlideFrames(ds) {
				sum += n
			}
			if sum != len(frames) {
				t.Fatalf("SlideFrames add up to %d frames, the segment lasts %d", sum, len(frames))
			}
			mean := func(f []byte) int {
				sum := 0
				for _, p := range f {
					sum += int(p)
				}
				return sum / len(f)
			}
			for i := 1; i < tc.slides; i++ {
				at := small.Frames(i * tc.ms)
				before, first := mean(frames[at-1]), mean(frames[at])
				if wantWhite := i%2 == 0; wantWhite != (first > 128) || wantWhite == (before > 128) {
					t.Errorf("slide %d: frames %d and %d have grey %d and %d, want it to start at frame %d", i+1, at-1, at, before, first, at)
				}
			}
		})
	}
}
