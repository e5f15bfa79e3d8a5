// Package benchmedia makes the render benches' input with ffmpeg: stills larger than
// the canvas that cost what photographs cost to encode, a clip with motion and sound,
// and music as uploads are.
package benchmedia

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// sources are the stills' pictures, 2400x1600.
var sources = []string{"testsrc2", "mandelbrot", "smptehdbars", "cellauto=rule=110", "life=mold=10:r=1:ratio=0.3", "rgbtestsrc"}

// Stills writes n JPEG stills to dir: the six sources, then again with their hues
// turned, so every still differs.
func Stills(ctx context.Context, dir string, n int) ([]string, error) {
	var out []string
	for i := range n {
		src := sources[i%len(sources)]
		sep := "="
		if strings.Contains(src, "=") {
			sep = ":"
		}
		// A little noise makes the stills cost what photographs cost to encode.
		vf := "noise=alls=5:allf=t,"
		if turn := i / len(sources) * 60; turn > 0 {
			vf += fmt.Sprintf("hue=h=%d,", turn)
		}
		p := filepath.Join(dir, fmt.Sprintf("still%02d.jpg", i))
		if err := FFmpeg(ctx, "-f", "lavfi", "-i", src+sep+"s=2400x1600", "-vf", vf+"format=yuvj420p", "-frames:v", "1", "-q:v", "3", p); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// Clip writes a 6 s 1280x720 H.264 clip with motion and a tone to dir.
func Clip(ctx context.Context, dir string) (string, error) {
	p := filepath.Join(dir, "clip.mp4")
	return p, FFmpeg(ctx, "-f", "lavfi", "-i", "testsrc2=s=1280x720:r=30:d=6", "-f", "lavfi", "-i", "sine=f=330:d=6",
		"-c:v", "libx264", "-preset", "veryfast", "-c:a", "aac", "-shortest", p)
}

// Music writes 20 s of music as uploads are to dir: 44.1 kHz stereo, broadband, a
// chord with overtones that swells over a noise beat twice a second, a little
// different in each ear.
func Music(ctx context.Context, dir string) (string, error) {
	p := filepath.Join(dir, "music.wav")
	chord := "0.12*sin(2*PI*%[1]g*t)*(0.7+0.3*sin(2*PI*0.25*t))+0.08*sin(2*PI*%[1]g*1.26*t)+0.07*sin(2*PI*%[1]g*1.5*t)+0.04*sin(2*PI*%[1]g*3*t)+0.12*(2*random(%[2]d)-1)*exp(-25*mod(t\\,0.5))"
	music := "aevalsrc=" + fmt.Sprintf(chord, 220.0, 0) + "|" + fmt.Sprintf(chord, 220.5, 1) + ":s=44100:d=20"
	return p, FFmpeg(ctx, "-f", "lavfi", "-i", music, p)
}

// FFmpeg runs ffmpeg quietly with args, overwriting its output.
func FFmpeg(ctx context.Context, args ...string) error {
	full := append([]string{"-hide_banner", "-nostdin", "-v", "error", "-y"}, args...)
	if out, err := exec.CommandContext(ctx, "ffmpeg", full...).CombinedOutput(); err != nil {
		return fmt.Errorf("ffmpeg %s: %w: %s", strings.Join(args, " "), err, out)
	}
	return nil
}
