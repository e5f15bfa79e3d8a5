package tts

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"pagecast/subproc"
)

// Tools names the ffmpeg and ffprobe programs used for audio that is not 16-bit PCM
// WAV; empty fields mean "ffmpeg" and "ffprobe" on PATH.
type Tools struct {
	FFmpeg  string
	FFprobe string
}

func (t Tools) ffmpeg() string {
	if t.FFmpeg == "" {
		return "ffmpeg"
	}
	return t.FFmpeg
}

func (t Tools) ffprobe() string {
	if t.FFprobe == "" {
		return "ffprobe"
	}
	return t.FFprobe
}

// ProbeFileDurationMs asks ffprobe for the length of an audio file, in milliseconds.
func (t Tools) ProbeFileDurationMs(ctx context.Context, path string) (int, error) {
	var out, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, t.ffprobe(), "-v", "error", "-show_entries", "format=duration",
		"-of", "default=noprint_wrappers=1:nokey=1", "--", path)
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := subproc.Run(cmd, nil); err != nil {
		return 0, fmt.Errorf("ffprobe: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	sec, err := strconv.ParseFloat(strings.TrimSpace(out.String()), 64)
	if err != nil {
		return 0, fmt.Errorf("ffprobe: no duration in %q", out.String())
	}
	return int(sec*1000 + 0.5), nil
}

// ProbeDurationMs asks ffprobe for the length of audio held in memory.
func (t Tools) ProbeDurationMs(ctx context.Context, audio []byte) (int, error) {
	path, cleanup, err := tempFile(audio)
	if err != nil {
		return 0, err
	}
	defer cleanup()
	return t.ProbeFileDurationMs(ctx, path)
}

// DecodePCM converts audio in any format ffmpeg reads to 16-bit PCM with the given
// sample rate and channel count.
func (t Tools) DecodePCM(ctx context.Context, audio []byte, rate, channels int) (PCM, error) {
	path, cleanup, err := tempFile(audio) // a file, not a pipe: some containers need to seek
	if err != nil {
		return PCM{}, err
	}
	defer cleanup()
	var out, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, t.ffmpeg(), "-v", "error", "-nostdin", "-i", path,
		"-f", "s16le", "-acodec", "pcm_s16le", "-ar", strconv.Itoa(rate), "-ac", strconv.Itoa(channels), "pipe:1")
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := subproc.Run(cmd, nil); err != nil {
		return PCM{}, fmt.Errorf("ffmpeg decode: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	data := out.Bytes()
	return PCM{SampleRate: rate, Channels: channels, Data: data[:len(data)-len(data)%(2*channels)]}, nil
}

func tempFile(b []byte) (string, func(), error) {
	f, err := os.CreateTemp("", "pagecast-tts-*")
	if err != nil {
		return "", nil, fmt.Errorf("temp audio file: %w", err)
	}
	cleanup := func() { _ = os.Remove(f.Name()) }
	if _, err := f.Write(b); err != nil {
		_ = f.Close()
		cleanup()
		return "", nil, fmt.Errorf("temp audio file: %w", err)
	}
	if err := f.Close(); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("temp audio file: %w", err)
	}
	return f.Name(), cleanup, nil
}

// resultFromAudio fills in the format and exact length of audio a provider returned:
// from the sample count for WAV, from ffprobe otherwise.
func resultFromAudio(ctx context.Context, tools Tools, audio []byte) (Result, error) {
	switch SniffFormat(audio) {
	case FormatWAV:
		p, err := DecodeWAV(audio)
		if err != nil {
			return Result{}, err
		}
		return Result{Audio: EncodeWAV(p), Format: FormatWAV, DurationMs: p.DurationMs()}, nil
	case FormatMP3:
		ms, err := tools.ProbeDurationMs(ctx, audio)
		if err != nil {
			return Result{}, err
		}
		return Result{Audio: audio, Format: FormatMP3, DurationMs: ms}, nil
	}
	return Result{}, fmt.Errorf("%w: audio in an unknown format", ErrRejected)
}
