package media_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"pagecast/media"
)

// TestStillsOfExtremeShapesShowTheirMiddle: a still far wider or taller than the canvas
// (a divider, a banner, a strip a page import brought) covers it with its middle, in its
// colours. Scaled whole to cover the canvas, such a still made ffmpeg refuse the picture
// size (the render failed), and short of that took gigabytes: 2 GB and 10 s for a
// 1000x4 divider panned for 3 s on a 1080x1920 canvas.
func TestStillsOfExtremeShapesShowTheirMiddle(t *testing.T) {
	band := func(w, h int, across bool) []string {
		stack := "hstack"
		side := fmt.Sprintf("s=%dx%d", (w-200)/2, h)
		mid := fmt.Sprintf("s=200x%d", h)
		if !across {
			stack, side, mid = "vstack", fmt.Sprintf("s=%dx%d", w, (h-200)/2), fmt.Sprintf("s=%dx200", w)
		}
		return []string{"-f", "lavfi", "-i", fmt.Sprintf("color=red:%s[a];color=yellow:%s[b];color=blue:%s[c];[a][b][c]%s=3", side, mid, side, stack),
			"-frames:v", "1"}
	}
	vertical := media.Canvas{Width: 180, Height: 320, FPS: 30}
	tests := []struct {
		name     string
		file     string
		args     []string
		canvas   media.Canvas
		kenBurns bool
	}{
		{"divider panned on a 1080x1920 canvas", "divider.png", band(1000, 4, true), media.Canvas9x16, true},
		{"wide 4:2:0 JPEG of odd sides panned on a 1080x1920 canvas", "wide.jpg", append(band(1001, 3, true), "-pix_fmt", "yuvj420p"), media.Canvas9x16, true},
		{"tall strip on a wide canvas", "tall.png", band(2, 10200, false), small, false},
		{"tall 4:2:0 JPEG of odd sides on a vertical canvas", "tall.jpg", append(band(3, 16001, false), "-pix_fmt", "yuvj420p"), vertical, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			still := generate(t, tt.file, tt.args...)
			dir := t.TempDir()
			out := filepath.Join(dir, "seg.mp4")
			seg := media.SegmentInput{Canvas: tt.canvas, Slides: []media.SegmentSlide{{DurationMs: 1000, Image: still, KenBurns: tt.kenBurns}}}
			if err := (media.Tool{}).RenderSegment(context.Background(), seg, dir, out, nil); err != nil {
				t.Fatal(err)
			}
			if s := probeStream(t, out); s.frames != 30 || s.width != tt.canvas.Width || s.height != tt.canvas.Height {
				t.Fatalf("got %+v, want 30 frames of %dx%d", s, tt.canvas.Width, tt.canvas.Height)
			}
			// Yellow is about 210 in luma; red 81, blue 41, and the wrong colours were darker.
			if y := meanLuma(t, out, 250, "crop=16:16:(iw-16)/2:(ih-16)/2"); y < 180 {
				t.Fatalf("middle of the canvas: luma %.0f, want the still's yellow middle (about 210)", y)
			}
		})
	}
}
