package media_test

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"pagecast/media"
)

// cpuTime is the processor time this process and the ffmpeg it waited for have used.
func cpuTime(tb testing.TB) time.Duration {
	tb.Helper()
	var self, children syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &self); err != nil {
		tb.Fatal(err)
	}
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children); err != nil {
		tb.Fatal(err)
	}
	var d time.Duration
	for _, tv := range []syscall.Timeval{self.Utime, self.Stime, children.Utime, children.Stime} {
		d += time.Duration(tv.Nano())
	}
	return d
}

// BenchmarkMixAudio60s is the sound of the render bench's 60 s video mixed afresh as
// the worker mixes it: six 10 s scenes of mono narration (levelled) over looped music
// ducked under it, every chunk encoded, one ffmpeg (so its cost is its processor time, also
// reported, on a busy machine).
func BenchmarkMixAudio60s(b *testing.B) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		b.Skip("ffmpeg not installed")
	}
	dir := b.TempDir()
	gen := func(name string, args ...string) string {
		out := filepath.Join(dir, name)
		if o, err := exec.Command("ffmpeg", append(append([]string{"-v", "error", "-y"}, args...), out)...).CombinedOutput(); err != nil {
			b.Fatalf("generate %s: %v\n%s", name, err, o)
		}
		return out
	}
	// Speech-like: a voice's pitch in syllables, words and pauses.
	voice := gen("voice.wav", "-f", "lavfi", "-i", "aevalsrc=0.3*sin(2*PI*(140+30*sin(2*PI*3*t))*t)*max(0\\,sin(2*PI*4*t))*gt(mod(t\\,3)\\,0.5):s=24000:d=9.7")
	music := gen("music.wav", "-f", "lavfi", "-i", "aevalsrc=0.12*sin(2*PI*220*t)+0.12*(2*random(0)-1)*exp(-25*mod(t\\,0.5))|0.12*sin(2*PI*220.5*t)+0.12*(2*random(1)-1)*exp(-25*mod(t\\,0.5)):s=44100:d=20")
	in := media.MixInput{DurationMs: 60000, FPS: 30, DuckUnderNarration: true, LoudnessLUFS: media.NarrationLUFS,
		Background: []media.BackgroundAudio{{Path: music, Volume: 0.25, Loop: true}}}
	var cuts []int
	for at := 0; at < 60000; at += 10000 {
		in.Narration = append(in.Narration, media.AudioClip{Path: voice, ID: fmt.Sprint("voice", at), StartMs: at + 150, Volume: 1})
		cuts = append(cuts, at)
	}
	b.ResetTimer()
	var cpu time.Duration
	for i := range b.N {
		store := &dirChunks{dir: b.TempDir()}
		start := cpuTime(b)
		if _, err := (media.Tool{}).MixAudioChunked(context.Background(), in, cuts, store, dir, filepath.Join(dir, fmt.Sprintf("mix%d.m4a", i))); err != nil {
			b.Fatal(err)
		}
		cpu += cpuTime(b) - start
	}
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
}
