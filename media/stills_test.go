package media_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
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

// childRSSEnv names, in a child test process, the test it runs to measure.
const childRSSEnv = "MEDIA_TEST_PEAK_RSS_OF"

// peakChildRSS runs the test named name again, alone, in a process of its own, with
// childRSSEnv and env ("KEY=value") set, and returns the largest resident set (kB) of any process it started,
// as that child reports it with reportChildRSS. ffmpeg's memory cannot be measured in
// this process, whose other tests start ffmpeg too.
func peakChildRSS(t *testing.T, name string, env ...string) int64 {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^"+regexp.QuoteMeta(name)+"$", "-test.v", "-test.count=1")
	cmd.Env = append(append(os.Environ(), childRSSEnv+"="+name), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child test: %v\n%s", err, out)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "peak-child-rss-kb "); ok {
			kb, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				t.Fatalf("child test: %q: %v", sc.Text(), err)
			}
			return kb
		}
	}
	t.Fatalf("child test reported no peak:\n%s", out)
	return 0
}

// reportChildRSS prints the largest resident set of the processes this one started, for
// peakChildRSS.
func reportChildRSS(t *testing.T) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("peak-child-rss-kb %d\n", ru.Maxrss)
}

// TestLargeStillsAreScaledDownBeforeTheSegment: ffmpeg keeps every still of a segment
// decoded until the segment ends, so large photos are scaled down one at a time first
// (to what the slide shows) and the segment's memory does not grow with their size: four
// 24-megapixel photos took 212 MB in one ffmpeg, and take about 95 MB. The photos still
// show as they are.
func TestLargeStillsAreScaledDownBeforeTheSegment(t *testing.T) {
	const photoEnv = "MEDIA_TEST_PHOTO"
	if os.Getenv(childRSSEnv) != t.Name() {
		// Made here: making it takes more memory than showing it may.
		photo := generate(t, "photo.jpg", "-f", "lavfi", "-i", "testsrc2=s=6000x4000", "-frames:v", "1", "-q:v", "3")
		if kb := peakChildRSS(t, t.Name(), photoEnv+"="+photo); kb > 150<<10 {
			t.Fatalf("largest ffmpeg took %d MB, want under 150 MB", kb>>10)
		}
		return
	}
	photo := os.Getenv(photoEnv)
	dir := t.TempDir()
	var slides []media.SegmentSlide
	for i := range 4 {
		copied := filepath.Join(dir, fmt.Sprintf("photo%d.jpg", i))
		if err := os.Link(photo, copied); err != nil {
			t.Fatal(err)
		}
		slides = append(slides, media.SegmentSlide{DurationMs: 200, Image: copied, KenBurns: i%2 == 0, Motion: i})
	}
	out := filepath.Join(dir, "seg.mp4")
	seg := media.SegmentInput{Canvas: small, Slides: slides, Threads: 1}
	if err := (media.Tool{}).RenderSegment(context.Background(), seg, dir, out, nil); err != nil {
		t.Fatal(err)
	}
	if s := probeStream(t, out); s.frames != 24 || s.width != small.Width {
		t.Fatalf("got %+v, want 24 frames of %dx%d", s, small.Width, small.Height)
	}
	// testsrc2's picture, shrunk: its colour bars stay in place (the third from the
	// left is bright, about 226 in luma; the fourth dark, about 29).
	if bright, dark := meanLuma(t, out, 500, "crop=8:8:iw*0.42:ih/2"), meanLuma(t, out, 500, "crop=8:8:iw*0.58:ih/2"); bright < 180 || dark > 60 {
		t.Errorf("bars of the still shown: luma %.0f and %.0f, want bright then dark", bright, dark)
	}
	reportChildRSS(t)
}
