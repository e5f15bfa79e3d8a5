package media

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sync/errgroup"
)

// A mix encoded in chunks: AAC codes sound in frames of 1024 samples, each frame
// overlapping the one before. Encoding a stretch of the mix from a second before it
// (so the encoder and the ducking compressor are in the state a whole encode would
// have there) and keeping only the frames of the stretch gives frames that follow the
// previous stretch's as if one encoder had made both: measured here, the sound
// decoded across a seam is as close to the source as a whole encode (38.6 against
// 39.1 dB SNR on a tone mix, 22.1 against 22.4 on noise, with the twoloop coder;
// TestMixAudioChunked holds the seams of the coder in use to the whole encode). So a
// mix is cut at its scene starts, each chunk is kept by a hash of what is in it, and a
// render after an edit encodes only the chunks the edit changed.
const (
	aacFrame      = 1024
	chunkPreRoll  = 48 * aacFrame // about 1 s
	chunkPostRoll = 2 * aacFrame
)

// MixVersion names the way mixes are made: it is in every chunk's hash, and whoever
// keeps whole mixes names them by it too, so that nothing an older engine mixed is
// reused. Bump it when the sound of the same MixInput changes.
// 3: looped music timed by its samples (MP3 and AAC loops drifted in late stretches);
// 4: mono files in a stereo mix at their own level in each channel, not 3 dB below;
// 5: a mix with music limited at full scale;
// 6: music fades out at its end, every mix limited at mixCeiling, narration levelled
// at MixInput.LoudnessLUFS.
const MixVersion = "mix-chunk-6"

// ChunkStore keeps encoded chunks of mixes, named by the hash of what is in them.
type ChunkStore interface {
	// FetchChunk copies the chunk named hash to path; found is false when there is none.
	FetchChunk(ctx context.Context, hash, path string) (found bool, err error)
	// KeepChunk stores the chunk at path under hash.
	KeepChunk(ctx context.Context, hash, path string) error
}

// chunkRequests is how many chunks MixAudioChunked fetches from, or keeps in, a
// ChunkStore at once: an object store answers each after a round trip, so they go side
// by side. A ChunkStore must allow that.
const chunkRequests = 8

// ChunkedMix is what MixAudioChunked did.
type ChunkedMix struct {
	Chunks, Reused int
}

// MixAudioChunked writes the same sound as MixAudio to out (.m4a), cut into chunks
// at cutsMs (the scenes' starts) and kept chunk by chunk; chunks found in store are
// reused, the others are encoded (as mixGroups plans, in.Threads ffmpeg at most) and
// kept there. Clips are named in the chunk
// hashes by their ID (their Path when empty), so an ID must name fixed content.
func (t Tool) MixAudioChunked(ctx context.Context, in MixInput, cutsMs []int, store ChunkStore, workDir, out string) (ChunkedMix, error) {
	var res ChunkedMix
	in, m, err := t.measureMix(ctx, in)
	if err != nil {
		return res, err
	}
	total := m.total
	if err := os.MkdirAll(workDir, 0o755); err != nil {
		return res, fmt.Errorf("media: mix audio: %w", err)
	}
	dir, err := os.MkdirTemp(workDir, "mix-")
	if err != nil {
		return res, fmt.Errorf("media: mix audio: %w", err)
	}
	defer os.RemoveAll(dir)
	bounds := chunkBounds(total, cutsMs)
	chunks := make([]mixChunk, len(bounds)-1)
	found := make([]bool, len(chunks))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(chunkRequests)
	for k := range chunks {
		c := mixChunk{from: bounds[k], to: bounds[k+1]}
		c.hash = chunkHash(in, m, c.from, c.to)
		// Two chunks may sound the same (silence as long): each has its own file.
		c.path = filepath.Join(dir, fmt.Sprintf("%03d-%s.aac", k, c.hash))
		chunks[k] = c
		g.Go(func() (err error) {
			found[k], err = store.FetchChunk(gctx, c.hash, c.path)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return res, err
	}
	var missing []mixChunk
	for k, c := range chunks {
		if found[k] {
			res.Reused++
		} else {
			missing = append(missing, c)
		}
	}
	res.Chunks = len(chunks)
	if err := t.encodeChunks(ctx, in, m, mixGroups(missing, in.Threads), dir); err != nil {
		return res, err
	}
	g, gctx = errgroup.WithContext(ctx)
	g.SetLimit(chunkRequests)
	for _, c := range missing {
		g.Go(func() error { return store.KeepChunk(gctx, c.hash, c.path) })
	}
	if err := g.Wait(); err != nil {
		return res, err
	}
	var joined bytes.Buffer
	for _, c := range chunks {
		b, err := os.ReadFile(c.path)
		if err != nil {
			return res, fmt.Errorf("media: mix audio: %w", err)
		}
		joined.Write(b)
	}
	// ADTS carries no word of the encoder's first (priming) frame: the edit list says
	// so, as a whole encode's does, so the sound starts with the picture; it ends with
	// the picture too, where the mix ends, not with the padding of its last frame.
	if err := writeM4A(joined.Bytes(), aacFrame, total, out); err != nil {
		return res, err
	}
	return res, nil
}

// mixChunk is one chunk of a mix: samples [from, to), named by hash, read from or
// written to path.
type mixChunk struct {
	from, to   int64
	hash, path string
}

// minGroupSamples is the least sound one more ffmpeg is started for: starting one costs
// about a tenth of a second, as much as encoding six seconds of sound, so a second
// encoder pays only on long stretches (a first render's whole mix, or a re-render whose
// edit moved every scene after it against the music).
const minGroupSamples = 20 * MixSampleRate

// mixGroups plans the encoding of the missing chunks (in time order): chunks that
// follow one another are one stretch, encoded once from one pre-roll, so its frames
// are a whole encode's; with threads > 1 and at least minGroupSamples of sound for
// each, they are shared at chunk bounds among up to threads groups of about equal
// length, one ffmpeg each, run side by side. A group is its stretches, each the chunks
// it is cut into.
func mixGroups(missing []mixChunk, threads int) [][][]mixChunk {
	var total int64
	for _, c := range missing {
		total += c.to - c.from
	}
	n := int(min(int64(max(threads, 1)), max(total/minGroupSamples, 1), int64(max(len(missing), 1))))
	var groups [][][]mixChunk
	var done int64
	for i, c := range missing {
		// A new group at the bound nearest this one's share; a new stretch where chunks
		// part.
		if len(groups) == 0 || len(groups) < n && (done+(c.to-c.from)/2)*int64(n) >= total*int64(len(groups)) {
			groups = append(groups, nil)
		}
		g := &groups[len(groups)-1]
		if len(*g) == 0 || i == 0 || missing[i-1].to != c.from {
			*g = append(*g, nil)
		}
		(*g)[len(*g)-1] = append((*g)[len(*g)-1], c)
		done += c.to - c.from
	}
	return groups
}

// encodeChunks encodes the groups' stretches, the groups side by side, each stretch
// from its pre-roll, and writes each chunk's frames to its path.
func (t Tool) encodeChunks(ctx context.Context, in MixInput, m mixSources, groups [][][]mixChunk, dir string) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errs := make(chan error, len(groups))
	for gi, g := range groups {
		go func() {
			err := t.encodeGroup(ctx, in, m, g, filepath.Join(dir, fmt.Sprintf("group%d", gi)))
			if err != nil {
				cancel()
			}
			errs <- err
		}()
	}
	var first error
	for range groups {
		if err := <-errs; err != nil && (first == nil || errors.Is(first, context.Canceled)) {
			first = err
		}
	}
	return first
}

// encodeGroup encodes a group's stretches in one ffmpeg run and cuts them into their
// chunks; raw is the prefix of its scratch files.
func (t Tool) encodeGroup(ctx context.Context, in MixInput, m mixSources, stretches [][]mixChunk, raw string) error {
	total := m.total
	var args, graphs, outs []string
	next := 0
	for j, s := range stretches {
		start, end := chunkRange(s[0].from, s[len(s)-1].to, total)
		a, g, n := mixGraph(in, m, start, end, next, fmt.Sprintf("c%d", j))
		args, graphs, next = append(args, a...), append(graphs, g), next+n
	}
	args = append(args, "-filter_complex", strings.Join(graphs, ";\n"))
	for j := range stretches {
		outs = append(outs, fmt.Sprintf("%s-%d.raw", raw, j))
		args = append(append(args, "-map", fmt.Sprintf("[c%dout]", j)), aacArgs(m.channels, outs[j])...)
	}
	if err := t.run(ctx, args...); err != nil {
		return fmt.Errorf("media: mix audio: %w", err)
	}
	for j, s := range stretches {
		frames, err := readADTS(outs[j])
		if err != nil {
			return err
		}
		start, _ := chunkRange(s[0].from, s[len(s)-1].to, total)
		for _, c := range s {
			if err := writeChunkFrames(frames, start, c.path, c.from, c.to, total); err != nil {
				return err
			}
		}
	}
	return nil
}

// chunkBounds are the chunks' edges in samples: 0, each cut rounded to an AAC frame,
// and total.
func chunkBounds(total int64, cutsMs []int) []int64 {
	bounds := []int64{0, total}
	for _, c := range cutsMs {
		b := (int64(c)*samplesPerMs + aacFrame/2) / aacFrame * aacFrame
		if b > 0 && b < total {
			bounds = append(bounds, b)
		}
	}
	slices.Sort(bounds)
	return slices.Compact(bounds)
}

// chunkRange is the stretch a chunk is encoded from: a pre-roll before from (whole
// frames, none for the first chunk) and a little after to (none for the last).
func chunkRange(from, to, total int64) (start, end int64) {
	return from - min(from, chunkPreRoll), min(total, to+chunkPostRoll)
}

// chunkHash names chunk [from, to) by everything its sound is made of: the clips
// reaching into its encoded stretch with their places relative to it, the music
// (where it is on the timeline matters: it loops from the video's start), the
// ducking, the music's fades reaching into the stretch, and whether the chunk ends the
// mix.
func chunkHash(in MixInput, m mixSources, from, to int64) string {
	lengths, channels, total := m.lengths, m.channels, m.total
	start, end := chunkRange(from, to, total)
	type clip struct {
		ID     string
		Offset int64 // clip start - stretch start, in samples
		Volume string
		Mute   []Span
		Length int
	}
	type music struct {
		ID     string
		Volume string
		Loop   bool
		// Fade is the fade's start - stretch start and its length, in samples.
		Fade []int64
	}
	var clips []clip
	for i, a := range in.Narration {
		s := int64(max(a.StartMs, 0)) * samplesPerMs
		if s >= end || lengths[i] > 0 && s+int64(lengths[i])*samplesPerMs <= start {
			continue
		}
		// Only the muted spans reaching into the stretch change it.
		var mute []Span
		for _, m := range a.Mute {
			if s+int64(m.StartMs)*samplesPerMs < end && s+int64(m.EndMs)*samplesPerMs > start {
				mute = append(mute, m)
			}
		}
		clips = append(clips, clip{cmp.Or(a.ID, a.Path), s - start, gain(a.Volume), mute, lengths[i]})
	}
	var bg []music
	for i, b := range in.Background {
		var fade []int64
		if f := m.fades[i]; f.from < end {
			fade = []int64{f.from - start, f.to - f.from}
		}
		bg = append(bg, music{cmp.Or(b.ID, b.Path), gain(b.Volume), b.Loop, fade})
	}
	at := int64(0)
	if len(bg) > 0 {
		at = start
	}
	h := sha256.New()
	_ = json.NewEncoder(h).Encode(struct {
		V                  string
		Pre, Span, Post    int64
		Last               bool
		MusicAt            int64
		Clips              []clip
		Music              []music
		DuckUnderNarration bool
		Rate               int
		BitRate            string
		Channels           int
	}{MixVersion, from - start, to - from, end - to, to == total, at, clips, bg, in.DuckUnderNarration, MixSampleRate, mixBitRate, channels})
	return hex.EncodeToString(h.Sum(nil))
}

// aacArgs encode the mapped sound as every mix is encoded, with channels channels, to
// an ADTS stream at out.
func aacArgs(channels int, out string) []string {
	return append(mixEncodeArgs(channels), "-f", "adts", out)
}

// mixEncodeArgs are the encoder settings of every mix: AAC-LC at mixBitRate, 48 kHz,
// channels channels (mixChannels), with FFmpeg's "fast" coder. At this bit rate it is
// as close to the source as the default "twoloop" coder (FFmpeg made it the default in
// 2018 for sounding better at high bit rates) and on speech and music takes 40-70% less
// CPU, which was most of a render's sound cost; see docs/decisions.md, "Render speed".
func mixEncodeArgs(channels int) []string {
	return []string{"-c:a", "aac", "-aac_coder", "fast", "-b:a", mixBitRate,
		"-ar", strconv.Itoa(MixSampleRate), "-ac", strconv.Itoa(channels), "-vn"}
}

// readADTS reads the frames of the ADTS stream at path.
func readADTS(path string) ([][]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("media: mix audio: %w", err)
	}
	frames, err := adtsFrames(b)
	if err != nil {
		return nil, fmt.Errorf("media: mix audio: %w", err)
	}
	return frames, nil
}

// writeChunkFrames writes to path the frames of an encode that began at sample start
// which make samples [from, to): for the first chunk with the priming frame before
// them, for the last with every frame to the end.
func writeChunkFrames(frames [][]byte, start int64, path string, from, to, total int64) error {
	// Frame j of an encode decodes to samples [(j-1)*1024, j*1024) of its input: frame 0
	// is the encoder's priming.
	first := int((from-start)/aacFrame) + 1
	if from == 0 {
		first = 0
	}
	last := int((from-start)/aacFrame) + 1 + int((to-from)/aacFrame)
	if to == total {
		last = len(frames)
	}
	if last > len(frames) || first > last {
		return fmt.Errorf("media: mix audio chunk: %d frames encoded, %d needed", len(frames), last)
	}
	var keep bytes.Buffer
	for _, f := range frames[first:last] {
		keep.Write(f)
	}
	if err := os.WriteFile(path, keep.Bytes(), 0o644); err != nil {
		return fmt.Errorf("media: mix audio chunk: %w", err)
	}
	return nil
}

// adtsFrames splits an ADTS stream into its frames.
func adtsFrames(b []byte) ([][]byte, error) {
	var out [][]byte
	for i := 0; i < len(b); {
		if len(b)-i < 7 || b[i] != 0xFF || b[i+1]&0xF0 != 0xF0 {
			return nil, fmt.Errorf("not an ADTS frame at byte %d", i)
		}
		n := int(b[i+3]&0x03)<<11 | int(b[i+4])<<3 | int(b[i+5])>>5
		if n < 7 || i+n > len(b) {
			return nil, fmt.Errorf("ADTS frame at byte %d has length %d", i, n)
		}
		out = append(out, b[i:i+n])
		i += n
	}
	return out, nil
}

// measureClips gives the clips' lengths in ms (0 when unknown: the clip is then taken to
// reach the end), read from WAV headers without running anything, else probed; whether
// there are clips and every one is known to be mono; and, when loud, each clip's
// loudness (clipLoudness; NaN for silence). Each file is measured once.
func (t Tool) measureClips(ctx context.Context, clips []AudioClip, loud bool) (lengths []int, mono bool, lufs []float64, err error) {
	out := make([]int, len(clips))
	type info struct {
		ms, channels int
		lufs         float64
	}
	known := map[string]info{}
	mono = len(clips) > 0
	for i, c := range clips {
		f, ok := known[c.Path]
		if !ok {
			if f.ms, f.channels, err = t.clipInfo(ctx, c.Path); err != nil {
				return nil, false, nil, fmt.Errorf("media: mix audio: clip %d: %w", i, err)
			}
			if loud {
				if f.lufs, err = t.clipLoudness(ctx, c.Path, f.channels); err != nil {
					return nil, false, nil, fmt.Errorf("media: mix audio: clip %d: %w", i, err)
				}
			}
			known[c.Path] = f
		}
		out[i] = f.ms
		mono = mono && f.channels == 1
		if loud {
			lufs = append(lufs, f.lufs)
		}
	}
	return out, mono, lufs, nil
}

// clipInfo is an audio file's length in ms (rounded up; 0 when unknown) and its
// channels, read from its WAV header without running anything, else probed.
func (t Tool) clipInfo(ctx context.Context, path string) (ms, channels int, err error) {
	if ms, channels, err := wavInfo(path); err == nil {
		return ms, channels, nil
	}
	p, err := t.Probe(ctx, path, "")
	if err != nil || p.Duration <= 0 {
		return 0, p.AudioChannels, err
	}
	return int(p.Duration*1000) + 1, p.AudioChannels, nil
}

// wavInfo reads a PCM WAV file's length (rounded up to the ms) and channel count from
// its header.
func wavInfo(path string) (ms, channels int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	var riff [12]byte
	if _, err := io.ReadFull(f, riff[:]); err != nil || string(riff[0:4]) != "RIFF" || string(riff[8:12]) != "WAVE" {
		return 0, 0, errors.New("not a WAV file")
	}
	byteRate := uint32(0)
	for {
		var hdr [8]byte
		if _, err := io.ReadFull(f, hdr[:]); err != nil {
			return 0, 0, errors.New("WAV file without data")
		}
		size := binary.LittleEndian.Uint32(hdr[4:8])
		switch string(hdr[0:4]) {
		case "fmt ":
			fmtChunk := make([]byte, size+size%2)
			if _, err := io.ReadFull(f, fmtChunk); err != nil || size < 16 {
				return 0, 0, errors.New("bad WAV format chunk")
			}
			channels = int(binary.LittleEndian.Uint16(fmtChunk[2:4]))
			byteRate = binary.LittleEndian.Uint32(fmtChunk[8:12])
		case "data":
			// A streamed WAV may say 0 or all ones: unknown.
			if byteRate == 0 || size == 0 || size == 0xFFFFFFFF {
				return 0, 0, errors.New("WAV length unknown")
			}
			return int((uint64(size)*1000 + uint64(byteRate) - 1) / uint64(byteRate)), channels, nil
		default:
			if _, err := f.Seek(int64(size+size%2), io.SeekCurrent); err != nil {
				return 0, 0, err
			}
		}
	}
}
