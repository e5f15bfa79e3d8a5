package media

import (
	"encoding/binary"
	"fmt"
	"io"
)

// An AAC stream in ADTS frames written as an MP4 sound track, done here rather than by
// an ffmpeg remux: measured on a render's mix, starting ffmpeg and copying a minute of
// sound took about 0.2 core-seconds, about 7 % of re-rendering one scene; this takes
// about 12 ms for a minute. The file is what ffmpeg's remux of the same stream with
// -itsoffset of minus the priming gives: the same samples, the priming cut by an edit
// list, and the same durations (TestWriteM4AMatchesFFmpeg).

// adtsRates are the sampling frequencies by ADTS index.
var adtsRates = []uint32{96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350}

// writeM4A writes out: the AAC frames of the ADTS stream adts (one encoder's, one raw
// frame each) as the one sound track of an MP4 file, index first, its first priming
// samples (the encoder's delay) cut by an edit list. length, when not 0, is how many
// samples after the priming the track presents: the edit ends there, so the padding
// of the last frame (the encoder codes whole frames of 1024) is not played as sound
// after the end, and the track lasts as long as the picture it was mixed for.
func writeM4A(adts []byte, priming int, length int64, out string) error {
	frames, err := adtsFrames(adts)
	if err != nil {
		return fmt.Errorf("media: write m4a: %w", err)
	}
	if len(frames) == 0 {
		return fmt.Errorf("media: write m4a: no frames")
	}
	h := frames[0]
	objectType, rateIndex, channels := h[2]>>6+1, h[2]>>2&0x0F, (h[2]&1)<<2|h[3]>>6
	if int(rateIndex) >= len(adtsRates) || channels == 0 {
		return fmt.Errorf("media: write m4a: sampling index %d, channel configuration %d not supported", rateIndex, channels)
	}
	rate := adtsRates[rateIndex]
	t := &mp4Track{timescale: rate, movieTimescale: 1000}
	payloads := make([][]byte, len(frames))
	var total, largest int64
	for i, f := range frames {
		hdr := 7
		if f[1]&1 == 0 {
			hdr = 9 // with a CRC
		}
		if f[1]&0xF6 != 0xF0 || f[2] != h[2] || f[3]>>6 != h[3]>>6 || f[6]&3 != 0 || len(f) <= hdr {
			return fmt.Errorf("media: write m4a: frame %d is not one raw AAC frame coded as the first", i)
		}
		payloads[i] = f[hdr:]
		n := int64(len(f) - hdr)
		t.sizes = append(t.sizes, uint32(n))
		t.deltas = append(t.deltas, aacFrame)
		total, largest = total+n, max(largest, n)
	}
	samples := int64(len(frames))*aacFrame - int64(priming)
	if samples <= 0 {
		return fmt.Errorf("media: write m4a: %d frames hold no more than the priming", len(frames))
	}
	if length > samples {
		return fmt.Errorf("media: write m4a: %d frames hold %d samples, not %d", len(frames), samples, length)
	}
	// In the movie's milliseconds, rounded as ffmpeg's muxer rounds them: the track's
	// length (the samples after the priming) up; its edit, the length of every frame
	// rounded up less the priming rounded up. A length given is the track's length and
	// its edit's, rounded up as the picture's is (joinMP4).
	upMs := func(n int64) int64 { return (n*1000 + int64(rate) - 1) / int64(rate) }
	t.tkhdDuration = uint64(upMs(samples))
	editMs := uint32(upMs(int64(len(frames))*aacFrame) - upMs(int64(priming)))
	if length > 0 {
		t.tkhdDuration, editMs = uint64(upMs(length)), uint32(upMs(length))
	}

	t.tkhd = make([]byte, 84)
	t.tkhd[3] = 3                                   // enabled, in the movie
	binary.BigEndian.PutUint16(t.tkhd[34:], 1)      // alternate group: the sound
	binary.BigEndian.PutUint16(t.tkhd[36:], 0x0100) // volume 1.0
	putIdentityMatrix(t.tkhd[40:])
	t.mdhd = make([]byte, 24)
	binary.BigEndian.PutUint32(t.mdhd[12:], rate)
	binary.BigEndian.PutUint16(t.mdhd[20:], 0x55C4) // language "und"
	t.hdlr = append(fullBox(0), "soun\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00SoundHandler\x00"...)
	t.mhd = make([]byte, 8)
	t.dinf = mp4BoxOf("dref", fullBox(1), mp4BoxOf("url ", []byte{0, 0, 0, 1}))
	t.edts = mp4BoxOf("elst", fullBox(1, editMs, uint32(priming), 0x00010000))

	// The decoder's configuration: MPEG-4 audio (0x40), an audio stream (0x15), the
	// AudioSpecificConfig of the ADTS header.
	asc := []byte{objectType<<3 | rateIndex>>1, rateIndex<<7 | channels<<3}
	avg := uint32(total * 8 * int64(rate) / (int64(len(frames)) * aacFrame))
	decoder := binary.BigEndian.AppendUint32([]byte{0x40, 0x15, byte(largest >> 16), byte(largest >> 8), byte(largest)}, max(avg, maxBitrate(t.sizes, rate)))
	decoder = binary.BigEndian.AppendUint32(decoder, avg)
	decoder = append(decoder, descriptor(0x05, asc)...)
	es := append([]byte{0, 1, 0}, descriptor(0x04, decoder)...) // ES_ID 1, no flags
	es = append(es, descriptor(0x06, []byte{0x02})...)          // SL: predefined for MP4
	entry := make([]byte, 28)
	binary.BigEndian.PutUint16(entry[6:], 1)   // data reference 1
	binary.BigEndian.PutUint16(entry[16:], 2)  // channel count and sample size: fixed in MP4,
	binary.BigEndian.PutUint16(entry[18:], 16) // the configuration above has the real ones
	if rate <= 0xFFFF {
		binary.BigEndian.PutUint32(entry[24:], rate<<16)
	}
	esds := mp4BoxOf("esds", fullBox(), descriptor(0x03, es))
	t.stsd = append(fullBox(1), mp4BoxOf("mp4a", entry, esds)...)
	// Every AAC frame needs the one before it decoded first: a roll group of -1.
	t.sgpd = []byte{1, 0, 0, 0, 'r', 'o', 'l', 'l', 0, 0, 0, 2, 0, 0, 0, 1, 0xFF, 0xFF}
	t.sbgp = append(fullBox(), "roll"...)
	for _, v := range []uint32{1, uint32(len(frames)), 1} { // one run: every frame, in group 1
		t.sbgp = binary.BigEndian.AppendUint32(t.sbgp, v)
	}

	chunks := []mp4Chunk{{n: len(frames), len: total}}
	return writeMP4(out, "isom\x00\x00\x02\x00isomiso2mp41", []*mp4Track{t}, chunks, uint64(t.movieTimescale), Tags{}, func(o io.Writer) error {
		for _, p := range payloads {
			if _, err := o.Write(p); err != nil {
				return err
			}
		}
		return nil
	})
}

// descriptor is an MPEG-4 descriptor: its tag, its length in one to four bytes of
// seven bits, then payload.
func descriptor(tag byte, payload []byte) []byte {
	n := len(payload)
	var size []byte
	for shift := 21; shift > 0; shift -= 7 {
		if n >= 1<<shift {
			size = append(size, byte(n>>shift)&0x7F|0x80)
		}
	}
	size = append(size, byte(n)&0x7F)
	return append(append([]byte{tag}, size...), payload...)
}

// maxBitrate is the most bits any second of frames of sizes carries (frames of 1024
// samples at rate); for a stream shorter than a second, all its bits.
func maxBitrate(sizes []uint32, rate uint32) uint32 {
	per := int(rate+aacFrame-1) / aacFrame // frames in a second, rounded up
	var most, window uint64
	for i, s := range sizes {
		window += uint64(s)
		if i >= per {
			window -= uint64(sizes[i-per])
		}
		most = max(most, window)
	}
	return uint32(min(most*8, 1<<32-1))
}
