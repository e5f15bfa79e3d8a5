package models

import "errors"

// SlideFit is how a slide's picture fills the frame.
type SlideFit string

// Fits: cover fills the frame and cuts what overflows; contain shows the whole
// picture with bars.
const (
	FitCover   SlideFit = "cover"
	FitContain SlideFit = "contain"
)

// CropRect is the part of a picture a slide shows, as fractions of its width and
// height from its top left corner.
type CropRect struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// SlideTransform is how a slide's picture is cropped and fitted to the frame; a slide
// without one shows the whole picture covering the frame.
type SlideTransform struct {
	Fit  SlideFit  `json:"fit"`
	Crop *CropRect `json:"crop"`
}

// ErrInvalidTransform: a fit that is not cover or contain, or a crop outside the picture.
var ErrInvalidTransform = errors.New("invalid slide transform")

// Validate checks the fit and that the crop lies inside the picture with a size.
func (t SlideTransform) Validate() error {
	if t.Fit != FitCover && t.Fit != FitContain {
		return ErrInvalidTransform
	}
	if c := t.Crop; c != nil {
		const eps = 1e-9
		if c.X < 0 || c.Y < 0 || c.Width <= 0 || c.Height <= 0 || c.X+c.Width > 1+eps || c.Y+c.Height > 1+eps {
			return ErrInvalidTransform
		}
	}
	return nil
}

// Whole reports whether t changes nothing: cover without a crop (or a crop of all of it).
func (t SlideTransform) Whole() bool {
	return t.Fit == FitCover && (t.Crop == nil || *t.Crop == CropRect{Width: 1, Height: 1})
}

// Errors of the editor's structure and slide edits.
var (
	// ErrSplitFirstSlide: a scene is split before a slide after its first.
	ErrSplitFirstSlide = errors.New("split at the scene's first slide")
	// ErrSameSlide: a slide swapped with itself.
	ErrSameSlide = errors.New("a slide swapped with itself")
	// ErrNotVoiceover: the edit is for voiceover videos only.
	ErrNotVoiceover = errors.New("not a voiceover video")
	// ErrSlideDuration: a voiceover slide, or the one absorbing the change, would last
	// less than MinVoiceoverSlideMs.
	ErrSlideDuration = errors.New("slide too short")
)

// MinVoiceoverSlideMs is the shortest share of a voiceover a slide may have.
const MinVoiceoverSlideMs = 500

// DefaultSlideText is the text of a new slide of a narrated video made without one.
const DefaultSlideText = "Add your text here."
