package tts

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// tone makes ms milliseconds of a 440 Hz sine as 16-bit PCM.
func tone(rate, channels, ms int) PCM {
	frames := ms * rate / 1000
	data := make([]byte, frames*channels*2)
	for f := range frames {
		v := int16(8000 * math.Sin(2*math.Pi*440*float64(f)/float64(rate)))
		for c := range channels {
			binary.LittleEndian.PutUint16(data[(f*channels+c)*2:], uint16(v))
		}
	}
	return PCM{SampleRate: rate, Channels: channels, Data: data}
}

// streamedWAV writes p with the placeholder sizes of a streamed WAV header, as
// espeak-ng --stdout and some speech servers do.
func streamedWAV(p PCM) []byte {
	b := EncodeWAV(p)
	binary.LittleEndian.PutUint32(b[4:], 0xFFFFFFFF)
	binary.LittleEndian.PutUint32(b[40:], 0xFFFFFFFF)
	return b
}

// needTool skips the test when a program it runs is missing.
func needTool(t testing.TB, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Skipf("%s is not on PATH; install it (Debian: apt-get install %s) to run this test", name, map[string]string{
			"espeak-ng": "espeak-ng", "ffmpeg": "ffmpeg", "ffprobe": "ffmpeg"}[name])
	}
}

// encodeMP3 encodes p as MP3 with ffmpeg (for fake servers, which must not call t.Fatal).
func encodeMP3(p PCM) ([]byte, error) {
	dir, err := os.MkdirTemp("", "tts-mp3-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, "in.wav"), filepath.Join(dir, "out.mp3")
	if err := os.WriteFile(in, EncodeWAV(p), 0o600); err != nil {
		return nil, err
	}
	if b, err := exec.Command("ffmpeg", "-v", "error", "-i", in, "-b:a", "64k", out).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("ffmpeg: %v: %s", err, b)
	}
	return os.ReadFile(out)
}

// probeMs writes audio to a file and asks ffprobe for its length.
func probeMs(t *testing.T, audio []byte) int {
	t.Helper()
	needTool(t, "ffprobe")
	ms, err := Tools{}.ProbeDurationMs(context.Background(), audio)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}
