package media_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pagecast/media"
)

// narration makes audio of tones (t:<seconds>) and silences (s:<seconds>) in order,
// joined with the concat filter: real audio for silencedetect, nothing committed.
func narration(t *testing.T, name string, parts ...string) string {
	t.Helper()
	var args []string
	var labels strings.Builder
	for i, p := range parts {
		kind, secs, _ := strings.Cut(p, ":")
		src := fmt.Sprintf("sine=frequency=%d:sample_rate=44100:duration=%s", 440+110*i, secs)
		if kind == "s" {
			src = "anullsrc=sample_rate=44100:channel_layout=mono:duration=" + secs
		}
		args = append(args, "-f", "lavfi", "-i", src)
		fmt.Fprintf(&labels, "[%d:a]", i)
	}
	args = append(args, "-filter_complex", fmt.Sprintf("%sconcat=n=%d:v=0:a=1", labels.String(), len(parts)))
	return generate(t, name, args...)
}

// near reports whether got is within tol of want.
func near(got, want, tol int) bool { return got >= want-tol && got <= want+tol }

func TestDetectSilences(t *testing.T) {
	tool := media.Tool{}
	parts := []string{"t:1", "s:0.8", "t:1.2", "s:0.6", "t:1", "s:0.2", "t:0.5", "s:0.7"}
	for _, c := range []struct {
		file string
		tol  int // ms; lossy codecs smear the edges
	}{{"speech.wav", 25}, {"speech.mp3", 80}, {"speech.m4a", 80}} {
		t.Run(c.file, func(t *testing.T) {
			path := narration(t, c.file, parts...)
			got, total, err := tool.DetectSilences(t.Context(), path, -30, 400*time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			// The 0.2 s pause is shorter than the minimum; the trailing one ends the file.
			want := []media.Silence{{StartMs: 1000, EndMs: 1800}, {StartMs: 3000, EndMs: 3600}, {StartMs: 5300, EndMs: 6000}}
			if !near(total, 6000, c.tol) {
				t.Fatalf("total = %d ms, want about 6000", total)
			}
			if len(got) != len(want) {
				t.Fatalf("silences = %v, want about %v", got, want)
			}
			for i := range got {
				if !near(got[i].StartMs, want[i].StartMs, c.tol) || !near(got[i].EndMs, want[i].EndMs, c.tol) {
					t.Fatalf("silence %d = %v, want about %v (all: %v)", i, got[i], want[i], got)
				}
			}
			if last := got[len(got)-1]; last.EndMs != total {
				t.Fatalf("trailing silence %v does not end at total %d", last, total)
			}
		})
	}
}

func TestDetectSilencesEdges(t *testing.T) {
	tool := media.Tool{}
	ctx := t.Context()
	lead := narration(t, "lead.wav", "s:0.5", "t:1")
	if got, total, err := tool.DetectSilences(ctx, lead, -30, 300*time.Millisecond); err != nil || len(got) != 1 ||
		got[0].StartMs != 0 || !near(got[0].EndMs, 500, 25) || !near(total, 1500, 25) {
		t.Fatalf("leading silence = %v, %d, %v", got, total, err)
	}
	tone := narration(t, "tone.wav", "t:2")
	if got, total, err := tool.DetectSilences(ctx, tone, -30, 300*time.Millisecond); err != nil || len(got) != 0 || !near(total, 2000, 25) {
		t.Fatalf("no silence = %v, %d, %v", got, total, err)
	}
	// A quiet threshold hears the tone as silence.
	if got, total, err := tool.DetectSilences(ctx, tone, -0.5, 300*time.Millisecond); err != nil || len(got) != 1 ||
		got[0] != (media.Silence{StartMs: 0, EndMs: total}) {
		t.Fatalf("all silence = %v, %d, %v", got, total, err)
	}
	for _, args := range []struct {
		db  float64
		min time.Duration
	}{{0, time.Second}, {3, time.Second}, {-30, 0}} {
		if _, _, err := tool.DetectSilences(ctx, tone, args.db, args.min); err == nil {
			t.Fatalf("DetectSilences(%v, %v) accepted", args.db, args.min)
		}
	}

	text := filepath.Join(t.TempDir(), "notes.mp3")
	if err := os.WriteFile(text, []byte("this is not audio at all\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	silent := generate(t, "silent.mp4", with(videoSrc[:4], "-c:v", "libx264", "-preset", "ultrafast")...)
	for _, p := range []string{text, silent} {
		if _, _, err := tool.DetectSilences(ctx, p, -30, time.Second); !errors.Is(err, media.ErrInvalidMedia) {
			t.Fatalf("%s: %v, want ErrInvalidMedia", filepath.Base(p), err)
		}
	}
	// A missing file is not bad media (the caller lost it): a plain error.
	if _, _, err := tool.DetectSilences(ctx, filepath.Join(t.TempDir(), "missing.wav"), -30, time.Second); err == nil ||
		errors.Is(err, media.ErrInvalidMedia) {
		t.Fatalf("missing file: %v", err)
	}
}
