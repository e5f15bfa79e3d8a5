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

// meanLuma is the mean 8-bit luma of the frame at ms of the video at path, cropped by
// crop (an ffmpeg crop filter, "" for the whole frame).
func meanLuma(t *testing.T, path string, ms int, crop string) float64 {
	t.Helper()
	vf := "format=gray"
	if crop != "" {
		vf = crop + "," + vf
	}
	raw, err := exec.Command("ffmpeg", "-v", "error", "-ss", strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64), "-i", path,
		"-frames:v", "1", "-vf", vf, "-f", "rawvideo", "-").Output()
	if err != nil || len(raw) == 0 {
		t.Fatalf("frame at %d ms of %s: %v", ms, path, err)
	}
	sum := 0
	for _, b := range raw {
		sum += int(b)
	}
	return float64(sum) / float64(len(raw))
}

// TestRenderSegmentLaysTransparentStillsOnWhite: a PNG whose hidden colour under full
// transparency is dark green shows white where it is transparent (as its library
// thumbnail does), panned or not; an opaque one keeps its colours.
func TestRenderSegmentLaysTransparentStillsOnWhite(t *testing.T) {
	clear := generate(t, "clear.png", "-f", "lavfi", "-i", "color=c=0x004000:s=320x180,format=rgba,geq=r=0:g=64:b=0:a=0", "-frames:v", "1")
	opaque := generate(t, "opaque.png", "-f", "lavfi", "-i", "color=c=0x004000:s=320x180", "-frames:v", "1")
	dir := t.TempDir()
	out := filepath.Join(dir, "seg.mp4")
	seg := media.SegmentInput{Canvas: small, Slides: []media.SegmentSlide{
		{DurationMs: 500, Image: clear, KenBurns: true},
		{DurationMs: 500, Image: clear, Contain: true},
		{DurationMs: 500, Image: opaque},
	}}
	if err := (media.Tool{}).RenderSegment(context.Background(), seg, dir, out, nil); err != nil {
		t.Fatal(err)
	}
	if panned, still, dark := meanLuma(t, out, 250, ""), meanLuma(t, out, 750, ""), meanLuma(t, out, 1250, ""); panned < 220 || still < 220 || dark > 80 {
		t.Fatalf("mean luma: transparent panned %.0f, transparent still %.0f (want white); opaque green %.0f (want dark)", panned, still, dark)
	}
}

// TestClipsWithNonSquarePixelsKeepTheirShape: a clip stored 180x180 with pixels 16:9
// wide displays as 320x180, so contained on a 320x180 canvas (as a slide or an insert)
// it fills the width instead of leaving bars at the sides.
func TestClipsWithNonSquarePixelsKeepTheirShape(t *testing.T) {
	clip := generate(t, "wide.mp4", "-f", "lavfi", "-i", "color=c=white:s=180x180:r=30:d=1", "-vf", "setsar=16/9",
		"-c:v", "libx264", "-pix_fmt", "yuv420p")
	dir := t.TempDir()
	seg := filepath.Join(dir, "seg.mp4")
	in := media.SegmentInput{Canvas: small, Slides: []media.SegmentSlide{{DurationMs: 500, Video: clip, Contain: true}}}
	if err := (media.Tool{}).RenderSegment(context.Background(), in, dir, seg, nil); err != nil {
		t.Fatal(err)
	}
	insert := filepath.Join(dir, "insert.mp4")
	if _, err := (media.Tool{}).RenderClipSegment(context.Background(), clip, small, 1, dir, insert); err != nil {
		t.Fatal(err)
	}
	if p, err := (media.Tool{}).Probe(context.Background(), clip, ""); err != nil || p.Width != 320 || p.Height != 180 {
		t.Errorf("probe: %dx%d (%v), want the displayed 320x180", p.Width, p.Height, err)
	}
	leftEdge := "crop=iw/10:ih:0:0"
	if s, i := meanLuma(t, seg, 250, leftEdge), meanLuma(t, insert, 250, leftEdge); s < 200 || i < 200 {
		t.Fatalf("left edge luma: slide %.0f, insert %.0f; want the white clip there, not a bar", s, i)
	}
}

// meanRGB is the mean colour of the frame at ms of the video at path.
func meanRGB(t *testing.T, path string, ms int) [3]float64 {
	t.Helper()
	raw, err := exec.Command("ffmpeg", "-v", "error", "-ss", strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64), "-i", path,
		"-frames:v", "1", "-vf", "format=rgb24", "-f", "rawvideo", "-").Output()
	if err != nil || len(raw) < 3 {
		t.Fatalf("frame at %d ms of %s: %v", ms, path, err)
	}
	var sum [3]float64
	for i, b := range raw {
		sum[i%3] += float64(b)
	}
	for i := range sum {
		sum[i] /= float64(len(raw) / 3)
	}
	return sum
}

// TestHDRClipsKeepTheirColours: a phone's HDR clip (HLG, or PQ), as a slide and as an
// insert, shows the colours of the same picture filmed in SDR, not a grey, washed-out
// one (its BT.2020 primaries and HDR curve read as BT.709).
func TestHDRClipsKeepTheirColours(t *testing.T) {
	const orange = "color=c=0xE08020:s=320x180:r=30:d=1"
	sdr := generate(t, "sdr.mp4", "-f", "lavfi", "-i", orange, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "12")
	hdr := func(name, trc string, nits int) string {
		return generate(t, name, "-i", sdr, "-vf",
			"zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t="+trc+":p=bt2020:m=bt2020nc:r=tv:npl="+strconv.Itoa(nits),
			"-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "12",
			"-color_primaries", "bt2020", "-color_trc", trc, "-colorspace", "bt2020nc")
	}
	clips := map[string]string{"sdr": sdr, "hlg": hdr("hlg.mp4", "arib-std-b67", 100), "pq": hdr("pq.mp4", "smpte2084", 203)}
	tool := media.Tool{}
	ctx := context.Background()
	seen := map[string][2][3]float64{}
	for name, clip := range clips {
		dir := t.TempDir()
		seg, insert := filepath.Join(dir, "seg.mp4"), filepath.Join(dir, "insert.mp4")
		in := media.SegmentInput{Canvas: small, Slides: []media.SegmentSlide{{DurationMs: 500, Video: clip}}}
		if err := tool.RenderSegment(ctx, in, dir, seg, nil); err != nil {
			t.Fatalf("%s slide: %v", name, err)
		}
		if _, err := tool.RenderClipSegment(ctx, clip, small, 1, dir, insert); err != nil {
			t.Fatalf("%s insert: %v", name, err)
		}
		seen[name] = [2][3]float64{meanRGB(t, seg, 250), meanRGB(t, insert, 250)}
	}
	want := seen["sdr"]
	for _, name := range []string{"hlg", "pq"} {
		for i, as := range []string{"a slide", "an insert"} {
			got := seen[name][i]
			for c := range got {
				// Mobius compresses PQ's brightest tones a little; a washed-out picture is
				// 40-90 off in red or blue.
				if d := got[c] - want[i][c]; d > 25 || d < -25 {
					t.Errorf("%s clip as %s: mean RGB %.0f, want about the SDR clip's %.0f", name, as, got, want[i])
					break
				}
			}
		}
	}
}

// TestAnimatedGIFsMove: an animated GIF on a slide plays, looping, as the editor shows
// it, laid on white where it is transparent; a GIF of one frame stays a still.
func TestAnimatedGIFsMove(t *testing.T) {
	// Five frames, a tenth of a second each, black to white; then the same with its
	// left half transparent.
	moving := generate(t, "moving.gif", "-f", "lavfi", "-i", "color=c=black:s=160x90:r=10:d=0.5,geq=lum='X*0+N*60':cb=128:cr=128")
	clear := generate(t, "clear.gif", "-f", "lavfi", "-i", "color=c=black:s=160x90:r=10:d=0.5,format=rgba,"+
		"geq=r='N*60':g='N*60':b='N*60':a='if(lt(X,80),0,255)',split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse=alpha_threshold=128")
	still := generate(t, "still.gif", "-f", "lavfi", "-i", "color=c=gray:s=160x90", "-frames:v", "1")
	dir := t.TempDir()
	out := filepath.Join(dir, "seg.mp4")
	seg := media.SegmentInput{Canvas: small, Slides: []media.SegmentSlide{
		{DurationMs: 1000, Image: moving, KenBurns: true},
		{DurationMs: 500, Image: clear},
		{DurationMs: 500, Image: still, KenBurns: true},
	}}
	if err := (media.Tool{}).RenderSegment(context.Background(), seg, dir, out, nil); err != nil {
		t.Fatal(err)
	}
	if s := probeStream(t, out); s.frames != 60 {
		t.Fatalf("got %+v, want 60 frames", s)
	}
	// The animation's frames at 0.05 s and 0.45 s, and again after it looped at 0.55 s.
	first, last, looped := meanLuma(t, out, 50, ""), meanLuma(t, out, 450, ""), meanLuma(t, out, 550, "")
	if last-first < 150 || looped > first+40 {
		t.Fatalf("mean luma of the animated GIF: %.0f at 0.05 s, %.0f at 0.45 s, %.0f at 0.55 s; want it to play and loop", first, last, looped)
	}
	if l := meanLuma(t, out, 1250, "crop=iw/4:ih:0:0"); l < 220 {
		t.Fatalf("the transparent half of an animated GIF: mean luma %.0f, want white", l)
	}
	if a, b := meanLuma(t, out, 1550, ""), meanLuma(t, out, 1950, ""); a < 100 || a > 160 || b < 100 || b > 160 {
		t.Fatalf("the one-frame GIF: mean luma %.0f and %.0f, want its grey", a, b)
	}
}
