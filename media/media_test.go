package media_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pagecast/media"
)

// generate makes a test file with ffmpeg's lavfi sources; nothing binary is committed.
func generate(t *testing.T, name string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	out := filepath.Join(t.TempDir(), name)
	full := append([]string{"-hide_banner", "-nostdin", "-v", "error", "-y"}, args...)
	full = append(full, out)
	if b, err := exec.Command("ffmpeg", full...).CombinedOutput(); err != nil {
		t.Fatalf("generate %s: %v\n%s", name, err, b)
	}
	return out
}

var (
	videoSrc = []string{"-f", "lavfi", "-i", "testsrc=size=160x120:rate=15:duration=2", "-f", "lavfi", "-i", "sine=frequency=440:duration=2"}
	imageSrc = []string{"-f", "lavfi", "-i", "testsrc=size=200x150:rate=1", "-frames:v", "1"}
	audioSrc = []string{"-f", "lavfi", "-i", "sine=frequency=440:duration=2"}
)

func with(base []string, more ...string) []string {
	return append(append([]string{}, base...), more...)
}

func TestSniffGeneratedFiles(t *testing.T) {
	tests := []struct {
		file   string
		args   []string
		format string
		kind   media.Kind
	}{
		{"a.mp4", with(videoSrc, "-c:v", "libx264", "-c:a", "aac", "-shortest"), "mp4", media.KindVideo},
		{"a.mov", with(videoSrc, "-c:v", "libx264", "-c:a", "aac", "-shortest"), "mov", media.KindVideo},
		{"a.avi", with(videoSrc, "-c:v", "mpeg4", "-c:a", "mp3", "-shortest"), "avi", media.KindVideo},
		{"a.webm", with(videoSrc, "-c:v", "libvpx", "-c:a", "libopus", "-shortest"), "webm", media.KindVideo},
		{"a.jpg", with(imageSrc), "jpeg", media.KindImage},
		{"a.png", with(imageSrc), "png", media.KindImage},
		{"a.gif", with(imageSrc), "gif", media.KindImage},
		{"a.webp", with(imageSrc), "webp", media.KindImage},
		{"a.mp3", with(audioSrc), "mp3", media.KindAudio},
		{"a.wav", with(audioSrc), "wav", media.KindAudio},
		{"a.flac", with(audioSrc), "flac", media.KindAudio},
		{"a.ogg", with(audioSrc, "-c:a", "libvorbis"), "ogg", media.KindAudio},
		{"a.opus", with(audioSrc), "ogg", media.KindAudio},
		{"a.aac", with(audioSrc), "aac", media.KindAudio},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := generate(t, tt.file, tt.args...)
			f, err := media.SniffFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if f.Name != tt.format || f.Kind != tt.kind {
				t.Fatalf("sniffed %+v, want %s %s", f, tt.format, tt.kind)
			}
			ext := filepath.Ext(tt.file)
			if !media.MatchesExtension(f, ext) {
				t.Fatalf("%s does not match its own extension", tt.file)
			}
			p, err := media.Tool{}.Probe(context.Background(), path, f.Demuxer)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.Validate(f.Kind); err != nil {
				t.Fatalf("probe %+v: %v", p, err)
			}
		})
	}
}

func TestSniffRefusesWhatIsNotMedia(t *testing.T) {
	for _, head := range [][]byte{
		[]byte("<!doctype html><html><body>hello</body></html>"),
		[]byte("#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n"),
		[]byte("%PDF-1.7\n"),
		[]byte("PK\x03\x04zip"),
		[]byte("\x1a\x45\xdf\xa3\x01\x00\x00\x00\x00\x00\x00\x23\x42\x82\x88matroska"),
		{},
	} {
		if f, ok := media.Sniff(head); ok {
			t.Errorf("%q sniffed as %+v", head, f)
		}
	}
}

func TestExtensionRules(t *testing.T) {
	mp3, _ := media.Sniff([]byte("ID3\x04\x00\x00\x00\x00\x00\x00"))
	jpeg, _ := media.Sniff([]byte("\xff\xd8\xff\xe0"))
	if !media.MatchesExtension(mp3, ".mp3") || media.MatchesExtension(mp3, ".jpg") || media.MatchesExtension(jpeg, ".mp4") {
		t.Fatal("extension matching is wrong")
	}
	tests := []struct {
		ext, mime string
		kind      media.Kind
		ok        bool
	}{
		{".jpg", "image/jpeg", media.KindImage, true},
		{".JPG", "", media.KindImage, true},
		{".mp4", "video/mp4", media.KindVideo, true},
		{".mp4", "audio/mp4", media.KindAudio, true},
		{".ogg", "application/ogg", media.KindAudio, true},
		{".ogg", "video/ogg", media.KindVideo, true},
		{".mov", "application/octet-stream", media.KindVideo, true},
		{".jpg", "video/mp4", "", false},
		{".exe", "application/octet-stream", "", false},
		{".svg", "image/svg+xml", "", false},
		{".html", "text/html", "", false},
	}
	for _, tt := range tests {
		kind, ok := media.DeclaredKind(tt.ext, tt.mime)
		if kind != tt.kind || ok != tt.ok {
			t.Errorf("DeclaredKind(%s, %s) = %s %v, want %s %v", tt.ext, tt.mime, kind, ok, tt.kind, tt.ok)
		}
	}
	for _, tt := range []struct{ ext, mime, want string }{
		{".mov", "", "video/quicktime"},
		{".MP4", "video/mp4", "video/mp4"},
		{".mp4", "audio/mp4", "audio/mp4"},
		{".wav", "audio/x-wav", "audio/wav"},
		{".avi", "video/avi", "video/x-msvideo"},
		{".jpg", "image/svg+xml", "image/jpeg"},
		{".ogg", "video/ogg", "video/ogg"},
		{".ogg", "application/ogg", "audio/ogg"},
		{".mpeg", "video/mpeg", "video/mpeg"},
		{".exe", "", "application/octet-stream"},
	} {
		if ct := media.ContentTypeFor(tt.ext, tt.mime); ct != tt.want {
			t.Errorf("ContentTypeFor(%s, %s) = %s, want %s", tt.ext, tt.mime, ct, tt.want)
		}
	}
}

func TestProbeRefusesBrokenMedia(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.mp4")
	// An ftyp box and then garbage: sniffs as MP4, but ffprobe cannot read it.
	data := append([]byte("\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2"), bytes.Repeat([]byte{0x42}, 4000)...)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("ffprobe"); err != nil {
		t.Skip("ffprobe not installed")
	}
	f, err := media.SniffFile(path)
	if err != nil || f.Name != "mp4" {
		t.Fatalf("sniff = %+v %v", f, err)
	}
	p, err := media.Tool{}.Probe(context.Background(), path, f.Demuxer)
	if err == nil {
		_, err = p.Validate(f.Kind)
	}
	if !errors.Is(err, media.ErrInvalidMedia) {
		t.Fatalf("probe of garbage = %+v, %v; want ErrInvalidMedia", p, err)
	}
}

func TestVideoOutputs(t *testing.T) {
	ctx := context.Background()
	tool := media.Tool{}
	mp4 := generate(t, "a.mp4", with(videoSrc, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-movflags", "+faststart")...)
	tail := generate(t, "tail.mp4", with(videoSrc, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest")...)
	mov := generate(t, "a.mov", with(videoSrc, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest")...)
	avi := generate(t, "a.avi", with(videoSrc, "-c:v", "mpeg4", "-c:a", "mp3", "-shortest")...)

	handling := func(path string) (media.Handling, media.Format, media.Probe) {
		f, err := media.SniffFile(path)
		if err != nil {
			t.Fatal(err)
		}
		p, err := tool.Probe(ctx, path, f.Demuxer)
		if err != nil {
			t.Fatal(err)
		}
		first, _ := media.MoovFirst(path)
		return media.VideoHandling(f, p, first), f, p
	}
	if h, _, p := handling(mp4); h != media.Keep || p.Width != 160 || p.Height != 120 || p.Duration < 1.9 {
		t.Fatalf("faststart mp4: handling %v, probe %+v", h, p)
	}
	if h, _, _ := handling(tail); h != media.Remux {
		t.Fatalf("mp4 with its index last: handling %v, want Remux", h)
	}
	if h, _, _ := handling(mov); h != media.Remux {
		t.Fatalf("H.264 mov: handling %v, want Remux", h)
	}
	h, f, p := handling(avi)
	if h != media.Transcode {
		t.Fatalf("avi: handling %v, want Transcode", h)
	}

	dir := t.TempDir()
	out := filepath.Join(dir, "media.mp4")
	if err := tool.Transcode(ctx, avi, f.Demuxer, out); err != nil {
		t.Fatal(err)
	}
	if h, _, p := handling(out); h != media.Keep || p.VideoCodec != "h264" || p.AudioCodec != "aac" {
		t.Fatalf("transcoded: handling %v, probe %+v", h, p)
	}
	remuxed := filepath.Join(dir, "remuxed.mp4")
	if err := tool.Remux(ctx, mov, "mov", remuxed); err != nil {
		t.Fatal(err)
	}
	if h, _, _ := handling(remuxed); h != media.Keep {
		t.Fatalf("remuxed mov: handling %v", h)
	}

	preview := filepath.Join(dir, "preview.mp4")
	if err := tool.VideoPreview(ctx, avi, f.Demuxer, 5, 320, preview); err != nil {
		t.Fatal(err)
	}
	pp, err := tool.Probe(ctx, preview, "mov")
	if err != nil || pp.Width != 320 || pp.HasAudio || pp.VideoCodec != "h264" {
		t.Fatalf("preview probe %+v, %v", pp, err)
	}
	thumb := filepath.Join(dir, "thumbnail.jpg")
	if err := tool.Thumbnail(ctx, avi, f.Demuxer, 1, p.Width, p.Height, 480, thumb); err != nil {
		t.Fatal(err)
	}
	if tf, err := media.SniffFile(thumb); err != nil || tf.Name != "jpeg" {
		t.Fatalf("thumbnail sniffed %+v %v", tf, err)
	}
}

func TestImageAndAudioOutputs(t *testing.T) {
	ctx := context.Background()
	tool := media.Tool{}
	dir := t.TempDir()
	png := generate(t, "alpha.png", "-f", "lavfi", "-i", "color=c=red@0.5:s=640x480,format=rgba", "-frames:v", "1")
	thumb := filepath.Join(dir, "thumbnail.jpg")
	if err := tool.Thumbnail(ctx, png, "png_pipe", 0, 640, 480, 480, thumb); err != nil {
		t.Fatal(err)
	}
	p, err := tool.Probe(ctx, thumb, "jpeg_pipe")
	if err != nil || p.Width != 480 || p.Height != 360 {
		t.Fatalf("thumbnail probe %+v %v", p, err)
	}
	preview := filepath.Join(dir, "preview.png")
	if err := tool.ImagePreview(ctx, png, "png_pipe", 640, 480, 320, preview); err != nil {
		t.Fatal(err)
	}
	if p, err := tool.Probe(ctx, preview, "png_pipe"); err != nil || p.Width != 320 || p.PixFmt != "rgba" {
		t.Fatalf("preview probe %+v %v", p, err)
	}

	mp3 := generate(t, "a.mp3", audioSrc...)
	wave := filepath.Join(dir, "wave.png")
	if err := tool.Waveform(ctx, mp3, "mp3", 640, 160, wave); err != nil {
		t.Fatal(err)
	}
	if p, err := tool.Probe(ctx, wave, "png_pipe"); err != nil || p.Width != 640 || p.Height != 160 {
		t.Fatalf("waveform probe %+v %v", p, err)
	}
}

// A clip's thumbnail is its frame at the time asked, wherever the seek lands and
// however its frames are timed: a clip of a red, a green and a blue second, encoded
// with B-frames (x264's default preset), once with its picture starting two frames
// after its sound (muxed without an edit list, as some encoders write it).
func TestThumbnailShowsTheFrameAtItsTime(t *testing.T) {
	blocks := []string{"-f", "lavfi", "-i",
		"color=c=red:s=160x120:r=30:d=1[r];color=c=lime:s=160x120:r=30:d=1[g];color=c=blue:s=160x120:r=30:d=1[b];[r][g][b]concat=n=3",
		"-f", "lavfi", "-i", "sine=duration=3", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"}
	clip := generate(t, "blocks.mp4", blocks...)
	late := generate(t, "late.mp4", with(blocks, "-use_editlist", "0")...)
	ctx, tool, dir := context.Background(), media.Tool{}, t.TempDir()
	for _, tc := range []struct {
		name string
		clip string
		at   float64
		want int // the channel that is lit: 0 red, 1 green, 2 blue
	}{
		{"first frame", clip, 0, 0},
		{"seek onto a frame", clip, 1, 1},
		{"seek between frames", clip, 1.333, 1},
		{"a third of a 2 s clip", clip, 2.0 / 3, 0},
		{"seek into the last second", clip, 2.5, 2},
		{"picture after sound, first frame", late, 0, 0},
		{"picture after sound, seek", late, 1.5, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			thumb := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".jpg")
			if err := tool.Thumbnail(ctx, tc.clip, "", tc.at, 160, 120, 480, thumb); err != nil {
				t.Fatal(err)
			}
			rgb := meanRGB(t, thumb, 0)
			for ch, v := range rgb {
				if lit := ch == tc.want; lit && v < 200 || !lit && v > 60 {
					t.Fatalf("thumbnail at %.3f s is %.0f, want channel %d alone lit", tc.at, rgb, tc.want)
				}
			}
		})
	}
}
