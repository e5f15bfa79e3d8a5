package media

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func ffmpegFile(t *testing.T, out string, args ...string) string {
	t.Helper()
	full := append([]string{"-hide_banner", "-v", "error", "-y"}, args...)
	if b, err := exec.Command("ffmpeg", append(full, out)...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg %v: %v %s", args, err, b)
	}
	return out
}

// decoded is the raw video (gray) or sound (s16le) ffmpeg decodes from path.
func decoded(t *testing.T, path, stream string) []byte {
	t.Helper()
	args := []string{"-v", "error", "-i", path, "-map", stream}
	if stream == "0:v:0" {
		args = append(args, "-f", "rawvideo", "-pix_fmt", "gray")
	} else {
		args = append(args, "-f", "s16le")
	}
	b, err := exec.Command("ffmpeg", append(args, "-")...).Output()
	if err != nil {
		t.Fatalf("decode %s of %s: %v", stream, path, err)
	}
	return b
}

// TestJoinMP4MatchesFFmpegConcat: the segments this package renders (a split one, a
// clip and a plain one) and a mix join by joinMP4, not the fallback, into a file that
// decodes to exactly what ffmpeg's concat gives, index first and without errors.
func TestJoinMP4MatchesFFmpegConcat(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	c := Canvas{320, 180, 30}
	still := ffmpegFile(t, filepath.Join(dir, "still.jpg"), "-f", "lavfi", "-i", "testsrc2=size=640x480", "-frames:v", "1")
	clip := ffmpegFile(t, filepath.Join(dir, "clip.mp4"), "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=1.3",
		"-c:v", "libx264", "-preset", "ultrafast")
	voice := ffmpegFile(t, filepath.Join(dir, "voice.wav"), "-f", "lavfi", "-i", "sine=frequency=500:duration=3:sample_rate=24000")
	var tool Tool
	var segs []string
	for i, in := range []SegmentInput{
		{Canvas: c, Threads: 2, Slides: []SegmentSlide{{DurationMs: 1000, Image: still, KenBurns: true}, {DurationMs: 700, Text: "Two"}},
			Cues: []Cue{{StartMs: 100, EndMs: 1500, Text: "Across the cut"}}},
		{Canvas: c, Threads: 1, Slides: []SegmentSlide{{DurationMs: 1500, Image: still, KenBurns: true, Motion: 3, Tagline: "Third"}}},
	} {
		out := filepath.Join(dir, "seg"+strconv.Itoa(i)+".mp4")
		if err := tool.RenderSegment(ctx, in, dir, out, nil); err != nil {
			t.Fatal(err)
		}
		segs = append(segs, out)
	}
	intro := filepath.Join(dir, "intro.mp4")
	if _, err := tool.RenderClipSegment(ctx, clip, c, 0, dir, intro); err != nil {
		t.Fatal(err)
	}
	segs = append([]string{intro}, segs...)
	whole, chunked := filepath.Join(dir, "mix.m4a"), filepath.Join(dir, "chunked.m4a")
	mix := MixInput{DurationMs: 4500, Narration: []AudioClip{{Path: voice, StartMs: 700}}}
	if err := tool.MixAudio(ctx, mix, whole); err != nil {
		t.Fatal(err)
	}
	// A mix encoded in stretches carries an edit list for its priming frame.
	if _, err := tool.MixAudioChunked(ctx, mix, []int{0, 1500, 3000}, memChunks{}, dir, chunked); err != nil {
		t.Fatal(err)
	}
	for _, audio := range []string{whole, chunked} {
		checkJoin(t, dir, segs, audio)
	}
}

// memChunks keeps no chunk.
type memChunks struct{}

func (memChunks) FetchChunk(context.Context, string, string) (bool, error) { return false, nil }
func (memChunks) KeepChunk(context.Context, string, string) error          { return nil }

func checkJoin(t *testing.T, dir string, segs []string, audio string) {
	t.Helper()
	got := filepath.Join(dir, "joined.mp4")
	if err := joinMP4(segs, audio, got, Tags{}); err != nil {
		t.Fatalf("joinMP4: %v", err)
	}
	list, err := concatList(segs, dir)
	if err != nil {
		t.Fatal(err)
	}
	want := ffmpegFile(t, filepath.Join(dir, "ffmpeg.mp4"), "-f", "concat", "-safe", "0", "-i", list, "-i", audio,
		"-map", "0:v:0", "-map", "1:a:0", "-c", "copy", "-movflags", "+faststart")

	for _, s := range []string{"0:v:0", "0:a:0"} {
		if a, b := decoded(t, got, s), decoded(t, want, s); !bytes.Equal(a, b) || len(a) == 0 {
			t.Errorf("%s, stream %s: joinMP4 decodes to %d bytes, ffmpeg's concat to %d, or they differ", filepath.Base(audio), s, len(a), len(b))
		}
	}
	if b, err := exec.Command("ffmpeg", "-v", "error", "-xerror", "-i", got, "-f", "null", "-").CombinedOutput(); err != nil || len(b) > 0 {
		t.Errorf("decode joined file: %v %s", err, b)
	}
	g, w := probeDurations(t, got), probeDurations(t, want)
	if g != w {
		t.Errorf("%s: durations (format, video, audio): joinMP4 %s, ffmpeg %s", filepath.Base(audio), g, w)
	}
	f, err := os.Open(got)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	top, err := readBoxes(f, 0, fi.Size())
	if err != nil || len(top) != 3 || top[0].typ != "ftyp" || top[1].typ != "moov" || top[2].typ != "mdat" {
		t.Errorf("top-level boxes %+v %v, want ftyp, moov, mdat", top, err)
	}
}

func probeDurations(t *testing.T, path string) string {
	t.Helper()
	b, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "format=duration:stream=duration,nb_frames",
		"-of", "csv=p=0", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	return string(b)
}

// TestJoinMP4RefusesWhatItCannotJoin: segments coded differently, or a file that is
// not an MP4, are left to ffmpeg.
func TestJoinMP4RefusesWhatItCannotJoin(t *testing.T) {
	dir := t.TempDir()
	a := ffmpegFile(t, filepath.Join(dir, "a.mp4"), "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30:duration=0.5", "-c:v", "libx264", "-preset", "ultrafast")
	b := ffmpegFile(t, filepath.Join(dir, "b.mp4"), "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30:duration=0.5", "-c:v", "libx264", "-preset", "ultrafast")
	bframes := ffmpegFile(t, filepath.Join(dir, "c.mp4"), "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30:duration=0.5", "-c:v", "libx264", "-preset", "medium")
	junk := filepath.Join(dir, "junk.mp4")
	os.WriteFile(junk, []byte("not an mp4 at all, just text"), 0o644)
	for name, files := range map[string][]string{"sizes differ": {a, b}, "b-frames": {bframes}, "not mp4": {junk}} {
		if err := joinMP4(files, "", filepath.Join(dir, "out.mp4"), Tags{}); !errors.Is(err, errJoinUnsupported) {
			t.Errorf("%s: %v, want errJoinUnsupported", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out.mp4")); !os.IsNotExist(err) {
		t.Errorf("a refused join left its output: %v", err)
	}
}

// FuzzReadTrack: no file, however broken, makes the join's reader panic or run away;
// it says the layout is not supported or that the file cannot be read.
func FuzzReadTrack(f *testing.F) {
	dir := f.TempDir()
	for _, args := range [][]string{
		{"-f", "lavfi", "-i", "testsrc2=size=64x36:rate=30:duration=0.2", "-c:v", "libx264", "-preset", "ultrafast", "-g", "3"},
		{"-f", "lavfi", "-i", "sine=duration=0.2", "-c:a", "aac"},
	} {
		out := filepath.Join(dir, "seed"+strconv.Itoa(len(args))+".mp4")
		full := append([]string{"-hide_banner", "-v", "error", "-y"}, args...)
		if b, err := exec.Command("ffmpeg", append(full, out)...).CombinedOutput(); err != nil {
			f.Fatalf("ffmpeg: %v %s", err, b)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, kind := range []string{"vide", "soun"} {
			tr, err := readTrack(bytes.NewReader(b), int64(len(b)), "in.mp4", kind)
			if err == nil && (len(tr.sizes) != len(tr.offsets) || len(tr.sizes) != len(tr.deltas)) {
				t.Fatalf("%s track read with %d sizes, %d offsets, %d durations", kind, len(tr.sizes), len(tr.offsets), len(tr.deltas))
			}
		}
	})
}

// formatTags is ffprobe's title and creation_time of path.
func formatTags(t *testing.T, path string) (title, created string) {
	t.Helper()
	b, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "format_tags=title,creation_time", "-of", "json", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	var p struct {
		Format struct {
			Tags struct {
				Title        string `json:"title"`
				CreationTime string `json:"creation_time"`
			} `json:"tags"`
		} `json:"format"`
	}
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	return p.Format.Tags.Title, p.Format.Tags.CreationTime
}

// TestJoinTagsTitleAndCreationTime: the joined MP4 says the video's name, whatever it
// holds, and when it was made, whether joinMP4 or ffmpeg's concat joins it; without
// tags it says neither.
func TestJoinTagsTitleAndCreationTime(t *testing.T) {
	dir := t.TempDir()
	plain := ffmpegFile(t, filepath.Join(dir, "plain.mp4"), "-f", "lavfi", "-i", "testsrc2=size=64x36:rate=30:duration=0.3", "-c:v", "libx264", "-preset", "ultrafast")
	bframes := ffmpegFile(t, filepath.Join(dir, "bframes.mp4"), "-f", "lavfi", "-i", "testsrc2=size=64x36:rate=30:duration=0.3", "-c:v", "libx264", "-preset", "medium")
	made := time.Date(2026, 11, 30, 3, 28, 21, 500_000_000, time.FixedZone("CET", 3600))
	const madeUTC = "2026-11-30T02:28:21.000000Z"
	for _, c := range []struct {
		name, title, want string
	}{
		{"plain", "Spring sale", "Spring sale"},
		{"quotes and escapes", `Say "hi" to O'Brien; a\b = c # d, 100% $HOME`, `Say "hi" to O'Brien; a\b = c # d, 100% $HOME`},
		{"line breaks", "First line\nsecond\r\nthird\ttab", "First line\nsecond\r\nthird\ttab"},
		{"any script", "Café — 日本語 🎬 العربية हिन्दी", "Café — 日本語 🎬 العربية हिन्दी"},
		{"very long", strings.Repeat("Дуже довга назва 🎞 ", 200), strings.Repeat("Дуже довга назва 🎞 ", 200)},
		{"NUL and bad UTF-8", "a\x00b\xffc", "ab\uFFFDc"},
	} {
		for _, j := range []struct {
			name  string
			files []string
		}{{"joinMP4", []string{plain, plain}}, {"ffmpeg concat", []string{bframes, bframes}}} {
			out := filepath.Join(dir, "out.mp4")
			if err := (Tool{}).join(context.Background(), j.files, "", dir, out, 0, Tags{Title: c.title, Created: made}); err != nil {
				t.Fatalf("%s, %s: %v", c.name, j.name, err)
			}
			if title, created := formatTags(t, out); title != c.want || created != madeUTC {
				t.Errorf("%s, %s: title %q, creation_time %q; want %q, %q", c.name, j.name, title, created, c.want, madeUTC)
			}
		}
	}
	out := filepath.Join(dir, "untagged.mp4")
	if err := joinMP4([]string{plain}, "", out, Tags{}); err != nil {
		t.Fatal(err)
	}
	if title, created := formatTags(t, out); title != "" || created != "" {
		t.Errorf("without tags: title %q, creation_time %q", title, created)
	}
}
