package media

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestMayBeTransparent: stills are laid on white only when their format says they can
// have transparent pixels.
func TestMayBeTransparent(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	src := []string{"-f", "lavfi", "-i", "testsrc=size=64x48:rate=1", "-frames:v", "1"}
	tests := []struct {
		name string
		args []string
		want bool
	}{
		{"opaque.jpg", nil, false},
		{"rgb.png", []string{"-pix_fmt", "rgb24"}, false},
		{"grey.png", []string{"-pix_fmt", "gray"}, false},
		{"rgba.png", []string{"-pix_fmt", "rgba"}, true},
		{"greyalpha.png", []string{"-pix_fmt", "ya8"}, true},
		{"lossy.webp", []string{"-c:v", "libwebp", "-pix_fmt", "yuv420p"}, false},
		{"alpha.webp", []string{"-vf", "format=rgba,geq=r=0:g=0:b=0:a=X", "-c:v", "libwebp"}, true},
		{"still.gif", nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), tc.name)
			args := append(append([]string{"-v", "error", "-y"}, src...), tc.args...)
			if b, err := exec.Command("ffmpeg", append(args, out)...).CombinedOutput(); err != nil {
				t.Fatalf("make %s: %v\n%s", tc.name, err, b)
			}
			if got := mayBeTransparent(out); got != tc.want {
				t.Errorf("mayBeTransparent(%s) = %v, want %v", tc.name, got, tc.want)
			}
		})
	}
	if !mayBeTransparent(filepath.Join(t.TempDir(), "missing.png")) {
		t.Error("a file it cannot read should be flattened to be safe")
	}
}
