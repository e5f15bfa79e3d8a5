package tts

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// ErrNotPCM means audio is not a 16-bit PCM WAV file; Narrate converts such audio with
// ffmpeg.
var ErrNotPCM = errors.New("not a 16-bit PCM WAV")

// PCM is 16-bit little-endian interleaved audio samples.
type PCM struct {
	SampleRate int
	Channels   int
	Data       []byte // whole frames only
}

// Frames returns the number of sample frames (one sample per channel).
func (p PCM) Frames() int {
	if p.Channels <= 0 {
		return 0
	}
	return len(p.Data) / (2 * p.Channels)
}

// DurationMs returns the length of the audio in milliseconds, rounded.
func (p PCM) DurationMs() int { return framesToMs(p.Frames(), p.SampleRate) }

func framesToMs(frames, rate int) int {
	if rate <= 0 {
		return 0
	}
	return int((int64(frames)*1000 + int64(rate)/2) / int64(rate))
}

// DecodeWAV reads a 16-bit PCM WAV file. It accepts the headers of streamed WAV
// (espeak-ng --stdout, some speech servers) whose size fields are placeholders: the
// data then runs to the end of the input.
func DecodeWAV(b []byte) (PCM, error) {
	if len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		return PCM{}, fmt.Errorf("decode wav: %w: no RIFF/WAVE header", ErrNotPCM)
	}
	var p PCM
	var haveFmt bool
	for pos := 12; pos+8 <= len(b); {
		id, size := string(b[pos:pos+4]), int64(binary.LittleEndian.Uint32(b[pos+4:pos+8]))
		body := b[pos+8:]
		switch id {
		case "fmt ":
			if size < 16 || int64(len(body)) < 16 {
				return PCM{}, fmt.Errorf("decode wav: %w: short fmt chunk", ErrNotPCM)
			}
			tag := binary.LittleEndian.Uint16(body[0:2])
			if tag == 0xFFFE && size >= 26 && len(body) >= 26 { // WAVE_FORMAT_EXTENSIBLE: sub-format GUID
				tag = binary.LittleEndian.Uint16(body[24:26])
			}
			p.Channels = int(binary.LittleEndian.Uint16(body[2:4]))
			p.SampleRate = int(binary.LittleEndian.Uint32(body[4:8]))
			bits := binary.LittleEndian.Uint16(body[14:16])
			if tag != 1 || bits != 16 || p.Channels < 1 || p.SampleRate < 1 {
				return PCM{}, fmt.Errorf("decode wav: %w: format %d, %d bits, %d channels", ErrNotPCM, tag, bits, p.Channels)
			}
			haveFmt = true
		case "data":
			if !haveFmt {
				return PCM{}, fmt.Errorf("decode wav: %w: data before fmt", ErrNotPCM)
			}
			if size > int64(len(body)) {
				size = int64(len(body)) // streamed header: the data is whatever follows
			}
			frame := 2 * p.Channels
			p.Data = body[:size-size%int64(frame)]
			return p, nil
		}
		pos += 8 + int(size) + int(size&1)
	}
	if haveFmt {
		return p, nil // a header with no data chunk: empty audio
	}
	return PCM{}, fmt.Errorf("decode wav: %w: no fmt chunk", ErrNotPCM)
}

// EncodeWAV writes p as a canonical 44-byte-header PCM WAV file.
func EncodeWAV(p PCM) []byte {
	out := make([]byte, 44+len(p.Data))
	le := binary.LittleEndian
	copy(out[0:], "RIFF")
	le.PutUint32(out[4:], uint32(36+len(p.Data)))
	copy(out[8:], "WAVEfmt ")
	le.PutUint32(out[16:], 16)
	le.PutUint16(out[20:], 1)
	le.PutUint16(out[22:], uint16(p.Channels))
	le.PutUint32(out[24:], uint32(p.SampleRate))
	le.PutUint32(out[28:], uint32(p.SampleRate*p.Channels*2))
	le.PutUint16(out[32:], uint16(p.Channels*2))
	le.PutUint16(out[34:], 16)
	copy(out[36:], "data")
	le.PutUint32(out[40:], uint32(len(p.Data)))
	copy(out[44:], p.Data)
	return out
}
