package models

import (
	"errors"
	"time"
)

// SubtitlePosition is where on the canvas a subtitle style puts its cues.
type SubtitlePosition string

// Subtitle positions.
const (
	SubtitleBottom SubtitlePosition = "bottom"
	SubtitleMiddle SubtitlePosition = "middle"
	SubtitleTop    SubtitlePosition = "top"
)

// Valid reports whether p is a known position.
func (p SubtitlePosition) Valid() bool {
	return p == SubtitleBottom || p == SubtitleMiddle || p == SubtitleTop
}

// Built-in subtitle styles: the spec's defaults for each format (spec 001 section 10,
// "Default subtitle style id 3 (horizontal) and 4 (vertical)").
const (
	DefaultSubtitleStyleHorizontal int64 = 3
	DefaultSubtitleStyleVertical   int64 = 4
)

// DefaultSubtitleStyleFor is the default style of a format.
func DefaultSubtitleStyleFor(a AspectRatio) int64 {
	if a == AspectVertical {
		return DefaultSubtitleStyleVertical
	}
	return DefaultSubtitleStyleHorizontal
}

// SubtitleStyleLook is everything of a subtitle style that shows: sizes and margins
// are pixels of the style's canvas (1920x1080 or 1080x1920), colours 6-digit hex
// RRGGBB, the angle degrees counter-clockwise.
type SubtitleStyleLook struct {
	FontFamily     string
	FontSize       int
	Bold, Italic   bool
	PrimaryColor   string
	OutlineColor   string
	ShadowColor    string
	Spacing        int
	Outline        int
	ShadowOffset   int
	BlurEdges      int
	MarginLeft     int
	MarginRight    int
	MarginVertical int
	Angle          int
	Position       SubtitlePosition
}

// SubtitleStyleConfig is a named subtitle style for one format (spec 000 section 3).
// Built-in styles (PublisherID nil) are shown to every account and edited by nobody.
type SubtitleStyleConfig struct {
	ID                int64 `gorm:"primaryKey"`
	PublisherID       *int64
	Name              string
	AspectRatio       AspectRatio
	SubtitleStyleLook `gorm:"embedded"`
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// TableName keeps GORM on the migration's table name.
func (SubtitleStyleConfig) TableName() string { return "subtitle_style_configs" }

// BuiltIn reports whether the style is Pagecast's own.
func (c SubtitleStyleConfig) BuiltIn() bool { return c.PublisherID == nil }

// ErrSubtitleStyleLimit means the account already has its most subtitle styles.
var ErrSubtitleStyleLimit = errors.New("subtitle style limit reached")
