package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// A join of rendered segments, done here rather than by ffmpeg: every segment is one
// H.264 track from the same encoder settings, so joining them is a matter of copying
// their samples one after another and writing one index for them. Measured here, the
// concat demuxer spent about 0.2 s on a 60 s video, most of it starting ffmpeg and
// probing the files; this takes a few hundredths, mostly the copy.
//
// joinMP4 handles what this package writes (a single track per file, samples in
// order, no edit that shifts time); anything else gets errJoinUnsupported and the
// caller joins with ffmpeg.

// errJoinUnsupported: the files are not laid out as joinMP4 expects.
var errJoinUnsupported = errors.New("media: join: layout not supported")

func unsupported(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errJoinUnsupported, fmt.Sprintf(format, a...))
}

// mp4Box is a box: its type, where its payload starts and how long the payload is.
type mp4Box struct {
	typ       string
	off, size int64 // payload
}

// readBoxes lists the boxes in r between off and end.
func readBoxes(r io.ReaderAt, off, end int64) ([]mp4Box, error) {
	var out []mp4Box
	for off+8 <= end {
		var h [16]byte
		if _, err := r.ReadAt(h[:8], off); err != nil {
			return nil, err
		}
		size, hdr := int64(binary.BigEndian.Uint32(h[:4])), int64(8)
		switch size {
		case 1:
			if _, err := r.ReadAt(h[8:16], off+8); err != nil {
				return nil, err
			}
			size, hdr = int64(binary.BigEndian.Uint64(h[8:16])), 16
		case 0:
			size = end - off
		}
		if size < hdr || off+size > end {
			return nil, unsupported("box %q of %d bytes at %d overruns its parent", h[4:8], size, off)
		}
		out = append(out, mp4Box{string(h[4:8]), off + hdr, size - hdr})
		off += size
	}
	return out, nil
}

// child finds the first box of type typ in the payload p (a byte slice of a parent).
func child(p []byte, typ string) []byte {
	boxes, err := readBoxes(bytes.NewReader(p), 0, int64(len(p)))
	if err != nil {
		return nil
	}
	for _, b := range boxes {
		if b.typ == typ {
			return p[b.off : b.off+b.size]
		}
	}
	return nil
}

// mp4Track is one track of a file, its samples in decode order.
type mp4Track struct {
	timescale                    uint32
	tkhd, mdhd, hdlr, mhd, dinf  []byte // payloads, copied to the output
	stsd, edts, sgpd, sbgp       []byte // payloads, copied (edts, sgpd, sbgp may be nil)
	sizes                        []uint32
	deltas                       []uint32 // duration of each sample
	offsets                      []int64  // in the file
	sync                         []bool   // nil: every sample is a sync sample
	movieTimescale, tkhdDuration uint64
}

func u32(b []byte, at int) (uint32, error) {
	if at < 0 || at+4 > len(b) {
		return 0, unsupported("box too short")
	}
	return binary.BigEndian.Uint32(b[at:]), nil
}

// entries reads a full box's table: its entry count at 4, then count rows of width
// bytes from 8.
func entries(b []byte, width int) (int, error) {
	n, err := u32(b, 4)
	if err != nil {
		return 0, err
	}
	if int64(n)*int64(width) > int64(len(b)-8) {
		return 0, unsupported("table of %d entries overruns its box", n)
	}
	return int(n), nil
}

// readFileTrack reads the only track of the MP4 file f (of the handler kind, "vide"
// or "soun").
func readFileTrack(f *os.File, kind string) (*mp4Track, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return readTrack(f, fi.Size(), f.Name(), kind)
}

// readTrack reads the only track of the MP4 data in f, size bytes long, called name.
func readTrack(f io.ReaderAt, size int64, name, kind string) (*mp4Track, error) {
	top, err := readBoxes(f, 0, size)
	if err != nil {
		return nil, err
	}
	var moov []byte
	for _, b := range top {
		if b.typ == "moov" {
			moov = make([]byte, b.size)
			if _, err := f.ReadAt(moov, b.off); err != nil {
				return nil, err
			}
		}
	}
	if moov == nil {
		return nil, unsupported("%s: no moov", name)
	}
	boxes, err := readBoxes(bytes.NewReader(moov), 0, int64(len(moov)))
	if err != nil {
		return nil, err
	}
	var trak []byte
	for _, b := range boxes {
		if b.typ == "trak" {
			if trak != nil {
				return nil, unsupported("%s: more than one track", name)
			}
			trak = moov[b.off : b.off+b.size]
		}
	}
	t := &mp4Track{tkhd: child(trak, "tkhd"), edts: child(trak, "edts")}
	mvhd := child(moov, "mvhd")
	mdia := child(trak, "mdia")
	t.mdhd, t.hdlr = child(mdia, "mdhd"), child(mdia, "hdlr")
	minf := child(mdia, "minf")
	t.dinf = child(minf, "dinf")
	stbl := child(minf, "stbl")
	if mvhd == nil || t.tkhd == nil || t.mdhd == nil || t.hdlr == nil || stbl == nil || len(t.hdlr) < 12 || string(t.hdlr[8:12]) != kind {
		return nil, unsupported("%s: not one %s track", name, kind)
	}
	if kind == "vide" {
		t.mhd = child(minf, "vmhd")
	} else {
		t.mhd = child(minf, "smhd")
	}
	if t.mhd == nil || t.dinf == nil {
		return nil, unsupported("%s: no media header", name)
	}
	if t.movieTimescale, _, err = timescaleDuration(mvhd, 12, 16); err != nil {
		return nil, err
	}
	if _, t.tkhdDuration, err = timescaleDuration(t.tkhd, -1, 20); err != nil {
		return nil, err
	}
	ts, _, err := timescaleDuration(t.mdhd, 12, 16)
	if err != nil {
		return nil, err
	}
	t.timescale = uint32(ts)
	if t.timescale == 0 || t.movieTimescale == 0 || t.movieTimescale > 1<<32-1 {
		return nil, unsupported("%s: no timescale", name)
	}
	t.stsd, t.sgpd, t.sbgp = child(stbl, "stsd"), child(stbl, "sgpd"), child(stbl, "sbgp")
	if kind == "vide" && t.stsd != nil {
		if t.stsd, err = withoutBitrate(t.stsd); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	if t.stsd == nil || child(stbl, "ctts") != nil || child(stbl, "stz2") != nil {
		return nil, unsupported("%s: sample table not supported", name)
	}
	if err := t.readSamples(stbl); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return t, nil
}

// timescaleDuration reads a version 0 or 1 header (mvhd, tkhd, mdhd): the timescale
// at tsAt (v0; -1 for none) and the duration.
func timescaleDuration(b []byte, tsAt, durAt int) (ts, dur uint64, err error) {
	if len(b) < 4 {
		return 0, 0, unsupported("header too short")
	}
	if b[0] == 1 {
		if tsAt >= 0 {
			tsAt += 8
		}
		durAt += 8
		if durAt+8 > len(b) {
			return 0, 0, unsupported("header too short")
		}
		dur = binary.BigEndian.Uint64(b[durAt:])
	} else {
		d, err := u32(b, durAt)
		if err != nil {
			return 0, 0, err
		}
		dur = uint64(d)
	}
	if tsAt >= 0 {
		v, err := u32(b, tsAt)
		if err != nil {
			return 0, 0, err
		}
		ts = uint64(v)
	}
	return ts, dur, nil
}

// readSamples expands the sample table into a row per sample.
func (t *mp4Track) readSamples(stbl []byte) error {
	stsz, stts, stsc := child(stbl, "stsz"), child(stbl, "stts"), child(stbl, "stsc")
	if stsz == nil || stts == nil || stsc == nil {
		return unsupported("sample table incomplete")
	}
	fixed, err := u32(stsz, 4)
	if err != nil {
		return err
	}
	count, err := u32(stsz, 8)
	if err != nil {
		return err
	}
	if fixed == 0 && int64(count)*4 > int64(len(stsz)-12) || count > 1<<24 {
		return unsupported("stsz overruns its box")
	}
	t.sizes = make([]uint32, count)
	for i := range t.sizes {
		if t.sizes[i] = fixed; fixed == 0 {
			t.sizes[i] = binary.BigEndian.Uint32(stsz[12+4*i:])
		}
	}
	n, err := entries(stts, 8)
	if err != nil {
		return err
	}
	for e := range n {
		c, d := binary.BigEndian.Uint32(stts[8+8*e:]), binary.BigEndian.Uint32(stts[12+8*e:])
		if int64(len(t.deltas))+int64(c) > int64(len(t.sizes)) {
			return unsupported("stts has more samples than stsz")
		}
		for range c {
			t.deltas = append(t.deltas, d)
		}
	}
	if len(t.deltas) != len(t.sizes) {
		return unsupported("stts has %d samples, stsz %d", len(t.deltas), len(t.sizes))
	}
	if stss := child(stbl, "stss"); stss != nil {
		n, err := entries(stss, 4)
		if err != nil {
			return err
		}
		t.sync = make([]bool, len(t.sizes))
		for e := range n {
			k := int(binary.BigEndian.Uint32(stss[8+4*e:])) - 1
			if k < 0 || k >= len(t.sync) {
				return unsupported("stss names sample %d of %d", k+1, len(t.sync))
			}
			t.sync[k] = true
		}
	}
	var chunks []int64
	if stco := child(stbl, "stco"); stco != nil {
		n, err := entries(stco, 4)
		if err != nil {
			return err
		}
		for e := range n {
			chunks = append(chunks, int64(binary.BigEndian.Uint32(stco[8+4*e:])))
		}
	} else if co64 := child(stbl, "co64"); co64 != nil {
		n, err := entries(co64, 8)
		if err != nil {
			return err
		}
		for e := range n {
			chunks = append(chunks, int64(binary.BigEndian.Uint64(co64[8+8*e:])))
		}
	} else {
		return unsupported("no chunk offsets")
	}
	n, err = entries(stsc, 12)
	if err != nil {
		return err
	}
	t.offsets = make([]int64, 0, len(t.sizes))
	for e := range n {
		first := int(binary.BigEndian.Uint32(stsc[8+12*e:])) - 1
		per := int(binary.BigEndian.Uint32(stsc[12+12*e:]))
		if desc := binary.BigEndian.Uint32(stsc[16+12*e:]); desc != 1 {
			return unsupported("sample description %d", desc)
		}
		last := len(chunks)
		if e+1 < n {
			last = int(binary.BigEndian.Uint32(stsc[8+12*(e+1):])) - 1
		}
		if first < 0 || last > len(chunks) || first > last {
			return unsupported("stsc names chunks %d to %d of %d", first+1, last, len(chunks))
		}
		for c := first; c < last; c++ {
			off := chunks[c]
			for range per {
				k := len(t.offsets)
				if k >= len(t.sizes) {
					return unsupported("stsc places more samples than stsz has")
				}
				t.offsets = append(t.offsets, off)
				off += int64(t.sizes[k])
			}
		}
	}
	if len(t.offsets) != len(t.sizes) {
		return unsupported("stsc places %d samples of %d", len(t.offsets), len(t.sizes))
	}
	return nil
}

// mp4Chunk is a run of samples of one track copied from one file.
type mp4Chunk struct {
	track     int // 0 video, 1 audio
	file      int // index into the open files
	first, n  int // samples of the joined track
	from, len int64
}

// Tags are what a joined MP4 says about itself: its title and when it was made. Zero
// values are left out.
type Tags struct {
	Title   string
	Created time.Time
}

// title is t.Title as the file holds it: valid UTF-8 (invalid bytes become U+FFFD)
// without NUL, which ends a C string and cannot be in a command's argument. Quotes,
// line breaks and any length are kept: the file gives the title's length, nothing is
// escaped.
func (t Tags) title() string {
	return strings.ReplaceAll(strings.ToValidUTF8(t.Title, "\uFFFD"), "\x00", "")
}

// joinMP4 writes out: the video tracks of segments one after another and, when audio
// is not "", the audio track of audio, interleaved a second at a time, index first,
// with tags.
func joinMP4(segments []string, audio string, out string, tags Tags) (err error) {
	var files []*os.File
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	// track opens p, kept open for the copy, and reads its track of kind.
	track := func(p, kind string) (*mp4Track, error) {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		return readFileTrack(f, kind)
	}
	// The joined video: the samples of every segment, in order.
	var video *mp4Track
	var vfile []int // file of each sample
	for i, s := range segments {
		t, err := track(s, "vide")
		if err != nil {
			return err
		}
		if err := plainEdit(t); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
		if video == nil {
			video = t
		} else {
			if !bytes.Equal(t.stsd, video.stsd) || t.timescale != video.timescale {
				return unsupported("%s: coded unlike the first segment", s)
			}
			n := len(video.sizes)
			video.sizes = append(video.sizes, t.sizes...)
			video.deltas = append(video.deltas, t.deltas...)
			video.offsets = append(video.offsets, t.offsets...)
			if video.sync != nil || t.sync != nil {
				if video.sync == nil {
					video.sync = allTrue(n)
				}
				if t.sync == nil {
					t.sync = allTrue(len(t.sizes))
				}
				video.sync = append(video.sync, t.sync...)
			}
		}
		for range t.sizes {
			vfile = append(vfile, i)
		}
	}
	if video == nil {
		return errors.New("media: join: no segments")
	}
	tracks := []*mp4Track{video}
	var afile int
	if audio != "" {
		t, err := track(audio, "soun")
		if err != nil {
			return err
		}
		tracks, afile = append(tracks, t), len(files)-1
	}
	movieTS := uint64(1000)
	if len(tracks) > 1 {
		movieTS = tracks[1].movieTimescale
	}

	// Chunks: each second of the video, then the same second of the sound; a chunk
	// never spans two files or a gap in one.
	var chunks []mp4Chunk
	next := make([]int, len(tracks))     // next sample of each track
	clock := make([]uint64, len(tracks)) // its decode time
	for sec := uint64(1); ; sec++ {
		done := true
		for k, t := range tracks {
			for next[k] < len(t.sizes) && clock[k] < sec*uint64(t.timescale) {
				s := next[k]
				file := afile
				if k == 0 {
					file = vfile[s]
				}
				if n := len(chunks); n > 0 && chunks[n-1].track == k && chunks[n-1].file == file &&
					chunks[n-1].from+chunks[n-1].len == t.offsets[s] && chunks[n-1].first+chunks[n-1].n == s {
					chunks[n-1].n++
					chunks[n-1].len += int64(t.sizes[s])
				} else {
					chunks = append(chunks, mp4Chunk{track: k, file: file, first: s, n: 1, from: t.offsets[s], len: int64(t.sizes[s])})
				}
				clock[k] += uint64(t.deltas[s])
				next[k]++
			}
			if next[k] < len(t.sizes) {
				done = false
			}
		}
		if done {
			break
		}
	}
	return writeMP4(out, "isom\x00\x00\x02\x00isomiso2avc1mp41", tracks, chunks, movieTS, tags, func(o io.Writer) error {
		for _, c := range chunks {
			f := files[c.file]
			if _, err := f.Seek(c.from, io.SeekStart); err != nil {
				return err
			}
			// A limited *os.File: the kernel copies it (copy_file_range).
			if _, err := io.CopyN(o, f, c.len); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeMP4 writes out, index first: an ftyp of brands, the index of tracks whose
// samples lie in chunks (in that order) with tags, then the media data, which data
// writes. out is removed if anything fails.
func writeMP4(out, brands string, tracks []*mp4Track, chunks []mp4Chunk, movieTS uint64, tags Tags, data func(io.Writer) error) (err error) {
	var mdatLen int64
	for _, c := range chunks {
		mdatLen += c.len
	}
	ftyp := mp4BoxOf("ftyp", []byte(brands))
	mdatHdr := int64(8)
	if mdatLen+8 > 1<<32-1 {
		mdatHdr = 16
	}
	// 64-bit offsets when the data may reach past 4 GiB (the index is far smaller than
	// the margin). The index's length does not depend on the offsets in it: build it
	// once to learn its length, then again with the offsets.
	wide := mdatLen+1<<26 > 1<<32-1
	moov := buildMoov(tracks, chunks, movieTS, tags, 0, wide)
	moov = buildMoov(tracks, chunks, movieTS, tags, int64(len(ftyp)+len(moov))+mdatHdr, wide)

	o, err := os.Create(out)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := o.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(out)
		}
	}()
	hdr := make([]byte, 0, 16)
	if mdatHdr == 8 {
		hdr = binary.BigEndian.AppendUint32(hdr, uint32(mdatLen+8))
		hdr = append(hdr, "mdat"...)
	} else {
		hdr = binary.BigEndian.AppendUint32(hdr, 1)
		hdr = append(hdr, "mdat"...)
		hdr = binary.BigEndian.AppendUint64(hdr, uint64(mdatLen+16))
	}
	for _, b := range [][]byte{ftyp, moov, hdr} {
		if _, err := o.Write(b); err != nil {
			return err
		}
	}
	return data(o)
}

// withoutBitrate is a video sample description (stsd payload) without the bit rates
// box (btrt) ffmpeg adds, which differ from file to file; the rest is what the
// decoder is set up with, the same for every segment of one encoder setting.
func withoutBitrate(stsd []byte) ([]byte, error) {
	const visualEntry = 78 // the fixed fields of a visual sample entry
	n, err := u32(stsd, 4)
	if err != nil || n != 1 || len(stsd) < 16+visualEntry {
		return nil, unsupported("not one video sample description")
	}
	entry := stsd[16:]
	if size, _ := u32(stsd, 8); int(size) != len(entry)+8 {
		return nil, unsupported("sample description of %d bytes in %d", size, len(entry)+8)
	}
	boxes, err := readBoxes(bytes.NewReader(entry), visualEntry, int64(len(entry)))
	if err != nil {
		return nil, err
	}
	var kept [][]byte
	kept = append(kept, entry[:visualEntry])
	for _, b := range boxes {
		if b.typ != "btrt" {
			kept = append(kept, mp4BoxOf(b.typ, entry[b.off:b.off+b.size]))
		}
	}
	return append(bytes.Clone(stsd[:8]), mp4BoxOf(string(stsd[12:16]), kept...)...), nil
}

func allTrue(n int) []bool {
	s := make([]bool, n)
	for i := range s {
		s[i] = true
	}
	return s
}

// plainEdit refuses a video track whose edit list does more than show it from its
// start.
func plainEdit(t *mp4Track) error {
	if t.edts == nil {
		return nil
	}
	elst := child(t.edts, "elst")
	if elst == nil {
		return nil
	}
	n, err := entries(elst, 12)
	if err != nil {
		return err
	}
	if n != 1 {
		return unsupported("edit list of %d entries", n)
	}
	var mediaTime int64
	if elst[0] == 1 {
		if len(elst) < 8+20 {
			return unsupported("elst too short")
		}
		mediaTime = int64(binary.BigEndian.Uint64(elst[16:]))
	} else {
		mediaTime = int64(int32(binary.BigEndian.Uint32(elst[12:])))
	}
	if mediaTime != 0 {
		return unsupported("edit list starts at %d", mediaTime)
	}
	return nil
}

func mp4BoxOf(typ string, payload ...[]byte) []byte {
	n := 8
	for _, p := range payload {
		n += len(p)
	}
	b := make([]byte, 0, n)
	b = binary.BigEndian.AppendUint32(b, uint32(n))
	b = append(b, typ...)
	for _, p := range payload {
		b = append(b, p...)
	}
	return b
}

// putIdentityMatrix writes the identity transformation matrix (36 bytes) of an
// mvhd or tkhd at b.
func putIdentityMatrix(b []byte) {
	for i, v := range []uint32{0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000} {
		binary.BigEndian.PutUint32(b[4*i:], v)
	}
}

// fullBox is a version 0 full box's payload start: version, flags, then v.
func fullBox(v ...uint32) []byte {
	b := []byte{0, 0, 0, 0}
	for _, x := range v {
		b = binary.BigEndian.AppendUint32(b, x)
	}
	return b
}

// mp4Epoch is where MP4 times count from.
var mp4Epoch = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)

// mp4Time is t in seconds from mp4Epoch; 0 (unknown) for the zero time or one before.
func mp4Time(t time.Time) uint64 {
	if t.IsZero() || t.Before(mp4Epoch) {
		return 0
	}
	return uint64(t.Unix() - mp4Epoch.Unix())
}

// withTimes is a copy of a tkhd or mdhd payload made and modified at created
// (mp4Time). A version 0 header keeps its times when created is past its 32 bits
// (in 2040).
func withTimes(p []byte, created uint64) []byte {
	c := bytes.Clone(p)
	switch {
	case created == 0:
	case c[0] == 1 && len(c) >= 20:
		binary.BigEndian.PutUint64(c[4:], created)
		binary.BigEndian.PutUint64(c[12:], created)
	case c[0] == 0 && len(c) >= 12 && created <= 1<<32-1:
		binary.BigEndian.PutUint32(c[4:], uint32(created))
		binary.BigEndian.PutUint32(c[8:], uint32(created))
	}
	return c
}

// mvhdOf is a movie header (mvhd payload): made and modified at created (mp4Time),
// lasting dur in timescale ts, whose next track ID is next. It is version 1 (64-bit
// times and duration) only when they do not fit version 0.
func mvhdOf(created, ts, dur uint64, next uint32) []byte {
	var b []byte
	if created > 1<<32-1 || dur > 1<<32-1 {
		b = make([]byte, 112)
		b[0] = 1
		binary.BigEndian.PutUint64(b[4:], created)
		binary.BigEndian.PutUint64(b[12:], created)
		binary.BigEndian.PutUint32(b[20:], uint32(ts))
		binary.BigEndian.PutUint64(b[24:], dur)
	} else {
		b = make([]byte, 100)
		binary.BigEndian.PutUint32(b[4:], uint32(created))
		binary.BigEndian.PutUint32(b[8:], uint32(created))
		binary.BigEndian.PutUint32(b[12:], uint32(ts))
		binary.BigEndian.PutUint32(b[16:], uint32(dur))
	}
	rest := b[len(b)-80:]
	binary.BigEndian.PutUint32(rest[0:], 0x00010000) // rate 1.0
	binary.BigEndian.PutUint16(rest[4:], 0x0100)     // volume 1.0
	putIdentityMatrix(rest[16:])
	binary.BigEndian.PutUint32(rest[76:], next)
	return b
}

// udtaOf is the user data box saying title as MP4 files from ffmpeg and iTunes do
// (udta, meta, ilst, ©nam, a UTF-8 data box), nil when title is "".
func udtaOf(title string) []byte {
	if title == "" {
		return nil
	}
	hdlr := append(fullBox(0), "mdirappl"...)                // pre-defined, handler type, reserved (vendor)...
	hdlr = append(hdlr, make([]byte, 9)...)                  // ...the rest of reserved, and an empty name
	data := append([]byte{0, 0, 0, 1, 0, 0, 0, 0}, title...) // type 1 (UTF-8), locale 0, the text
	nam := mp4BoxOf("\xa9nam", mp4BoxOf("data", data))
	meta := mp4BoxOf("meta", fullBox(), mp4BoxOf("hdlr", hdlr), mp4BoxOf("ilst", nam))
	return mp4BoxOf("udta", meta)
}

// withDuration is a copy of a tkhd, mdhd or mvhd payload with its duration set.
func withDuration(p []byte, durAt int, d uint64) []byte {
	c := bytes.Clone(p)
	if c[0] == 1 {
		binary.BigEndian.PutUint64(c[durAt+8:], d)
	} else {
		binary.BigEndian.PutUint32(c[durAt:], uint32(min(d, 1<<32-1)))
	}
	return c
}

// buildMoov is the index of the joined file with tags, its mdat payload starting at
// dataAt.
func buildMoov(tracks []*mp4Track, chunks []mp4Chunk, movieTS uint64, tags Tags, dataAt int64, wide bool) []byte {
	created := mp4Time(tags.Created)
	var traks [][]byte
	var movieDur uint64
	for k, t := range tracks {
		sound := string(t.hdlr[8:12]) == "soun"
		var mediaDur uint64
		for _, d := range t.deltas {
			mediaDur += uint64(d)
		}
		tkDur := (mediaDur*movieTS + uint64(t.timescale) - 1) / uint64(t.timescale) // rounded up, as ffmpeg does
		if sound {
			tkDur = t.tkhdDuration // the sound keeps its own, edit list included
		}
		movieDur = max(movieDur, tkDur)
		tkhd := withTimes(withDuration(t.tkhd, 20, tkDur), created)
		id := 12
		if tkhd[0] == 1 {
			id = 20
		}
		binary.BigEndian.PutUint32(tkhd[id:], uint32(k+1))

		// Sample table.
		var stts []byte
		var runs uint32
		for i := 0; i < len(t.deltas); {
			j := i
			for j < len(t.deltas) && t.deltas[j] == t.deltas[i] {
				j++
			}
			stts = binary.BigEndian.AppendUint32(stts, uint32(j-i))
			stts = binary.BigEndian.AppendUint32(stts, t.deltas[i])
			runs++
			i = j
		}
		stsz := fullBox(0, uint32(len(t.sizes)))
		for _, s := range t.sizes {
			stsz = binary.BigEndian.AppendUint32(stsz, s)
		}
		var stsc, offs []byte
		var nstsc, nchunks uint32
		prev := -1
		at := dataAt
		for _, c := range chunks {
			if c.track == k {
				nchunks++
				if c.n != prev {
					stsc = binary.BigEndian.AppendUint32(stsc, nchunks)
					stsc = binary.BigEndian.AppendUint32(stsc, uint32(c.n))
					stsc = binary.BigEndian.AppendUint32(stsc, 1)
					nstsc++
					prev = c.n
				}
				if wide {
					offs = binary.BigEndian.AppendUint64(offs, uint64(at))
				} else {
					offs = binary.BigEndian.AppendUint32(offs, uint32(at))
				}
			}
			at += c.len
		}
		stbl := [][]byte{
			mp4BoxOf("stsd", t.stsd),
			mp4BoxOf("stts", fullBox(runs), stts),
		}
		if t.sync != nil {
			var stss []byte
			var n uint32
			for i, s := range t.sync {
				if s {
					stss = binary.BigEndian.AppendUint32(stss, uint32(i+1))
					n++
				}
			}
			stbl = append(stbl, mp4BoxOf("stss", fullBox(n), stss))
		}
		stbl = append(stbl, mp4BoxOf("stsc", fullBox(nstsc), stsc), mp4BoxOf("stsz", stsz))
		if wide {
			stbl = append(stbl, mp4BoxOf("co64", fullBox(nchunks), offs))
		} else {
			stbl = append(stbl, mp4BoxOf("stco", fullBox(nchunks), offs))
		}
		if t.sgpd != nil && t.sbgp != nil {
			stbl = append(stbl, mp4BoxOf("sgpd", t.sgpd), mp4BoxOf("sbgp", t.sbgp))
		}
		mhd := "vmhd"
		if sound {
			mhd = "smhd"
		}
		minf := mp4BoxOf("minf", mp4BoxOf(mhd, t.mhd), mp4BoxOf("dinf", t.dinf), mp4BoxOf("stbl", stbl...))
		mdia := mp4BoxOf("mdia", mp4BoxOf("mdhd", withTimes(withDuration(t.mdhd, 16, mediaDur), created)), mp4BoxOf("hdlr", t.hdlr), minf)
		parts := [][]byte{mp4BoxOf("tkhd", tkhd)}
		if sound && t.edts != nil {
			parts = append(parts, mp4BoxOf("edts", t.edts))
		}
		traks = append(traks, mp4BoxOf("trak", append(parts, mdia)...))
	}
	boxes := append([][]byte{mp4BoxOf("mvhd", mvhdOf(created, movieTS, movieDur, uint32(len(tracks)+1)))}, traks...)
	if udta := udtaOf(tags.title()); udta != nil {
		boxes = append(boxes, udta)
	}
	return mp4BoxOf("moov", boxes...)
}
