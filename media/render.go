package media

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"pagecast/domain"
	"pagecast/subproc"
)

// Canvas is the picture of a rendered video: its size in pixels and whole frames per
// second.
type Canvas struct{ Width, Height, FPS int }

// The canvases Pagecast renders.
var (
	Canvas16x9 = Canvas{1920, 1080, 30}
	Canvas9x16 = Canvas{1080, 1920, 30}
)

// Frames is how many whole frames last ms milliseconds, rounded to the nearest.
func (c Canvas) Frames(ms int) int {
	return int((int64(ms)*int64(c.FPS) + 500) / 1000)
}

// FramesMs is how many milliseconds n frames last, rounded; Frames(FramesMs(n)) == n.
func (c Canvas) FramesMs(n int) int {
	return int((int64(n)*1000 + int64(c.FPS)/2) / int64(c.FPS))
}

func (c Canvas) check() error {
	if c.Width < 16 || c.Height < 16 || c.Width > 7680 || c.Height > 7680 || c.Width%2 != 0 || c.Height%2 != 0 {
		return fmt.Errorf("media: canvas %dx%d: sides must be even and 16 to 7680", c.Width, c.Height)
	}
	if c.FPS < 1 || c.FPS > 120 {
		return fmt.Errorf("media: canvas at %d fps: must be 1 to 120", c.FPS)
	}
	return nil
}

// DefaultPreset is the x264 preset of every segment when SegmentInput.Preset is
// empty, and of RenderClipSegment. ultrafast is measured the fastest by far on two
// cores (rendering.md) and still images compress well with it. All segments of one
// video must use the same preset: concat -c copy keeps the first segment's
// parameter sets.
const DefaultPreset = "ultrafast"

// SegmentSlide is one slide of a segment: a still (Image), a clip (Video, trimmed or
// looped to the slide, its sound ignored) or, when neither is set, Text on a plain
// background. Tagline, when set, is a headline band at the top.
type SegmentSlide struct {
	DurationMs int
	Image      string // local path of a still
	Video      string // local path of a clip
	Text       string // drawn on a plain background when there is no Image or Video
	Tagline    string
	KenBurns   bool // a slow steady pan across the still
	Motion     int  // picks the direction of the pan deterministically, e.g. the slide index
	// Contain fits the whole still or clip inside the canvas with black bars (a
	// contained still is not panned); otherwise it covers the canvas, cut to fit.
	Contain bool
	Crop    *Crop // the part of the still or clip shown; nil: all of it

	// A part of a still cut to be encoded side by side (splitSegment): the whole
	// slide's frames and how many of them come before this part, so the pan goes on
	// from where the part before left it. Zero: the slide is whole.
	panFrames, panFrom int
	// transparent: the still may have transparent pixels (RenderSegment looks), so it
	// is laid on white first, as the library's thumbnails show it.
	transparent bool
	// transfer is the clip's colour transfer (RenderSegment looks): an HDR one is
	// brought to SDR first (toSDR).
	transfer string
	// colours is the scale options converting the clip to the segment's colours
	// (clipColours; RenderSegment looks): "" means toBT709.
	colours string
}

// Crop is the part of a picture shown, as fractions of its width and height from its
// top left corner.
type Crop struct{ X, Y, Width, Height float64 }

// cropFilter is the filter cutting the slide's crop out of its still or clip, with a
// trailing comma ("" without a crop). Sides stay at least 2 pixels; ffmpeg keeps the
// window inside the picture.
func (s SegmentSlide) cropFilter() string {
	if s.Crop == nil || s.Image == "" && s.Video == "" {
		return ""
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 6, 64) }
	return fmt.Sprintf("crop=w='max(2,trunc(iw*%s))':h='max(2,trunc(ih*%s))':x='trunc(iw*%s)':y='trunc(ih*%s)',",
		f(s.Crop.Width), f(s.Crop.Height), f(s.Crop.X), f(s.Crop.Y))
}

// stillFilter is the filters preparing a still (or an animated GIF's frames) before it
// is fitted, with a trailing comma ("" for none): its crop, then, when it may be
// transparent, laying it on white. A clip is never transparent: its crop alone.
// Straight alpha is flattened by negating the colours (not the alpha), premultiplying
// (transparent goes to black) and negating back (black goes to white): c*a + 255*(1-a).
func (s SegmentSlide) stillFilter() string {
	f := s.cropFilter()
	if s.transparent {
		f += "format=rgba,negate,premultiply=inplace=1,negate,"
	}
	return f
}

// squarePixels stretches a clip with non-square pixels (an anamorphic DVD or DV clip)
// to its displayed shape, as a browser shows it; square pixels pass through untouched.
const squarePixels = "scale=w='iw*max(1,sar)':h='ih*max(1,1/sar)',setsar=1,"

// fitFilter scales a picture to canvas c: covering it and cutting what overflows, or,
// with contain, whole inside it on black bars; colours are the scale's colour options
// (toBT709 or a clip's clipColours, or toBT601 for a still, which stillTo709 then
// converts).
func fitFilter(c Canvas, contain bool, flags, colours string) string {
	if contain {
		return fmt.Sprintf("scale=%d:%d:force_original_aspect_ratio=decrease:force_divisible_by=2:flags=%s:%s,pad=%d:%d:(ow-iw)/2:(oh-ih)/2:color=black",
			c.Width, c.Height, flags, colours, c.Width, c.Height)
	}
	return fmt.Sprintf("%sscale=%d:%d:force_original_aspect_ratio=increase:flags=%s:%s,crop=%d:%d",
		coverCut(c.Width, c.Height), c.Width, c.Height, flags, colours, c.Width, c.Height)
}

// coverCutAspect is how much wider (or taller) than the w x h it covers a picture may
// stay when it is scaled to cover it; see coverCut.
const coverCutAspect = 2

// coverCut is a filter, with its trailing comma, that cuts the middle of a picture far
// wider or taller than w x h down to about coverCutAspect times that shape, before a
// scale to cover w x h. Scaled whole, a 1000x4 banner would cover a 1080x1920 canvas at
// about 490000x1960 pixels, and ffmpeg took 2 GB and 10 s for it; cut first, it is at
// most about twice the canvas. Pictures of ordinary shapes pass untouched. The cut is
// the exact middle: it leaves a multiple of 4 pixels, so that each side loses an even
// number, as a crop of 4:2:0 pixels needs; the scale then samples the part shown where
// it sampled the whole picture. It keeps at least 2 pixels.
func coverCut(w, h int) string {
	// side is the length kept along the long side: all of it, or the least above the
	// needed length that leaves a multiple of 4.
	side := func(long, short string, ls, ss int) string {
		need := fmt.Sprintf("max(2,%d*%d*%s/%d)", coverCutAspect, ls, short, ss)
		return fmt.Sprintf("'if(gt(%[1]s*%[2]d,%[3]d*%[4]d*%[5]s),%[1]s-4*floor((%[1]s-%[6]s)/4),%[1]s)'", long, ss, coverCutAspect, ls, short, need)
	}
	return "crop=w=" + side("iw", "ih", w, h) + ":h=" + side("ih", "iw", h, w) + ","
}

// SegmentInput is what RenderSegment renders: slides one after another, with Cues
// (times from the segment start) burned in when there are any.
type SegmentInput struct {
	Canvas  Canvas
	Slides  []SegmentSlide
	Cues    []Cue
	Style   SubtitleStyle
	Preset  string // x264 preset; "" = DefaultPreset
	Threads int    // encoder and filter threads; 0 = ffmpeg's choice
	// Spare, when set, lends the segment another core while it is encoded on fewer
	// than two: the segment is then cut in two parts, the second encoded on the lent
	// core as soon as there is one, else after the first. It blocks until a core is
	// lent or ctx ends, and returns the core's release.
	Spare func(ctx context.Context) (release func(), err error)
}

// Look of text slides and taglines.
const (
	textSlideBackground = 0x111827 // near-black slate
	taglineBandAlpha    = 150      // of 255, black behind the headline
)

// toSDR is the filters, with a trailing comma, that bring an HDR clip's picture to
// standard dynamic range in BT.709 before it is scaled to the segment's colours ("" for
// any other transfer). Scaled as it was, only its matrix was converted: its BT.2020
// primaries and HDR curve were shown as BT.709, so a phone's HDR clip (HLG on iPhones)
// came out grey and washed out. HLG is made to look right on SDR screens: it is
// converted directly, SDR white staying white. PQ (HDR10) is absolute: its reference
// white (203 nits, ITU-R BT.2408) becomes SDR white, and highlights above it are
// compressed (mobius) rather than clipped.
func toSDR(transfer string) string {
	switch transfer {
	case "arib-std-b67":
		return "zscale=t=bt709:p=bt709:m=bt709:r=tv:npl=100,"
	case "smpte2084":
		return "zscale=t=linear:npl=203,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=mobius:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p,"
	}
	return ""
}

// toBT709 are the scale options converting a picture to the colours every segment is
// in and says it is in (encodeArgs): BT.709, the colours of HD video, in TV range. A
// JPEG still or a clip in BT.601 is converted, and so is text drawn in RGB (overlays);
// stills and clips then share one colour description, so their segments have the same
// H.264 parameter sets and join by copying (joinMP4). Converted to BT.601 and tagged
// with its matrix alone, a render left players to guess its primaries and transfer,
// and one that took it for BT.709, as browsers do for HD, showed pure red as 255, 23, 0.
const toBT709 = "out_color_matrix=bt709:out_range=tv"

// A still is scaled to BT.601 (toBT601) and its one scaled frame, in yuv420p, then
// converted to BT.709 by the colorspace filter (stillTo709: the matrix alone, as swscale
// converts, fast=1 leaving primaries and transfer as they are). swscale converting a
// large still straight to BT.709 held about 30 MB more per segment than to BT.601 (a
// 4000x3000 JPEG panned at 1080p: 172 MB against 141 MB; 145 MB this way), enough to
// take the render's peak past its 500 MB target (docs/render-speed-log.md, stop 56),
// and its pixels were no closer to zimg's exact conversion (PSNR 43.7 dB against
// 46.0 dB this way). Clips keep toBT709: their every frame would pay the extra filter.
const (
	toBT601    = "out_color_matrix=bt601:out_range=tv"
	stillTo709 = "colorspace=all=bt709:iall=bt601-6-625:irange=tv:range=tv:fast=1"
)

// clipColours is the scale options converting the clip p probed to the segment's
// colours (toBT709). A clip that does not say its matrix is read as browsers and
// players read it: BT.709 when it is HD (1280 wide or 720 high and up), BT.601 below.
// Left to swscale, every untagged clip was read as BT.601, so a BT.709 export without
// tags lost red (pure red came out 227, 0, 0). A clip brought to SDR (toSDR) is
// BT.709 already.
func clipColours(p Probe) string {
	if p.ColorSpace != "" || toSDR(p.ColorTransfer) != "" {
		return toBT709
	}
	if p.Width >= 1280 || p.Height >= 720 {
		return "in_color_matrix=bt709:" + toBT709
	}
	return "in_color_matrix=bt601:" + toBT709
}

// The bit rate of every segment is capped (x264's VBV, in kbit/s and kbit) so that no
// second of a video holds more than H.264 Level 4.0 allows, 20 Mbit (Baseline and
// Main, which ultrafast's Constrained Baseline is; x264 tags 1080p at 30 fps Level
// 4.0). Uncapped, CRF 23 took 20.8 Mbit in a second of extreme material and 44 on
// noise. The bits of any second are at most the buffer's fill at its start plus
// maxrate: within a segment bufsize + maxrate, and across a join, where the next
// segment's encoder starts with its buffer 90 % full, 1.9 bufsize + maxrate: 19.6
// Mbit here. Ordinary material stays well below the cap; what it costs is a smaller
// key frame for a detailed still: a pan over a photo took 5.2 Mbit in its first second
// (4.5 uncapped) and its first frame is a little softer (41 dB PSNR against 46), as
// sharp again within a third of a second.
const (
	vbvMaxRate = "12000k"
	vbvBufSize = "4000k"
)

// encodeArgs are the H.264 settings every segment shares, so their segments join by
// copying.
func encodeArgs(c Canvas, preset string, threads, frames int) []string {
	if preset == "" {
		preset = DefaultPreset
	}
	args := []string{"-frames:v", strconv.Itoa(frames), "-r", strconv.Itoa(c.FPS),
		"-c:v", "libx264", "-preset", preset, "-crf", "23", "-maxrate", vbvMaxRate, "-bufsize", vbvBufSize, "-pix_fmt", "yuv420p",
		"-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv", "-chroma_sample_location", "left",
		"-g", strconv.Itoa(c.FPS * 10), "-video_track_timescale", strconv.Itoa(c.FPS), "-an", "-sn", "-dn"}
	if threads > 0 {
		args = append(args, "-threads", strconv.Itoa(threads))
	}
	return append(args, "-f", "mp4")
}

// RenderSegment renders the slides of in to out: a video-only H.264 MP4 (yuv420p,
// exactly in.Canvas.FPS, square pixels) in which each slide lasts its frames of
// Canvas.SlideFrames (on the segment's frame grid). Scratch files go in a fresh
// directory under workDir that is removed on return. progress, when not nil, is called
// with how many milliseconds of the segment are encoded. Cancelling ctx kills ffmpeg.
//
// Cost per frame is kept near the bare encode: stills are scaled once and panned by
// an even-pixel crop; subtitles, taglines and text are rasterised once by libass and
// laid on as small raw RGBA overlays.
func (t Tool) RenderSegment(ctx context.Context, in SegmentInput, workDir, out string, progress func(doneMs int)) error {
	c := in.Canvas
	if err := c.check(); err != nil {
		return err
	}
	if len(in.Slides) == 0 {
		return errors.New("media: render segment: no slides")
	}
	in.Slides = slices.Clone(in.Slides)
	in.Cues = stackOverlaps(in.Cues)
	for i, s := range in.Slides {
		if s.Image != "" {
			in.Slides[i].transparent = mayBeTransparent(s.Image)
			if animatedGIF(s.Image) {
				// An animated GIF moves, as the editor shows it: it is drawn as a looping
				// clip (not panned), on white where it is transparent.
				in.Slides[i].Video, in.Slides[i].Image = s.Image, ""
				s = in.Slides[i]
			}
		}
		if c.Frames(s.DurationMs) < 1 {
			return fmt.Errorf("media: render segment: slide %d lasts %d ms, less than a frame", i, s.DurationMs)
		}
		// A missing file is ours to fix, not bad media: say which.
		for _, p := range []string{s.Image, s.Video} {
			if p == "" {
				continue
			}
			if _, err := os.Stat(p); err != nil {
				return fmt.Errorf("media: render segment: slide %d: %w", i, err)
			}
		}
		if s.Video != "" {
			p, err := t.Probe(ctx, s.Video, "")
			if err != nil {
				return fmt.Errorf("media: render segment: slide %d: %w", i, err)
			}
			in.Slides[i].transfer, in.Slides[i].colours = p.ColorTransfer, clipColours(p)
		}
	}
	if err := os.MkdirAll(workDir, 0o755); err != nil {
		return fmt.Errorf("media: render segment: %w", err)
	}
	dir, err := os.MkdirTemp(workDir, "segment-")
	if err != nil {
		return fmt.Errorf("media: render segment: %w", err)
	}
	defer os.RemoveAll(dir)
	var beat func()
	if progress != nil {
		beat = func() { progress(0) }
	}
	onFrameGrid(c, in.Slides)
	if in.Slides, err = t.shrinkStills(ctx, c, in.Slides, dir, beat); err != nil {
		return err
	}
	// Text is rasterised once for the whole segment, also when it is encoded in parts.
	overlays, err := t.rasterise(ctx, in, dir)
	if err != nil {
		return err
	}
	n := in.Threads
	if in.Spare != nil {
		n = max(n, 2)
	}
	if parts := splitSegment(in, overlays, n); len(parts) > 1 {
		return t.renderParts(ctx, parts, max(in.Threads, 1), in.Spare, dir, out, progress)
	}
	return t.encodeSegment(ctx, segmentPart{in, overlays}, dir, out, progress)
}

// SlideFrames is how many frames each slide of a segment, lasting durationsMs one
// after another, is shown for (RenderSegment): the whole frames between the places where
// it starts and ends on the segment's frame grid, at least one. Its sum is how many
// frames the segment lasts. Rounded one by one instead, the slides' errors of up to
// half a frame each added up, and a scene's pictures drifted from its narration and
// subtitles, which are timed to the millisecond (up to 76 ms in a scene of 32 slides).
func (c Canvas) SlideFrames(durationsMs []int) []int {
	out := make([]int, len(durationsMs))
	at, done := 0, 0 // ms of the slides so far, frames given to them
	for i, d := range durationsMs {
		at += d
		out[i] = max(1, c.Frames(at)-done)
		done += out[i]
	}
	return out
}

// onFrameGrid makes each slide last its SlideFrames.
func onFrameGrid(c Canvas, slides []SegmentSlide) {
	ds := make([]int, len(slides))
	for i, s := range slides {
		ds[i] = s.DurationMs
	}
	for i, n := range c.SlideFrames(ds) {
		slides[i].DurationMs = c.FramesMs(n)
	}
}

// segmentPart is a segment, or a part of one, with its rasterised text.
type segmentPart struct {
	in SegmentInput
	ov segmentOverlays
}

// encodeSegment runs the ffmpeg graph of p to out; scratch files go in dir.
func (t Tool) encodeSegment(ctx context.Context, p segmentPart, dir, out string, progress func(doneMs int)) error {
	in := p.in
	total := 0
	for _, s := range in.Slides {
		total += in.Canvas.Frames(s.DurationMs)
	}
	args, graph := segmentGraph(in, p.ov)
	gf, err := os.CreateTemp(dir, "graph-*.txt")
	if err != nil {
		return fmt.Errorf("media: render segment: %w", err)
	}
	_, err = gf.WriteString(graph)
	if cerr := gf.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("media: render segment: %w", err)
	}
	if in.Threads > 0 {
		args = append([]string{"-filter_threads", strconv.Itoa(in.Threads)}, args...)
	}
	args = append(args, "-filter_complex_script", gf.Name(), "-map", "[out]")
	args = append(args, encodeArgs(in.Canvas, in.Preset, in.Threads, total)...)
	args = append(args, out)
	if err := t.runProgress(ctx, args, progress); err != nil {
		os.Remove(out)
		return fmt.Errorf("media: render segment: %w", err)
	}
	return nil
}

// maxGraphSlides is the most slides one ffmpeg graph holds. Every slide is an input of
// the graph, open, decoded and buffered from the start to the end of the encode, about
// 12 MB each at 1080p: a scene of 32 slides took 515 MB in one ffmpeg, one of 128 took
// 1.6 GB, and nothing bounded a scene's slides. A longer segment is encoded in parts
// of at most this many slides (about 190 MB each) and joined.
const maxGraphSlides = 8

// splitSegment cuts a segment into parts (each with its share of the rasterised text,
// cues cut and retimed to the part): into n parts of about equal length to encode side
// by side with one thread each (measured on 2 cores, two one-thread encodes beat one
// two-thread encode by about a fifth, bench/render.sh), and at slide boundaries so
// that no part holds more than maxGraphSlides slides. A cut for the cores may fall
// inside a still or a text slide, whose frames do not depend on what came before but
// the pan's place; a clip is not cut, the cut moves to its nearer end. One part: no
// split.
func splitSegment(in SegmentInput, ov segmentOverlays, n int) []segmentPart {
	c := in.Canvas
	frames := make([]int, len(in.Slides))
	total := 0
	for i, s := range in.Slides {
		frames[i] = c.Frames(s.DurationMs)
		total += frames[i]
	}
	var cuts []int // the frames parts start at, besides 0
	for j := 1; j < n && total >= 2; j++ {
		at := (total*j + n/2) / n
		a, i := 0, 0
		for ; a+frames[i] <= at; i++ {
			a += frames[i]
		}
		if b := a + frames[i]; at > a && in.Slides[i].Video != "" {
			if at-a < b-at {
				at = a
			} else {
				at = b
			}
		}
		cuts = append(cuts, at)
	}
	a := 0
	for i, f := range frames {
		if i > 0 && i%maxGraphSlides == 0 {
			cuts = append(cuts, a)
		}
		a += f
	}
	slices.Sort(cuts)
	bounds := []int{0} // the frames the parts start at, then total
	for _, at := range cuts {
		if at > bounds[len(bounds)-1] && at < total {
			bounds = append(bounds, at)
		}
	}
	bounds = append(bounds, total)
	if len(bounds) < 3 {
		return []segmentPart{{in, ov}}
	}
	var parts []segmentPart
	for k := 0; k+1 < len(bounds); k++ {
		from, to := bounds[k], bounds[k+1]
		p := segmentPart{
			in: SegmentInput{Canvas: c, Style: in.Style, Preset: in.Preset, Threads: 1},
			ov: segmentOverlays{text: map[int]overlay{}, tagline: map[int]overlay{}},
		}
		a := 0 // the frame slide i starts at
		for i, s := range in.Slides {
			lo, hi := max(a, from), min(a+frames[i], to)
			a += frames[i]
			if lo >= hi {
				continue
			}
			if hi-lo < frames[i] {
				s.DurationMs, s.panFrames, s.panFrom = c.FramesMs(hi-lo), frames[i], lo-(a-frames[i])
			}
			j := len(p.in.Slides)
			p.in.Slides = append(p.in.Slides, s)
			if o, ok := ov.text[i]; ok {
				p.ov.text[j] = o
			}
			if o, ok := ov.tagline[i]; ok {
				p.ov.tagline[j] = o
			}
		}
		startMs, endMs := c.FramesMs(from), c.FramesMs(to)
		for _, q := range ov.cues {
			if q.endMs > startMs && q.startMs < endMs {
				p.ov.cues = append(p.ov.cues, cueOverlay{q.overlay, max(q.startMs, startMs) - startMs, min(q.endMs, endMs) - startMs})
			}
		}
		parts = append(parts, p)
	}
	return parts
}

// renderParts renders the parts, each on a core, and joins them, without
// re-encoding, into out; progress sums theirs. The segment holds cores cores; a part
// starts when it has one: one of those, one a finished part gave back, or one spare
// lent (nil: none is asked for). Lent cores go back as soon as no part needs them.
func (t Tool) renderParts(ctx context.Context, parts []segmentPart, cores int, spare func(context.Context) (func(), error), dir, out string, progress func(doneMs int)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	files := make([]string, len(parts))
	done := make([]int, len(parts))
	var mu sync.Mutex
	errs := make(chan error, len(parts))
	// A token is a core: nil for the segment's own, else the release of a lent one.
	tokens := make(chan func(), len(parts)+cores)
	for range min(cores, len(parts)) {
		tokens <- nil
	}
	lendCtx, stopLending := context.WithCancel(ctx)
	defer stopLending()
	var lending sync.WaitGroup
	if spare != nil {
		lending.Go(func() {
			for range len(parts) - min(cores, len(parts)) {
				release, err := spare(lendCtx)
				if err != nil {
					return
				}
				tokens <- release
			}
		})
	}
	started := 0
	for i, p := range parts {
		files[i] = filepath.Join(dir, fmt.Sprintf("part%d.mp4", i))
		var report func(int)
		if progress != nil {
			report = func(ms int) {
				mu.Lock()
				defer mu.Unlock()
				done[i] = ms
				sum := 0
				for _, d := range done {
					sum += d
				}
				progress(sum)
			}
		}
		var core func()
		select {
		case core = <-tokens:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			if core != nil {
				core()
			}
			break
		}
		started++
		go func() {
			err := t.encodeSegment(ctx, p, dir, files[i], report)
			if err != nil {
				cancel()
			}
			tokens <- core // before the error: tokens is closed once every part has answered
			errs <- err
		}()
	}
	// Every part has started: cores given back from now on are not needed.
	stopLending()
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		for core := range tokens {
			if core != nil {
				core()
			}
		}
	}()
	var first error
	for range started {
		if err := <-errs; err != nil && (first == nil || errors.Is(first, context.Canceled)) {
			first = err
		}
	}
	lending.Wait()
	close(tokens)
	<-drained
	if first == nil && started < len(parts) {
		first = ctx.Err()
	}
	if first != nil {
		return first
	}
	// Joined as one segment with the same track timescale, so the join of segments can
	// copy it with the others.
	if err := t.join(ctx, files, "", dir, out, parts[0].in.Canvas.FPS, Tags{}); err != nil {
		return fmt.Errorf("media: render segment: %w", err)
	}
	return nil
}

// overlay is a picture rasterised once: w x h RGBA pixels, raw (nothing to encode
// or decode), in a file, laid at x, y.
type overlay struct {
	path       string
	x, y, w, h int
}

// input is the ffmpeg input reading o.
func (o overlay) input() []string {
	return []string{"-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", fmt.Sprintf("%dx%d", o.w, o.h),
		"-protocol_whitelist", "file", "-i", "file:" + o.path}
}

// overlayYUV is the filters turning the overlay read as input k into the segment's
// colours with its alpha, for overlay's yuv420 format. Left to the scale ffmpeg
// inserts, its RGB went to YUV by BT.601 whatever the segment's colours (toBT709), and
// a pure red cue came back as 255, 23, 0. Its one frame is converted once; overlay
// repeats it.
func overlayYUV(k int) string {
	return fmt.Sprintf("[%d:v]scale=%s,format=yuva420p", k, toBT709)
}

// segmentOverlays are the rasterised pictures of one segment.
type segmentOverlays struct {
	text    map[int]overlay // slide index -> the whole canvas of a text slide
	tagline map[int]overlay // slide index -> headline band
	cues    []cueOverlay
}

type cueOverlay struct {
	overlay
	startMs, endMs int
}

// rasterise draws every cue, tagline and text slide of in once with libass (in this
// process with t.Libass, else in one ffmpeg run) and writes each cropped to what it
// covers.
func (t Tool) rasterise(ctx context.Context, in SegmentInput, dir string) (segmentOverlays, error) {
	c := in.Canvas
	res := segmentOverlays{text: map[int]overlay{}, tagline: map[int]overlay{}}
	type item struct {
		kind  byte // 'c' cue, 't' tagline, 's' text slide
		index int
	}
	var items []item
	var events []assEvent
	// add shows text, already ASS (see assText), in style.
	add := func(kind byte, index int, style, text string) {
		n := len(items)
		items = append(items, item{kind, index})
		// Frame n of a 1 fps source is at n s: show the event from n to n+0.5 s.
		events = append(events, assEvent{n * 1000, n*1000 + 500, style, text})
	}
	cue := in.Style.OrDefault(c)
	low := lowCueStyle(c, cue)
	for i, q := range in.Cues {
		if strings.TrimSpace(q.Text) != "" && q.EndMs > q.StartMs {
			style := "Cue"
			if low != nil && overTextSlide(in.Slides, q) {
				style = "CueLow"
			}
			add('c', i, style, assText(q.Text))
		}
	}
	for i, s := range in.Slides {
		if strings.TrimSpace(s.Tagline) != "" {
			add('t', i, "Tagline", taglineText(c, s.Tagline))
		}
		if s.Image == "" && s.Video == "" {
			add('s', i, "Slide", textSlideText(c, s.Text))
		}
	}
	if len(items) == 0 {
		return res, nil
	}
	tag, slide := taglineStyle(c), textSlideStyle(c)
	styles := []assStyle{{"Cue", cue}, {"Tagline", tag}, {"Slide", slide}}
	if low != nil {
		styles = append(styles, assStyle{"CueLow", *low})
	}
	var ass bytes.Buffer
	if err := writeASSDoc(&ass, c, styles, events); err != nil {
		return res, err
	}
	// handle keeps item n drawn on frame, where nothing outside drawn is drawn.
	handle := func(n int, frame *image.NRGBA, drawn image.Rectangle) error {
		it := items[n]
		name := filepath.Join(dir, fmt.Sprintf("%c%d.rgba", it.kind, n))
		switch it.kind {
		case 'c':
			box := alphaBounds(frame.SubImage(drawn).(*image.NRGBA))
			if box.Empty() {
				return nil
			}
			o, err := writeRaw(name, frame.SubImage(box).(*image.NRGBA))
			if err != nil {
				return err
			}
			q := in.Cues[it.index]
			res.cues = append(res.cues, cueOverlay{o, q.StartMs, q.EndMs})
		case 't':
			box := alphaBounds(frame.SubImage(drawn).(*image.NRGBA))
			if box.Empty() {
				return nil
			}
			band := image.Rect(0, 0, c.Width, min(c.Height, box.Max.Y+tag.MarginV))
			o, err := writeRaw(name, onBackdrop(frame, band, color.NRGBA{0, 0, 0, taglineBandAlpha}))
			if err != nil {
				return err
			}
			res.tagline[it.index] = o
		case 's':
			slate := color.NRGBA{textSlideBackground >> 16, textSlideBackground >> 8 & 0xff, textSlideBackground & 0xff, 255}
			o, err := writeRaw(name, onBackdrop(frame, frame.Bounds(), slate))
			if err != nil {
				return err
			}
			res.text[it.index] = o
		}
		return nil
	}
	if t.Libass != nil {
		at := make([]int, len(items))
		for n := range items {
			at[n] = events[n].startMs
		}
		if err := t.Libass.draw(ass.Bytes(), c.Width, c.Height, at, handle); err != nil {
			return res, fmt.Errorf("media: rasterise text: %w", err)
		}
		return res, nil
	}
	return res, t.rasteriseWithFFmpeg(ctx, ass.Bytes(), c, len(items), dir, handle)
}

// lowCueStyle is how cues of style s placed in the middle row are drawn while a text
// slide shows: in the bottom row at the style's vertical margin (the default style's
// when it has none), as the slide's own text stands in the middle. Nil when s is not
// in the middle row.
func lowCueStyle(c Canvas, s SubtitleStyle) *SubtitleStyle {
	if s.Alignment < 4 || s.Alignment > 6 {
		return nil
	}
	low := s
	low.Alignment -= 3
	if low.MarginV <= 0 {
		low.MarginV = DefaultSubtitleStyle(c).MarginV
	}
	return &low
}

// overTextSlide reports whether cue q shows while one of slides (one after another from
// 0 ms) is a text slide.
func overTextSlide(slides []SegmentSlide, q Cue) bool {
	at := 0
	for _, s := range slides {
		if s.Image == "" && s.Video == "" && q.StartMs < at+s.DurationMs && at < q.EndMs {
			return true
		}
		at += s.DurationMs
	}
	return false
}

// taglineStyle is how a tagline is drawn on c: bold white at the top, in a band.
func taglineStyle(c Canvas) SubtitleStyle {
	short := min(c.Width, c.Height)
	return SubtitleStyle{FontName: "DejaVu Sans", FontSize: max(8, short*6/100), PrimaryColor: "FFFFFF",
		OutlineColor: "000000", BackColor: "000000", Bold: true, MarginL: c.Width / 24, MarginR: c.Width / 24,
		MarginV: max(4, short/40), Alignment: 8}
}

// textSlideStyle is how a text slide's text is drawn on c: white in the middle.
func textSlideStyle(c Canvas) SubtitleStyle {
	short := min(c.Width, c.Height)
	return SubtitleStyle{FontName: "DejaVu Sans", FontSize: max(8, short*7/100), PrimaryColor: "FFFFFF",
		OutlineColor: "000000", BackColor: "000000", MarginL: c.Width / 10, MarginR: c.Width / 10,
		MarginV: c.Height / 10, Alignment: 5}
}

// taglineText is a tagline as drawn on c in taglineStyle(c), in ASS: wrapped where
// libass cannot wrap it (domain.FitText).
func taglineText(c Canvas, text string) string {
	text, _ = domain.FitText(text, textArea(c, taglineStyle(c)))
	return assText(text)
}

// textSlideText is a text slide's text as drawn on c in textSlideStyle(c), in ASS:
// wrapped where libass cannot wrap it, and at a smaller font size ({\fs}) when it would
// not fit between the margins, top and bottom (domain.FitText).
func textSlideText(c Canvas, text string) string {
	s := textSlideStyle(c)
	area := textArea(c, s)
	area.Height, area.MinFontSize = c.Height-2*s.MarginV, textSlideMinFontSize(c)
	text, size := domain.FitText(text, area)
	if size != s.FontSize {
		return fmt.Sprintf(`{\fs%d}`, size) + assText(text)
	}
	return assText(text)
}

// textSlideMinFontSize is the smallest a text slide's long text shrinks to on c: 3 % of
// the shorter side (32 px on 1080p, three fifths of the cues' default), small enough
// that the longest text a slide may hold (1,000 characters, of Chinese too) fits.
func textSlideMinFontSize(c Canvas) int { return max(8, min(c.Width, c.Height)*3/100) }

// textArea is the room text drawn in style s has on c: the width between its margins,
// outline and shadow.
func textArea(c Canvas, s SubtitleStyle) domain.TextArea {
	return domain.TextArea{Width: c.Width - max(s.MarginL, 0) - max(s.MarginR, 0) - 2*max(s.Outline, 0) - max(s.Shadow, 0),
		FontSize: s.FontSize, Bold: s.Bold}
}

// rasteriseWithFFmpeg draws the n events of the ASS document doc (event k shown at k
// s) with ffmpeg's ass filter and libass's complex shaper (as Libass draws; ffmpeg's
// subtitles filter would ask for the simple one), in one run with one frame per event
// (alpha kept), and hands each frame to handle. It is what a worker without a
// loadable libass does.
func (t Tool) rasteriseWithFFmpeg(ctx context.Context, doc []byte, c Canvas, n int, dir string, handle func(int, *image.NRGBA, image.Rectangle) error) error {
	if err := os.WriteFile(filepath.Join(dir, "text.ass"), doc, 0o644); err != nil {
		return fmt.Errorf("media: rasterise text: %w", err)
	}
	graph := fmt.Sprintf("color=c=black@0:s=%dx%d:r=1,format=rgba,ass=f=text.ass:alpha=1:shaping=complex[o]", c.Width, c.Height)
	cmd := t.Command(ctx, "-hide_banner", "-nostdin", "-v", "error",
		"-filter_complex", graph, "-map", "[o]", "-frames:v", strconv.Itoa(n),
		"-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1")
	cmd.Dir = dir // a relative name needs no escaping in the filter graph
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("media: rasterise text: %w", err)
	}
	var readErr error
	err = subproc.Run(cmd, func() {
		frame := image.NewNRGBA(image.Rect(0, 0, c.Width, c.Height))
		r := bufio.NewReaderSize(stdout, 1<<20)
		for k := range n {
			if _, readErr = io.ReadFull(r, frame.Pix); readErr != nil {
				break
			}
			if readErr = handle(k, frame, frame.Rect); readErr != nil {
				break
			}
		}
		if readErr != nil {
			cmd.Process.Kill()
		}
		io.Copy(io.Discard, r)
	})
	if err != nil || readErr != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("media: rasterise text: %v %v: %s", err, readErr, firstLine(stderr.Bytes()))
	}
	return nil
}

// alphaBounds is the smallest rectangle holding every pixel that is not fully
// transparent, with even corners so overlays sit on chroma boundaries.
func alphaBounds(m *image.NRGBA) image.Rectangle {
	b := m.Bounds()
	minX, minY, maxX, maxY := b.Max.X, b.Max.Y, b.Min.X-1, b.Min.Y-1
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := m.Pix[(y-b.Min.Y)*m.Stride:]
		for x := 0; x < b.Dx(); x++ {
			if row[x*4+3] != 0 {
				minX, maxX = min(minX, b.Min.X+x), max(maxX, b.Min.X+x)
				minY, maxY = min(minY, y), max(maxY, y)
			}
		}
	}
	if maxX < b.Min.X {
		return image.Rectangle{}
	}
	// Even corners stay inside an even-sized canvas (Canvas.check).
	return image.Rect(minX&^1, minY&^1, (maxX+2)&^1, (maxY+2)&^1)
}

// writeRaw writes m's pixels, row after row, to path: the overlay of m at its place.
func writeRaw(path string, m *image.NRGBA) (overlay, error) {
	b := m.Bounds()
	o := overlay{path: path, x: b.Min.X, y: b.Min.Y, w: b.Dx(), h: b.Dy()}
	f, err := os.Create(path)
	if err != nil {
		return o, err
	}
	w := bufio.NewWriterSize(f, 1<<16)
	for y := 0; y < b.Dy(); y++ {
		w.Write(m.Pix[y*m.Stride : y*m.Stride+4*b.Dx()])
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return o, err
	}
	return o, f.Close()
}

// onBackdrop is the part r of src laid over a backdrop of colour bg, as draw.Over lays
// non-premultiplied colours, without going through color.Color per pixel.
func onBackdrop(src *image.NRGBA, r image.Rectangle, bg color.NRGBA) *image.NRGBA {
	dst := image.NewNRGBA(r)
	for i := 0; i < len(dst.Pix); i += 4 {
		dst.Pix[i], dst.Pix[i+1], dst.Pix[i+2], dst.Pix[i+3] = bg.R, bg.G, bg.B, bg.A
	}
	r = r.Intersect(src.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		d := dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)]
		s := src.Pix[src.PixOffset(r.Min.X, y):src.PixOffset(r.Max.X, y)]
		for i := 0; i < len(d); i += 4 {
			over(d[i:i+4], uint32(s[i]), uint32(s[i+1]), uint32(s[i+2]), uint32(s[i+3]))
		}
	}
	return dst
}

// over lays colour r, g, b at alpha a (of 255) over the non-premultiplied pixel d, as
// draw.Over does.
func over(d []byte, r, g, b, a uint32) {
	switch a {
	case 0:
		return
	case 255:
		d[0], d[1], d[2], d[3] = uint8(r), uint8(g), uint8(b), 255
		return
	}
	// Weights in 255ths of 255ths: the colour's, and what shows of the pixel under it.
	sw, dw := a*255, uint32(d[3])*(255-a)
	ow := sw + dw
	d[0] = uint8((r*sw + uint32(d[0])*dw + ow/2) / ow)
	d[1] = uint8((g*sw + uint32(d[1])*dw + ow/2) / ow)
	d[2] = uint8((b*sw + uint32(d[2])*dw + ow/2) / ow)
	d[3] = uint8((ow + 127) / 255)
}

// pan is a steady move across a still: two pixels every `every` frames, dx and dy
// (-1, 0 or 1) per axis, over a still scaled once to w x h.
//
// The crop window always sits at even offsets. A one-pixel step in 4:2:0 video
// moves chroma by half a pixel, which x264 cannot predict: measured on a 10 s 1080p
// pan with ultrafast, one-pixel steps cost 9.7 MB, two-pixel steps 0.9 MB, at the
// same speed. A sub-pixel crop jitters; a per-frame scale or zoompan costs several
// ms a frame.
type pan struct {
	w, h, x0, y0, dx, dy, every int
}

// panFor picks the move for a still shown frames frames on c: about 3% of a 1080p
// width a second (two pixels a frame at 30 fps), slower on small canvases and long
// slides so the still never moves more than a third of the canvas.
func panFor(c Canvas, frames, motion int) pan {
	every := max(1, int(math.Round(1600/float64(c.Width)*30/float64(c.FPS)-0.49)))
	limit := max(1, c.Width/6) // steps of two pixels
	if (frames+every-1)/every > limit {
		every = (frames + limit - 1) / limit
	}
	steps := (frames + every - 1) / every // floor(n/every) < steps
	moves := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}}
	m := moves[((motion%len(moves))+len(moves))%len(moves)]
	p := pan{dx: m[0], dy: m[1], every: every}
	p.w, p.h = c.Width+abs(m[0])*2*steps, c.Height+abs(m[1])*2*steps
	// Keep the canvas's shape so the still is not cropped more than the move needs.
	if p.w*c.Height > p.h*c.Width {
		p.h = (p.w*c.Height + c.Width - 1) / c.Width
	} else {
		p.w = (p.h*c.Width + c.Height - 1) / c.Height
	}
	p.w, p.h = (p.w+1)&^1, (p.h+1)&^1
	start := func(d, margin int) int {
		switch {
		case d > 0:
			return 0
		case d < 0:
			return margin &^ 1
		}
		return (margin / 2) &^ 1
	}
	p.x0, p.y0 = start(m[0], p.w-c.Width), start(m[1], p.h-c.Height)
	return p
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// cropExpr is the (even) crop position along one axis at frame n of a part whose
// first frame is frame from of the slide.
func (p pan) cropExpr(start, d, from int) string {
	switch {
	case d > 0:
		return fmt.Sprintf("%d+2*floor((n+%d)/%d)", start, from, p.every)
	case d < 0:
		return fmt.Sprintf("%d-2*floor((n+%d)/%d)", start, from, p.every)
	}
	return strconv.Itoa(start)
}

// graph is the filters from still input k to n panned frames at canvas c, from frame
// from of the slide on; crop, when not empty, is a filter (with its trailing comma)
// applied to the still first.
func (p pan) graph(k, n, from int, c Canvas, crop string) string {
	fps := strconv.Itoa(c.FPS)
	return fmt.Sprintf("[%d:v:0]trim=end_frame=1,%s%sscale=%d:%d:force_original_aspect_ratio=increase:flags=bicubic:"+toBT601+",crop=%d:%d,format=yuv420p,"+stillTo709+",setsar=1,loop=loop=%d:size=1,setpts=N/(%s*TB),crop=%d:%d:%s:%s",
		k, crop, coverCut(p.w, p.h), p.w, p.h, p.w, p.h, n-1, fps, c.Width, c.Height, p.cropExpr(p.x0, p.dx, from), p.cropExpr(p.y0, p.dy, from))
}

// segmentGraph is the ffmpeg inputs and filter graph of a segment; the graph's output
// is [out].
func segmentGraph(in SegmentInput, ov segmentOverlays) ([]string, string) {
	c := in.Canvas
	var args []string
	var g strings.Builder
	nin := 0
	addInput := func(a ...string) int {
		args = append(args, a...)
		nin++
		return nin - 1
	}
	fps := strconv.Itoa(c.FPS)
	for i, s := range in.Slides {
		n := c.Frames(s.DurationMs)
		label := fmt.Sprintf("s%d", i)
		switch {
		case s.Video != "":
			k := addInput(append([]string{"-stream_loop", "-1", "-t", strconv.FormatFloat(float64(n)/float64(c.FPS)+1, 'f', 3, 64)},
				input(s.Video, "")...)...)
			// fps first so frames a 60 fps clip drops are never scaled; bilinear is
			// 5-10% faster than bicubic here and x264 spends fewer bits on it; tpad
			// guards against a clip that cannot loop.
			fmt.Fprintf(&g, "[%d:v:0]fps=%s,%s"+squarePixels+"%s%s,setsar=1,format=yuv420p,tpad=stop_mode=clone:stop=-1,trim=end_frame=%d,setpts=N/(%s*TB)",
				k, fps, toSDR(s.transfer), s.stillFilter(), fitFilter(c, s.Contain, "bilinear", cmp.Or(s.colours, toBT709)), n, fps)
		default:
			var k int
			if s.Image != "" {
				k = addInput(input(s.Image, "")...)
			} else {
				k = addInput(ov.text[i].input()...)
			}
			if s.KenBurns && !s.Contain && s.Image != "" {
				whole := n
				if s.panFrames > 0 {
					whole = s.panFrames
				}
				g.WriteString(panFor(c, whole, s.Motion).graph(k, n, s.panFrom, c, s.stillFilter()))
			} else {
				fmt.Fprintf(&g, "[%d:v:0]trim=end_frame=1,%s%s,format=yuv420p,"+stillTo709+",setsar=1,loop=loop=%d:size=1,setpts=N/(%s*TB)",
					k, s.stillFilter(), fitFilter(c, s.Contain, "bicubic", toBT601), n-1, fps)
			}
		}
		if t, ok := ov.tagline[i]; ok {
			k := addInput(t.input()...)
			fmt.Fprintf(&g, "[b%d];%s[t%d];[b%d][t%d]overlay=%d:%d:format=yuv420", i, overlayYUV(k), i, i, i, t.x, t.y)
		}
		fmt.Fprintf(&g, "[%s];\n", label)
	}
	cur := "s0"
	if len(in.Slides) > 1 {
		for i := range in.Slides {
			fmt.Fprintf(&g, "[s%d]", i)
		}
		// Slides' timestamps all start at 0 and stills carry no frame duration: number
		// the joined frames afresh so none collide and get dropped.
		fmt.Fprintf(&g, "concat=n=%d:v=1:a=0,setpts=N/(%s*TB)[joined];\n", len(in.Slides), fps)
		cur = "joined"
	}
	for i, q := range ov.cues {
		k := addInput(q.input()...)
		next := fmt.Sprintf("c%d", i)
		fmt.Fprintf(&g, "%s[q%d];\n[%s][q%d]overlay=%d:%d:format=yuv420:enable='gte(t,%s)*lt(t,%s)'[%s];\n",
			overlayYUV(k), i, cur, i, q.x, q.y, secs(q.startMs), secs(q.endMs), next)
		cur = next
	}
	fmt.Fprintf(&g, "[%s]null[out]", cur)
	return args, g.String()
}

func secs(ms int) string { return strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64) }

// runProgress runs ffmpeg with args, reporting -progress out_time to progress.
func (t Tool) runProgress(ctx context.Context, args []string, progress func(doneMs int)) error {
	full := append([]string{"-hide_banner", "-nostdin", "-v", "error", "-y", "-nostats", "-progress", "pipe:1"}, args...)
	cmd := t.Command(ctx, full...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	err = subproc.Run(cmd, func() {
		sc := bufio.NewScanner(stdout)
		last := -1
		for sc.Scan() {
			v, ok := strings.CutPrefix(sc.Text(), "out_time_us=")
			if !ok || progress == nil {
				continue
			}
			if us, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil && us >= 0 {
				if ms := int(us / 1000); ms > last {
					last = ms
					progress(ms)
				}
			}
		}
		io.Copy(io.Discard, stdout)
	})
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("ffmpeg: %w: %s", err, firstLine(stderr.Bytes()))
	}
	return nil
}

// AudioClip is a sound placed in the mix at StartMs, at Volume (1 = as is; 0 is
// taken as 1: leave a clip out to mute it).
type AudioClip struct {
	Path string
	// ID names the clip's content for MixAudioChunked's chunk hashes (Path when "").
	ID      string
	StartMs int
	Volume  float64
	// Mute silences these stretches of the clip (times from the clip's own start).
	Mute []Span
}

// Span is a stretch of time from StartMs to EndMs.
type Span struct{ StartMs, EndMs int }

// muteFilter is a volume filter silencing the spans, with a leading comma ("" for none).
func muteFilter(spans []Span) string {
	var parts []string
	for _, m := range spans {
		if m.EndMs > m.StartMs {
			parts = append(parts, fmt.Sprintf("between(t,%s,%s)", secs(m.StartMs), secs(m.EndMs)))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return ",volume=0:enable='" + strings.Join(parts, "+") + "'"
}

// BackgroundAudio is music under the whole video at Volume (0 is taken as 1), looped
// when Loop and shorter than the video. It fades out where it ends (musicFades).
type BackgroundAudio struct {
	Path string
	// ID names the music's content for MixAudioChunked's chunk hashes (Path when "").
	ID     string
	Volume float64
	Loop   bool
}

// MixInput is the whole sound of a video: narration clips at their start times and
// background music, ducked under the narration when DuckUnderNarration.
type MixInput struct {
	DurationMs         int
	FPS                int // of the video, so the mix lasts whole frames; 0 = 30
	Narration          []AudioClip
	Background         []BackgroundAudio
	DuckUnderNarration bool
	// LoudnessLUFS, when not 0, is how loud every narration clip is played (LUFS,
	// integrated, as heard from two speakers; NarrationLUFS for a render): each clip's
	// loudness is measured and its volume set by the difference (at most
	// maxLoudnessBoostDB up), so a loud insert does not jump out of the narration. A
	// silent clip keeps its volume.
	LoudnessLUFS float64
	// Threads is how many ffmpeg MixAudioChunked may run side by side on long
	// stretches to encode (0 or 1: one); the sound is the same either way.
	Threads int
}

// MixSampleRate is the sample rate of every mix.
const MixSampleRate = 48000

func gain(v float64) string {
	if v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		v = 1
	}
	return strconv.FormatFloat(v, 'f', 4, 64)
}

// MixAudio writes the sound of a video to out: one AAC track (48 kHz, mono or stereo
// as mixChannels says, .m4a) lasting exactly in.DurationMs rounded to whole frames.
// Narration is placed at its start times at its own level, or at in.LoudnessLUFS;
// background music is looped or cut to the length, fades out at its end and, with
// DuckUnderNarration, is compressed by the narration (sidechaincompress) so it drops
// while someone speaks. The mix ends in a limiter at mixCeiling.
func (t Tool) MixAudio(ctx context.Context, in MixInput, out string) error {
	in, m, err := t.measureMix(ctx, in)
	if err != nil {
		return err
	}
	args, graph, _ := mixGraph(in, m, 0, m.total, 0, "")
	args = append(append(args, "-filter_complex", graph, "-map", "[out]"), mixEncodeArgs(m.channels)...)
	args = append(args, "-f", "mp4", out)
	if err := t.run(ctx, args...); err != nil {
		os.Remove(out)
		return fmt.Errorf("media: mix audio: %w", err)
	}
	return nil
}

// mixBitRate is the AAC bit rate of every mix.
const mixBitRate = "160k"

// mixChannels is how many channels a mix is made and encoded with: one when all it
// holds is narration and every clip of it is mono (monoClips, from measureClips), two
// otherwise. Speech made by the TTS providers is mono, so a video without music is
// mono all through: encoded as stereo, both channels carry the same samples and
// ffmpeg's AAC encoder spends 1.3 core-seconds on a minute of it, against 0.8 for one
// channel at the same bit rate and as close to the source (52.9 against 52.7 dB SNR),
// measured on espeak-ng speech (docs/decisions.md, "Mono mixes").
func mixChannels(in MixInput, monoClips bool) int {
	if len(in.Background) == 0 && monoClips {
		return 1
	}
	return 2
}

// samples is the mix's length: in.DurationMs in whole frames, in samples.
func (in MixInput) samples() (int64, error) {
	fps := in.FPS
	if fps <= 0 {
		fps = 30
	}
	frames := Canvas{FPS: fps}.Frames(in.DurationMs)
	if frames < 1 {
		return 0, fmt.Errorf("media: mix audio: %d ms is less than a frame", in.DurationMs)
	}
	return int64(frames) * MixSampleRate / int64(fps), nil
}

// samplesPerMs converts a clip's start to the mix's samples (exactly: 48 kHz).
const samplesPerMs = MixSampleRate / 1000

// mixSources is what a mix measured of its input (measureMix).
type mixSources struct {
	// lengths are the narration clips' lengths in ms (0: unknown), by index.
	lengths  []int
	channels int
	// total is the mix's length in samples.
	total int64
	// fades are where each music item fades out (musicFades).
	fades []span64
}

// span64 is the samples [from, to) of the mix.
type span64 struct{ from, to int64 }

// measureMix measures in for mixing: its length, its clips, its music's fades; the
// input returned has the narration's volumes at in.LoudnessLUFS when it is set.
func (t Tool) measureMix(ctx context.Context, in MixInput) (MixInput, mixSources, error) {
	var m mixSources
	var err error
	if m.total, err = in.samples(); err != nil {
		return in, m, err
	}
	lengths, mono, lufs, err := t.measureClips(ctx, in.Narration, in.LoudnessLUFS != 0)
	if err != nil {
		return in, m, err
	}
	m.lengths, m.channels = lengths, mixChannels(in, mono)
	if in.LoudnessLUFS != 0 {
		in.Narration = levelled(in.Narration, lufs, in.LoudnessLUFS)
	}
	m.fades, err = t.musicFades(ctx, in.Background, m.total)
	return in, m, err
}

// musicFade is how long music fades out where it ends, so that it is not cut off:
// 2 s, or a quarter of what is heard of it when that is shorter (a short video).
const musicFade = 2 * MixSampleRate

// musicFades are where each music item fades out: to the end of the mix or, for
// music that does not loop and ends first, to the end of its file.
func (t Tool) musicFades(ctx context.Context, music []BackgroundAudio, total int64) ([]span64, error) {
	var out []span64
	for i, b := range music {
		end := total
		if !b.Loop {
			ms, _, err := t.clipInfo(ctx, b.Path)
			if err != nil {
				return nil, fmt.Errorf("media: mix audio: music %d: %w", i, err)
			}
			if ms > 0 {
				end = min(total, int64(ms)*samplesPerMs)
			}
		}
		out = append(out, span64{end - min(musicFade, end/4), end})
	}
	return out, nil
}

// mixCeiling is the most a mix's samples reach, the limiter's limit (-2 dBFS): the
// AAC encoder's error (its low pass and its quantisation) rises above the samples it
// is given, on loud speech and music by up to about 1.5 dB (TestMixStaysUnderFullScale),
// and a decoded sample above full scale clips when played.
const mixCeiling = "0.7943"

// mixGraph is the ffmpeg inputs and filter graph of samples [from, to) of the mix,
// output [<tag>out]; its inputs are numbered from first and its labels start with tag,
// so several stretches can be mixed in one ffmpeg run. A narration clip is left out
// when lengths (by index, ms; 0 unknown) show it ends before from; one that started
// earlier is cut to from.
func mixGraph(in MixInput, m mixSources, from, to int64, first int, tag string) (args []string, graph string, inputs int) {
	lengths, channels := m.lengths, m.channels
	span := to - from
	fit := fmt.Sprintf("apad=whole_len=%d,atrim=end_sample=%d", span, span)
	layout := "stereo"
	if channels == 1 {
		layout = "mono"
	}
	norm := fmt.Sprintf("aresample=%d,aformat=sample_fmts=fltp:channel_layouts=mono", MixSampleRate)
	if channels == 2 {
		// A mono file is heard from both sides at its own level, as in a mono mix:
		// ffmpeg's own upmix puts it 3 dB lower in each (its centre mix level), so
		// narration would drop 3 dB when music is added and mono music play 3 dB below
		// its volume. Mono stays mono here and pan copies it to both sides; stereo passes
		// as it is (no front centre), and more channels are mixed down to stereo by
		// aformat as before.
		norm = fmt.Sprintf("aresample=%d,aformat=sample_fmts=fltp:channel_layouts=mono|stereo,pan=stereo|FL=FL+FC|FR=FR+FC", MixSampleRate)
	}
	var g strings.Builder
	nin := first
	var narr, bg []string
	for i, a := range in.Narration {
		start := int64(max(a.StartMs, 0)) * samplesPerMs
		if start >= to || i < len(lengths) && lengths[i] > 0 && start+int64(lengths[i])*samplesPerMs <= from {
			continue
		}
		args = append(args, input(a.Path, "")...)
		cut, place, mute := "", fmt.Sprintf(",adelay=%dS:all=1", start-from), a.Mute
		if start < from {
			// A clip that started before the stretch is cut before it is resampled, and
			// its muted spans move with it.
			off := int((from - start) / samplesPerMs)
			cut = fmt.Sprintf("atrim=start=%s,asetpts=PTS-STARTPTS,", strconv.FormatFloat(float64(from-start)/MixSampleRate, 'f', 6, 64))
			place, mute = "", nil
			for _, m := range a.Mute {
				if m.EndMs > off {
					mute = append(mute, Span{max(0, m.StartMs-off), m.EndMs - off})
				}
			}
		}
		fmt.Fprintf(&g, "[%d:a:0]%s%s,volume=%s%s%s[%sn%d];\n", nin, cut, norm, gain(a.Volume), muteFilter(mute), place, tag, i)
		narr = append(narr, fmt.Sprintf("[%sn%d]", tag, i))
		nin++
	}
	for i, b := range in.Background {
		if b.Loop {
			args = append(args, "-stream_loop", "-1")
		}
		args = append(args, input(b.Path, "")...)
		// Cut to the stretch before resampling: a stretch late in a long video would
		// otherwise resample all the music before it only to drop it. The music is
		// timed by its samples first: looped, each loop of an MP3 or AAC file is stamped
		// later than the one before by the encoder's delay as well as its length (about
		// 25 ms a loop), so a cut by the stamps would take the music from elsewhere than
		// the whole mix plays it (asetpts truncates, hence round).
		cut := "asetpts=round(N/SR/TB),"
		// The fade is timed on the video's timeline before the cut, so every stretch
		// fades each sample as the whole mix does.
		if f := m.fades[i]; f.from < to {
			cut += fmt.Sprintf("afade=t=out:st=%s:d=%s,", strconv.FormatFloat(float64(f.from)/MixSampleRate, 'f', 6, 64),
				strconv.FormatFloat(float64(f.to-f.from)/MixSampleRate, 'f', 6, 64))
		}
		if from > 0 {
			cut += fmt.Sprintf("atrim=start=%s,asetpts=PTS-STARTPTS,", strconv.FormatFloat(float64(from)/MixSampleRate, 'f', 6, 64))
		}
		fmt.Fprintf(&g, "[%d:a:0]%s%s,volume=%s,atrim=end_sample=%d[%sb%d];\n", nin, cut, norm, gain(b.Volume), to-from, tag, i)
		bg = append(bg, fmt.Sprintf("[%sb%d]", tag, i))
		nin++
	}
	// Loud narration, or music items layered at full volume, can reach or add up
	// above full scale, which clips when the mix is decoded: a mix ends in a limiter
	// at mixCeiling. Below it the limiter passes the samples as they are, and its
	// look-ahead is taken back (latency), so the sound stays where it is. A stretch's
	// pre-roll (a second) is far longer than its look-ahead (5 ms) and release
	// (50 ms), so the stretch is limited as the whole mix is there.
	end := fit + ",alimiter=limit=" + mixCeiling + ":level=0:latency=1"
	mix := func(labels []string, out, tail string) {
		if len(labels) == 1 {
			fmt.Fprintf(&g, "%s%s[%s%s];\n", labels[0], tail, tag, out)
			return
		}
		fmt.Fprintf(&g, "%samix=inputs=%d:normalize=0:duration=longest,%s[%s%s];\n", strings.Join(labels, ""), len(labels), tail, tag, out)
	}
	switch {
	case len(narr) == 0 && len(bg) == 0:
		fmt.Fprintf(&g, "anullsrc=r=%d:cl=%s,%s[%sout]", MixSampleRate, layout, fit, tag)
	case len(bg) == 0:
		mix(narr, "out", end)
	case len(narr) == 0:
		mix(bg, "out", end)
	default:
		mix(narr, "narr", fit)
		mix(bg, "bg", fit)
		if in.DuckUnderNarration {
			// About -20 dB of gain reduction while narration is above -36 dBFS, back
			// within half a second of a pause.
			fmt.Fprintf(&g, "[%[1]snarr]asplit=2[%[1]svoice][%[1]skey];\n[%[1]sbg][%[1]skey]sidechaincompress=threshold=0.016:ratio=12:attack=20:release=450:knee=2[%[1]sducked];\n", tag)
			fmt.Fprintf(&g, "[%[1]svoice][%[1]sducked]", tag)
		} else {
			fmt.Fprintf(&g, "[%[1]snarr][%[1]sbg]", tag)
		}
		fmt.Fprintf(&g, "amix=inputs=2:normalize=0:duration=longest,%s[%sout]", end, tag)
	}
	// A chain ends with ";" only when another follows: a trailing one is an empty filter.
	return args, strings.TrimSuffix(strings.TrimSpace(g.String()), ";"), nin - first
}

// JoinSegments writes out: the segments (from RenderSegment or RenderClipSegment, same
// canvas and preset) one after another without re-encoding, with audio (from
// MixAudio; "" for none) as its sound, index first for streaming, and with tags (the
// video's name and the render's time). Its length is the sum of the segments'.
// workDir holds the concat list.
func (t Tool) JoinSegments(ctx context.Context, segments []string, audio string, workDir, out string, tags Tags) error {
	if err := t.join(ctx, segments, audio, workDir, out, 0, tags); err != nil {
		return fmt.Errorf("media: join segments: %w", err)
	}
	return nil
}

// join copies the video of files, one after another, and the sound of audio ("" for
// none) into out, index first, with tags: by joinMP4 when the files are laid out as
// this package writes them, else by ffmpeg's concat demuxer (with the video track's
// timescale set to fps when it is not 0).
func (t Tool) join(ctx context.Context, files []string, audio, workDir, out string, fps int, tags Tags) error {
	err := joinMP4(files, audio, out, tags)
	if !errors.Is(err, errJoinUnsupported) {
		return err
	}
	list, err := concatList(files, workDir)
	if err != nil {
		return err
	}
	defer os.Remove(list)
	args := []string{"-f", "concat", "-safe", "0", "-protocol_whitelist", "file", "-i", list}
	maps := []string{"-map", "0:v:0"}
	if audio != "" {
		args = append(args, "-protocol_whitelist", "file", "-i", "file:"+audio)
		maps = append(maps, "-map", "1:a:0")
	}
	args = append(args, maps...)
	args = append(args, "-c", "copy")
	if fps > 0 {
		args = append(args, "-video_track_timescale", strconv.Itoa(fps))
	}
	// An argument is passed as it is (no shell, no escaping); ffmpeg writes the title
	// as joinMP4 does.
	if title := tags.title(); title != "" {
		args = append(args, "-metadata", "title="+title)
	}
	if !tags.Created.IsZero() {
		args = append(args, "-metadata", "creation_time="+tags.Created.UTC().Format(time.RFC3339))
	}
	args = append(args, "-movflags", "+faststart", "-f", "mp4", out)
	if err := t.run(ctx, args...); err != nil {
		os.Remove(out)
		return err
	}
	return nil
}

// concatList writes, in a new file under workDir, the concat demuxer's list of the
// files; it returns the list's path.
func concatList(files []string, workDir string) (string, error) {
	if len(files) == 0 {
		return "", errors.New("nothing to join")
	}
	if err := os.MkdirAll(workDir, 0o755); err != nil {
		return "", err
	}
	list, err := os.CreateTemp(workDir, "concat-*.txt")
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("ffconcat version 1.0\n")
	for _, s := range files {
		abs, err := filepath.Abs(s)
		if err != nil {
			list.Close()
			os.Remove(list.Name())
			return "", err
		}
		fmt.Fprintf(&b, "file '%s'\n", strings.ReplaceAll(abs, "'", `'\''`))
	}
	if _, err := list.WriteString(b.String()); err != nil {
		list.Close()
		os.Remove(list.Name())
		return "", err
	}
	return list.Name(), list.Close()
}

// VideoThumbnail writes a JPEG, at most 1280 px wide, of the frame at atMs of the video
// at in, rendered on canvas c (the first frame when atMs is past the last key frame of
// a short clip). The canvas gives the size, so nothing is probed: the thumbnail is the
// last step of a render before its upload.
func (t Tool) VideoThumbnail(ctx context.Context, in string, c Canvas, atMs int, out string) error {
	if err := c.check(); err != nil {
		return err
	}
	return t.Thumbnail(ctx, in, "", float64(max(atMs, 0))/1000, c.Width, c.Height, 1280, out)
}

// RenderClipSegment normalises the video at clip (an intro, outro or scene insert) to
// a segment that JoinSegments can join: canvas c, letterboxed to fit, DefaultPreset,
// no sound (take it with ExtractAudio), encoded with threads threads (0: ffmpeg's
// choice). durationMs is its length: whole frames of c.
func (t Tool) RenderClipSegment(ctx context.Context, clip string, c Canvas, threads int, workDir, out string) (durationMs int, err error) {
	if err := c.check(); err != nil {
		return 0, err
	}
	p, err := t.Probe(ctx, clip, "")
	if err != nil {
		return 0, err
	}
	if !p.HasVideo || p.Duration <= 0 {
		return 0, fmt.Errorf("%w: %s has no video with a duration", ErrInvalidMedia, filepath.Base(clip))
	}
	n := max(1, int(math.Round(p.Duration*float64(c.FPS))))
	fps := strconv.Itoa(c.FPS)
	graph := fmt.Sprintf("[0:v:0]fps=%s,%s"+squarePixels+"scale=%d:%d:force_original_aspect_ratio=decrease:%s,pad=%d:%d:(ow-iw)/2:(oh-ih)/2:black,setsar=1,format=yuv420p,tpad=stop_mode=clone:stop=-1,trim=end_frame=%d,setpts=N/(%s*TB)[out]",
		fps, toSDR(p.ColorTransfer), c.Width, c.Height, clipColours(p), c.Width, c.Height, n, fps)
	args := append(input(clip, ""), "-filter_complex", graph, "-map", "[out]")
	if threads > 0 {
		args = append([]string{"-filter_threads", strconv.Itoa(threads)}, args...)
	}
	args = append(args, encodeArgs(c, DefaultPreset, threads, n)...)
	args = append(args, out)
	if err := t.runProgress(ctx, args, nil); err != nil {
		os.Remove(out)
		return 0, fmt.Errorf("media: render clip segment: %w", err)
	}
	return c.FramesMs(n), nil
}

// ExtractAudio writes the first audio stream of the video at in to out as 48 kHz WAV,
// for the mix: mono or stereo as it is, more channels mixed down to stereo (a mono
// sound spread over two channels here would be 3 dB lower in each). The sound is
// timed by the picture, as RenderClipSegment's segment starts with the first frame:
// silence stands for a sound that starts later (a clip trimmed without re-encoding
// often has its sound start after a keyframe's picture), and sound before the picture
// is left out. ok is false (and nothing is written) when it has none.
func (t Tool) ExtractAudio(ctx context.Context, in, out string) (ok bool, err error) {
	p, err := t.Probe(ctx, in, "")
	if err != nil {
		return false, err
	}
	if !p.HasAudio {
		return false, nil
	}
	// ffmpeg times the sound from the file's start; async fills the gap before its
	// first sample (or drops what comes before 0), and any later gap, with silence.
	af := fmt.Sprintf("aresample=%d:async=1:first_pts=0", MixSampleRate)
	if p.VideoStart > 0 {
		af = fmt.Sprintf("asetpts=PTS-%s/TB,%s", strconv.FormatFloat(p.VideoStart, 'f', 6, 64), af)
	}
	args := append(input(in, ""), "-map", "0:a:0", "-vn", "-af", af, "-c:a", "pcm_s16le", "-ar", strconv.Itoa(MixSampleRate))
	if p.AudioChannels != 1 && p.AudioChannels != 2 {
		args = append(args, "-ac", "2")
	}
	args = append(args, "-f", "wav", out)
	if err := t.run(ctx, args...); err != nil {
		os.Remove(out)
		return false, fmt.Errorf("media: extract audio: %w", err)
	}
	return true, nil
}

// RenderSegments renders several segments at most parallel at a time, each with the
// given threads, stopping at the first error. It is what a worker on a small machine
// does; see bench/render for the measured best split of cores.
func (t Tool) RenderSegments(ctx context.Context, ins []SegmentInput, workDir string, outs []string, parallel int) error {
	if len(ins) != len(outs) {
		return errors.New("media: render segments: inputs and outputs differ in number")
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sem := make(chan struct{}, max(1, parallel))
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	for i := range ins {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			defer func() { <-sem }()
			if err := t.RenderSegment(ctx, ins[i], workDir, outs[i], nil); err != nil {
				once.Do(func() { first = fmt.Errorf("segment %d: %w", i, err); cancel() })
			}
		}(i)
	}
	wg.Wait()
	if first != nil {
		return first
	}
	return ctx.Err()
}
