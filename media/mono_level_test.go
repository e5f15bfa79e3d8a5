package media_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"pagecast/media"
)

// decodeChannels is the sound of path as 48 kHz samples, one slice a channel.
func decodeChannels(t *testing.T, path string) [][]float64 {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=channels", "-of", "csv=p=0", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	n, _ := strconv.Atoi(string(out[:len(out)-1]))
	if n < 1 {
		t.Fatalf("%s: %q channels", path, out)
	}
	raw, err := exec.Command("ffmpeg", "-v", "error", "-i", path, "-f", "f32le", "-ar", "48000", "-").Output()
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	ch := make([][]float64, n)
	for i := 0; i+4*n <= len(raw); i += 4 * n {
		for c := range ch {
			ch[c] = append(ch[c], float64(math.Float32frombits(binary.LittleEndian.Uint32(raw[i+4*c:]))))
		}
	}
	return ch
}

// toneDB is the level (dBFS, of its amplitude) of the f Hz tone in s from from to to
// seconds.
func toneDB(s []float64, f, from, to float64) float64 {
	var c, q float64
	lo, hi := int(from*48000), int(to*48000)
	for i := lo; i < hi; i++ {
		w := 2 * math.Pi * f * float64(i) / 48000
		c += s[i] * math.Cos(w)
		q += s[i] * math.Sin(w)
	}
	return 20 * math.Log10(2*math.Hypot(c, q)/float64(hi-lo))
}

// TestMonoSoundKeepsItsLevelInAStereoMix: mono narration is as loud in each channel of
// a mix with music as in a mix without (mono), and mono music at 100 % is as loud in
// each channel as in its file: a mono sound is heard from both sides at its own level,
// not 3 dB below it.
func TestMonoSoundKeepsItsLevelInAStereoMix(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	tool := media.Tool{}
	// Narration as the TTS providers make it (mono WAV) from 2 s; mono MP3 music.
	voice := generate(t, "voice.wav", "-f", "lavfi", "-i", "aevalsrc=0.3*sin(2*PI*1000*t):s=24000:d=2")
	music := generate(t, "music.mp3", "-f", "lavfi", "-i", "aevalsrc=0.2*sin(2*PI*300*t):s=44100:d=5", "-c:a", "libmp3lame", "-b:a", "192k")
	narration := []media.AudioClip{{Path: voice, StartMs: 2000, Volume: 1}}
	alone, withMusic := filepath.Join(dir, "alone.m4a"), filepath.Join(dir, "music.m4a")
	if err := tool.MixAudio(ctx, media.MixInput{DurationMs: 5000, Narration: narration}, alone); err != nil {
		t.Fatal(err)
	}
	err := tool.MixAudio(ctx, media.MixInput{DurationMs: 5000, Narration: narration, DuckUnderNarration: true,
		Background: []media.BackgroundAudio{{Path: music, Volume: 1, Loop: true}}}, withMusic)
	if err != nil {
		t.Fatal(err)
	}
	a, m, file := decodeChannels(t, alone), decodeChannels(t, withMusic), decodeChannels(t, music)
	if len(a) != 1 || len(m) != 2 {
		t.Fatalf("%d channels without music, %d with; want 1 and 2", len(a), len(m))
	}
	want := toneDB(a[0], 1000, 2.5, 3.5)
	for c, s := range m {
		if got := toneDB(s, 1000, 2.5, 3.5); math.Abs(got-want) > 0.1 {
			t.Errorf("narration in channel %d of the mix with music: %.2f dB, without music %.2f dB; want the same within 0.1", c, got, want)
		}
	}
	// Before the narration the music is not ducked.
	want = toneDB(file[0], 300, 0.5, 1.5)
	for c, s := range m {
		if got := toneDB(s, 300, 0.5, 1.5); math.Abs(got-want) > 0.1 {
			t.Errorf("music at 100 %% in channel %d: %.2f dB, in its file %.2f dB; want the same within 0.1", c, got, want)
		}
	}
}

// TestExtractAudioKeepsItsLevel: an insert's mono sound is taken as it is, one channel
// at the clip's level (the mix spreads it over both sides at that level); stereo stays
// stereo.
func TestExtractAudioKeepsItsLevel(t *testing.T) {
	ctx := context.Background()
	tool := media.Tool{}
	video := []string{"-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=2"}
	for _, tc := range []struct {
		name, sound string
		channels    int
	}{
		{"mono", "aevalsrc=0.3*sin(2*PI*1000*t):s=44100:d=2", 1},
		{"stereo", "aevalsrc=0.3*sin(2*PI*1000*t)|0.2*sin(2*PI*1000*t):s=44100:d=2", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clip := generate(t, "clip.mp4", with(video, "-f", "lavfi", "-i", tc.sound, "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac")...)
			wav := filepath.Join(t.TempDir(), "sound.wav")
			if ok, err := tool.ExtractAudio(ctx, clip, wav); err != nil || !ok {
				t.Fatalf("extract audio: %v %v", ok, err)
			}
			got, want := decodeChannels(t, wav), decodeChannels(t, clip)
			if len(got) != tc.channels {
				t.Fatalf("the sound has %d channels, want %d", len(got), tc.channels)
			}
			for c := range got {
				if g, w := toneDB(got[c], 1000, 0.5, 1.5), toneDB(want[c], 1000, 0.5, 1.5); math.Abs(g-w) > 0.1 {
					t.Errorf("channel %d of the sound: %.2f dB, of the clip %.2f dB; want the same within 0.1", c, g, w)
				}
			}
		})
	}
}

// TestStackedMusicIsLimited: music items layered at 100 % that add up above full
// scale are held below it (decoded, the mix would otherwise clip), without moving the
// sound: the limiter's look-ahead is taken back, so the mix is where the music is,
// and the chunked mix's stretches meet the whole mix's. Music alone and with
// narration; noise, so that no shift hides in a tone's period.
func TestStackedMusicIsLimited(t *testing.T) {
	ctx := context.Background()
	tool := media.Tool{}
	// A loud 300 Hz tone and loud pink noise, each peaking near full scale (stereo,
	// both sides alike).
	var music []media.BackgroundAudio
	args := []string{}
	for i, src := range []string{"aevalsrc=0.98*sin(2*PI*300*t):s=48000:d=3.1", "anoisesrc=d=2.3:c=pink:r=48000:a=1:seed=1"} {
		f := generate(t, fmt.Sprintf("music%d.wav", i), "-f", "lavfi", "-i", src, "-af", "pan=stereo|c0=c0|c1=c0")
		music = append(music, media.BackgroundAudio{Path: f, Volume: 1, Loop: true})
		args = append(args, "-stream_loop", "-1", "-i", f)
	}
	// The music as it sounds before any limiting.
	sum := decodeMono(t, generate(t, "sum.wav", append(args, "-filter_complex", "amix=inputs=2:normalize=0", "-t", "9")...))
	voice := generate(t, "voice.wav", "-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*1000*t):s=24000:d=2")
	other := generate(t, "other.wav", "-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*700*t):s=24000:d=1")
	for _, tc := range []struct {
		name      string
		narration []media.AudioClip
	}{
		{"music", nil},
		{"music and narration", []media.AudioClip{{Path: voice, StartMs: 4500, Volume: 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			mix := media.MixInput{DurationMs: 9000, Narration: tc.narration, Background: music, DuckUnderNarration: tc.narration != nil}
			whole, chunked := filepath.Join(dir, "whole.m4a"), filepath.Join(dir, "chunked.m4a")
			if err := tool.MixAudio(ctx, mix, whole); err != nil {
				t.Fatal(err)
			}
			cuts := []int{3000, 6000}
			// First with one more clip late in the last scene: without it, that scene's
			// stretch is encoded again from its pre-roll, the others are found.
			store := &dirChunks{dir: t.TempDir()}
			first := mix
			first.Narration = append(slices.Clone(mix.Narration), media.AudioClip{Path: other, StartMs: 7500, Volume: 1})
			if _, err := tool.MixAudioChunked(ctx, first, cuts, store, dir, chunked); err != nil {
				t.Fatal(err)
			}
			if res, err := tool.MixAudioChunked(ctx, mix, cuts, store, dir, chunked); err != nil || res.Reused != 2 {
				t.Fatalf("mix: %+v %v, want the last stretch encoded, the others found", res, err)
			}
			// The limiter holds the mix at full scale (the music adds up to about +4 dBFS);
			// the AAC encoder's ringing takes a decoded peak a little above it.
			for _, path := range []string{whole, chunked} {
				peak := 0.0
				for _, s := range decodeChannels(t, path) {
					for _, v := range s {
						peak = math.Max(peak, math.Abs(v))
					}
				}
				t.Logf("%s peaks at %+.2f dBFS", filepath.Base(path), 20*math.Log10(peak))
				if db := 20 * math.Log10(peak); db > 1 {
					t.Errorf("%s peaks at %+.1f dBFS, want at most +1", filepath.Base(path), db)
				}
			}
			w, c := decodeMono(t, whole), decodeMono(t, chunked)
			// Away from the narration (4.5 to 6.5 s) the mix is where the music is.
			for _, at := range []float64{0.5, 3.5, 8} {
				lo := int(at * 48000)
				if lag := lagOf(w, sum, lo, lo+4800, 960); lag != 0 {
					t.Errorf("at %.1f s the mix is %d samples off the music", at, lag)
				}
			}
			// Each stretch (the last encoded from its pre-roll) is where the whole mix has it.
			for _, at := range cuts {
				lo := at * 48
				lag, got := lagOf(c, w, lo, lo+4800, 960), snr(c, w, lo, lo+48000)
				t.Logf("from %d ms: chunked %d samples off, %.1f dB from the whole mix", at, lag, got)
				if lag != 0 || got < 12 {
					t.Errorf("from %d ms the chunked mix is %d samples off and %.1f dB from the whole one, want 0 and at least 12", at, lag, got)
				}
			}
		})
	}
}
