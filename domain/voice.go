package domain

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"pagecast/models"
)

// Voice list paging (spec 000 section 9: "Voice list page 1000").
const (
	VoicePageSize    = 1000
	MaxVoicePageSize = 1000
)

// VoiceQuery is what the voice picker asks for (spec 000 section 5, "Voice filtering").
type VoiceQuery struct {
	// PublisherID is the caller: their own cloned voices are visible to them.
	PublisherID int64
	// RecommendedOnly hides voices that are not recommended.
	RecommendedOnly bool
	// TagIDs must all be on a voice.
	TagIDs []int64
	// Search keeps voices whose name contains it, ignoring case.
	Search string
	// Cloned, when set, keeps only cloned (true) or only catalogue (false) voices.
	Cloned *bool
}

// VoiceVisible reports whether the caller may see and use a voice: it is not deleted,
// it can speak (it has a provider voice id), and it is public or is the caller's own
// cloned voice. Another account's cloned voice is never visible, public or not.
func VoiceVisible(v models.Voice, publisherID int64) bool {
	if v.DeletedAt != nil || v.ProviderVoiceID == "" {
		return false
	}
	if v.Cloned {
		return v.PublisherID != nil && *v.PublisherID == publisherID
	}
	return v.IsPublic
}

// FilterVoices keeps the voices the query asks for, in picker order: the caller's
// cloned voices first (newest first), then recommended voices, then by name.
func FilterVoices(vs []models.Voice, q VoiceQuery) []models.Voice {
	search := strings.ToLower(strings.TrimSpace(q.Search))
	out := []models.Voice{}
	for _, v := range vs {
		switch {
		case !VoiceVisible(v, q.PublisherID):
		case q.RecommendedOnly && !v.IsRecommended:
		case q.Cloned != nil && v.Cloned != *q.Cloned:
		case search != "" && !strings.Contains(strings.ToLower(v.Name), search):
		case !hasAllTags(v, q.TagIDs):
		default:
			out = append(out, v)
		}
	}
	SortVoices(out)
	return out
}

func hasAllTags(v models.Voice, ids []int64) bool {
	for _, id := range ids {
		if !slices.ContainsFunc(v.Tags, func(t models.Tag) bool { return t.ID == id }) {
			return false
		}
	}
	return true
}

// SortVoices orders voices for the picker: cloned voices first (newest first), then
// recommended ones, then by name ignoring case, then by id.
func SortVoices(vs []models.Voice) {
	slices.SortStableFunc(vs, func(a, b models.Voice) int {
		if a.Cloned != b.Cloned {
			return boolFirst(a.Cloned)
		}
		if a.Cloned && !a.CreatedAt.Equal(b.CreatedAt) {
			return b.CreatedAt.Compare(a.CreatedAt)
		}
		if a.IsRecommended != b.IsRecommended {
			return boolFirst(a.IsRecommended)
		}
		if c := cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
}

func boolFirst(aTrue bool) int {
	if aTrue {
		return -1
	}
	return 1
}

// PageOf returns page (1-based) of items, size per page; past the end it is empty.
func PageOf[T any](items []T, page, size int) []T {
	page, size = max(page, 1), max(size, 1)
	start := (page - 1) * size
	if start >= len(items) || start < 0 {
		return items[:0]
	}
	return items[start:min(start+size, len(items))]
}

// CountVoiceTags counts, per tag id, the voices carrying it.
func CountVoiceTags(vs []models.Voice) map[int64]int {
	out := map[int64]int{}
	for _, v := range vs {
		for _, t := range v.Tags {
			out[t.ID]++
		}
	}
	return out
}

// Voice cloning limits (spec 000 sections 5 and 9).
const (
	MaxClonedVoices   = 2
	MaxCloneFiles     = 10
	MaxCloneFileBytes = 10_000_000
	MaxVoiceNameLen   = 100
)

// Voice cloning messages: the first three are the spec's (section 8); the others are
// ours, for rules the spec states without a message.
const (
	MsgCloneFileTooLarge  = "File size is too large. Please upload a file less than 10MB."
	MsgCloneTooManyFiles  = "You can only upload 10 files at a time."
	MsgCloneLimitReached  = "You have reached the limit of 2 cloned voices. To create a new cloned voice, please remove an existing one."
	MsgCloneNameRequired  = "Please enter a name for your cloned voice."
	MsgCloneNameTooLong   = "The voice name must be at most 100 characters."
	MsgCloneFileRequired  = "Please upload at least one audio file."
	MsgCloneFileType      = "This file type is not supported. Please upload mp3, ogg, aac, mpeg, opus, wav or flac files."
	msgCloneFileContentFm = "%s is not a real %s audio file."
)

// CloneRule names the rule a clone request broke.
type CloneRule string

// Clone rules.
const (
	CloneLimitReached CloneRule = "limit_reached"
	CloneTooManyFiles CloneRule = "too_many_files"
	CloneFileTooLarge CloneRule = "file_too_large"
	CloneFileType     CloneRule = "file_type"
	CloneFileContent  CloneRule = "file_content"
	CloneFileMissing  CloneRule = "file_missing"
	CloneNameMissing  CloneRule = "name_missing"
	CloneNameTooLong  CloneRule = "name_too_long"
)

// CloneProblem is why a clone request is refused.
type CloneProblem struct {
	Rule    CloneRule
	Message string
	// File is the uploaded file's name, for rules about one file.
	File string
}

// cloneFormats lists, per accepted extension, the containers (as media sniffing names
// them) such a file may really be. An .mpeg must be MPEG audio, not an MPEG video.
var cloneFormats = map[string][]string{
	".mp3":  {"mp3"},
	".mpeg": {"mp3"},
	".ogg":  {"ogg"},
	".opus": {"ogg"},
	".aac":  {"aac", "m4a"},
	".wav":  {"wav"},
	".flac": {"flac"},
}

// CloneFile is one uploaded recording as the server saw it.
type CloneFile struct {
	Name string // as uploaded, with its extension
	Size int64
	// Format is the container recognised from the first bytes ("mp3", "ogg", ...), ""
	// when none was; Audio says the container holds audio only (not an Ogg video).
	Format string
	Audio  bool
}

// CloneRequest is a whole clone request, for ValidateClone.
type CloneRequest struct {
	Name  string
	Files []CloneFile
	// Existing is how many live cloned voices the account has.
	Existing int
}

// CheckCloneLimit refuses a new cloned voice when the account has the most allowed.
func CheckCloneLimit(existing int) *CloneProblem {
	if existing >= MaxClonedVoices {
		return &CloneProblem{Rule: CloneLimitReached, Message: MsgCloneLimitReached}
	}
	return nil
}

// CheckCloneFileCount refuses the n-th file of a request when n is past the limit.
func CheckCloneFileCount(n int) *CloneProblem {
	if n > MaxCloneFiles {
		return &CloneProblem{Rule: CloneTooManyFiles, Message: MsgCloneTooManyFiles}
	}
	return nil
}

// CheckCloneFileName refuses a file whose extension is not an accepted audio format.
func CheckCloneFileName(name string) *CloneProblem {
	if _, ok := cloneFormats[strings.ToLower(filepath.Ext(name))]; !ok {
		return &CloneProblem{Rule: CloneFileType, Message: MsgCloneFileType, File: name}
	}
	return nil
}

// CheckCloneFileSize refuses a file over 10,000,000 bytes.
func CheckCloneFileSize(name string, size int64) *CloneProblem {
	if size > MaxCloneFileBytes {
		return &CloneProblem{Rule: CloneFileTooLarge, Message: MsgCloneFileTooLarge, File: name}
	}
	return nil
}

// CheckCloneFileContent refuses a file whose bytes are not the audio its extension
// names (a program renamed .mp3, a video renamed .ogg, an empty file).
func CheckCloneFileContent(f CloneFile) *CloneProblem {
	if p := CheckCloneFileName(f.Name); p != nil {
		return p
	}
	ext := strings.ToLower(filepath.Ext(f.Name))
	if f.Size == 0 || !f.Audio || !slices.Contains(cloneFormats[ext], f.Format) {
		return &CloneProblem{Rule: CloneFileContent, File: f.Name,
			Message: fmt.Sprintf(msgCloneFileContentFm, cleanFileLabel(f.Name), strings.TrimPrefix(ext, "."))}
	}
	return nil
}

// cleanFileLabel makes a file name safe to quote in a message.
func cleanFileLabel(name string) string {
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, filepath.Base(strings.ReplaceAll(name, `\`, "/")))
	if utf8.RuneCountInString(name) > 80 {
		name = string([]rune(name)[:80]) + "…"
	}
	return `"` + name + `"`
}

// CleanVoiceName trims a voice name and drops control characters and repeated spaces.
func CleanVoiceName(name string) string {
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, name)
	return strings.Join(strings.Fields(name), " ")
}

// CheckCloneName returns the cleaned name, or why it is refused.
func CheckCloneName(name string) (string, *CloneProblem) {
	name = CleanVoiceName(name)
	switch {
	case name == "":
		return "", &CloneProblem{Rule: CloneNameMissing, Message: MsgCloneNameRequired}
	case utf8.RuneCountInString(name) > MaxVoiceNameLen:
		return "", &CloneProblem{Rule: CloneNameTooLong, Message: MsgCloneNameTooLong}
	}
	return name, nil
}

// ValidateClone checks a whole clone request in the order a streaming upload meets
// the rules: the account's limit, then each file (count, type, size, content), then
// that there was a file at all, then the name. It returns the first problem or nil.
func ValidateClone(req CloneRequest) *CloneProblem {
	if p := CheckCloneLimit(req.Existing); p != nil {
		return p
	}
	for i, f := range req.Files {
		if p := CheckCloneFileCount(i + 1); p != nil {
			return p
		}
		if p := CheckCloneFileName(f.Name); p != nil {
			return p
		}
		if p := CheckCloneFileSize(f.Name, f.Size); p != nil {
			return p
		}
		if p := CheckCloneFileContent(f); p != nil {
			return p
		}
	}
	if len(req.Files) == 0 {
		return &CloneProblem{Rule: CloneFileMissing, Message: MsgCloneFileRequired}
	}
	_, p := CheckCloneName(req.Name)
	return p
}
