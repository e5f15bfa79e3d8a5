package media

import (
	"context"
	"encoding/binary"
	"fmt"
	"image"
	_ "image/gif" // DecodeConfig of GIF stills
	_ "image/jpeg"
	_ "image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
)

// shrinkStillPixels is the size above which a still is scaled down before its segment
// is encoded. ffmpeg opens every input of a segment at once and keeps each still's
// decoded picture until the segment ends: six 60-megapixel JPEGs in one scene took
// 700 MB, four 8000x8000 PNGs 940 MB. A 12-megapixel phone photo (about 110 MB for
// six) is left as it is, as scaling it first would cost more time than it saves.
const shrinkStillPixels = 16_000_000

// shrinkStills returns slides whose large stills (above shrinkStillPixels, over twice
// the size their slides show in both directions) are replaced by copies scaled down, one
// at a time, to what their slides need: the canvas, or the panned area of a Ken Burns
// move, at the slide's crop (a still shown by several slides is scaled once, for the
// largest). The copies are PNG in dir, upright (ffmpeg applies an EXIF orientation as
// it reads the original), with their transparency. beat, when not nil, is called after
// each copy, so a caller can tell it is alive.
func (t Tool) shrinkStills(ctx context.Context, c Canvas, slides []SegmentSlide, dir string, beat func()) ([]SegmentSlide, error) {
	type still struct {
		path         string
		w, h         int     // stored size
		cw, ch       float64 // the crop's fractions
		tw, th       int     // the largest area a slide covers with it
		slides       []int
		unshrinkable bool
	}
	var stills []*still
	byKey := map[string]*still{}
	for i, s := range slides {
		if s.Image == "" {
			continue
		}
		cw, ch := 1.0, 1.0
		if s.Crop != nil {
			cw, ch = clampFraction(s.Crop.Width), clampFraction(s.Crop.Height)
		}
		key := fmt.Sprintf("%s|%gx%g", s.Image, cw, ch)
		st, seen := byKey[key]
		if !seen {
			st = &still{path: s.Image, cw: cw, ch: ch}
			w, h, ok := stillSize(s.Image)
			st.w, st.h, st.unshrinkable = w, h, !ok || int64(w)*int64(h) <= shrinkStillPixels
			byKey[key] = st
			stills = append(stills, st)
		}
		tw, th := c.Width, c.Height
		if s.KenBurns && !s.Contain {
			p := panFor(c, c.Frames(s.DurationMs), s.Motion)
			tw, th = p.w, p.h
		}
		st.tw, st.th = max(st.tw, tw), max(st.th, th)
		st.slides = append(st.slides, i)
	}
	for n, st := range stills {
		if st.unshrinkable {
			continue
		}
		// The scale its slides need, whichever way up the still is shown.
		w, h := float64(st.w), float64(st.h)
		tw, th := float64(st.tw), float64(st.th)
		if max(tw/(w*st.cw), th/(h*st.ch), tw/(h*st.cw), th/(w*st.ch)) > 0.5 {
			continue
		}
		out := filepath.Join(dir, fmt.Sprintf("still-%d.png", n))
		if err := t.shrinkStill(ctx, st.path, st.tw, st.th, st.cw, st.ch, out); err != nil {
			return nil, fmt.Errorf("media: render segment: slide %d: %w", st.slides[0], err)
		}
		for _, i := range st.slides {
			slides[i].Image = out
		}
		if beat != nil {
			beat()
		}
	}
	return slides, nil
}

// shrinkStill writes the still at in, scaled down so that the part crop fractions cw x
// ch of it still covers tw x th, to out as a quickly written PNG.
func (t Tool) shrinkStill(ctx context.Context, in string, tw, th int, cw, ch float64, out string) error {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 6, 64) }
	scale := fmt.Sprintf("min(1,max(%d/(iw*%s),%d/(ih*%s)))", tw, f(cw), th, f(ch))
	args := append(input(in, ""), "-map", "0:v:0", "-frames:v", "1",
		"-vf", fmt.Sprintf("scale=w='max(2,ceil(iw*%[1]s))':h='max(2,ceil(ih*%[1]s))':flags=area", scale),
		"-c:v", "png", "-compression_level", "0", "-pred", "none", "-f", "image2", out)
	return t.run(ctx, args...)
}

func clampFraction(v float64) float64 {
	if v <= 0 || v > 1 {
		return 1
	}
	return v
}

// stillSize reads the stored width and height of a JPEG, PNG, GIF or WebP from its
// header, without decoding it; ok is false for anything else.
func stillSize(path string) (w, h int, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, false
	}
	defer f.Close()
	if cfg, _, err := image.DecodeConfig(f); err == nil {
		return cfg.Width, cfg.Height, true
	}
	head := make([]byte, 30)
	if _, err := f.ReadAt(head, 0); err != nil && err != io.EOF {
		return 0, 0, false
	}
	return webpSize(head)
}

// webpSize reads a WebP's canvas size from its first 30 bytes.
func webpSize(b []byte) (w, h int, ok bool) {
	if len(b) < 30 || string(b[0:4]) != "RIFF" || string(b[8:12]) != "WEBP" {
		return 0, 0, false
	}
	le24 := func(p []byte) int { return int(p[0]) | int(p[1])<<8 | int(p[2])<<16 }
	switch string(b[12:16]) {
	case "VP8X":
		return le24(b[24:27]) + 1, le24(b[27:30]) + 1, true
	case "VP8 ":
		return int(binary.LittleEndian.Uint16(b[26:28]) & 0x3fff), int(binary.LittleEndian.Uint16(b[28:30]) & 0x3fff), true
	case "VP8L":
		bits := binary.LittleEndian.Uint32(b[21:25])
		return int(bits&0x3fff) + 1, int(bits>>14&0x3fff) + 1, true
	}
	return 0, 0, false
}
