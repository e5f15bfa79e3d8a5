package tts

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// synthFunc adapts a function to Synthesizer.
type synthFunc func(context.Context, Request) (Result, error)

func (f synthFunc) Synthesize(ctx context.Context, r Request) (Result, error) { return f(ctx, r) }

// checkTimings asserts the narration invariants: parts follow each other without gaps,
// their durations add up to the narration's length, and ffprobe measures the file
// within 50 ms of that.
func checkTimings(t *testing.T, n Narration) {
	t.Helper()
	sum := 0
	for i, p := range n.Parts {
		if p.StartMs != sum {
			t.Fatalf("part %d starts at %d ms, previous ones end at %d ms", i, p.StartMs, sum)
		}
		if p.DurationMs < 0 {
			t.Fatalf("part %d lasts %d ms", i, p.DurationMs)
		}
		sum += p.DurationMs
	}
	if sum != n.DurationMs {
		t.Fatalf("durations add up to %d ms, narration is %d ms", sum, n.DurationMs)
	}
	pcm, err := DecodeWAV(n.Audio)
	if err != nil || pcm.DurationMs() != n.DurationMs {
		t.Fatalf("audio: %v, %d ms", err, pcm.DurationMs())
	}
	path := filepath.Join(t.TempDir(), "narration.wav")
	if err := os.WriteFile(path, n.Audio, 0o600); err != nil {
		t.Fatal(err)
	}
	needTool(t, "ffprobe")
	probed, err := Tools{}.ProbeFileDurationMs(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if d := abs(probed - sum); d > 50 {
		t.Fatalf("ffprobe says %d ms, parts add up to %d ms", probed, sum)
	}
	t.Logf("parts add up to %d ms, ffprobe measures %d ms", sum, probed)
}

func TestNarrateEspeak(t *testing.T) {
	e := newEspeak(t)
	ctx := context.Background()
	parts := []Part{
		{Text: "Hello there, this is the first sentence."},
		{PauseMs: 500},
		{Text: "And here is the second one."},
		{PauseMs: 1000},
		{Text: "Third."},
		{Text: "   "},  // blank: silence of 0 ms
		{PauseMs: 0},   // zero pause
		{PauseMs: 333}, // not a whole number of samples at every rate
	}
	for _, workers := range []int{0, 3} {
		n, err := Narrate(ctx, e, parts, NarrateOptions{VoiceID: "en-us", Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		checkTimings(t, n)
		if n.SampleRate != 22050 || n.Channels != 1 || len(n.Parts) != len(parts) {
			t.Fatalf("%d Hz, %d channels, %d parts", n.SampleRate, n.Channels, len(n.Parts))
		}
		for i, want := range map[int]int{1: 500, 3: 1000, 5: 0, 6: 0, 7: 333} {
			if p := n.Parts[i]; !p.Pause || p.DurationMs != want {
				t.Errorf("part %d: %+v, want a %d ms pause", i, p, want)
			}
		}
		// A sentence lasts as long as when it is spoken alone.
		for _, i := range []int{0, 2, 4} {
			alone, err := e.Synthesize(ctx, Request{Text: parts[i].Text, VoiceID: "en-us"})
			if err != nil {
				t.Fatal(err)
			}
			if p := n.Parts[i]; p.Pause || p.Text != parts[i].Text || abs(p.DurationMs-alone.DurationMs) > 1 {
				t.Errorf("part %d: %+v, alone %d ms", i, p, alone.DurationMs)
			}
		}
	}
}

func TestNarrateMixedFormats(t *testing.T) {
	needTool(t, "ffmpeg")
	mp3, err := encodeMP3(tone(44100, 1, 400))
	if err != nil {
		t.Fatal(err)
	}
	s := synthFunc(func(_ context.Context, r Request) (Result, error) {
		switch r.Text {
		case "first":
			return Result{Audio: EncodeWAV(tone(22050, 1, 700)), Format: FormatWAV, DurationMs: 700,
				Words: []Word{{"first", 100, 500}}}, nil
		case "stereo":
			return Result{Audio: EncodeWAV(tone(16000, 2, 500)), Format: FormatWAV, DurationMs: 500}, nil
		case "mp3":
			return Result{Audio: mp3, Format: FormatMP3, DurationMs: 400,
				Words: []Word{{"m", 0, 200}, {"p3", 300, 900}}}, nil // runs past the audio: clamped
		}
		return Result{}, errors.New("unexpected text " + r.Text)
	})
	n, err := Narrate(context.Background(), s, []Part{{PauseMs: 250}, {Text: "first"}, {Text: "stereo"}, {PauseMs: 500}, {Text: "mp3"}},
		NarrateOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	checkTimings(t, n)
	if n.SampleRate != 22050 || n.Channels != 1 {
		t.Fatalf("format %d Hz %d ch, want the first WAV's", n.SampleRate, n.Channels)
	}
	p := n.Parts
	if p[1].StartMs != 250 || p[1].DurationMs != 700 || p[2].DurationMs != 500 || p[3].DurationMs != 500 ||
		abs(p[4].DurationMs-400) > 60 {
		t.Fatalf("parts %+v", p)
	}
	if w := p[1].Words; len(w) != 1 || w[0] != (Word{"first", 350, 500}) {
		t.Fatalf("words of part 1: %+v", w)
	}
	end := p[4].StartMs + p[4].DurationMs
	if w := p[4].Words; len(w) != 2 || w[0].StartMs != p[4].StartMs || w[1].StartMs+w[1].DurationMs != end {
		t.Fatalf("words of part 4: %+v (part ends at %d)", w, end)
	}

	// Only MP3 and pauses: the narration takes the default format.
	n, err = Narrate(context.Background(), s, []Part{{Text: "mp3"}, {PauseMs: 100}}, NarrateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkTimings(t, n)
	if n.SampleRate != narrationRate {
		t.Fatalf("rate %d", n.SampleRate)
	}
}

func TestNarrateErrors(t *testing.T) {
	var calls atomic.Int32
	s := synthFunc(func(ctx context.Context, r Request) (Result, error) {
		calls.Add(1)
		if r.Text == "rejected" {
			return Result{}, ErrRejected
		}
		<-ctx.Done() // the others wait until the failure cancels them
		return Result{}, ctx.Err()
	})
	parts := []Part{{Text: "slow one"}, {Text: "rejected"}, {Text: "slow two"}, {Text: "slow three"}}
	_, err := Narrate(context.Background(), s, parts, NarrateOptions{Workers: 4})
	if !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "part 1") {
		t.Fatalf("err = %v, want the rejection of part 1", err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Narrate(ctx, s, parts, NarrateOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}

	junk := synthFunc(func(context.Context, Request) (Result, error) {
		return Result{Audio: []byte("not audio"), Format: "wav"}, nil
	})
	if _, err := Narrate(context.Background(), junk, []Part{{Text: "x"}}, NarrateOptions{}); err == nil {
		t.Fatal("junk audio accepted")
	}

	n, err := Narrate(context.Background(), s, nil, NarrateOptions{})
	if err != nil || n.DurationMs != 0 || len(n.Parts) != 0 {
		t.Fatalf("no parts: %v %+v", err, n)
	}
}
