package media

import (
	"math"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// TestLoudnessMatchesEBUR128: the loudness measured here from a WAV file's samples is
// FFmpeg's ebur128 filter's integrated loudness, at the rates and channels narration
// and inserts come in; a clip shorter than a block (which ebur128 does not measure) is
// one block: a 1 kHz tone at amplitude A is 20 log A - 3.01 LUFS, as the standard
// has it.
func TestLoudnessMatchesEBUR128(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	dir := t.TempDir()
	integrated := regexp.MustCompile(`I:\s+(-?[0-9.]+) LUFS`)
	for _, tc := range []struct {
		name, src, format string
		want              float64 // LUFS; 0: ebur128's measure
	}{
		{"speech-like mono 24 kHz", "aevalsrc=0.3*sin(2*PI*(140+30*sin(2*PI*3*t))*t)*max(0\\,sin(2*PI*4*t))*gt(mod(t\\,3)\\,0.5):s=24000:d=7", "s16", 0},
		{"stereo noise 44.1 kHz, float", "anoisesrc=d=5:c=pink:r=44100:a=0.4:seed=7,pan=stereo|c0=c0|c1=0.5*c0", "f32", 0},
		{"tone 48 kHz, 300 ms", "sine=f=997:r=48000:d=0.3", "s16", 20*math.Log10(0.125) - 3.01},
		{"a pause then a tone, 22.05 kHz", "aevalsrc=0.5*sin(2*PI*300*t)*gt(t\\,2):s=22050:d=4", "s16", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			codec := "pcm_s16le"
			if tc.format == "f32" {
				codec = "pcm_f32le"
			}
			path := filepath.Join(dir, tc.name+".wav")
			if out, err := exec.Command("ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", tc.src, "-c:a", codec, path).CombinedOutput(); err != nil {
				t.Fatalf("generate: %v\n%s", err, out)
			}
			samples, channels, rate, err := wavSamples(path)
			if err != nil {
				t.Fatal(err)
			}
			got, want := loudness(samples, channels, rate), tc.want
			if want != 0 {
				if math.Abs(got-want) > 0.05 {
					t.Errorf("loudness %.2f LUFS, want %.2f", got, want)
				}
				return
			}
			out, err := exec.Command("ffmpeg", "-nostats", "-i", path, "-af", "ebur128", "-f", "null", "-").CombinedOutput()
			m := integrated.FindAllSubmatch(out, -1)
			if err != nil || len(m) == 0 {
				t.Fatalf("ebur128: %v\n%s", err, out)
			}
			want, _ = strconv.ParseFloat(string(m[len(m)-1][1]), 64)
			if math.Abs(got-want) > 0.15 {
				t.Errorf("loudness %.2f LUFS, ebur128 says %.1f", got, want)
			}
		})
	}
}

// BenchmarkClipLoudness60s measures a minute of narration as the TTS providers make it
// (24 kHz mono WAV), as a render's mix does for each clip.
func BenchmarkClipLoudness60s(b *testing.B) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		b.Skip("ffmpeg not installed")
	}
	path := filepath.Join(b.TempDir(), "voice.wav")
	if out, err := exec.Command("ffmpeg", "-v", "error", "-f", "lavfi", "-i", "anoisesrc=d=60:c=pink:r=24000:a=0.2", "-c:a", "pcm_s16le", path).CombinedOutput(); err != nil {
		b.Fatalf("generate: %v\n%s", err, out)
	}
	for b.Loop() {
		if _, err := (Tool{}).clipLoudness(b.Context(), path, 1); err != nil {
			b.Fatal(err)
		}
	}
}
