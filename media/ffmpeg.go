package media

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"pagecast/subproc"
)

// ErrInvalidMedia means ffprobe could not read the file as the format it claims, or
// it lacks what its kind needs (a picture, a sound, a duration).
var ErrInvalidMedia = errors.New("media: the file is not valid media")

// MaxDimension bounds the width and height we accept, so a tiny file cannot claim
// a picture that takes gigabytes to decode.
const MaxDimension = 16384

// Tool runs ffprobe and ffmpeg. Every run reads only local files (protocol whitelist
// "file") with the demuxer the file was sniffed as.
type Tool struct {
	FFmpeg  string // path or name of ffmpeg; "" = "ffmpeg"
	FFprobe string // path or name of ffprobe; "" = "ffprobe"
	// Libass, when set, draws a segment's text in this process (OpenLibass); nil: an
	// ffmpeg run draws it, with the same libass.
	Libass *Libass
}

func (t Tool) ffmpeg() string {
	if t.FFmpeg == "" {
		return "ffmpeg"
	}
	return t.FFmpeg
}

// mallocTunables set glibc's allocator for every ffmpeg the worker starts. ffmpeg
// allocates and frees frame-sized buffers all through a run; by default glibc returns
// big ones to the kernel and faults fresh pages in again, and on a VM each page fault
// is dear: a libass rasteriser drawing a segment's text spent a third of its 0.44
// core-seconds in the page-fault path (perf). With a heap that grows 64 MB at a time
// on transparent huge pages and keeps what it frees, shared by ffmpeg's threads (one
// arena), the same run takes 0.18 and a segment's encode about a tenth less. The cost
// is some memory on huge pages: the largest ffmpeg of a render peaks at 195 MB, not
// 175 (docs/decisions.md, "ffmpeg's allocator").
const mallocTunables = "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:" +
	"glibc.malloc.trim_threshold=1073741824:glibc.malloc.top_pad=67108864:glibc.malloc.arena_max=1"

// Command is ffmpeg with args, run with mallocTunables unless the environment already
// sets GLIBC_TUNABLES (then it is the operator's choice). Other C libraries ignore it.
// Run it with subproc.Run, so that it dies with the worker.
func (t Tool) Command(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, t.ffmpeg(), args...)
	if _, set := os.LookupEnv("GLIBC_TUNABLES"); !set {
		cmd.Env = append(os.Environ(), "GLIBC_TUNABLES="+mallocTunables)
	}
	return cmd
}

func (t Tool) ffprobe() string {
	if t.FFprobe == "" {
		return "ffprobe"
	}
	return t.FFprobe
}

// Check runs both tools once, so a worker without them fails at start.
func (t Tool) Check(ctx context.Context) error {
	for _, bin := range []string{t.ffmpeg(), t.ffprobe()} {
		var out bytes.Buffer
		cmd := exec.CommandContext(ctx, bin, "-version")
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := subproc.Run(cmd, nil); err != nil {
			return fmt.Errorf("media: %s -version: %w: %s", bin, err, firstLine(out.Bytes()))
		}
	}
	return nil
}

// input is the arguments that open an untrusted input file. Without a demuxer the file
// is read as the format its first bytes say (SniffFile), as the import checked it: left
// to ffmpeg's own probing, a file an import took for MP3 (an ID3 tag, an HLS playlist,
// MP3 frames) was opened by a render as a playlist, whose entries are other files on
// the worker. A file no format of ours recognises may be opened only by their demuxers.
func input(path, demuxer string) []string {
	args := []string{"-protocol_whitelist", "file"}
	if demuxer == "" {
		if f, err := SniffFile(path); err == nil {
			demuxer = f.Demuxer
		} else {
			args = append(args, "-format_whitelist", knownDemuxers)
		}
	}
	if demuxer != "" {
		args = append(args, "-f", demuxer)
	}
	return append(args, "-i", "file:"+path)
}

// knownDemuxers lists the demuxers of the formats we accept, for ffmpeg's
// -format_whitelist: none of them opens another file or URL.
var knownDemuxers = func() string {
	var names []string
	for _, f := range formats {
		if !slices.Contains(names, f.Demuxer) {
			names = append(names, f.Demuxer)
		}
	}
	slices.Sort(names)
	return strings.Join(names, ",")
}()

// Probe is what ffprobe tells about a file.
type Probe struct {
	FormatName string
	Duration   float64 // seconds; 0 when unknown or a still image
	Width      int     // of the first video stream, as displayed (rotation applied)
	Height     int
	VideoCodec string
	PixFmt     string
	// ColorTransfer is the first video stream's transfer characteristics as ffprobe
	// names them ("" when untagged): "arib-std-b67" (HLG) and "smpte2084" (PQ) are HDR.
	ColorTransfer string
	// ColorSpace is the first video stream's matrix coefficients as ffprobe names
	// them ("" when untagged, as many exports are): "bt709", "smpte170m", ...
	ColorSpace string
	AudioCodec string
	// AudioChannels is the first audio stream's channel count (0 when unknown).
	AudioChannels int
	// VideoStart is when the first video stream starts, in seconds from the start of
	// the file (its earliest stream; 0 when unknown): a clip's picture starts there,
	// and its sound is timed against it.
	VideoStart float64
	HasVideo   bool
	HasAudio   bool
	BitRate    int64
}

type ffprobeOutput struct {
	Streams []struct {
		CodecType    string            `json:"codec_type"`
		CodecName    string            `json:"codec_name"`
		Width        int               `json:"width"`
		Height       int               `json:"height"`
		PixFmt       string            `json:"pix_fmt"`
		ColorTrc     string            `json:"color_transfer"`
		ColorSpace   string            `json:"color_space"`
		SampleAspect string            `json:"sample_aspect_ratio"`
		Channels     int               `json:"channels"`
		Duration     string            `json:"duration"`
		StartTime    string            `json:"start_time"`
		Tags         map[string]string `json:"tags"`
		Disposition  map[string]int    `json:"disposition"`
		SideDataList []struct {
			Rotation float64 `json:"rotation"`
		} `json:"side_data_list"`
	} `json:"streams"`
	Format struct {
		FormatName string `json:"format_name"`
		Duration   string `json:"duration"`
		StartTime  string `json:"start_time"`
		BitRate    string `json:"bit_rate"`
	} `json:"format"`
}

// Probe reads the container and streams of the file at path, opened as demuxer.
// A file ffprobe cannot read gives ErrInvalidMedia.
func (t Tool) Probe(ctx context.Context, path, demuxer string) (Probe, error) {
	args := append([]string{"-hide_banner", "-v", "error"}, input(path, demuxer)...)
	args = append(args, "-show_format", "-show_streams", "-of", "json")
	// ffprobe takes the input without -i.
	for i, a := range args {
		if a == "-i" {
			args = append(args[:i], args[i+1:]...)
			break
		}
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, t.ffprobe(), args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := subproc.Run(cmd, nil); err != nil {
		if ctx.Err() != nil {
			return Probe{}, ctx.Err()
		}
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return Probe{}, fmt.Errorf("%w: ffprobe: %s", ErrInvalidMedia, firstLine(stderr.Bytes()))
		}
		return Probe{}, fmt.Errorf("media: run ffprobe: %w", err)
	}
	var out ffprobeOutput
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		return Probe{}, fmt.Errorf("%w: ffprobe output: %v", ErrInvalidMedia, err)
	}
	p := Probe{FormatName: out.Format.FormatName, Duration: parseSeconds(out.Format.Duration)}
	p.BitRate, _ = strconv.ParseInt(out.Format.BitRate, 10, 64)
	for _, s := range out.Streams {
		switch s.CodecType {
		case "video":
			// Cover art in audio files is an attached picture, not a video.
			if p.HasVideo || s.Disposition["attached_pic"] == 1 {
				continue
			}
			p.HasVideo, p.VideoCodec, p.PixFmt, p.ColorTransfer, p.ColorSpace = true, s.CodecName, s.PixFmt, s.ColorTrc, s.ColorSpace
			// Start times may be negative (B-frames, an AAC encoder's priming).
			v, err1 := strconv.ParseFloat(s.StartTime, 64)
			f, err2 := strconv.ParseFloat(out.Format.StartTime, 64)
			if err1 == nil && err2 == nil && v > f && !math.IsInf(v-f, 0) {
				p.VideoStart = v - f
			}
			p.Width, p.Height = displaySize(s.Width, s.Height, s.SampleAspect, s.CodecName)
			rot := 0.0
			if r, err := strconv.ParseFloat(s.Tags["rotate"], 64); err == nil {
				rot = r
			}
			for _, sd := range s.SideDataList {
				if sd.Rotation != 0 {
					rot = sd.Rotation
				}
			}
			if int(math.Abs(rot))%180 == 90 {
				p.Width, p.Height = p.Height, p.Width
			}
			if p.Duration == 0 {
				p.Duration = parseSeconds(s.Duration)
			}
		case "audio":
			if !p.HasAudio {
				p.HasAudio, p.AudioCodec, p.AudioChannels = true, s.CodecName, s.Channels
				if p.Duration == 0 {
					p.Duration = parseSeconds(s.Duration)
				}
			}
		}
	}
	return p, nil
}

// displaySize is the size a clip of w x h pixels with sample aspect ratio sar ("64:45")
// shows at, as browsers play it: widened (or heightened) to square pixels. Browsers
// ignore a still's pixel aspect, and so does the render: stills keep their pixels.
func displaySize(w, h int, sar, codec string) (int, int) {
	switch codec {
	case "mjpeg", "png", "apng", "webp", "gif", "bmp", "tiff":
		return w, h
	}
	n, d, _ := strings.Cut(sar, ":")
	num, err1 := strconv.Atoi(n)
	den, err2 := strconv.Atoi(d)
	if err1 != nil || err2 != nil || num <= 0 || den <= 0 || num == den {
		return w, h
	}
	if num > den {
		return int(math.Round(float64(w) * float64(num) / float64(den))), h
	}
	return w, int(math.Round(float64(h) * float64(den) / float64(num)))
}

func parseSeconds(s string) float64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
		return 0
	}
	return f
}

// Validate checks that a probed file has what its kind needs and returns the kind
// it really is (an MP4 or WebM with sound only is audio).
func (p Probe) Validate(k Kind) (Kind, error) {
	if p.HasVideo && (p.Width <= 0 || p.Height <= 0 || p.Width > MaxDimension || p.Height > MaxDimension) {
		return "", fmt.Errorf("%w: picture size %dx%d", ErrInvalidMedia, p.Width, p.Height)
	}
	switch k {
	case KindImage:
		if !p.HasVideo {
			return "", fmt.Errorf("%w: no picture", ErrInvalidMedia)
		}
		return KindImage, nil
	case KindVideo:
		if !p.HasVideo && p.HasAudio {
			k = KindAudio
			break
		}
		if !p.HasVideo {
			return "", fmt.Errorf("%w: no video stream", ErrInvalidMedia)
		}
	case KindAudio:
		if !p.HasAudio {
			return "", fmt.Errorf("%w: no audio stream", ErrInvalidMedia)
		}
	default:
		return "", fmt.Errorf("%w: unknown kind %q", ErrInvalidMedia, k)
	}
	if p.Duration <= 0 {
		return "", fmt.Errorf("%w: no duration", ErrInvalidMedia)
	}
	return k, nil
}

// Handling says what a video needs before browsers can play it everywhere.
type Handling int

// Video handling.
const (
	// Keep: H.264/AAC MP4 with its index first, or VP8/VP9/AV1 WebM.
	Keep Handling = iota
	// Remux: H.264/AAC in QuickTime, or an MP4 with its index last: copy the streams
	// into an MP4 with the index first.
	Remux
	// Transcode: anything else becomes H.264/AAC MP4.
	Transcode
)

// VideoHandling decides how to normalise a probed video of format f. moovFirst only
// matters for MP4 and QuickTime files.
func VideoHandling(f Format, p Probe, moovFirst bool) Handling {
	switch f.Name {
	case "mp4", "mov":
		h264 := p.VideoCodec == "h264" && (p.PixFmt == "yuv420p" || p.PixFmt == "yuvj420p")
		if h264 && (!p.HasAudio || p.AudioCodec == "aac") {
			if f.Name == "mp4" && moovFirst {
				return Keep
			}
			return Remux
		}
	case "webm":
		switch p.VideoCodec {
		case "vp8", "vp9", "av1":
			if !p.HasAudio || p.AudioCodec == "opus" || p.AudioCodec == "vorbis" {
				return Keep
			}
		}
	}
	return Transcode
}

// run runs ffmpeg with args after the common ones.
func (t Tool) run(ctx context.Context, args ...string) error {
	full := append([]string{"-hide_banner", "-nostdin", "-v", "error", "-y"}, args...)
	var stderr bytes.Buffer
	cmd := t.Command(ctx, full...)
	cmd.Stderr = &stderr
	if err := subproc.Run(cmd, nil); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("media: ffmpeg: %w: %s", err, firstLine(stderr.Bytes()))
	}
	return nil
}

// scaledSize fits w x h into maxW wide (never enlarging), with even sides.
func scaledSize(w, h, maxW int) (int, int) {
	if w <= 0 || h <= 0 {
		return maxW, maxW * 9 / 16
	}
	nw := min(w, maxW)
	nh := int(math.Round(float64(h) * float64(nw) / float64(w)))
	return max(2, nw/2*2), max(2, nh/2*2)
}

// flattenJPEG is a filter chain that scales a picture to w x h and lays it on white, so
// transparent pictures make a clean JPEG (c*a + 255*(1-a), as SegmentSlide.stillFilter
// does). It works on the one frame alone: overlaid on a white colour source, the frame
// met the white one by timestamp, and a clip whose first frame came after 0 (a seek
// landing between two frames, or a picture starting after the sound, as B-frames
// leave it without an edit list) gave a white thumbnail.
func flattenJPEG(w, h int) string {
	return fmt.Sprintf("scale=%d:%d:flags=lanczos,format=rgba,negate,premultiply=inplace=1,negate,format=yuvj420p", w, h)
}

// Thumbnail writes a JPEG at most maxW wide of the picture at second at (0 for
// images) of the file at in. width and height are the probed size.
func (t Tool) Thumbnail(ctx context.Context, in, demuxer string, at float64, width, height, maxW int, out string) error {
	w, h := scaledSize(width, height, maxW)
	var args []string
	if at > 0 {
		args = append(args, "-ss", strconv.FormatFloat(at, 'f', 3, 64))
	}
	args = append(args, input(in, demuxer)...)
	args = append(args, "-map", "0:v:0", "-vf", flattenJPEG(w, h), "-frames:v", "1", "-q:v", "4", "-f", "image2", out)
	err := t.run(ctx, args...)
	if err != nil && at > 0 && ctx.Err() == nil {
		// A seek past the last key frame of a short clip yields nothing: take the first.
		return t.Thumbnail(ctx, in, demuxer, 0, width, height, maxW, out)
	}
	return err
}

// ImagePreview writes a resized copy at most maxW wide: JPEG when out ends in .jpg,
// else PNG (keeping transparency).
func (t Tool) ImagePreview(ctx context.Context, in, demuxer string, width, height, maxW int, out string) error {
	w, h := scaledSize(width, height, maxW)
	if strings.HasSuffix(out, ".jpg") {
		return t.Thumbnail(ctx, in, demuxer, 0, width, height, maxW, out)
	}
	args := append(input(in, demuxer), "-map", "0:v:0", "-vf", fmt.Sprintf("scale=%d:%d:flags=lanczos", w, h),
		"-frames:v", "1", "-f", "image2", "-c:v", "png", out)
	return t.run(ctx, args...)
}

// VideoPreview writes a short muted H.264 MP4 of the first seconds, maxW wide, for
// looping in a library tile.
func (t Tool) VideoPreview(ctx context.Context, in, demuxer string, seconds float64, maxW int, out string) error {
	args := append([]string{"-t", strconv.FormatFloat(seconds, 'f', 3, 64)}, input(in, demuxer)...)
	args = append(args, "-map", "0:v:0", "-an", "-sn", "-dn",
		"-vf", fmt.Sprintf("scale=%d:-2:flags=bicubic,fps=fps=30:round=down", maxW),
		"-c:v", "libx264", "-preset", "veryfast", "-crf", "30", "-pix_fmt", "yuv420p", "-profile:v", "main",
		"-movflags", "+faststart", "-f", "mp4", out)
	return t.run(ctx, args...)
}

// Waveform draws the audio of the file at in as a w x h PNG (indigo on the background
// showwavespic gives; the web app shows it on a light tile).
func (t Tool) Waveform(ctx context.Context, in, demuxer string, w, h int, out string) error {
	args := append(input(in, demuxer), "-filter_complex",
		fmt.Sprintf("[0:a:0]aformat=channel_layouts=mono,showwavespic=s=%dx%d:colors=0x4f46e5[out]", w, h),
		"-map", "[out]", "-frames:v", "1", "-f", "image2", "-c:v", "png", out)
	return t.run(ctx, args...)
}

// Remux copies the first video and audio streams into an MP4 with its index first.
func (t Tool) Remux(ctx context.Context, in, demuxer, out string) error {
	args := append(input(in, demuxer), "-map", "0:v:0", "-map", "0:a:0?", "-c", "copy",
		"-movflags", "+faststart", "-f", "mp4", out)
	return t.run(ctx, args...)
}

// Transcode converts the first video and audio streams to H.264/AAC in an MP4 with
// its index first.
func (t Tool) Transcode(ctx context.Context, in, demuxer, out string) error {
	args := append(input(in, demuxer), "-map", "0:v:0", "-map", "0:a:0?",
		"-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23",
		"-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "160k", "-movflags", "+faststart", "-f", "mp4", out)
	return t.run(ctx, args...)
}

func firstLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 300 {
		s = s[:300]
	}
	return s
}
