package media

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// TestWriteM4AMatchesFFmpeg: an ADTS stream written by writeM4A decodes to exactly the
// samples of ffmpeg's remux of it (with -itsoffset of minus the priming, as the mix
// was remuxed before), starts and lasts as long, decodes without an error, and joins.
func TestWriteM4AMatchesFFmpeg(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, source string
		encode       []string
		rate         int
	}{
		{"the mix's settings", "aevalsrc=0.3*sin(2*PI*440*t)+0.05*random(0):s=24000:d=2.37", mixEncodeArgs(2), MixSampleRate},
		{"the mix's settings, mono", "aevalsrc=0.3*sin(2*PI*440*t)+0.05*random(0):s=24000:d=2.37", mixEncodeArgs(1), MixSampleRate},
		{"a second and a frame", "sine=frequency=300:sample_rate=48000:duration=1.0213", mixEncodeArgs(2), MixSampleRate},
		{"mono at 44.1 kHz", "sine=frequency=500:sample_rate=44100:duration=0.7", []string{"-c:a", "aac", "-b:a", "96k", "-ac", "1"}, 44100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			adts := ffmpegFile(t, filepath.Join(dir, "s.aac"), append([]string{"-f", "lavfi", "-i", tc.source}, append(tc.encode, "-f", "adts")...)...)
			b, err := os.ReadFile(adts)
			if err != nil {
				t.Fatal(err)
			}
			got := filepath.Join(dir, "got.m4a")
			if err := writeM4A(b, aacFrame, 0, got); err != nil {
				t.Fatal(err)
			}
			want := ffmpegFile(t, filepath.Join(dir, "want.m4a"), "-itsoffset", strconv.FormatFloat(-float64(aacFrame)/float64(tc.rate), 'f', 9, 64),
				"-f", "aac", "-i", adts, "-c", "copy", "-f", "mp4")
			if a, w := decoded(t, got, "0:a:0"), decoded(t, want, "0:a:0"); !bytes.Equal(a, w) || len(a) == 0 {
				t.Errorf("writeM4A decodes to %d bytes, ffmpeg's remux to %d, or they differ", len(a), len(w))
			}
			probe := func(path string) string {
				out, err := exec.Command("ffprobe", "-v", "error", "-show_entries",
					"format=duration,start_time:stream=codec_name,profile,sample_rate,channels,start_time,duration,duration_ts,nb_frames",
					"-of", "csv=p=0", path).Output()
				if err != nil {
					t.Fatalf("ffprobe %s: %v", path, err)
				}
				return string(out)
			}
			if g, w := probe(got), probe(want); g != w {
				t.Errorf("ffprobe: writeM4A\n%s ffmpeg\n%s", g, w)
			}
			if out, err := exec.Command("ffmpeg", "-v", "error", "-xerror", "-i", got, "-f", "null", "-").CombinedOutput(); err != nil || len(out) > 0 {
				t.Errorf("decode: %v %s", err, out)
			}
		})
	}
}

// TestWriteM4ARefusesWhatIsNotOneAACStream: no frames, a frame coded unlike the first,
// or only the priming give an error and no file.
func TestWriteM4ARefusesWhatIsNotOneAACStream(t *testing.T) {
	dir := t.TempDir()
	adts := func(source string, args ...string) []byte {
		p := ffmpegFile(t, filepath.Join(dir, "x.aac"), append([]string{"-f", "lavfi", "-i", source, "-c:a", "aac"}, append(args, "-f", "adts")...)...)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	stereo := adts("sine=sample_rate=48000:duration=0.5", "-ac", "2")
	mono := adts("sine=sample_rate=48000:duration=0.5", "-ac", "1")
	first, _ := adtsFrames(stereo)
	for name, b := range map[string][]byte{
		"empty":         nil,
		"not ADTS":      []byte("just some text, long enough"),
		"coded unlike":  append(append([]byte{}, stereo...), mono...),
		"priming alone": first[0],
	} {
		out := filepath.Join(dir, "out.m4a")
		if err := writeM4A(b, aacFrame, 0, out); err == nil {
			t.Errorf("%s: no error", name)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s: left a file", name)
		}
	}
}
