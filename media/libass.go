package media

import (
	"errors"
	"fmt"
	"image"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"
)

// Libass draws ASS text in this process with the libass that ffmpeg's subtitles
// filter uses, loaded at run time (purego: no cgo and no C compiler to build; the
// binary then links glibc dynamically, as every machine that has ffmpeg has it).
// Drawing a 10 s scene's tagline and cues and writing them out takes 5-8 ms this
// way; the ffmpeg run it replaces took about 0.2 core-seconds, most of it starting
// ffmpeg and moving whole transparent frames through a pipe (BenchmarkRasterise;
// docs/decisions.md, "Render speed").
//
// libass is not safe for concurrent use: one caller draws at a time.
type Libass struct {
	mu       sync.Mutex
	library  uintptr // ASS_Library*
	renderer uintptr // ASS_Renderer*
	// fallbacks is set when the renderer drew text that may have loaded fallback fonts
	// (see newRenderer); the next draw gets a new renderer.
	fallbacks bool
	frame     *image.NRGBA // kept transparent between draws

	rendererInit   func(library uintptr) uintptr
	rendererDone   func(renderer uintptr)
	setFonts       func(renderer uintptr, defaultFont *byte, defaultFamily string, provider int32, config *byte, update int32)
	setShaper      func(renderer uintptr, shaper int32)
	setHinting     func(renderer uintptr, hinting int32)
	setFrameSize   func(renderer uintptr, w, h int32)
	setStorageSize func(renderer uintptr, w, h int32)
	readMemory     func(library uintptr, buf *byte, size uintptr, codepage *byte) uintptr
	renderFrame    func(renderer, track uintptr, nowMs int64, changed *int32) *assImage
	freeTrack      func(track uintptr)
}

// assImage mirrors libass's ASS_Image: one single-colour alpha bitmap of a frame, at
// its place; libass lists a frame's bitmaps back to front.
type assImage struct {
	w, h, stride int32
	bitmap       *byte
	color        uint32 // RRGGBBTT, TT the transparency
	dstX, dstY   int32
	next         *assImage
	kind         int32
}

// quietLibass is a libass message callback that drops every message: by default
// libass prints each font it picks on stderr. A callback lives as long as the process
// and their number is bounded, so there is one.
var quietLibass = sync.OnceValue(func() uintptr {
	return purego.NewCallback(func(level int32, format, args, data uintptr) {})
})

// libassNames are the names the library goes by, newest ABI first.
var libassNames = []string{"libass.so.9", "libass.so"}

// OpenLibass loads libass, whose renderers find fonts through fontconfig as ffmpeg's
// subtitles filter finds them.
func OpenLibass() (*Libass, error) {
	var handle uintptr
	var err error
	for _, name := range libassNames {
		if handle, err = purego.Dlopen(name, purego.RTLD_NOW|purego.RTLD_LOCAL); err == nil {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("media: load libass: %w", err)
	}
	l := &Libass{}
	var (
		libraryInit  func() uintptr
		setMessageCB func(library, cb, data uintptr)
	)
	for name, fn := range map[string]any{
		"ass_library_init": &libraryInit, "ass_renderer_init": &l.rendererInit, "ass_renderer_done": &l.rendererDone,
		"ass_set_message_cb": &setMessageCB, "ass_set_fonts": &l.setFonts,
		"ass_set_shaper": &l.setShaper, "ass_set_hinting": &l.setHinting,
		"ass_set_frame_size": &l.setFrameSize, "ass_set_storage_size": &l.setStorageSize,
		"ass_read_memory": &l.readMemory, "ass_render_frame": &l.renderFrame, "ass_free_track": &l.freeTrack,
	} {
		if _, err := purego.Dlsym(handle, name); err != nil {
			return nil, fmt.Errorf("media: load libass: %w", err)
		}
		purego.RegisterLibFunc(fn, handle, name)
	}
	if l.library = libraryInit(); l.library == 0 {
		return nil, errors.New("media: libass: ass_library_init failed")
	}
	setMessageCB(l.library, quietLibass(), 0)
	if l.renderer, err = l.newRenderer(); err != nil {
		return nil, err
	}
	return l, nil
}

// newRenderer makes a renderer (ASS_Renderer*) set up to draw as ffmpeg does.
//
// A renderer keeps every font it loads, and a font (a family in a weight) holds at
// most ten faces, itself and the fallbacks its missing glyphs were found in: a
// worker's one renderer, once ten scripts had been drawn (Chinese, Korean, emoji,
// Devanagari, Thai ...), drew every further script as boxes until it restarted, and
// cached those scenes. So a draw after one of text beyond Latin, Greek and Cyrillic
// (what may need a fallback) gets a new renderer; making one costs about 0.1 s of
// fontconfig, which text that DejaVu draws does not pay.
func (l *Libass) newRenderer() (uintptr, error) {
	renderer := l.rendererInit(l.library)
	if renderer == 0 {
		return 0, errors.New("media: libass: ass_renderer_init failed")
	}
	// As rasteriseWithFFmpeg draws (measured: the same pixels): unhinted glyphs,
	// libass's complex shaper (HarfBuzz). The simple one (FriBidi alone, what ffmpeg's
	// subtitles filter asks for) neither forms Devanagari, Bengali or Tamil conjuncts
	// nor moves their vowel signs before the consonant, and sets combining accents
	// typed apart from their letter (polytonic Greek, Vietnamese) one over another.
	const (
		autodetect   = 1 // ASS_FONTPROVIDER_AUTODETECT: fontconfig here
		hintingNone  = 0 // ASS_HINTING_NONE
		shapeComplex = 1 // ASS_SHAPING_COMPLEX
	)
	l.setHinting(renderer, hintingNone)
	l.setShaper(renderer, shapeComplex)
	l.setFonts(renderer, nil, "sans-serif", autodetect, nil, 1)
	return renderer, nil
}

// draw renders the ASS document doc on a w x h canvas at each time of atMs and calls
// each with the frame (straight alpha, transparent where there is no text) and the
// rectangle the text may cover; frame is reused, so each must copy what it keeps.
func (l *Libass) draw(doc []byte, w, h int, atMs []int, each func(i int, frame *image.NRGBA, drawn image.Rectangle) error) error {
	if len(doc) == 0 {
		return errors.New("media: libass: empty document")
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.fallbacks {
		renderer, err := l.newRenderer()
		if err != nil {
			return err
		}
		l.rendererDone(l.renderer)
		l.renderer, l.fallbacks = renderer, false
	}
	l.fallbacks = mayNeedFallbacks(doc)
	renderer := l.renderer
	l.setFrameSize(renderer, int32(w), int32(h))
	l.setStorageSize(renderer, int32(w), int32(h))
	track := l.readMemory(l.library, &doc[0], uintptr(len(doc)), nil) // libass parses a copy
	if track == 0 {
		return errors.New("media: libass: the document does not parse")
	}
	defer l.freeTrack(track)
	if l.frame == nil || l.frame.Rect.Dx() != w || l.frame.Rect.Dy() != h {
		l.frame = image.NewNRGBA(image.Rect(0, 0, w, h))
	}
	frame := l.frame
	for i, ms := range atMs {
		var drawn image.Rectangle
		for img := l.renderFrame(renderer, track, int64(ms), nil); img != nil; img = img.next {
			drawn = drawn.Union(blendASSImage(frame, img))
		}
		err := each(i, frame, drawn)
		for y := drawn.Min.Y; y < drawn.Max.Y; y++ {
			clear(frame.Pix[frame.PixOffset(drawn.Min.X, y):frame.PixOffset(drawn.Max.X, y)])
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// mayNeedFallbacks reports whether doc holds a character beyond Latin, Greek and
// Cyrillic (and general punctuation), which the style's font may lack.
func mayNeedFallbacks(doc []byte) bool {
	for _, r := range string(doc) {
		if r > 0x052f && (r < 0x2000 || r > 0x206f) {
			return true
		}
	}
	return false
}

// blendASSImage lays img's colour over frame through img's alpha bitmap (Porter-Duff
// over, straight alpha) and returns the rectangle it touched.
func blendASSImage(frame *image.NRGBA, img *assImage) image.Rectangle {
	r := image.Rect(int(img.dstX), int(img.dstY), int(img.dstX+img.w), int(img.dstY+img.h)).Intersect(frame.Rect)
	opacity := 255 - img.color&0xff
	if r.Empty() || opacity == 0 || img.bitmap == nil {
		return image.Rectangle{}
	}
	cr, cg, cb := uint32(img.color>>24), uint32(img.color>>16&0xff), uint32(img.color>>8&0xff)
	bitmap := unsafe.Slice(img.bitmap, int(img.stride)*int(img.h))
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := bitmap[(y-int(img.dstY))*int(img.stride):]
		d := frame.Pix[frame.PixOffset(r.Min.X, y):frame.PixOffset(r.Max.X, y)]
		for x, i := r.Min.X-int(img.dstX), 0; i < len(d); x, i = x+1, i+4 {
			if m := uint32(row[x]); m != 0 {
				over(d[i:i+4], cr, cg, cb, (m*opacity+127)/255) // the colour's cover here
			}
		}
	}
	return r
}
