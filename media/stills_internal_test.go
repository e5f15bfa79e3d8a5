package media

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestStillSize: a still's stored size is read from its header, for every still format
// an upload may be, WebP's three kinds included.
func TestStillSize(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	src := []string{"-f", "lavfi", "-i", "testsrc=size=322x98:rate=1", "-frames:v", "1"}
	tests := []struct {
		name string
		args []string
	}{
		{"photo.jpg", nil},
		{"rgba.png", []string{"-pix_fmt", "rgba"}},
		{"still.gif", nil},
		{"lossy.webp", []string{"-c:v", "libwebp", "-pix_fmt", "yuv420p"}},
		{"lossless.webp", []string{"-c:v", "libwebp", "-lossless", "1"}},
		{"alpha.webp", []string{"-vf", "format=rgba,geq=r=0:g=0:b=0:a=X", "-c:v", "libwebp"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), tc.name)
			args := append(append([]string{"-v", "error", "-y"}, src...), tc.args...)
			if b, err := exec.Command("ffmpeg", append(args, out)...).CombinedOutput(); err != nil {
				t.Fatalf("make %s: %v\n%s", tc.name, err, b)
			}
			if w, h, ok := stillSize(out); !ok || w != 322 || h != 98 {
				t.Errorf("stillSize(%s) = %d x %d (%v), want 322 x 98", tc.name, w, h, ok)
			}
		})
	}
	if _, _, ok := stillSize(filepath.Join(t.TempDir(), "missing.png")); ok {
		t.Error("a file it cannot read has no size")
	}
}
