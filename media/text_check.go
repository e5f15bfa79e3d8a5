package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"os"
)

// ErrNoFonts means text draws nothing: fontconfig finds no font at all.
var ErrNoFonts = errors.New("media: text draws nothing: fontconfig finds no font (install fonts-dejavu-core)")

// CheckText draws one line of text the way renders draw theirs (with t.Libass in this
// process, else with ffmpeg's subtitles filter) and fails with ErrNoFonts when nothing
// is drawn. A worker whose fonts are missing or whose font configuration is broken
// would otherwise render every text slide, tagline and burned subtitle blank, without
// an error, and store those segments in the render cache, where healthy workers reuse
// them.
func (t Tool) CheckText(ctx context.Context) error {
	c := Canvas{Width: 320, Height: 180, FPS: 1}
	var doc bytes.Buffer
	if err := writeASSDoc(&doc, c, []assStyle{{"Slide", textSlideStyle(c)}},
		[]assEvent{{0, 500, "Slide", "Pagecast 0123"}}); err != nil {
		return err
	}
	drew := false
	handle := func(_ int, frame *image.NRGBA, drawn image.Rectangle) error {
		drew = !alphaBounds(frame.SubImage(drawn).(*image.NRGBA)).Empty()
		return nil
	}
	if t.Libass != nil {
		if err := t.Libass.draw(doc.Bytes(), c.Width, c.Height, []int{0}, handle); err != nil {
			return fmt.Errorf("media: check text: %w", err)
		}
	} else {
		dir, err := os.MkdirTemp("", "pagecast-text-check-")
		if err != nil {
			return fmt.Errorf("media: check text: %w", err)
		}
		defer os.RemoveAll(dir)
		if err := t.rasteriseWithFFmpeg(ctx, doc.Bytes(), c, 1, dir, handle); err != nil {
			return err
		}
	}
	if !drew {
		return ErrNoFonts
	}
	return nil
}
