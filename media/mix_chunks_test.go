package media_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"pagecast/media"
)

// dirChunks keeps chunks in a folder, as the worker keeps them in the object store,
// and counts what it is asked.
type dirChunks struct {
	dir  string
	mu   sync.Mutex
	kept []string
}

// FetchChunk refuses to write over a file, as the worker's store does.
func (d *dirChunks) FetchChunk(_ context.Context, hash, path string) (bool, error) {
	b, err := os.ReadFile(filepath.Join(d.dir, hash))
	if os.IsNotExist(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return false, err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return true, err
}

func (d *dirChunks) KeepChunk(_ context.Context, hash, path string) error {
	d.mu.Lock()
	d.kept = append(d.kept, hash)
	d.mu.Unlock()
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	// Whole or not at all, as an object store's put: two chunks alike may be kept at
	// once, and their frames need not be the same bytes.
	tmp, err := os.CreateTemp(d.dir, "keep-")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), filepath.Join(d.dir, hash))
}

// decodeMono is the sound of path as 48 kHz mono samples.
func decodeMono(t *testing.T, path string) []float32 {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-v", "error", "-i", path, "-f", "f32le", "-ac", "1", "-ar", "48000", "-").Output()
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	s := make([]float32, len(out)/4)
	for i := range s {
		s[i] = math.Float32frombits(binary.LittleEndian.Uint32(out[i*4:]))
	}
	return s
}

// snr is how far (dB) got is from want over [lo, hi).
func snr(got, want []float32, lo, hi int) float64 {
	var sig, noise float64
	for i := lo; i < hi; i++ {
		sig += float64(want[i]) * float64(want[i])
		d := float64(got[i]) - float64(want[i])
		noise += d * d
	}
	return 10 * math.Log10(sig/noise)
}

// TestMixAudioChunked: a mix kept in chunks sounds like the mix encoded whole, lasts
// as long and starts as early; mixing it again reuses every chunk, and a change to one
// scene's narration encodes only the chunks that hear it, each from its pre-roll,
// and they join the kept chunks without a seam.
func TestMixAudioChunked(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	tool := media.Tool{}
	voice := generate(t, "voice.wav", "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*440*t)*sin(2*PI*2*t):s=24000:d=2.6")
	other := generate(t, "other.wav", "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*660*t)*sin(2*PI*3*t):s=24000:d=2.6")
	music := generate(t, "music.wav", "-f", "lavfi", "-i", "aevalsrc=0.2*sin(2*PI*220*t)+0.1*sin(2*PI*330*t):s=44100:d=1.7")
	// Four 3 s scenes, narration from 150 ms into each; the music loops under it all.
	mix := media.MixInput{DurationMs: 12000, DuckUnderNarration: true,
		Background: []media.BackgroundAudio{{Path: music, Volume: 0.5, Loop: true}}}
	cuts := []int{3000, 6000, 9000}
	for _, at := range append([]int{0}, cuts...) {
		mix.Narration = append(mix.Narration, media.AudioClip{Path: voice, StartMs: at + 150, Volume: 1})
	}
	whole := filepath.Join(dir, "whole.m4a")
	if err := tool.MixAudio(ctx, mix, whole); err != nil {
		t.Fatal(err)
	}
	store := &dirChunks{dir: t.TempDir()}
	chunked := filepath.Join(dir, "chunked.m4a")
	res, err := tool.MixAudioChunked(ctx, mix, cuts, store, dir, chunked)
	if err != nil {
		t.Fatal(err)
	}
	if res.Chunks != 4 || res.Reused != 0 {
		t.Fatalf("first mix: %+v, want 4 chunks encoded", res)
	}
	w, c := decodeMono(t, whole), decodeMono(t, chunked)
	if d := len(c) - len(w); d < -1024 || d > 1024 {
		t.Fatalf("chunked mix has %d samples, whole %d", len(c), len(w))
	}
	n := min(len(c), len(w)) - 2048
	t.Logf("chunked vs whole: %.1f dB over the mix", snr(c, w, 0, n))
	if got := snr(c, w, 0, n); got < 25 {
		t.Errorf("chunked mix is %.1f dB from the whole one, want at least 25", got)
	}
	for _, seam := range cuts {
		at := seam * 48
		if got := snr(c, w, at-2048, at+2048); got < 25 {
			t.Errorf("at the seam at %d ms the chunked mix is %.1f dB from the whole one, want at least 25", seam, got)
		}
	}
	// The start is where the whole mix's is: the first narration is heard 150 ms in.
	onset := func(s []float32) int {
		for i, v := range s {
			if math.Abs(float64(v)) > 0.35 {
				return i
			}
		}
		return -1
	}
	if a, b := onset(c), onset(w); a < 0 || math.Abs(float64(a-b)) > 48 {
		t.Errorf("chunked mix is first loud at sample %d, the whole one at %d", a, b)
	}

	again := filepath.Join(dir, "again.m4a")
	if res, err := tool.MixAudioChunked(ctx, mix, cuts, store, dir, again); err != nil || res.Reused != 4 {
		t.Fatalf("same mix again: %+v %v, want every chunk reused", res, err)
	}
	// Scene 3's narration changes: its chunk is encoded again, and the chunk before it
	// (whose end the encoder heard past) may be; the first two are not.
	store.kept = nil
	mix.Narration[2] = media.AudioClip{Path: other, StartMs: 6150, Volume: 1}
	res, err = tool.MixAudioChunked(ctx, mix, cuts, store, dir, filepath.Join(dir, "edited.m4a"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Reused < 2 || len(store.kept) != res.Chunks-res.Reused || len(store.kept) > 2 {
		t.Errorf("after one scene's narration changed: %+v, %d kept; want 1 or 2 chunks encoded", res, len(store.kept))
	}
	// The stretches encoded alone, from their pre-roll, join the kept ones without a
	// seam: the edited mix sounds like the edited mix encoded whole.
	editedWhole := filepath.Join(dir, "edited-whole.m4a")
	if err := tool.MixAudio(ctx, mix, editedWhole); err != nil {
		t.Fatal(err)
	}
	e, ew := decodeMono(t, filepath.Join(dir, "edited.m4a")), decodeMono(t, editedWhole)
	n = min(len(e), len(ew)) - 2048
	t.Logf("edited, chunked vs whole: %.1f dB over the mix", snr(e, ew, 0, n))
	if got := snr(e, ew, 0, n); got < 25 {
		t.Errorf("the edited chunked mix is %.1f dB from the edited whole one, want at least 25", got)
	}
	for _, seam := range cuts {
		at := seam * 48
		if got := snr(e, ew, at-2048, at+2048); got < 25 {
			t.Errorf("at the seam at %d ms the edited chunked mix is %.1f dB from the whole one, want at least 25", seam, got)
		}
	}
}

// TestMixAudioChunkedSideBySide: a long mix given two threads is encoded by two
// ffmpeg side by side, the second from its pre-roll, and sounds like the whole
// encode, at the seam where they meet too.
func TestMixAudioChunkedSideBySide(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	tool := media.Tool{}
	voice := generate(t, "voice.wav", "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*440*t)*sin(2*PI*2*t):s=24000:d=9")
	music := generate(t, "music.wav", "-f", "lavfi", "-i", "aevalsrc=0.2*sin(2*PI*220*t)+0.1*sin(2*PI*330*t):s=44100:d=7.3")
	// Four 12 s scenes: 48 s, two shares of at least 20 s.
	mix := media.MixInput{DurationMs: 48000, DuckUnderNarration: true, Threads: 2,
		Background: []media.BackgroundAudio{{Path: music, Volume: 0.5, Loop: true}}}
	cuts := []int{12000, 24000, 36000}
	for _, at := range append([]int{0}, cuts...) {
		mix.Narration = append(mix.Narration, media.AudioClip{Path: voice, StartMs: at + 2500, Volume: 1})
	}
	whole := filepath.Join(dir, "whole.m4a")
	if err := tool.MixAudio(ctx, mix, whole); err != nil {
		t.Fatal(err)
	}
	store := &dirChunks{dir: t.TempDir()}
	chunked := filepath.Join(dir, "chunked.m4a")
	if res, err := tool.MixAudioChunked(ctx, mix, cuts, store, dir, chunked); err != nil || res.Chunks != 4 || len(store.kept) != 4 {
		t.Fatalf("mix: %+v %v, %d kept; want 4 chunks encoded and kept", res, err, len(store.kept))
	}
	w, c := decodeMono(t, whole), decodeMono(t, chunked)
	if d := len(c) - len(w); d < -1024 || d > 1024 {
		t.Fatalf("chunked mix has %d samples, whole %d", len(c), len(w))
	}
	n := min(len(c), len(w)) - 2048
	if got := snr(c, w, 0, n); got < 25 {
		t.Errorf("mix encoded side by side is %.1f dB from the whole one, want at least 25", got)
	}
	for _, seam := range cuts {
		at := seam * 48
		if got := snr(c, w, at-2048, at+2048); got < 25 {
			t.Errorf("at the seam at %d ms the mix encoded side by side is %.1f dB from the whole one, want at least 25", seam, got)
		}
	}
}

// TestMixAudioChunkedTwoStretchesAlike: two scenes that sound the same (as long, and
// silent, with no music) are one chunk in the store; mixed again, both are found there
// and the mix sounds as it did.
func TestMixAudioChunkedTwoStretchesAlike(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	tool := media.Tool{}
	voice := generate(t, "voice.wav", "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*440*t):s=24000:d=2")
	// Scenes from 4.032 to 6.016 s and from 6.016 to 8 s are as long (cuts on AAC
	// frames, 64 ms being three) and hear nothing, not even in their pre-roll.
	mix := media.MixInput{DurationMs: 10000, Narration: []media.AudioClip{{Path: voice, StartMs: 100, Volume: 1}}}
	cuts := []int{4032, 6016, 8000}
	store := &dirChunks{dir: t.TempDir()}
	first, again := filepath.Join(dir, "first.m4a"), filepath.Join(dir, "again.m4a")
	if res, err := tool.MixAudioChunked(ctx, mix, cuts, store, dir, first); err != nil || res.Chunks != 4 || res.Reused != 0 {
		t.Fatalf("first mix: %+v %v, want 4 chunks encoded", res, err)
	}
	if kept := slices.Compact(slices.Sorted(slices.Values(store.kept))); len(kept) != 3 {
		t.Fatalf("the store holds %d chunks, want 3 (two scenes alike)", len(kept))
	}
	if res, err := tool.MixAudioChunked(ctx, mix, cuts, store, dir, again); err != nil || res.Reused != 4 {
		t.Fatalf("second mix: %+v %v, want all 4 chunks found", res, err)
	}
	if a, b := decodeMono(t, first), decodeMono(t, again); !slices.Equal(a, b) {
		t.Errorf("the mix made from stored chunks differs from the first (%d and %d samples)", len(a), len(b))
	}
}

// TestMixIsMonoWhenAllItHoldsIsMono: a mix of nothing but mono narration (WAV as the
// TTS providers make it, or an upload, which is probed) is one channel, whole and in
// chunks, and the chunks sound like the whole; music or a stereo clip (an insert's
// sound) makes it stereo.
func TestMixIsMonoWhenAllItHoldsIsMono(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	tool := media.Tool{}
	voice := generate(t, "voice.wav", "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*440*t)*sin(2*PI*2*t):s=22050:d=2.6")
	upload := generate(t, "upload.m4a", "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*660*t)*sin(2*PI*3*t):s=44100:d=2.6", "-c:a", "aac")
	insert := generate(t, "insert.wav", "-f", "lavfi", "-i", "aevalsrc=0.3*sin(2*PI*500*t)|0.3*sin(2*PI*600*t):s=48000:d=2")
	music := generate(t, "music.wav", "-f", "lavfi", "-i", "aevalsrc=0.2*sin(2*PI*220*t)|0.2*sin(2*PI*330*t):s=44100:d=1.7")
	channels := func(path string) string {
		out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=channels", "-of", "csv=p=0", path).Output()
		if err != nil {
			t.Fatalf("ffprobe %s: %v", path, err)
		}
		return strings.TrimSpace(string(out))
	}
	narration := []media.AudioClip{{Path: voice, StartMs: 150, Volume: 1}, {Path: upload, StartMs: 3150, Volume: 1}, {Path: voice, StartMs: 6150, Volume: 1}}
	cuts := []int{3000, 6000}
	for _, tc := range []struct {
		name string
		mix  media.MixInput
		want string
	}{
		{"mono narration", media.MixInput{DurationMs: 9000, Narration: narration}, "1"},
		{"with music", media.MixInput{DurationMs: 9000, Narration: narration, DuckUnderNarration: true,
			Background: []media.BackgroundAudio{{Path: music, Volume: 0.5, Loop: true}}}, "2"},
		{"with a stereo clip", media.MixInput{DurationMs: 9000, Narration: append(slices.Clone(narration), media.AudioClip{Path: insert, StartMs: 0, Volume: 1})}, "2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whole := filepath.Join(dir, tc.name+"-whole.m4a")
			if err := tool.MixAudio(ctx, tc.mix, whole); err != nil {
				t.Fatal(err)
			}
			chunked := filepath.Join(dir, tc.name+"-chunked.m4a")
			if _, err := tool.MixAudioChunked(ctx, tc.mix, cuts, &dirChunks{dir: t.TempDir()}, dir, chunked); err != nil {
				t.Fatal(err)
			}
			if a, b := channels(whole), channels(chunked); a != tc.want || b != tc.want {
				t.Fatalf("channels: whole %s, chunked %s; want %s", a, b, tc.want)
			}
			w, c := decodeMono(t, whole), decodeMono(t, chunked)
			n := min(len(c), len(w)) - 2048
			if got := snr(c, w, 0, n); got < 25 {
				t.Errorf("chunked mix is %.1f dB from the whole one, want at least 25", got)
			}
		})
	}
}

// TestMutingEncodesOnlyTheStretchesItReaches: a voiceover is one clip over the whole
// video; muting one slide's time encodes again only the stretches that reach into it,
// and the mix still sounds like the one encoded whole.
func TestMutingEncodesOnlyTheStretchesItReaches(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	tool := media.Tool{}
	voice := generate(t, "voice.wav", "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*440*t)*sin(2*PI*2*t):s=24000:d=12")
	mix := media.MixInput{DurationMs: 12000, Narration: []media.AudioClip{{Path: voice, Volume: 1}}}
	cuts := []int{3000, 6000, 9000}
	store := &dirChunks{dir: t.TempDir()}
	if _, err := tool.MixAudioChunked(ctx, mix, cuts, store, dir, filepath.Join(dir, "first.m4a")); err != nil {
		t.Fatal(err)
	}
	store.kept = nil
	mix.Narration[0].Mute = []media.Span{{StartMs: 9500, EndMs: 11000}}
	muted := filepath.Join(dir, "muted.m4a")
	res, err := tool.MixAudioChunked(ctx, mix, cuts, store, dir, muted)
	if err != nil {
		t.Fatal(err)
	}
	if res.Chunks != 4 || res.Reused < 2 || len(store.kept) > 2 {
		t.Fatalf("after muting the last stretch: %+v, %d encoded; want at most the last two encoded", res, len(store.kept))
	}
	whole := filepath.Join(dir, "whole.m4a")
	if err := tool.MixAudio(ctx, mix, whole); err != nil {
		t.Fatal(err)
	}
	c, w := decodeMono(t, muted), decodeMono(t, whole)
	if n := min(len(c), len(w)) - 2048; snr(c, w, 0, n) < 25 {
		t.Errorf("the muted chunked mix is %.1f dB from the whole one, want at least 25", snr(c, w, 0, n))
	}
}

// lagOf is the shift (samples, within ±max) at which got best matches want over
// [lo, hi): 0 when got is where want is.
func lagOf(got, want []float32, lo, hi, most int) int {
	best, lag := math.Inf(-1), 0
	for l := -most; l <= most; l++ {
		var s, e float64
		for i := lo; i < hi; i++ {
			g := float64(got[i+l])
			s += g * float64(want[i])
			e += g * g
		}
		if r := s / math.Sqrt(e); r > best {
			best, lag = r, l
		}
	}
	return lag
}

// TestLoopedMusicStretchesMatchTheWholeMix: looped MP3 and AAC music (whose
// timestamps each loop runs ahead of its samples by the encoder's delay) is, in a
// stretch encoded from its pre-roll late in the video, where the whole mix has it.
// Noise, not a tone, so that no shift hides in a tone's period.
func TestLoopedMusicStretchesMatchTheWholeMix(t *testing.T) {
	ctx := context.Background()
	tool := media.Tool{}
	voice := generate(t, "voice.wav", "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*440*t)*sin(2*PI*2*t):s=24000:d=2")
	other := generate(t, "other.wav", "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*660*t)*sin(2*PI*3*t):s=24000:d=2")
	noise := []string{"-f", "lavfi", "-i", "anoisesrc=d=7.3:c=pink:r=48000:a=0.3:seed=7", "-ac", "2"}
	for _, music := range []struct{ name, file string }{
		{"MP3", generate(t, "music.mp3", with(noise, "-c:a", "libmp3lame", "-b:a", "192k")...)},
		{"AAC", generate(t, "music.m4a", with(noise, "-c:a", "aac", "-b:a", "192k")...)},
	} {
		t.Run(music.name, func(t *testing.T) {
			dir := t.TempDir()
			// Four scenes; narration 3 s into each, so each scene starts with music alone.
			mix := media.MixInput{DurationMs: 50000, DuckUnderNarration: true,
				Background: []media.BackgroundAudio{{Path: music.file, Volume: 0.5, Loop: true}}}
			cuts := []int{20000, 30000, 45000}
			for _, at := range append([]int{0}, cuts...) {
				mix.Narration = append(mix.Narration, media.AudioClip{Path: voice, StartMs: at + 3000, Volume: 1})
			}
			store := &dirChunks{dir: t.TempDir()}
			if _, err := tool.MixAudioChunked(ctx, mix, cuts, store, dir, filepath.Join(dir, "first.m4a")); err != nil {
				t.Fatal(err)
			}
			// The scenes at 20 and 45 s change: each is encoded alone, from its pre-roll.
			mix.Narration[1].Path, mix.Narration[3].Path = other, other
			store.kept = nil
			edited := filepath.Join(dir, "edited.m4a")
			res, err := tool.MixAudioChunked(ctx, mix, cuts, store, dir, edited)
			if err != nil {
				t.Fatal(err)
			}
			if res.Reused != 2 || len(store.kept) != 2 {
				t.Fatalf("edit: %+v, %d kept; want the stretches at 20 and 45 s encoded", res, len(store.kept))
			}
			whole := filepath.Join(dir, "whole.m4a")
			if err := tool.MixAudio(ctx, mix, whole); err != nil {
				t.Fatal(err)
			}
			c, w := decodeMono(t, edited), decodeMono(t, whole)
			// Encoded from its pre-roll, noise is some 20 dB from the whole encode (the
			// encoder's bit reservoir has another past; WAV music is as far), and shifted
			// by a loop's delay about -3 dB: the shift is what is checked.
			for _, at := range []int{20000, 45000} {
				lo, hi := at*48, at*48+2*48000
				lag, got := lagOf(c, w, lo, lo+12000, 9600), snr(c, w, lo, hi)
				t.Logf("from %d ms: shifted %d samples, %.1f dB from the whole mix", at, lag, got)
				if lag != 0 || got < 12 {
					t.Errorf("the music from %d ms is shifted %d samples and %.1f dB from the whole mix's, want 0 and at least 12", at, lag, got)
				}
			}
		})
	}
}

// TestMixAudioChunkedEndsWithThePicture: the mix's track lasts the mix's length, not
// to the end of its last AAC frame, so a joined video's sound ends with its picture
// and a browser's player reports the video's length (it reported up to 21 ms more,
// the padding of the last frame, and played the last picture that much longer).
func TestMixAudioChunkedEndsWithThePicture(t *testing.T) {
	ctx := context.Background()
	tool := media.Tool{}
	voice := generate(t, "voice.wav", "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*440*t):s=24000:d=0.8")
	music := generate(t, "music.wav", "-f", "lavfi", "-i", "aevalsrc=0.2*sin(2*PI*220*t)|0.2*sin(2*PI*221*t):s=44100:d=1.7")
	for _, tc := range []struct {
		name       string
		durationMs int
		cuts       []int
		music      bool
	}{
		{"a second, mono", 1000, nil, false},
		{"eleven seconds in three chunks, with music", 11000, []int{2000, 6500}, true},
		{"frames that end between milliseconds", 2033, []int{1000}, true}, // 61 frames: 2033.3 ms
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			mix := media.MixInput{DurationMs: tc.durationMs, FPS: 30, Narration: []media.AudioClip{{Path: voice, StartMs: 100, Volume: 1}}}
			if tc.music {
				mix.Background = []media.BackgroundAudio{{Path: music, Volume: 0.3, Loop: true}}
				mix.DuckUnderNarration = true
			}
			out := filepath.Join(dir, "mix.m4a")
			if _, err := tool.MixAudioChunked(ctx, mix, tc.cuts, &dirChunks{dir: t.TempDir()}, dir, out); err != nil {
				t.Fatal(err)
			}
			frames := (tc.durationMs*30 + 500) / 1000
			want := fmt.Sprintf("%.3f", math.Ceil(float64(frames)*1000/30)/1000)
			got, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "stream=duration:format=duration", "-of", "csv=p=0", out).Output()
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range strings.Fields(string(got)) {
				if f, _ := strconv.ParseFloat(d, 64); fmt.Sprintf("%.3f", f) != want {
					t.Errorf("ffprobe durations %q, want %s s (the mix's %d frames)", strings.Fields(string(got)), want, frames)
					break
				}
			}
		})
	}
}
