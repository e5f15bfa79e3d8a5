package media

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"time"

	"pagecast/subproc"
)

// Silence is a stretch of audio quieter than the detection threshold, in
// milliseconds from the start of the file.
type Silence struct {
	StartMs int
	EndMs   int
}

// DurationMs is how long the silence lasts.
func (s Silence) DurationMs() int { return s.EndMs - s.StartMs }

// DetectSilences finds the pauses of the first audio stream of the file at path with
// ffmpeg's silencedetect filter: stretches quieter than noiseDB (dBFS, below 0, e.g.
// -30) lasting at least minDur. It also measures the decoded length of the audio
// (totalMs). Silences are in order, do not overlap and lie within 0 to totalMs; a
// silence still running at the end of the file ends at totalMs. A file ffmpeg cannot
// decode, or one without audio, gives ErrInvalidMedia.
func (t Tool) DetectSilences(ctx context.Context, path string, noiseDB float64, minDur time.Duration) ([]Silence, int, error) {
	if math.IsNaN(noiseDB) || noiseDB >= 0 || minDur <= 0 {
		return nil, 0, fmt.Errorf("media: detect silences: threshold %v dB and minimum %v must be below 0 dB and above 0", noiseDB, minDur)
	}
	// A missing file is our fault, not the media's: keep it retryable.
	if _, err := os.Stat(path); err != nil {
		return nil, 0, fmt.Errorf("media: detect silences: %w", err)
	}
	filter := fmt.Sprintf("silencedetect=noise=%sdB:duration=%s",
		strconv.FormatFloat(noiseDB, 'f', -1, 64), strconv.FormatFloat(minDur.Seconds(), 'f', -1, 64))
	args := append([]string{"-hide_banner", "-nostdin", "-nostats", "-progress", "pipe:1"}, input(path, "")...)
	args = append(args, "-map", "0:a:0", "-vn", "-sn", "-dn", "-af", filter, "-f", "null", "-")
	var stdout, stderr bytes.Buffer
	cmd := t.Command(ctx, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := subproc.Run(cmd, nil); err != nil {
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return nil, 0, fmt.Errorf("%w: ffmpeg silencedetect: %s", ErrInvalidMedia, lastLine(stderr.Bytes()))
		}
		return nil, 0, fmt.Errorf("media: run ffmpeg: %w", err)
	}
	total := progressOutTimeMs(stdout.Bytes())
	silences := parseSilences(stderr.Bytes(), total)
	return silences, total, nil
}

// progressOutTimeMs reads the last out_time_us of ffmpeg's -progress report: how much
// audio was decoded. 0 when none was.
func progressOutTimeMs(progress []byte) int {
	us := int64(-1)
	sc := bufio.NewScanner(bytes.NewReader(progress))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "out_time_us="); ok {
			if n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil {
				us = n
			}
		}
	}
	if us <= 0 {
		return 0
	}
	return int((us + 500) / 1000)
}

// parseSilences reads silencedetect's lines from ffmpeg's log:
//
//	[silencedetect @ 0x...] silence_start: 0.999909
//	[silencedetect @ 0x...] silence_end: 1.80007 | silence_duration: 0.800159
//
// A start without an end (the file ended in silence, in ffmpeg versions that do not
// close it) ends at totalMs. Times are clamped to 0..totalMs; empty, overlapping or
// malformed entries are dropped or merged.
func parseSilences(log []byte, totalMs int) []Silence {
	var out []Silence
	open, opened := 0, false
	sc := bufio.NewScanner(bytes.NewReader(log))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if !strings.Contains(line, "silencedetect") {
			continue
		}
		if v, ok := fieldAfter(line, "silence_start:"); ok {
			if ms, ok := secondsToMs(v); ok {
				open, opened = ms, true
			}
			continue
		}
		if v, ok := fieldAfter(line, "silence_end:"); ok && opened {
			end, ok := secondsToMs(v)
			if !ok {
				continue
			}
			if d, ok := fieldAfter(line, "silence_duration:"); ok && end < open {
				// Some versions report a start after the end they print; trust the duration.
				if dms, ok := secondsToMs(d); ok {
					open = end - dms
				}
			}
			out = append(out, Silence{StartMs: open, EndMs: end})
			opened = false
		}
	}
	if opened {
		out = append(out, Silence{StartMs: open, EndMs: totalMs})
	}
	return normalizeSilences(out, totalMs)
}

// fieldAfter returns the number written after label on line.
func fieldAfter(line, label string) (string, bool) {
	_, rest, found := strings.Cut(line, label)
	if !found {
		return "", false
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return "", false
	}
	return f[0], true
}

func secondsToMs(s string) (int, bool) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > 1e7 {
		return 0, false
	}
	return int(math.Round(f * 1000)), true
}

// normalizeSilences clamps silences to 0..totalMs (when totalMs is known), sorts them,
// merges overlaps and drops empty ones.
func normalizeSilences(in []Silence, totalMs int) []Silence {
	out := make([]Silence, 0, len(in))
	for _, s := range in {
		s.StartMs = max(s.StartMs, 0)
		if totalMs > 0 {
			s.EndMs = min(s.EndMs, totalMs)
		}
		if s.EndMs > s.StartMs {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].StartMs < out[j].StartMs })
	merged := out[:0]
	for _, s := range out {
		if n := len(merged); n > 0 && s.StartMs <= merged[n-1].EndMs {
			merged[n-1].EndMs = max(merged[n-1].EndMs, s.EndMs)
			continue
		}
		merged = append(merged, s)
	}
	return merged
}

// lastLine is the last non-empty line of ffmpeg's log: its error.
func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
