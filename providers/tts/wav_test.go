package tts

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
)

func TestWAVRoundTrip(t *testing.T) {
	p := tone(22050, 1, 1234)
	got, err := DecodeWAV(EncodeWAV(p))
	if err != nil {
		t.Fatal(err)
	}
	if got.SampleRate != 22050 || got.Channels != 1 || !bytes.Equal(got.Data, p.Data) {
		t.Fatalf("round trip changed audio: %d Hz %d ch %d bytes", got.SampleRate, got.Channels, len(got.Data))
	}
	if got.Frames() != 22050*1234/1000 || got.DurationMs() != 1234 {
		t.Fatalf("frames %d, duration %d ms", got.Frames(), got.DurationMs())
	}
}

func TestDecodeWAVVariants(t *testing.T) {
	stereo := tone(16000, 2, 500)
	canonical := EncodeWAV(stereo)

	// A LIST chunk of odd length (padded) before the data.
	withList := append([]byte{}, canonical[:36]...)
	withList = append(withList, "LIST"...)
	withList = binary.LittleEndian.AppendUint32(withList, 3)
	withList = append(withList, 'a', 'b', 'c', 0)
	withList = append(withList, canonical[36:]...)

	// WAVE_FORMAT_EXTENSIBLE with the PCM sub-format.
	ext := []byte("RIFF\x00\x00\x00\x00WAVEfmt ")
	ext = binary.LittleEndian.AppendUint32(ext, 40)
	fmtChunk := make([]byte, 40)
	binary.LittleEndian.PutUint16(fmtChunk[0:], 0xFFFE)
	binary.LittleEndian.PutUint16(fmtChunk[2:], 2)
	binary.LittleEndian.PutUint32(fmtChunk[4:], 16000)
	binary.LittleEndian.PutUint16(fmtChunk[14:], 16)
	binary.LittleEndian.PutUint16(fmtChunk[24:], 1)
	ext = append(ext, fmtChunk...)
	ext = append(ext, "data"...)
	ext = binary.LittleEndian.AppendUint32(ext, uint32(len(stereo.Data)))
	ext = append(ext, stereo.Data...)

	tests := []struct {
		name string
		in   []byte
	}{
		{"canonical", canonical},
		{"streamed header", streamedWAV(stereo)},
		{"streamed header with a torn frame", append(streamedWAV(stereo), 1, 2, 3)},
		{"LIST chunk", withList},
		{"extensible", ext},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeWAV(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got.SampleRate != 16000 || got.Channels != 2 || !bytes.Equal(got.Data, stereo.Data) {
				t.Fatalf("got %d Hz %d ch %d bytes", got.SampleRate, got.Channels, len(got.Data))
			}
		})
	}

	float := append([]byte{}, canonical...)
	binary.LittleEndian.PutUint16(float[20:], 3)
	for name, in := range map[string][]byte{"float": float, "mp3": []byte("ID3\x04rest"), "short": []byte("RIFF")} {
		if _, err := DecodeWAV(in); !errors.Is(err, ErrNotPCM) {
			t.Errorf("%s: err = %v, want ErrNotPCM", name, err)
		}
	}
	if got, err := DecodeWAV(canonical[:44]); err != nil || got.Frames() != 0 {
		t.Fatalf("header only: %v, %d frames", err, got.Frames())
	}
}

func TestSniffFormat(t *testing.T) {
	for in, want := range map[string]string{
		string(EncodeWAV(PCM{SampleRate: 8000, Channels: 1})): FormatWAV,
		"ID3\x03\x00":   FormatMP3,
		"\xff\xfb\x90d": FormatMP3,
		"OggS":          "",
		"":              "",
	} {
		if got := SniffFormat([]byte(in)); got != want {
			t.Errorf("SniffFormat(%q) = %q, want %q", in[:min(len(in), 8)], got, want)
		}
	}
}
