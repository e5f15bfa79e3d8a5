package models

import (
	"errors"
	"strconv"
	"time"

	"gorm.io/datatypes"
)

// PresetDatatype is the type of a preset setting's value (spec 001 section 3,
// "Create-video preset": bool, uint, int or float). We add string for settings whose
// values are words, such as aspectRatio ("16:9").
type PresetDatatype string

// Preset setting datatypes.
const (
	DatatypeBool   PresetDatatype = "bool"
	DatatypeUint   PresetDatatype = "uint"
	DatatypeInt    PresetDatatype = "int"
	DatatypeFloat  PresetDatatype = "float"
	DatatypeString PresetDatatype = "string"
)

// PresetDatatypes lists every datatype, in the order the documentation gives them.
var PresetDatatypes = []PresetDatatype{DatatypeBool, DatatypeUint, DatatypeInt, DatatypeFloat, DatatypeString}

// Preset setting keys (spec 001 section 3, "Video settings" and the settings keys
// also seen; automatch.include* and automatch.applyMotionEffects are the automation
// task's automatch settings under the same prefix).
const (
	SettingAspectRatio            = "aspectRatio"           // string: AspectRatioHorizontal or AspectRatioVertical
	SettingUseSummarizedBody      = "useSummarizedBody"     // bool
	SettingPauseBetweenSlides     = "pauseBetweenSlides"    // uint, milliseconds
	SettingPauseAfterShortSlides  = "pauseAfterShortSlides" // uint, milliseconds
	SettingMaxSentencesPerSlide   = "maxSentencesPerSlide"  // uint, 1 to 10
	SettingTemplateID             = "templateId"            // uint, a theme id
	SettingVoiceID                = "voiceId"               // uint, a voice the account may use
	SettingAutoTaglines           = "autoTaglines"
	SettingCanCreateTextSlides    = "canCreateTextSlides"
	SettingSoundtrackAutomatch    = "soundtrack.automatch.enabled"
	SettingHardcodeSubtitles      = "subtitles.hardcodeSubtitles"
	SettingSubtitleStyleConfigID  = "subtitles.subtitleStyleConfigId" // uint
	SettingAutomatchEnabled       = "automatch.enabled"
	SettingAutomatchMediaType     = "automatch.mediaType" // string: all, images or videos
	SettingAutomatchOnlyAIImages  = "automatch.onlyAiImages"
	SettingAutomatchImageStyle    = "automatch.imageStyle" // string, an AI image style such as "cinematic"
	SettingAutomatchUserMedia     = "automatch.includeUserMedia"
	SettingAutomatchArticleMedia  = "automatch.includeArticleMedia"
	SettingAutomatchAIImages      = "automatch.includeAiImages"
	SettingAutomatchStockImages   = "automatch.includeStockImages"
	SettingAutomatchStockVideos   = "automatch.includeStockVideos"
	SettingAutomatchMotionEffects = "automatch.applyMotionEffects"
)

// Values of the string settings.
const (
	AspectRatioHorizontal = "16:9"
	AspectRatioVertical   = "9:16"
	AutomatchMediaAll     = "all"
	AutomatchMediaImages  = "images"
	AutomatchMediaVideos  = "videos"
)

// Preset limits.
const (
	// DefaultPresetPageSize is spec 001 section 9's "Preset page size 10 starting at page 0".
	DefaultPresetPageSize = 10
	// MaxPresetPageSize bounds one page; larger asks get this many.
	MaxPresetPageSize = 100
	// MaxPresetsPerAccount bounds an account's own presets.
	MaxPresetsPerAccount = 100
	// MaxPresetNameLen is the longest preset name, in characters.
	MaxPresetNameLen = 100
	// MaxPresetStringLen is the longest value of a string setting, in characters.
	MaxPresetStringLen = 100
)

// ErrPresetLimit means the account already has MaxPresetsPerAccount presets.
var ErrPresetLimit = errors.New("preset limit reached")

// PresetSettingKeys is every setting a preset may hold, with its datatype. A preset
// holds each key at most once; keys not listed here are refused.
var PresetSettingKeys = map[string]PresetDatatype{
	SettingAspectRatio:            DatatypeString,
	SettingUseSummarizedBody:      DatatypeBool,
	SettingPauseBetweenSlides:     DatatypeUint,
	SettingPauseAfterShortSlides:  DatatypeUint,
	SettingMaxSentencesPerSlide:   DatatypeUint,
	SettingTemplateID:             DatatypeUint,
	SettingVoiceID:                DatatypeUint,
	SettingAutoTaglines:           DatatypeBool,
	SettingCanCreateTextSlides:    DatatypeBool,
	SettingSoundtrackAutomatch:    DatatypeBool,
	SettingHardcodeSubtitles:      DatatypeBool,
	SettingSubtitleStyleConfigID:  DatatypeUint,
	SettingAutomatchEnabled:       DatatypeBool,
	SettingAutomatchMediaType:     DatatypeString,
	SettingAutomatchOnlyAIImages:  DatatypeBool,
	SettingAutomatchImageStyle:    DatatypeString,
	SettingAutomatchUserMedia:     DatatypeBool,
	SettingAutomatchArticleMedia:  DatatypeBool,
	SettingAutomatchAIImages:      DatatypeBool,
	SettingAutomatchStockImages:   DatatypeBool,
	SettingAutomatchStockVideos:   DatatypeBool,
	SettingAutomatchMotionEffects: DatatypeBool,
}

// PresetSetting is one setting of a preset. Value is the canonical text of a value of
// Datatype ("true", "500", "-3", "1.5", "16:9"); the JSON tags are the stored form.
type PresetSetting struct {
	Key      string         `json:"key"`
	Datatype PresetDatatype `json:"datatype"`
	Value    string         `json:"value"`
}

// Bool reads a bool setting's value.
func (s PresetSetting) Bool() (bool, bool) {
	b, err := strconv.ParseBool(s.Value)
	return b, err == nil && s.Datatype == DatatypeBool
}

// Uint reads a uint setting's value.
func (s PresetSetting) Uint() (uint64, bool) {
	n, err := strconv.ParseUint(s.Value, 10, 64)
	return n, err == nil && s.Datatype == DatatypeUint
}

// Preset is a create-video preset (spec 001 section 3): a named set of video
// settings a new draft starts from. Public presets (PublisherID nil) are published by
// Pagecast and shown to everyone; the others belong to one account.
type Preset struct {
	ID          int64 `gorm:"primaryKey"`
	PublisherID *int64
	Name        string
	IsPublic    bool
	// SeedKey names a seeded public preset so seeding can upsert it; nil otherwise.
	SeedKey   *string
	Settings  datatypes.JSONSlice[PresetSetting]
	CreatedAt time.Time
	UpdatedAt time.Time
}

// TableName keeps GORM on the migration's table name.
func (Preset) TableName() string { return "create_video_presets" }

// Setting returns the preset's setting of key.
func (p Preset) Setting(key string) (PresetSetting, bool) {
	for _, s := range p.Settings {
		if s.Key == key {
			return s, true
		}
	}
	return PresetSetting{}, false
}
