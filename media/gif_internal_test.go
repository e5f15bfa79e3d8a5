package media

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"os"
	"path/filepath"
	"testing"
)

func TestAnimatedGIF(t *testing.T) {
	frame := func(c uint8) *image.Paletted {
		p := image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.Gray{0}, color.Gray{c}})
		p.Pix[0] = 1
		return p
	}
	write := func(name string, g *gif.GIF) string {
		var b bytes.Buffer
		if err := gif.EncodeAll(&b, g); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	one := write("one.gif", &gif.GIF{Image: []*image.Paletted{frame(200)}, Delay: []int{0}})
	three := write("three.gif", &gif.GIF{Image: []*image.Paletted{frame(50), frame(100), frame(200)}, Delay: []int{10, 10, 10}})
	withGlobal := write("global.gif", &gif.GIF{Image: []*image.Paletted{frame(50), frame(100)}, Delay: []int{10, 10},
		Config: image.Config{ColorModel: color.Palette{color.Gray{0}, color.Gray{50}, color.Gray{100}, color.Gray{200}}, Width: 4, Height: 4}})
	cut := filepath.Join(t.TempDir(), "cut.gif")
	whole, _ := os.ReadFile(three)
	if err := os.WriteFile(cut, whole[:40], 0o644); err != nil {
		t.Fatal(err)
	}
	png := filepath.Join(t.TempDir(), "x.png")
	if err := os.WriteFile(png, []byte("\x89PNG\r\n\x1a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want bool
	}{
		{one, false}, {three, true}, {withGlobal, true}, {cut, false}, {png, false}, {filepath.Join(t.TempDir(), "missing.gif"), false},
	}
	for _, tt := range tests {
		if got := animatedGIF(tt.path); got != tt.want {
			t.Errorf("animatedGIF(%s) = %v, want %v", filepath.Base(tt.path), got, tt.want)
		}
	}
}
