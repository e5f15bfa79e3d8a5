package media_test

import (
	"context"
	"math"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pagecast/media"
)

// rmsDB is the level (dBFS) of s from from to to seconds (48 kHz).
func rmsDB(s []float32, from, to float64) float64 {
	var sum float64
	lo, hi := int(from*48000), min(int(to*48000), len(s))
	for i := lo; i < hi; i++ {
		sum += float64(s[i]) * float64(s[i])
	}
	return 10 * math.Log10(sum/float64(hi-lo)+1e-20)
}

// TestMusicFadesOutAtItsEnd: music is not cut off where it ends, at the end of the
// video or, not looped, of its file: it fades out over 2 s (a quarter of what is heard
// of it in a short video), is as loud as before until the fade, and is silent at the
// end. Mixed in chunks, with the last scene shorter than the fade, each sample is
// faded as in the whole mix: no step at a seam, no fade at every chunk.
func TestMusicFadesOutAtItsEnd(t *testing.T) {
	ctx := context.Background()
	tool := media.Tool{}
	music := generate(t, "music.wav", "-f", "lavfi", "-i", "aevalsrc=0.3*sin(2*PI*220*t)+0.2*sin(2*PI*330*t):s=44100:d=3.7", "-ac", "2")
	short := generate(t, "short.wav", "-f", "lavfi", "-i", "aevalsrc=0.3*sin(2*PI*220*t)+0.2*sin(2*PI*330*t):s=44100:d=5", "-ac", "2")
	for _, tc := range []struct {
		name       string
		music      media.BackgroundAudio
		durationMs int
		cuts       []int
		endS, fade float64 // where the music ends and how long it fades, in seconds
	}{
		{"looped, at the video's end", media.BackgroundAudio{Path: music, Volume: 0.8, Loop: true}, 12000, []int{4000, 8000, 11000}, 12, 2},
		{"short video", media.BackgroundAudio{Path: music, Volume: 0.8, Loop: true}, 4000, []int{2000, 3500}, 4, 1},
		{"not looped, at its file's end", media.BackgroundAudio{Path: short, Volume: 0.8}, 9000, []int{3000, 6000}, 5, 1.25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			mix := media.MixInput{DurationMs: tc.durationMs, Background: []media.BackgroundAudio{tc.music}}
			whole, chunked := filepath.Join(dir, "whole.m4a"), filepath.Join(dir, "chunked.m4a")
			if err := tool.MixAudio(ctx, mix, whole); err != nil {
				t.Fatal(err)
			}
			if _, err := tool.MixAudioChunked(ctx, mix, tc.cuts, &dirChunks{dir: t.TempDir()}, dir, chunked); err != nil {
				t.Fatal(err)
			}
			for name, s := range map[string][]float32{"whole": decodeMono(t, whole), "chunked": decodeMono(t, chunked)} {
				full, start := rmsDB(s, 0.5, 1), tc.endS-tc.fade
				if got := rmsDB(s, start-0.5, start); math.Abs(got-full) > 0.5 {
					t.Errorf("%s: %.1f dB before the fade, %.1f at the start", name, got, full)
				}
				// Down all through the fade, and nothing left at its end.
				last := full
				for k := 1; k <= 4; k++ {
					at := start + tc.fade*float64(k)/4
					got := rmsDB(s, at-0.05, at)
					if got > last-1 {
						t.Errorf("%s: %.1f dB at %.2f s, %.1f before: not fading", name, got, at, last)
					}
					last = got
				}
				if last > full-30 {
					t.Errorf("%s: the music ends at %.1f dB, %.1f dB below its level; want it faded out", name, last, full-last)
				}
			}
			w, c := decodeMono(t, whole), decodeMono(t, chunked)
			n := min(len(w), len(c))
			if got := snr(c, w, int((tc.endS-tc.fade)*48000), min(n, int(tc.endS*48000))-1024); got < 25 {
				t.Errorf("the fade mixed in chunks is %.1f dB from the whole mix's, want at least 25", got)
			}
		})
	}
}

// TestMixStaysUnderFullScale: a loud mix (narration reaching full scale, music at
// full volume) decodes to no sample above full scale: the mix is limited below it by
// what the AAC encoder adds. Whole and in chunks, with music and without.
func TestMixStaysUnderFullScale(t *testing.T) {
	ctx := context.Background()
	tool := media.Tool{}
	// Speech-like, peaking at full scale; music with a beat, mastered loud.
	voice := generate(t, "voice.wav", "-f", "lavfi", "-i", "aevalsrc=0.999*sin(2*PI*(140+30*sin(2*PI*3*t))*t)*max(0\\,sin(2*PI*4*t))*gt(mod(t\\,3)\\,0.5)+0.3*sin(2*PI*2100*t)*max(0\\,sin(2*PI*4*t)):s=24000:d=5.5", "-af", "alimiter=limit=1:level=0,volume=0.999")
	chord := "0.3*sin(2*PI*110*t)+0.25*sin(2*PI*220.5*t)+0.15*sin(2*PI*330*t)+0.1*sin(2*PI*1320*t)+0.5*sin(2*PI*55*t)*exp(-8*mod(t\\,0.5))"
	music := generate(t, "music.wav", "-f", "lavfi", "-i", "aevalsrc="+chord+"|"+strings.ReplaceAll(chord, "220.5", "221")+":s=44100:d=4.1",
		"-af", "volume=2,alimiter=limit=1:level=0")
	narration := []media.AudioClip{{Path: voice, StartMs: 100, Volume: 1}, {Path: voice, StartMs: 6100, Volume: 1}}
	for _, tc := range []struct {
		name string
		mix  media.MixInput
	}{
		{"narration alone", media.MixInput{DurationMs: 12000, Narration: narration}},
		{"music alone", media.MixInput{DurationMs: 12000, Background: []media.BackgroundAudio{{Path: music, Volume: 1, Loop: true}}}},
		{"narration over music", media.MixInput{DurationMs: 12000, Narration: narration,
			Background: []media.BackgroundAudio{{Path: music, Volume: 1, Loop: true}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			whole, chunked := filepath.Join(dir, "whole.m4a"), filepath.Join(dir, "chunked.m4a")
			if err := tool.MixAudio(ctx, tc.mix, whole); err != nil {
				t.Fatal(err)
			}
			if _, err := tool.MixAudioChunked(ctx, tc.mix, []int{3000, 6000, 9000}, &dirChunks{dir: t.TempDir()}, dir, chunked); err != nil {
				t.Fatal(err)
			}
			for _, f := range []string{whole, chunked} {
				var peak float64
				for _, ch := range decodeChannels(t, f) {
					for _, v := range ch {
						peak = max(peak, math.Abs(v))
					}
				}
				if peak >= 1 {
					t.Errorf("%s decodes to a peak of %.3f (%+.2f dBFS), want below full scale", filepath.Base(f), peak, 20*math.Log10(peak))
				} else {
					t.Logf("%s peaks at %.3f", filepath.Base(f), peak)
				}
			}
		})
	}
}

// integratedLUFS is ebur128's integrated loudness of path from from to to seconds.
func integratedLUFS(t *testing.T, path string, from, to float64) float64 {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-nostats", "-ss", strconv.FormatFloat(from, 'f', 3, 64), "-t", strconv.FormatFloat(to-from, 'f', 3, 64),
		"-i", path, "-af", "ebur128", "-f", "null", "-").CombinedOutput()
	m := regexp.MustCompile(`I:\s+(-?[0-9.]+) LUFS`).FindAllSubmatch(out, -1)
	if err != nil || len(m) == 0 {
		t.Fatalf("ebur128 %s: %v\n%s", path, err, out)
	}
	v, _ := strconv.ParseFloat(string(m[len(m)-1][1]), 64)
	return v
}

// TestNarrationLevelledToLoudness: with LoudnessLUFS, a loud insert's sound (stereo)
// and quiet narration (mono, heard from both sides) play at that loudness, whole and
// in chunks; a mono mix of mono narration is as loud as the stereo one.
func TestNarrationLevelledToLoudness(t *testing.T) {
	ctx := context.Background()
	tool := media.Tool{}
	voice := generate(t, "voice.wav", "-f", "lavfi", "-i", "aevalsrc=0.12*sin(2*PI*(140+30*sin(2*PI*3*t))*t)*max(0\\,sin(2*PI*4*t))*gt(mod(t\\,3)\\,0.5):s=24000:d=6")
	insert := generate(t, "insert.wav", "-f", "lavfi", "-i", "aevalsrc=0.7*sin(2*PI*440*t)*(0.6+0.4*sin(2*PI*2*t))|0.7*sin(2*PI*660*t)*(0.6+0.4*sin(2*PI*2*t)):s=48000:d=4")
	for _, tc := range []struct {
		name string
		mix  media.MixInput
		// stretches are the seconds each clip is heard alone.
		stretches [][2]float64
	}{
		{"insert then narration", media.MixInput{DurationMs: 10000, LoudnessLUFS: media.NarrationLUFS, Narration: []media.AudioClip{
			{Path: insert, Volume: 1}, {Path: voice, StartMs: 4000, Volume: 1}}}, [][2]float64{{0, 4}, {4, 10}}},
		{"narration alone (mono)", media.MixInput{DurationMs: 6000, LoudnessLUFS: media.NarrationLUFS, Narration: []media.AudioClip{
			{Path: voice, Volume: 1}}}, [][2]float64{{0, 6}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			whole, chunked := filepath.Join(dir, "whole.m4a"), filepath.Join(dir, "chunked.m4a")
			if err := tool.MixAudio(ctx, tc.mix, whole); err != nil {
				t.Fatal(err)
			}
			if _, err := tool.MixAudioChunked(ctx, tc.mix, []int{4000}, &dirChunks{dir: t.TempDir()}, dir, chunked); err != nil {
				t.Fatal(err)
			}
			for _, f := range []string{whole, chunked} {
				for _, s := range tc.stretches {
					l := integratedLUFS(t, f, s[0], s[1])
					if mono := len(decodeChannels(t, f)) == 1; mono {
						l += 10 * math.Log10(2) // heard from both sides
					}
					if math.Abs(l-media.NarrationLUFS) > 1 {
						t.Errorf("%s from %g to %g s: %.1f LUFS, want %d", filepath.Base(f), s[0], s[1], l, media.NarrationLUFS)
					}
				}
			}
		})
	}
}
