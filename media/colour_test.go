package media_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pagecast/media"
)

// colourTags is ffprobe's colour description of path's video stream.
func colourTags(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
		"stream=color_space,color_primaries,color_transfer,color_range", "-of", "default=nw=1", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

// middleRGB decodes the pixel in the middle of the frame at sec of path as a BT.709
// player does (BT.709 matrix, TV range): R, G, B.
func middleRGB(t *testing.T, path, sec string) []byte {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-v", "error", "-ss", sec, "-i", path, "-frames:v", "1",
		"-vf", "crop=2:2:iw/2:ih/2,scale=in_color_matrix=bt709:in_range=tv:flags=neighbor",
		"-f", "rawvideo", "-pix_fmt", "rgb24", "-").Output()
	if err != nil || len(out) < 3 {
		t.Fatalf("decode %s: %v", path, err)
	}
	return out[:3]
}

// Every rendered picture is BT.709 in TV range and says so: a pure red still, clip
// (whatever colours it is in, or, untagged, the colours players take it to be in:
// BT.709 from 1280x720 up, BT.601 below), panned still or cue comes back red from a
// player that reads the tags, and the joined video keeps the tags.
func TestRenderedColoursAreBT709(t *testing.T) {
	const want = "color_range=tv color_space=bt709 color_transfer=bt709 color_primaries=bt709"
	png := generate(t, "red.png", "-f", "lavfi", "-i", "color=c=red:s=64x48", "-frames:v", "1")
	jpg := generate(t, "red.jpg", "-f", "lavfi", "-i", "color=c=red:s=64x48", "-frames:v", "1")
	// clip is a red clip of size encoded in matrix and tagged tag ("" for no tags).
	clip := func(name, size, matrix, tag string) string {
		args := []string{"-f", "lavfi", "-i", "color=c=red:s=" + size + ":d=0.5", "-vf", "scale=out_color_matrix=" + matrix + ":out_range=tv",
			"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"}
		if tag != "" {
			args = append(args, "-colorspace", tag, "-color_primaries", tag, "-color_trc", tag)
		}
		return generate(t, name, args...)
	}
	hd, sd := clip("red709.mp4", "64x48", "bt709", "bt709"), clip("red601.mp4", "64x48", "bt601", "smpte170m")
	untaggedHD, untaggedSD := clip("red709-untagged.mp4", "1280x720", "bt709", ""), clip("red601-untagged.mp4", "640x480", "bt601", "")
	if got := colourTags(t, untaggedHD); !strings.Contains(got, "color_space=unknown") {
		t.Fatalf("untagged clip tagged %s", got)
	}
	cue := media.DefaultSubtitleStyle(small)
	cue.PrimaryColor, cue.FontSize, cue.Outline, cue.Shadow, cue.Alignment = "FF0000", 120, 0, 0, 5
	ctx, tool, dir := context.Background(), media.Tool{}, t.TempDir()
	segment := func(s media.SegmentSlide, cues ...media.Cue) func(string) error {
		return func(out string) error {
			in := media.SegmentInput{Canvas: small, Slides: []media.SegmentSlide{s}, Cues: cues, Style: cue}
			return tool.RenderSegment(ctx, in, dir, out, nil)
		}
	}
	var segs []string
	for _, c := range []struct {
		name   string
		render func(out string) error
	}{
		{"png still", segment(media.SegmentSlide{DurationMs: 500, Image: png})},
		{"jpeg still", segment(media.SegmentSlide{DurationMs: 500, Image: jpg})},
		{"panned still", segment(media.SegmentSlide{DurationMs: 500, Image: png, KenBurns: true})},
		{"panned jpeg", segment(media.SegmentSlide{DurationMs: 500, Image: jpg, KenBurns: true})},
		{"contained jpeg", segment(media.SegmentSlide{DurationMs: 500, Image: jpg, Contain: true})},
		{"bt709 clip", segment(media.SegmentSlide{DurationMs: 500, Video: hd})},
		{"bt601 clip", segment(media.SegmentSlide{DurationMs: 500, Video: sd})},
		{"untagged HD clip", segment(media.SegmentSlide{DurationMs: 500, Video: untaggedHD})},
		{"untagged SD clip", segment(media.SegmentSlide{DurationMs: 500, Video: untaggedSD})},
		{"contained untagged HD clip", segment(media.SegmentSlide{DurationMs: 500, Video: untaggedHD, Contain: true})},
		{"cue", segment(media.SegmentSlide{DurationMs: 500, Text: " "}, media.Cue{StartMs: 0, EndMs: 500, Text: "█"})},
		{"clip segment", func(out string) error {
			_, err := tool.RenderClipSegment(ctx, sd, small, 0, dir, out)
			return err
		}},
		{"untagged HD clip segment", func(out string) error {
			_, err := tool.RenderClipSegment(ctx, untaggedHD, small, 0, dir, out)
			return err
		}},
		{"untagged SD clip segment", func(out string) error {
			_, err := tool.RenderClipSegment(ctx, untaggedSD, small, 0, dir, out)
			return err
		}},
	} {
		out := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".mp4")
		if err := c.render(out); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		segs = append(segs, out)
		if got := colourTags(t, out); got != want {
			t.Errorf("%s: tagged %s, want %s", c.name, got, want)
		}
		if rgb := middleRGB(t, out, "0.2"); rgb[0] < 247 || rgb[1] > 6 || rgb[2] > 6 {
			t.Errorf("%s: red decodes as %v", c.name, rgb)
		}
	}
	joined := filepath.Join(dir, "joined.mp4")
	if err := tool.JoinSegments(ctx, segs, "", dir, joined, media.Tags{}); err != nil {
		t.Fatal(err)
	}
	if got := colourTags(t, joined); got != want {
		t.Errorf("joined: tagged %s, want %s", got, want)
	}
}
