package media_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"pagecast/media"
)

// TestRenderSegmentFitsAndCrops: a crop and a contained fit are honoured for stills
// (panned or not) and clips: the segment keeps its length and a contained portrait
// crop shows on black bars.
func TestRenderSegmentFitsAndCrops(t *testing.T) {
	in := makeRenderInputs(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "seg.mp4")
	narrow := &media.Crop{X: 0.7, Y: 0.1, Width: 0.25, Height: 0.9}
	seg := media.SegmentInput{Canvas: small, Slides: []media.SegmentSlide{
		{DurationMs: 500, Image: in.still, KenBurns: true, Crop: narrow},
		{DurationMs: 500, Image: in.still, KenBurns: true, Contain: true, Crop: narrow},
		{DurationMs: 500, Video: in.clip, Contain: true, Crop: narrow},
		{DurationMs: 500, Video: in.clip, Crop: &media.Crop{Width: 0.001, Height: 0.001}},
	}}
	if err := (media.Tool{}).RenderSegment(context.Background(), seg, dir, out, nil); err != nil {
		t.Fatal(err)
	}
	if s := probeStream(t, out); s.frames != 60 || s.width != 320 || s.height != 180 {
		t.Fatalf("got %+v, want 60 frames of 320x180", s)
	}
	edge := func(ms int) float64 {
		raw, err := exec.Command("ffmpeg", "-v", "error", "-ss", strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64), "-i", out,
			"-frames:v", "1", "-vf", "crop=iw/10:ih:0:0,format=gray", "-f", "rawvideo", "-").Output()
		if err != nil || len(raw) == 0 {
			t.Fatalf("frame at %d ms: %v", ms, err)
		}
		sum := 0
		for _, b := range raw {
			sum += int(b)
		}
		return float64(sum) / float64(len(raw))
	}
	if covered, still, clip := edge(250), edge(750), edge(1250); covered < 30 || still > 24 || clip > 24 {
		t.Fatalf("left edge: covered %.0f, contained still %.0f, contained clip %.0f", covered, still, clip)
	}
}
