package media_test

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"pagecast/media"
)

// TestExtractAudioIsTimedByThePicture: a clip whose sound starts later than its
// picture (trimmed without re-encoding, say) has its sound taken with that silence
// before it, so it plays where it did in the clip, and one whose picture starts later
// has its sound taken from where the picture starts; either lasts as long as it ran
// past the picture's start. Mixed at an insert's start, the sound is heard that much
// later.
func TestExtractAudioIsTimedByThePicture(t *testing.T) {
	ctx := context.Background()
	tool := media.Tool{}
	dir := t.TempDir()
	// A picture from 0 s; the sound is silent for 0.7 s, then a 1 kHz tone.
	picture := generate(t, "picture.mp4", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=3", "-c:v", "libx264", "-preset", "ultrafast")
	sound := func(d string) []string {
		return []string{"-f", "lavfi", "-i", "aevalsrc=0.3*gte(t\\,0.7)*sin(2*PI*1000*t):s=48000:d=" + d}
	}
	for _, tc := range []struct {
		name, file    string
		args          []string
		onset, length float64 // seconds from the picture's start
	}{
		{"sound 1 s after the picture", "clip.mp4", append(append([]string{"-i", picture, "-itsoffset", "1"}, sound("2")...),
			"-map", "0:v", "-map", "1:a", "-c:v", "copy", "-c:a", "aac"), 1.7, 3},
		// PCM, so that no encoder's priming moves the sound in a container that keeps a
		// late picture's start.
		{"picture 0.5 s after the sound", "clip.mkv", append(append([]string{"-itsoffset", "0.5", "-i", picture}, sound("3.5")...),
			"-map", "0:v", "-map", "1:a", "-c:v", "copy", "-c:a", "pcm_s16le"), 0.2, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clip := generate(t, tc.file, tc.args...)
			wav := filepath.Join(t.TempDir(), "sound.wav")
			if ok, err := tool.ExtractAudio(ctx, clip, wav); err != nil || !ok {
				t.Fatalf("extract audio: %v %v", ok, err)
			}
			s := decodeChannels(t, wav)[0]
			// Within an AAC frame either way.
			if got := float64(onsetOf(s, 0.1)) / 48000; math.Abs(got-tc.onset) > 1024.0/48000 {
				t.Errorf("the tone starts %.3f s into the sound, want %.3f", got, tc.onset)
			}
			if got := float64(len(s)) / 48000; math.Abs(got-tc.length) > 1024.0/48000 {
				t.Errorf("the sound lasts %.3f s, want %.3f", got, tc.length)
			}
			// Mixed as the render places an insert's sound, at the insert's start.
			mix := filepath.Join(dir, tc.name+".m4a")
			if err := tool.MixAudio(ctx, media.MixInput{DurationMs: 6000, Narration: []media.AudioClip{{Path: wav, StartMs: 2000, Volume: 1}}}, mix); err != nil {
				t.Fatal(err)
			}
			if got := float64(onsetOf(decodeChannels(t, mix)[0], 0.1)) / 48000; math.Abs(got-2-tc.onset) > 1024.0/48000 {
				t.Errorf("in the mix the tone starts %.3f s after the insert, want %.3f", got-2, tc.onset)
			}
		})
	}
}

// onsetOf is the first sample of s louder than level (len(s) when none is).
func onsetOf(s []float64, level float64) int {
	for i, v := range s {
		if math.Abs(v) > level {
			return i
		}
	}
	return len(s)
}
