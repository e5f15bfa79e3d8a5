package media

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// playlistMP3 writes, in dir, a file an import takes for an MP3 (an ID3 tag, then MP3
// frames ffmpeg's mp3 demuxer finds after some junk) whose junk is an HLS playlist
// naming secret, a file elsewhere on the machine: ffmpeg's own probing looks past the
// tag and reads the file as that playlist.
func playlistMP3(t *testing.T, dir, secret string) string {
	t.Helper()
	frames := filepath.Join(dir, "frames.mp3")
	run := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("ffmpeg", append([]string{"-v", "error", "-y"}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("ffmpeg %v: %v: %s", args, err, out)
		}
	}
	run("-f", "lavfi", "-i", "sine=f=220:d=2", "-c:a", "libmp3lame", "-id3v2_version", "0", "-write_xing", "0", frames)
	run("-f", "lavfi", "-i", "sine=f=880:d=2", "-c:a", "aac", "-f", "mpegts", secret)
	mp3, err := os.ReadFile(frames)
	if err != nil {
		t.Fatal(err)
	}
	tag := []byte("ID3\x04\x00\x00\x00\x00\x00\x14")
	tag = append(tag, make([]byte, 20)...)
	playlist := "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:2.0,\n" + secret + "\n#EXT-X-ENDLIST\n"
	path := filepath.Join(dir, "music-000.mp3")
	if err := os.WriteFile(path, slices.Concat(tag, []byte(playlist), mp3), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestUntrustedInputsAreReadAsChecked: a render opens a user's media as the format the
// import checked (its first bytes), never as a playlist that reads other files of the
// worker; a file no format of ours recognises is opened only by our formats' demuxers.
func TestUntrustedInputsAreReadAsChecked(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	dir := t.TempDir()
	secret := filepath.Join(t.TempDir(), "secret.ts")
	poly := playlistMP3(t, dir, secret)
	if f, err := SniffFile(poly); err != nil || f.Name != "mp3" {
		t.Fatalf("SniffFile = %+v, %v; the import takes the file for an MP3", f, err)
	}
	unknown := filepath.Join(dir, "unknown.bin")
	if err := os.WriteFile(unknown, []byte("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n"+secret+"\n#EXT-X-ENDLIST\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mixArgs, _, _ := mixGraph(MixInput{DurationMs: 2000, Narration: []AudioClip{{Path: poly, Volume: 1}},
		Background: []BackgroundAudio{{Path: poly, Volume: 1}}}, mixSources{channels: 2, total: 2 * MixSampleRate, fades: make([]span64, 1)}, 0, 2*MixSampleRate, 0, "")
	count := func(args []string, flag, value string) int {
		n := 0
		for i := 0; i+1 < len(args); i++ {
			if args[i] == flag && args[i+1] == value {
				n++
			}
		}
		return n
	}
	for _, tc := range []struct {
		name        string
		args        []string
		flag, value string
		want        int
	}{
		{"a file an import took for MP3", input(poly, ""), "-f", "mp3", 1},
		{"narration and music of a mix", mixArgs, "-f", "mp3", 2},
		{"a file of no format of ours", input(unknown, ""), "-format_whitelist", knownDemuxers, 1},
		{"a demuxer named by the caller", input(unknown, "wav"), "-f", "wav", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := count(tc.args, tc.flag, tc.value); got != tc.want {
				t.Fatalf("args %q have %s %s %d times, want %d", tc.args, tc.flag, tc.value, got, tc.want)
			}
		})
	}
	if strings.Contains(knownDemuxers, "hls") || strings.Contains(knownDemuxers, "concat") || strings.Contains(knownDemuxers, "dash") {
		t.Fatalf("knownDemuxers = %s: it names a demuxer that opens other files", knownDemuxers)
	}
	p, err := Tool{}.Probe(context.Background(), poly, "")
	if err != nil || p.FormatName != "mp3" {
		t.Fatalf("Probe = %+v, %v; want the MP3 the import checked, not the playlist", p, err)
	}
	if _, err := (Tool{}).Probe(context.Background(), unknown, ""); err == nil {
		t.Fatal("Probe of a bare playlist succeeded")
	}
}
