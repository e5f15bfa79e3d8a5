package media

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// TestOnBackdropMatchesDrawOver: onBackdrop gives what draw.Over gives on non-premultiplied
// pictures (to a unit of rounding), for every kind of source alpha on every kind of
// backdrop the rasteriser composes: the translucent tagline band, the opaque slate of
// text slides, and a transparent one.
func TestOnBackdropMatchesDrawOver(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	src := image.NewNRGBA(image.Rect(0, 0, 64, 48))
	for i := range src.Pix {
		src.Pix[i] = uint8(rng.IntN(256))
	}
	for y := range 48 { // whole rows fully transparent and fully opaque too
		for x := range 64 {
			switch y % 8 {
			case 0:
				src.Pix[src.PixOffset(x, y)+3] = 0
			case 1:
				src.Pix[src.PixOffset(x, y)+3] = 255
			}
		}
	}
	for _, bg := range []color.NRGBA{{0, 0, 0, taglineBandAlpha}, {0x11, 0x18, 0x27, 255}, {0, 0, 0, 0}, {200, 10, 90, 60}} {
		want := image.NewNRGBA(image.Rect(0, 0, 64, 40)) // shorter than src, as a band is
		draw.Draw(want, want.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
		draw.Draw(want, want.Bounds(), src, image.Point{}, draw.Over)
		got := onBackdrop(src, want.Bounds(), bg)
		for i := range got.Pix {
			if d := int(got.Pix[i]) - int(want.Pix[i]); d < -1 || d > 1 {
				// A pixel that ends fully transparent has no colour to compare.
				if want.Pix[i|3] == 0 && got.Pix[i|3] == 0 {
					continue
				}
				t.Fatalf("backdrop %v: byte %d (pixel %d) = %d, draw.Over gives %d", bg, i, i/4, got.Pix[i], want.Pix[i])
			}
		}
	}
}

// TestWriteRawWritesTheCropRowByRow: an overlay file is the cropped pixels, row after
// row, and says where and how large it is.
func TestWriteRawWritesTheCropRowByRow(t *testing.T) {
	m := image.NewNRGBA(image.Rect(0, 0, 8, 6))
	for i := range m.Pix {
		m.Pix[i] = uint8(i)
	}
	crop := m.SubImage(image.Rect(2, 1, 6, 4)).(*image.NRGBA)
	path := filepath.Join(t.TempDir(), "o.rgba")
	o, err := writeRaw(path, crop)
	if err != nil {
		t.Fatal(err)
	}
	if o != (overlay{path: path, x: 2, y: 1, w: 4, h: 3}) {
		t.Fatalf("overlay = %+v", o)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want []byte
	for y := 1; y < 4; y++ {
		want = append(want, m.Pix[m.PixOffset(2, y):m.PixOffset(6, y)]...)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("file holds %v, want %v", got, want)
	}
}
