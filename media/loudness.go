package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
)

// NarrationLUFS is the loudness a render's narration and inserts are played at
// (MixInput.LoudnessLUFS): -16 LUFS, as loud as speech in online video and podcasts
// is commonly delivered, with speech's peaks (12 to 15 dB above it) under the mix's
// ceiling.
const NarrationLUFS = -16

// maxLoudnessBoostDB is the most a clip is raised to the loudness asked: a quiet
// insert (room tone, a whisper) is not pushed up to speech's level with its noise.
const maxLoudnessBoostDB = 12

// Loudness is measured here as ITU-R BS.1770-4 says (the integrated loudness of EBU
// R128 and of FFmpeg's ebur128 filter) in Go, from the clip's WAV samples: a minute of
// TTS narration takes about 20 ms (BenchmarkClipLoudness60s), about what fetching a
// stored measure would, so nothing is kept. A clip that is not PCM WAV (an uploaded voiceover) is decoded by
// ffmpeg first.

// levelled is clips with each volume set so that it plays at target LUFS, by its
// loudness (LUFS, as heard from two speakers) in lufs; a clip whose loudness is not
// known (NaN: silence) keeps its volume.
func levelled(clips []AudioClip, lufs []float64, target float64) []AudioClip {
	out := make([]AudioClip, len(clips))
	for i, c := range clips {
		if !math.IsNaN(lufs[i]) {
			v, _ := strconv.ParseFloat(gain(c.Volume), 64)
			c.Volume = v * math.Pow(10, min(target-lufs[i], maxLoudnessBoostDB)/20)
		}
		out[i] = c
	}
	return out
}

// clipLoudness is the integrated loudness (LUFS) of the audio file at path as it is
// heard in a mix: a mono file from both sides (pan), which counts it twice, 3 dB up.
// It is NaN when nothing in it is above the absolute gate (silence). channels is the
// file's channel count, for a file ffmpeg decodes.
func (t Tool) clipLoudness(ctx context.Context, path string, channels int) (float64, error) {
	samples, ch, rate, err := wavSamples(path)
	if err != nil {
		// More than two channels are mixed down to stereo, as the mix does.
		ch, rate = min(max(channels, 1), 2), MixSampleRate
		var raw, stderr bytes.Buffer
		cmd := t.Command(ctx, append(append([]string{"-hide_banner", "-nostdin", "-v", "error"}, input(path, "")...),
			"-map", "0:a:0", "-vn", "-ac", strconv.Itoa(ch), "-ar", strconv.Itoa(rate), "-f", "f32le", "-")...)
		cmd.Stdout, cmd.Stderr = &raw, &stderr
		if err := cmd.Run(); err != nil {
			if ctx.Err() != nil {
				return 0, ctx.Err()
			}
			return 0, fmt.Errorf("media: loudness: %w: %s", err, firstLine(stderr.Bytes()))
		}
		b := raw.Bytes()
		samples = make([]float32, len(b)/4)
		for i := range samples {
			samples[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[i*4:]))
		}
	}
	l := loudness(samples, ch, rate)
	if ch == 1 {
		l += 10 * math.Log10(2)
	}
	return l, nil
}

// wavSamples reads a 16-bit PCM or 32-bit float WAV file's samples (interleaved),
// channel count and rate.
func wavSamples(path string) (samples []float32, channels, rate int, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, 0, err
	}
	if len(b) < 12 || string(b[0:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		return nil, 0, 0, errors.New("not a WAV file")
	}
	format, bits := 0, 0
	for i := 12; i+8 <= len(b); {
		size := int(binary.LittleEndian.Uint32(b[i+4 : i+8]))
		body := b[i+8:]
		switch string(b[i : i+4]) {
		case "fmt ":
			if size < 16 || len(body) < 16 {
				return nil, 0, 0, errors.New("bad WAV format chunk")
			}
			format, channels = int(binary.LittleEndian.Uint16(body[0:2])), int(binary.LittleEndian.Uint16(body[2:4]))
			rate, bits = int(binary.LittleEndian.Uint32(body[4:8])), int(binary.LittleEndian.Uint16(body[14:16]))
			if format == 0xFFFE && size >= 26 { // WAVE_FORMAT_EXTENSIBLE: the subformat's code
				format = int(binary.LittleEndian.Uint16(body[24:26]))
			}
		case "data":
			if channels < 1 || rate < 1 {
				return nil, 0, 0, errors.New("WAV data before its format")
			}
			// A streamed WAV may say 0 or all ones: the data runs to the end.
			if size == 0 || size > len(body) {
				size = len(body)
			}
			body = body[:size]
			switch {
			case format == 1 && bits == 16:
				samples = make([]float32, len(body)/2)
				for k := range samples {
					samples[k] = float32(int16(binary.LittleEndian.Uint16(body[2*k:]))) / 32768
				}
			case format == 3 && bits == 32:
				samples = make([]float32, len(body)/4)
				for k := range samples {
					samples[k] = math.Float32frombits(binary.LittleEndian.Uint32(body[4*k:]))
				}
			default:
				return nil, 0, 0, fmt.Errorf("WAV format %d of %d bits not read here", format, bits)
			}
			return samples, channels, rate, nil
		}
		i += 8 + size + size%2
	}
	return nil, 0, 0, errors.New("WAV file without data")
}

// loudness is the integrated loudness (LUFS, ITU-R BS.1770-4) of samples, interleaved
// in channels channels (each weighted 1, as left and right are) at rate: the
// K-weighted mean square over 400 ms blocks every 100 ms, gated at -70 LUFS and then
// 10 LU below the loudness of the blocks above that. A clip shorter than a block is one
// block. It is NaN when no block is above the absolute gate.
func loudness(samples []float32, channels, rate int) float64 {
	n := len(samples) / channels
	if n == 0 {
		return math.NaN()
	}
	filters := make([][2]biquad, channels)
	for c := range filters {
		filters[c] = kWeighting(float64(rate))
	}
	// The K-weighted energy of each 100 ms step, summed over the channels.
	var steps []float64
	var energy float64
	next := 1
	for i := range n {
		for c := range channels {
			y := filters[c][1].filter(filters[c][0].filter(float64(samples[i*channels+c])))
			energy += y * y
		}
		if i+1 == next*rate/10 {
			steps, energy = append(steps, energy), 0
			next++
		}
	}
	var blocks []float64 // mean squares
	block := float64(4 * rate / 10)
	for j := 0; j+4 <= len(steps); j++ {
		blocks = append(blocks, (steps[j]+steps[j+1]+steps[j+2]+steps[j+3])/block)
	}
	if len(blocks) == 0 {
		var sum float64
		for _, s := range steps {
			sum += s
		}
		blocks = []float64{(sum + energy) / float64(n)}
	}
	lufs := func(z float64) float64 { return -0.691 + 10*math.Log10(z) }
	mean := func(above float64) (float64, bool) {
		var sum float64
		k := 0
		for _, z := range blocks {
			if z > 0 && lufs(z) > above {
				sum += z
				k++
			}
		}
		return sum / float64(k), k > 0
	}
	z, ok := mean(-70)
	if !ok {
		return math.NaN()
	}
	z, _ = mean(lufs(z) - 10)
	return lufs(z)
}

// biquad is a second-order IIR filter (direct form I).
type biquad struct {
	b0, b1, b2, a1, a2 float64
	x1, x2, y1, y2     float64
}

func (f *biquad) filter(x float64) float64 {
	y := f.b0*x + f.b1*f.x1 + f.b2*f.x2 - f.a1*f.y1 - f.a2*f.y2
	f.x2, f.x1, f.y2, f.y1 = f.x1, x, f.y1, y
	return y
}

// kWeighting is BS.1770's K-weighting at rate: its shelf (the head's effect) and its
// high pass (RLB), with the coefficients derived for rate as libebur128 (and so
// FFmpeg's ebur128 filter) derives them; at 48 kHz they are the standard's.
func kWeighting(rate float64) [2]biquad {
	f0, g, q := 1681.974450955533, 3.999843853973347, 0.7071752369554196
	k := math.Tan(math.Pi * f0 / rate)
	vh, vb := math.Pow(10, g/20), math.Pow(10, g/20*0.4996667741545416)
	a0 := 1 + k/q + k*k
	shelf := biquad{b0: (vh + vb*k/q + k*k) / a0, b1: 2 * (k*k - vh) / a0, b2: (vh - vb*k/q + k*k) / a0,
		a1: 2 * (k*k - 1) / a0, a2: (1 - k/q + k*k) / a0}
	f0, q = 38.13547087602444, 0.5003270373238773
	k = math.Tan(math.Pi * f0 / rate)
	a0 = 1 + k/q + k*k
	highPass := biquad{b0: 1, b1: -2, b2: 1, a1: 2 * (k*k - 1) / a0, a2: (1 - k/q + k*k) / a0}
	return [2]biquad{shelf, highPass}
}
