package media_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"pagecast/media"
)

var small = media.Canvas{Width: 320, Height: 180, FPS: 30}

// renderInputs makes a still, a 2 s clip with sound and a sine narration.
type renderInputs struct{ still, clip, voice, music string }

func makeRenderInputs(t *testing.T) renderInputs {
	t.Helper()
	return renderInputs{
		still: generate(t, "still.jpg", "-f", "lavfi", "-i", "testsrc2=size=640x480", "-frames:v", "1"),
		clip: generate(t, "clip.mp4", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2",
			"-f", "lavfi", "-i", "sine=frequency=300:duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest"),
		voice: generate(t, "voice.wav", "-f", "lavfi", "-i", "sine=frequency=3000:duration=1.5:sample_rate=24000"),
		music: generate(t, "music.wav", "-f", "lavfi", "-i", "sine=frequency=200:duration=0.7:sample_rate=44100"),
	}
}

// streamInfo is what ffprobe says of a rendered file, with video packets counted.
type streamInfo struct {
	frames           int
	duration         float64 // of the video stream, seconds
	width, height    int
	codec, pixFmt    string
	rate             string
	audioCodec       string
	formatDurationMs int
}

func probeStream(t *testing.T, path string) streamInfo {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-count_packets", "-show_entries",
		"stream=codec_type,codec_name,width,height,pix_fmt,r_frame_rate,nb_read_packets,duration:format=duration",
		"-of", "json", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	var p struct {
		Streams []struct {
			CodecType, CodecName, PixFmt, RFrameRate, NbReadPackets, Duration string
			Width, Height                                                     int
		}
		Format struct{ Duration string }
	}
	// ffprobe's keys are snake_case; map them onto the struct's names.
	r := strings.NewReplacer("codec_type", "CodecType", "codec_name", "CodecName", "pix_fmt", "PixFmt",
		"r_frame_rate", "RFrameRate", "nb_read_packets", "NbReadPackets")
	if err := json.Unmarshal([]byte(r.Replace(string(out))), &p); err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	var s streamInfo
	for _, st := range p.Streams {
		switch st.CodecType {
		case "video":
			s.codec, s.pixFmt, s.rate, s.width, s.height = st.CodecName, st.PixFmt, st.RFrameRate, st.Width, st.Height
			s.frames, _ = strconv.Atoi(st.NbReadPackets)
			s.duration, _ = strconv.ParseFloat(st.Duration, 64)
		case "audio":
			s.audioCodec = st.CodecName
		}
	}
	f, _ := strconv.ParseFloat(p.Format.Duration, 64)
	s.formatDurationMs = int(math.Round(f * 1000))
	return s
}

func TestRenderSegmentLengthAndFormat(t *testing.T) {
	in := makeRenderInputs(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "seg.mp4")
	seg := media.SegmentInput{
		Canvas: small,
		Slides: []media.SegmentSlide{
			{DurationMs: 1000, Image: in.still, KenBurns: true, Motion: 0},
			{DurationMs: 733, Image: in.still, Tagline: "A headline {with} braces", KenBurns: true, Motion: 4},
			{DurationMs: 2500, Video: in.clip}, // longer than the clip: looped
			{DurationMs: 500, Text: "A text slide with enough words to wrap over lines"},
			{DurationMs: 600, Image: in.still},
		},
		Cues: []media.Cue{{StartMs: 100, EndMs: 900, Text: "First cue\nsecond line"}, {StartMs: 2000, EndMs: 4000, Text: "Second"}},
	}
	want := 30 + 22 + 75 + 15 + 18
	var last int
	calls := 0
	err := media.Tool{}.RenderSegment(context.Background(), seg, dir, out, func(ms int) {
		if ms < last {
			t.Errorf("progress went back from %d to %d", last, ms)
		}
		last, calls = ms, calls+1
	})
	if err != nil {
		t.Fatal(err)
	}
	s := probeStream(t, out)
	if s.frames != want || s.width != 320 || s.height != 180 || s.codec != "h264" || s.pixFmt != "yuv420p" || s.rate != "30/1" {
		t.Fatalf("got %+v, want %d frames of 320x180 h264 yuv420p at 30/1", s, want)
	}
	if math.Abs(s.duration-float64(want)/30) > 1.0/30+1e-6 {
		t.Errorf("duration %.4f s, want %.4f", s.duration, float64(want)/30)
	}
	if s.audioCodec != "" {
		t.Errorf("segment has audio %q", s.audioCodec)
	}
	if calls == 0 || last < 4000 {
		t.Errorf("progress: %d calls, last %d ms", calls, last)
	}
}

func TestRenderSegmentFullSizeCanvases(t *testing.T) {
	in := makeRenderInputs(t)
	for _, c := range []media.Canvas{media.Canvas16x9, media.Canvas9x16} {
		dir := t.TempDir()
		out := filepath.Join(dir, "seg.mp4")
		seg := media.SegmentInput{Canvas: c, Threads: 2, Slides: []media.SegmentSlide{
			{DurationMs: 400, Image: in.still, KenBurns: true, Motion: 5, Tagline: "Tagline"},
			{DurationMs: 200, Video: in.clip},
		}, Cues: []media.Cue{{StartMs: 0, EndMs: 300, Text: "Hello"}}}
		if err := (media.Tool{}).RenderSegment(context.Background(), seg, dir, out, nil); err != nil {
			t.Fatal(err)
		}
		s := probeStream(t, out)
		if s.frames != 18 || s.width != c.Width || s.height != c.Height || s.codec != "h264" || s.pixFmt != "yuv420p" {
			t.Errorf("%dx%d: got %+v", c.Width, c.Height, s)
		}
	}
}

// grayBand decodes the bottom quarter of the frame at sec as 8-bit luma.
func grayBand(t *testing.T, path string, sec float64) []byte {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-v", "error", "-ss", strconv.FormatFloat(sec, 'f', 3, 64), "-i", path,
		"-frames:v", "1", "-vf", "crop=iw:ih/4:0:ih*3/4", "-f", "rawvideo", "-pix_fmt", "gray", "-").Output()
	if err != nil || len(out) == 0 {
		t.Fatalf("decode %s at %v: %v", path, sec, err)
	}
	return out
}

func meanAbsDiff(a, b []byte) float64 {
	if len(a) != len(b) {
		return math.Inf(1)
	}
	var sum float64
	for i := range a {
		sum += math.Abs(float64(a[i]) - float64(b[i]))
	}
	return sum / float64(len(a))
}

func TestRenderSegmentBurnsCuesInTheirTime(t *testing.T) {
	in := makeRenderInputs(t)
	dir := t.TempDir()
	plain := media.SegmentInput{Canvas: small, Slides: []media.SegmentSlide{{DurationMs: 2000, Image: in.still}}}
	withCue := plain
	withCue.Cues = []media.Cue{{StartMs: 500, EndMs: 1500, Text: "Burned in"}}
	withCue.Style = media.DefaultSubtitleStyle(small)
	withCue.Style.FontSize = 24
	a, b := filepath.Join(dir, "plain.mp4"), filepath.Join(dir, "cue.mp4")
	for _, r := range []struct {
		in  media.SegmentInput
		out string
	}{{plain, a}, {withCue, b}} {
		if err := (media.Tool{}).RenderSegment(context.Background(), r.in, dir, r.out, nil); err != nil {
			t.Fatal(err)
		}
	}
	if d := meanAbsDiff(grayBand(t, a, 1.0), grayBand(t, b, 1.0)); d < 3 {
		t.Errorf("at 1.0 s the subtitle band differs by %.2f, want a cue drawn", d)
	}
	if d := meanAbsDiff(grayBand(t, a, 1.8), grayBand(t, b, 1.8)); d > 1 {
		t.Errorf("at 1.8 s the subtitle band differs by %.2f, want no cue", d)
	}
}

// meanVolume is volumedetect's mean volume (dB) of path from start to end seconds,
// after filter.
func meanVolume(t *testing.T, path, filter string, start, end float64) float64 {
	t.Helper()
	af := "atrim=start=" + strconv.FormatFloat(start, 'f', 3, 64) + ":end=" + strconv.FormatFloat(end, 'f', 3, 64)
	if filter != "" {
		af = filter + "," + af
	}
	out, _ := exec.Command("ffmpeg", "-hide_banner", "-nostats", "-i", path, "-af", af+",volumedetect", "-f", "null", "-").CombinedOutput()
	_, v, ok := strings.Cut(string(out), "mean_volume: ")
	if !ok {
		t.Fatalf("volumedetect %s: %s", path, out)
	}
	f, err := strconv.ParseFloat(strings.Fields(v)[0], 64)
	if err != nil {
		t.Fatalf("volumedetect %s: %v", path, err)
	}
	return f
}

func TestMixAudioDucksBackgroundUnderNarration(t *testing.T) {
	in := makeRenderInputs(t)
	dir := t.TempDir()
	mix := media.MixInput{
		DurationMs: 4010, // 120.3 frames: 120 frames, 4.000 s
		Narration:  []media.AudioClip{{Path: in.voice, StartMs: 1000, Volume: 1}},
		Background: []media.BackgroundAudio{{Path: in.music, Volume: 0.5, Loop: true}},
	}
	flat, ducked := filepath.Join(dir, "flat.m4a"), filepath.Join(dir, "ducked.m4a")
	if err := (media.Tool{}).MixAudio(context.Background(), mix, flat); err != nil {
		t.Fatal(err)
	}
	mix.DuckUnderNarration = true
	if err := (media.Tool{}).MixAudio(context.Background(), mix, ducked); err != nil {
		t.Fatal(err)
	}
	p, err := media.Tool{}.Probe(context.Background(), ducked, "")
	if err != nil {
		t.Fatal(err)
	}
	if p.AudioCodec != "aac" || math.Abs(p.Duration-4.0) > 0.03 {
		t.Errorf("mix: %s of %.3f s, want aac of 4.000 s", p.AudioCodec, p.Duration)
	}
	music := "bandpass=f=200:t=q:w=1,bandpass=f=200:t=q:w=1"
	before, under := meanVolume(t, ducked, music, 0.1, 0.9), meanVolume(t, ducked, music, 1.3, 2.3)
	if under > before-6 {
		t.Errorf("ducked music: %.1f dB before the narration, %.1f dB under it: want at least 6 dB lower", before, under)
	}
	flatBefore, flatUnder := meanVolume(t, flat, music, 0.1, 0.9), meanVolume(t, flat, music, 1.3, 2.3)
	if math.Abs(flatUnder-flatBefore) > 1.5 {
		t.Errorf("unducked music: %.1f dB before, %.1f dB under the narration: want equal", flatBefore, flatUnder)
	}
	// Narration keeps its level: the 3 kHz tone is as loud in both mixes.
	voice := "highpass=f=2000:poles=2,highpass=f=2000:poles=2"
	if a, b := meanVolume(t, flat, voice, 1.3, 2.3), meanVolume(t, ducked, voice, 1.3, 2.3); math.Abs(a-b) > 1 {
		t.Errorf("narration level %.1f dB unducked, %.1f dB ducked", a, b)
	}
}

func TestJoinSegmentsWithMixedAudio(t *testing.T) {
	in := makeRenderInputs(t)
	dir := t.TempDir()
	tool := media.Tool{}
	ctx := context.Background()
	var segs []string
	for i, slides := range [][]media.SegmentSlide{
		{{DurationMs: 1200, Image: in.still, KenBurns: true, Motion: 1}},
		{{DurationMs: 900, Video: in.clip}, {DurationMs: 400, Text: "Bye"}},
	} {
		out := filepath.Join(dir, "seg"+strconv.Itoa(i)+".mp4")
		// Segments re-rendered alone use more threads: they must still join.
		if err := tool.RenderSegment(ctx, media.SegmentInput{Canvas: small, Slides: slides, Threads: i + 1}, dir, out, nil); err != nil {
			t.Fatal(err)
		}
		segs = append(segs, out)
	}
	intro := filepath.Join(dir, "intro.mp4")
	introMs, err := tool.RenderClipSegment(ctx, in.clip, small, 0, dir, intro)
	if err != nil {
		t.Fatal(err)
	}
	if introMs != 2000 {
		t.Errorf("intro lasts %d ms, want 2000", introMs)
	}
	introAudio := filepath.Join(dir, "intro.wav")
	if ok, err := tool.ExtractAudio(ctx, in.clip, introAudio); err != nil || !ok {
		t.Fatalf("extract audio: %v %v", ok, err)
	}
	segs = append([]string{intro}, segs...)
	totalMs := introMs + 1200 + 1300
	audio := filepath.Join(dir, "mix.m4a")
	err = tool.MixAudio(ctx, media.MixInput{DurationMs: totalMs, DuckUnderNarration: true,
		Narration:  []media.AudioClip{{Path: introAudio}, {Path: in.voice, StartMs: introMs}, {Path: in.voice, StartMs: introMs + 1600}},
		Background: []media.BackgroundAudio{{Path: in.music, Volume: 0.2, Loop: true}}}, audio)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "video.mp4")
	if err := tool.JoinSegments(ctx, segs, audio, dir, out, media.Tags{}); err != nil {
		t.Fatal(err)
	}
	s := probeStream(t, out)
	wantFrames := small.Frames(totalMs)
	if s.codec != "h264" || s.audioCodec != "aac" || s.frames != wantFrames {
		t.Fatalf("joined: %+v, want h264 + aac with %d frames", s, wantFrames)
	}
	if math.Abs(s.duration*1000-float64(totalMs)) > 1000.0/30+1 {
		t.Errorf("video lasts %.3f s, want %d ms", s.duration, totalMs)
	}
	if d := s.formatDurationMs - totalMs; d < -100 || d > 100 {
		t.Errorf("file lasts %d ms, want %d within 100 ms", s.formatDurationMs, totalMs)
	}
	// The joined file decodes cleanly from end to end.
	if b, err := exec.Command("ffmpeg", "-v", "error", "-xerror", "-i", out, "-f", "null", "-").CombinedOutput(); err != nil || len(b) > 0 {
		t.Errorf("decode joined video: %v %s", err, b)
	}
	thumb := filepath.Join(dir, "thumb.jpg")
	if err := tool.VideoThumbnail(ctx, out, small, 1500, thumb); err != nil {
		t.Fatal(err)
	}
	if p, err := tool.Probe(ctx, thumb, ""); err != nil || p.Width != 320 {
		t.Errorf("thumbnail: %+v %v", p, err)
	}
}

func TestRenderSegmentHonoursCancel(t *testing.T) {
	in := makeRenderInputs(t)
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	seg := media.SegmentInput{Canvas: media.Canvas16x9, Slides: []media.SegmentSlide{{DurationMs: 600000, Image: in.still, KenBurns: true}}}
	start := time.Now()
	err := media.Tool{}.RenderSegment(ctx, seg, dir, filepath.Join(dir, "seg.mp4"), nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want deadline exceeded", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Errorf("took %v to stop", time.Since(start))
	}
}

func TestRenderSegmentRejectsBadInput(t *testing.T) {
	tool := media.Tool{}
	dir := t.TempDir()
	for name, in := range map[string]media.SegmentInput{
		"no slides":  {Canvas: small},
		"odd canvas": {Canvas: media.Canvas{Width: 321, Height: 180, FPS: 30}, Slides: []media.SegmentSlide{{DurationMs: 1000, Text: "x"}}},
		"no fps":     {Canvas: media.Canvas{Width: 320, Height: 180}, Slides: []media.SegmentSlide{{DurationMs: 1000, Text: "x"}}},
		"too short":  {Canvas: small, Slides: []media.SegmentSlide{{DurationMs: 10, Text: "x"}}},
		"no image":   {Canvas: small, Slides: []media.SegmentSlide{{DurationMs: 1000, Image: filepath.Join(dir, "missing.jpg")}}},
	} {
		if err := tool.RenderSegment(context.Background(), in, dir, filepath.Join(dir, "x.mp4"), nil); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// grayFrames decodes every frame of path as 8-bit luma.
func grayFrames(t *testing.T, path string, w, h int) [][]byte {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "gray", "-").Output()
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	var frames [][]byte
	for len(out) >= w*h {
		frames = append(frames, out[:w*h])
		out = out[w*h:]
	}
	return frames
}

// bestShift is the whole-pixel move of the crop window (dx, dy in -3..3) from frame
// a to frame b with the least mean absolute difference over the middle of the frame.
func bestShift(a, b []byte, w, h int) (int, int, float64) {
	bx, by, best := 0, 0, math.Inf(1)
	for dy := -3; dy <= 3; dy++ {
		for dx := -3; dx <= 3; dx++ {
			var sum float64
			n := 0
			for y := h / 4; y < h*3/4; y++ {
				for x := w / 4; x < w*3/4; x++ {
					sum += math.Abs(float64(a[y*w+x]) - float64(b[(y-dy)*w+x-dx]))
					n++
				}
			}
			if m := sum / float64(n); m < best {
				bx, by, best = dx, dy, m
			}
		}
	}
	return bx, by, best
}

func TestKenBurnsIsASteadyEvenPixelPan(t *testing.T) {
	in := makeRenderInputs(t)
	c := media.Canvas{Width: 1280, Height: 720, FPS: 30} // two pixels a frame
	for motion, want := range [][2]int{{2, 0}, {-2, 0}, {0, 2}, {0, -2}, {2, 2}, {-2, -2}} {
		dir := t.TempDir()
		out := filepath.Join(dir, "pan.mp4")
		seg := media.SegmentInput{Canvas: c, Preset: "veryfast", Slides: []media.SegmentSlide{{DurationMs: 300, Image: in.still, KenBurns: true, Motion: motion}}}
		if err := (media.Tool{}).RenderSegment(context.Background(), seg, dir, out, nil); err != nil {
			t.Fatal(err)
		}
		frames := grayFrames(t, out, c.Width, c.Height)
		if len(frames) != 9 {
			t.Fatalf("motion %d: %d frames, want 9", motion, len(frames))
		}
		for i := 1; i < len(frames); i++ {
			dx, dy, diff := bestShift(frames[i-1], frames[i], c.Width, c.Height)
			if dx != want[0] || dy != want[1] || diff > 4 {
				t.Errorf("motion %d, frame %d: picture moved %d,%d (diff %.2f), want %d,%d", motion, i, dx, dy, diff, want[0], want[1])
			}
		}
	}
}

// TestSubtitlesDrawChineseAndEmoji: cues in Chinese, Japanese, Korean and with emoji are drawn in glyphs
// (the fonts installed with Pagecast cover them), not as the same empty boxes: two
// different lines of such text look different.
func TestSubtitlesDrawChineseAndEmoji(t *testing.T) {
	dir := t.TempDir()
	style := media.DefaultSubtitleStyle(small)
	style.FontSize = 40
	band := func(name, text string) []byte {
		out := filepath.Join(dir, name+".mp4")
		in := media.SegmentInput{Canvas: small, Style: style, Slides: []media.SegmentSlide{{DurationMs: 400, Text: " "}},
			Cues: []media.Cue{{StartMs: 0, EndMs: 400, Text: text}}}
		if err := (media.Tool{}).RenderSegment(context.Background(), in, dir, out, nil); err != nil {
			t.Fatal(err)
		}
		return grayBand(t, out, 0.2)
	}
	for _, pair := range [][2]string{{"中文字幕", "日本語訳"}, {"한국어", "자막글"}, {"🎉🎉🎉", "🚀🚀🚀"}} {
		if d := meanAbsDiff(band("a", pair[0]), band("b", pair[1])); d < 1 {
			t.Errorf("%q and %q are drawn alike (%.2f apart): boxes instead of glyphs?", pair[0], pair[1], d)
		}
	}
}

// TestOverlappingCuesAreStacked: two cues shown at once are drawn one above the other,
// exactly as one cue holding both lines, not over each other.
func TestOverlappingCuesAreStacked(t *testing.T) {
	dir := t.TempDir()
	style := media.DefaultSubtitleStyle(small)
	style.FontSize = 18
	band := func(name string, cues ...media.Cue) []byte {
		out := filepath.Join(dir, name+".mp4")
		in := media.SegmentInput{Canvas: small, Style: style, Slides: []media.SegmentSlide{{DurationMs: 1500, Text: " "}}, Cues: cues}
		if err := (media.Tool{}).RenderSegment(context.Background(), in, dir, out, nil); err != nil {
			t.Fatal(err)
		}
		return grayBand(t, out, 0.75)
	}
	overlapping := band("overlap", media.Cue{StartMs: 0, EndMs: 1000, Text: "Now a clip, held longer"}, media.Cue{StartMs: 500, EndMs: 1500, Text: "A second clip follows"})
	stacked := band("stacked", media.Cue{StartMs: 0, EndMs: 1500, Text: "Now a clip, held longer\nA second clip follows"})
	if d := meanAbsDiff(overlapping, stacked); d > 0.5 {
		t.Errorf("overlapping cues at 0.75 s differ by %.2f from the two lines stacked", d)
	}
}
