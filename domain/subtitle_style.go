package domain

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"pagecast/models"
)

// SubtitleFontFamilies are the font families the renderer has (Debian's
// fonts-dejavu-core, which the image and scripts/system-deps.sh install); a subtitle
// style may use only these, so what the editor offers is what the video shows.
var SubtitleFontFamilies = []string{"DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif"}

// Subtitle style limits (spec 001 section 8, "Subtitle style editor limits").
const (
	SubtitleStyleNameMax     = 60
	SubtitleFontSizeMin      = 10
	SubtitleFontSizeMax      = 200
	SubtitleSpacingMax       = 100
	SubtitleOutlineMax       = 50
	SubtitleShadowMax        = 50
	SubtitleBlurMax          = 50
	SubtitleMarginSideMax    = 200
	SubtitleMarginVerticalH  = 1070 // 16:9
	SubtitleMarginVerticalV  = 1910 // 9:16
	SubtitleAngleMax         = 359
	SubtitleStylesPerAccount = 100
)

// SubtitleMarginVerticalMax is the largest vertical margin of a format.
func SubtitleMarginVerticalMax(a models.AspectRatio) int {
	if a == models.AspectVertical {
		return SubtitleMarginVerticalV
	}
	return SubtitleMarginVerticalH
}

// IsHexColor reports whether s is a 6-digit hex colour (RRGGBB, no '#').
func IsHexColor(s string) bool {
	if len(s) != 6 {
		return false
	}
	for _, r := range s {
		if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return false
		}
	}
	return true
}

// NormalizeSubtitleStyle trims the name and font and upper-cases the colours, so that
// what is stored compares equal however it was typed.
func NormalizeSubtitleStyle(c *models.SubtitleStyleConfig) {
	c.Name = strings.Join(strings.Fields(c.Name), " ")
	c.FontFamily = strings.TrimSpace(c.FontFamily)
	for _, p := range []*string{&c.PrimaryColor, &c.OutlineColor, &c.ShadowColor} {
		*p = strings.ToUpper(strings.TrimPrefix(strings.TrimSpace(*p), "#"))
	}
}

// ValidateSubtitleStyle checks a style against the editor's limits and returns a field
// error for each problem, in the order of the fields.
func ValidateSubtitleStyle(c models.SubtitleStyleConfig) []FieldError {
	var out []FieldError
	bad := func(field, msg string, args ...any) {
		out = append(out, FieldError{Field: field, Message: fmt.Sprintf(msg, args...)})
	}
	switch n := utf8.RuneCountInString(c.Name); {
	case n == 0:
		bad("name", "Name is required.")
	case n > SubtitleStyleNameMax:
		bad("name", "Name must be at most %d characters.", SubtitleStyleNameMax)
	}
	if !c.AspectRatio.Valid() {
		bad("aspectRatio", "Aspect ratio must be horizontal or vertical.")
	}
	if !slices.Contains(SubtitleFontFamilies, c.FontFamily) {
		bad("fontFamily", "Font must be one of %s.", strings.Join(SubtitleFontFamilies, ", "))
	}
	between := func(field, label string, v, lo, hi int) {
		if v < lo || v > hi {
			bad(field, "%s must be between %d and %d.", label, lo, hi)
		}
	}
	between("fontSize", "Font size", c.FontSize, SubtitleFontSizeMin, SubtitleFontSizeMax)
	for _, col := range []struct{ field, label, v string }{
		{"primaryColor", "Text colour", c.PrimaryColor},
		{"outlineColor", "Outline colour", c.OutlineColor},
		{"shadowColor", "Shadow colour", c.ShadowColor},
	} {
		if !IsHexColor(col.v) {
			bad(col.field, "%s must be a 6-digit hex colour such as FFFFFF.", col.label)
		}
	}
	between("spacing", "Spacing", c.Spacing, 0, SubtitleSpacingMax)
	between("outline", "Outline", c.Outline, 0, SubtitleOutlineMax)
	between("shadowOffset", "Shadow offset", c.ShadowOffset, 0, SubtitleShadowMax)
	between("blurEdges", "Blur edges", c.BlurEdges, 0, SubtitleBlurMax)
	between("marginLeft", "Left margin", c.MarginLeft, 0, SubtitleMarginSideMax)
	between("marginRight", "Right margin", c.MarginRight, 0, SubtitleMarginSideMax)
	between("marginVertical", "Vertical margin", c.MarginVertical, 0, SubtitleMarginVerticalMax(c.AspectRatio))
	between("angle", "Angle", c.Angle, 0, SubtitleAngleMax)
	if !c.Position.Valid() {
		bad("position", "Position must be bottom, middle or top.")
	}
	return out
}
