package models

import (
	"errors"
	"fmt"
	"strconv"
	"time"
)

// VoiceProvider is who speaks with a voice (spec 001 section 3: 1 cloud
// text-to-speech, 2 voice synthesis and cloning, 3 general AI provider). 4 is ours:
// the local espeak-ng program, which is not any of the spec's hosted providers.
type VoiceProvider int

// Voice providers.
const (
	VoiceProviderCloudTTS   VoiceProvider = 1
	VoiceProviderElevenLabs VoiceProvider = 2 // voice synthesis and cloning
	VoiceProviderGeneralAI  VoiceProvider = 3 // an OpenAI-compatible speech server
	VoiceProviderEspeak     VoiceProvider = 4 // espeak-ng on our own machines
)

// Voice genders as stored and sent.
const (
	GenderMale   = "male"
	GenderFemale = "female"
)

// Voice is a narrator voice: a catalogue voice (PublisherID nil) or a voice an
// account cloned from its own recordings (Cloned, PublisherID set).
type Voice struct {
	ID           int64 `gorm:"primaryKey"`
	Name         string
	Gender       string // GenderMale, GenderFemale or "" when unknown
	LanguageCode string // BCP 47 ("en-US"); "" for cloned voices, which speak what they were taught
	Provider     VoiceProvider
	// ProviderVoiceID is the provider's own id: an espeak-ng voice name ("en-us+f3")
	// or an ElevenLabs voice id. Provider and ProviderVoiceID are unique together.
	ProviderVoiceID string
	IsRecommended   bool
	IsPublic        bool
	Cloned          bool
	// PublisherID owns a cloned voice; nil for catalogue voices.
	PublisherID *int64
	// SampleKey is the object holding the voice's sample: synthesised on first request
	// for catalogue voices, the first uploaded recording for cloned ones.
	SampleKey string
	CreatedAt time.Time
	UpdatedAt time.Time
	// DeletedAt hides the voice everywhere; rows stay so videos keep their voice id.
	DeletedAt *time.Time
	// ProviderDeletedAt is when the provider confirmed deleting a cloned voice.
	ProviderDeletedAt *time.Time
	// Tags are loaded by the store; they live in voice_tags.
	Tags []Tag `gorm:"-"`
}

// TableName keeps GORM on the migration's table name.
func (Voice) TableName() string { return "voices" }

// VoicePrefix is the folder of a voice's objects.
func VoicePrefix(voiceID int64) string { return "voices/" + strconv.FormatInt(voiceID, 10) + "/" }

// VoiceSampleKey is where a catalogue voice's synthesised sample is kept.
func VoiceSampleKey(voiceID int64) string { return VoicePrefix(voiceID) + "sample.wav" }

// VoiceRecordingKey is where the n-th (1-based) recording of a cloned voice is kept;
// ext is the file's extension with its dot.
func VoiceRecordingKey(voiceID int64, n int, ext string) string {
	return fmt.Sprintf("%ssamples/%02d%s", VoicePrefix(voiceID), n, ext)
}

// ErrCloneLimit means the account already has as many cloned voices as allowed.
var ErrCloneLimit = errors.New("cloned voice limit reached")

// TagCategory is a tag group kind (spec 001 section 3: kinds 1 to 24); the AI voice
// categories are 20 to 24.
type TagCategory int

// Voice tag categories.
const (
	TagCategoryVoiceGender   TagCategory = 20
	TagCategoryVoiceAge      TagCategory = 21
	TagCategoryVoiceAccent   TagCategory = 22
	TagCategoryVoiceUseCase  TagCategory = 23
	TagCategoryVoiceLanguage TagCategory = 24
)

// MarketplaceAIVoice is the marketplace kind of voices (spec 001 section 3); it is
// also the id of the voices' tag group.
const MarketplaceAIVoice = 5

// TagCategoryInfo describes a category: its name and how many of its tags one entity
// may carry (1 makes the filter a radio group, more a set of checkboxes).
type TagCategoryInfo struct {
	ID               TagCategory
	Name             string
	MaxTagsPerEntity int
}

// VoiceTagCategories are the categories of the voices' tag group, in display order.
var VoiceTagCategories = []TagCategoryInfo{
	{ID: TagCategoryVoiceGender, Name: "Gender", MaxTagsPerEntity: 1},
	{ID: TagCategoryVoiceAge, Name: "Age", MaxTagsPerEntity: 1},
	{ID: TagCategoryVoiceAccent, Name: "Accent", MaxTagsPerEntity: 1},
	{ID: TagCategoryVoiceUseCase, Name: "Use case", MaxTagsPerEntity: 3},
	{ID: TagCategoryVoiceLanguage, Name: "Language", MaxTagsPerEntity: 1},
}

// Tag is one value of a category ("Female" in Gender).
type Tag struct {
	ID            int64 `gorm:"primaryKey"`
	TagCategoryID TagCategory
	Tag           string
	ParentTagID   *int64
}

// TableName keeps GORM on the migration's table name.
func (Tag) TableName() string { return "tags" }

// VoiceTag links a voice to a tag.
type VoiceTag struct {
	VoiceID int64 `gorm:"primaryKey"`
	TagID   int64 `gorm:"primaryKey"`
}

// TableName keeps GORM on the migration's table name.
func (VoiceTag) TableName() string { return "voice_tags" }
