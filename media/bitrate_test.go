package media_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pagecast/media"
)

// packetBits is the size in bits of each video packet of path, in decode order.
func packetBits(t *testing.T, path string) []int {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=size",
		"-of", "csv=p=0", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	var bits []int
	for _, f := range strings.Fields(string(out)) {
		n, err := strconv.Atoi(strings.TrimSuffix(f, ","))
		if err != nil {
			t.Fatalf("ffprobe %s: packet size %q", path, f)
		}
		bits = append(bits, 8*n)
	}
	return bits
}

// No second of a 1080p video holds more than H.264 Level 4.0's 20 Mbit, even of noise,
// even across the join of two segments: calm, then noise for the last half second of
// the first segment (its encoder's buffer full), then noise from the start of the next
// (a fresh encoder's).
func TestBitRateStaysWithinLevel40(t *testing.T) {
	const maxBits = 20_000_000 // Level 4.0's MaxBR (Baseline, Main) times one second
	still := generate(t, "calm.jpg", "-f", "lavfi", "-i", "color=c=gray:s=1920x1080", "-frames:v", "1")
	noise := generate(t, "noise.mp4", "-f", "lavfi", "-i", "testsrc2=s=640x360:r=30,noise=alls=50:allf=t+u", "-t", "1",
		"-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", "-pix_fmt", "yuv420p")
	ctx, tool, dir := context.Background(), media.Tool{}, t.TempDir()
	c := media.Canvas16x9
	var segs []string
	for i, slides := range [][]media.SegmentSlide{
		{{DurationMs: 1500, Image: still}, {DurationMs: 500, Video: noise}},
		{{DurationMs: 1000, Video: noise}},
	} {
		out := filepath.Join(dir, "seg"+strconv.Itoa(i)+".mp4")
		if err := tool.RenderSegment(ctx, media.SegmentInput{Canvas: c, Slides: slides}, dir, out, nil); err != nil {
			t.Fatal(err)
		}
		segs = append(segs, out)
	}
	joined := filepath.Join(dir, "joined.mp4")
	if err := tool.JoinSegments(ctx, segs, "", dir, joined, media.Tags{}); err != nil {
		t.Fatal(err)
	}
	bits := packetBits(t, joined)
	if len(bits) != c.Frames(3000) {
		t.Fatalf("%d frames, want %d", len(bits), c.Frames(3000))
	}
	// Every second: the frames from any frame on, a second's worth.
	peak, at := 0, 0
	for i := range bits {
		sum := 0
		for _, b := range bits[i:min(len(bits), i+c.FPS)] {
			sum += b
		}
		if sum > peak {
			peak, at = sum, i
		}
	}
	if peak > maxBits {
		t.Errorf("the second from frame %d holds %.2f Mbit, more than Level 4.0's %d", at, float64(peak)/1e6, maxBits/1_000_000)
	}
	t.Logf("peak second: %.2f Mbit from frame %d", float64(peak)/1e6, at)
}
