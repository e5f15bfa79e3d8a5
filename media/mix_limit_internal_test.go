package media

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLimiterLeavesAMixBelowTheCeilingAlone: the limiter ending a mix passes a mix
// that stays below mixCeiling sample for sample, as many samples as it gets, so that
// it changes no mix but those that would clip.
func TestLimiterLeavesAMixBelowTheCeilingAlone(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	dir := t.TempDir()
	gen := func(name string, args ...string) string {
		out := filepath.Join(dir, name)
		if b, err := exec.Command("ffmpeg", append(append([]string{"-v", "error", "-y"}, args...), out)...).CombinedOutput(); err != nil {
			t.Fatalf("generate %s: %v\n%s", name, err, b)
		}
		return out
	}
	voice := gen("voice.wav", "-f", "lavfi", "-i", "aevalsrc=0.45*sin(2*PI*440*t)*sin(2*PI*2*t):s=24000:d=2")
	music := gen("music.wav", "-f", "lavfi", "-i", "anoisesrc=d=1.7:c=pink:r=44100:a=0.3:seed=3", "-ac", "2")
	in := MixInput{DurationMs: 5000, DuckUnderNarration: true, Narration: []AudioClip{{Path: voice, StartMs: 1000, Volume: 1}},
		Background: []BackgroundAudio{{Path: music, Volume: 0.8, Loop: true}}}
	in, m, err := Tool{}.measureMix(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	// A stretch from its pre-roll, as MixAudioChunked mixes it.
	args, graph, _ := mixGraph(in, m, 48000, 4*48000, 0, "")
	const limiter = ",alimiter=limit=" + mixCeiling + ":level=0:latency=1"
	if !strings.Contains(graph, limiter) {
		t.Fatalf("no limiter in the graph:\n%s", graph)
	}
	render := func(graph string) []byte {
		out, err := exec.Command("ffmpeg", append(append([]string{"-v", "error"}, args...), "-filter_complex", graph, "-map", "[out]", "-f", "f32le", "-")...).Output()
		if err != nil {
			t.Fatalf("mix: %v", err)
		}
		return out
	}
	with, without := render(graph), render(strings.Replace(graph, limiter, "", 1))
	if len(with) != 3*48000*2*4 || !bytes.Equal(with, without) {
		t.Errorf("with the limiter %d bytes, without %d, want %d alike", len(with), len(without), 3*48000*2*4)
	}
}
