package models

import (
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// AssetType is what kind of media an asset is, as the web client names it.
type AssetType string

// Asset types (spec 000 section 3, "Media asset").
const (
	AssetTypeVideo AssetType = "video"
	AssetTypeImage AssetType = "image"
	AssetTypeAudio AssetType = "audio"
	AssetTypeText  AssetType = "text"
)

// AssetTypeID is the spec's numeric asset type (spec 001 section 3, "Asset").
type AssetTypeID int

// Asset type numbers. Logo and Caption exist in the asset builder only.
const (
	AssetTypeIDVideo AssetTypeID = 1
	AssetTypeIDImage AssetTypeID = 2
	AssetTypeIDText  AssetTypeID = 3
	AssetTypeIDAudio AssetTypeID = 6
)

var assetTypeIDs = map[AssetType]AssetTypeID{
	AssetTypeVideo: AssetTypeIDVideo, AssetTypeImage: AssetTypeIDImage,
	AssetTypeText: AssetTypeIDText, AssetTypeAudio: AssetTypeIDAudio,
}

// ID returns the spec's number for t, or 0 for an unknown type.
func (t AssetType) ID() AssetTypeID { return assetTypeIDs[t] }

// Type returns the name for id, or "" for an unknown number.
func (id AssetTypeID) Type() AssetType {
	for t, n := range assetTypeIDs {
		if n == id {
			return t
		}
	}
	return ""
}

// ParseAssetType accepts a type name (video, image, audio, text) or its number.
func ParseAssetType(s string) (AssetTypeID, bool) {
	if id, ok := assetTypeIDs[AssetType(s)]; ok {
		return id, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || AssetTypeID(n).Type() == "" {
		return 0, false
	}
	return AssetTypeID(n), true
}

// AssetSource says where an asset came from (spec 001 section 3, "Asset sources").
type AssetSource int

// Asset sources. Users' uploads and URL imports are internal (10).
const (
	AssetSourceInternalPartner AssetSource = 1
	AssetSourceStock           AssetSource = 2 // a stock photo or footage library
	AssetSourceInternal        AssetSource = 10
	AssetSourceAIImage         AssetSource = 11
	AssetSourceAvatar          AssetSource = 12
	AssetSourceAssetBuilder    AssetSource = 13
)

// AssetState is where an asset is in its import.
type AssetState string

// Asset states (spec 000 section 3). created: the row exists, its bytes are not yet in
// the object store; pending: stored, waiting for the import workflow; processing: the
// workflow is probing and transcoding; complete: ready to use; error: refused, with
// the reason in ErrorMessage.
const (
	AssetStateCreated    AssetState = "created"
	AssetStatePending    AssetState = "pending"
	AssetStateProcessing AssetState = "processing"
	AssetStateComplete   AssetState = "complete"
	AssetStateError      AssetState = "error"
)

// ImportStatus is the spec's number for an asset state (spec 001 section 3).
type ImportStatus int

// Import status numbers.
const (
	ImportStatusCreated    ImportStatus = 1
	ImportStatusPending    ImportStatus = 2
	ImportStatusProcessing ImportStatus = 3
	ImportStatusComplete   ImportStatus = 4
	ImportStatusError      ImportStatus = 5
)

// Status returns the import status number of s.
func (s AssetState) Status() ImportStatus {
	switch s {
	case AssetStateCreated:
		return ImportStatusCreated
	case AssetStatePending:
		return ImportStatusPending
	case AssetStateProcessing:
		return ImportStatusProcessing
	case AssetStateComplete:
		return ImportStatusComplete
	default:
		return ImportStatusError
	}
}

// Final reports whether the import has ended.
func (s AssetState) Final() bool { return s == AssetStateComplete || s == AssetStateError }

// ErrorKeyInvalidMediaURL is the translation key of a URL import that is not media or
// may not be fetched (spec 001 section 8: a 415 gives {product}_INVALID_MEDIA_URL).
const ErrorKeyInvalidMediaURL = "PAGECAST_INVALID_MEDIA_URL"

// ErrorKeyInvalidMedia is the key of an upload whose bytes are not the media it claims.
const ErrorKeyInvalidMedia = "PAGECAST_INVALID_MEDIA"

// ErrorKeyImportFailed is the key of an import that failed for a reason of ours.
const ErrorKeyImportFailed = "PAGECAST_IMPORT_FAILED"

// Asset is one item of an account's media library: an uploaded or imported video,
// image or audio file (or a text asset), and the files the import made from it.
type Asset struct {
	ID          int64 `gorm:"primaryKey"`
	PublisherID int64
	Name        string
	TypeID      AssetTypeID `gorm:"column:asset_type_id"`
	Source      AssetSource
	State       AssetState
	// ContentType is the MIME type of the original as sniffed (or declared, until sniffed).
	ContentType string
	Size        int64   // bytes of the original
	Duration    float64 // seconds; 0 for images and text
	Width       int
	Height      int
	VideoCodec  string
	AudioCodec  string
	Text        string
	// SourceURL is where a URL import fetches from; empty for uploads.
	SourceURL string
	// OriginalKey is the object the user's bytes landed in.
	OriginalKey string
	// MediaKey is the object served as the asset (the original or its normalised copy).
	MediaKey     string
	PreviewKey   string
	ThumbnailKey string
	ErrorMessage string
	ErrorKey     string
	// ParentAssetID links a derived asset to its source (none yet).
	ParentAssetID *int64
	IsPublic      bool
	// VideoID marks an asset a video owns (its narration); such assets stay out of the
	// media library and go when the video goes.
	VideoID     *int64
	CreatedAt   time.Time
	UpdatedAt   time.Time
	CompletedAt *time.Time
	// DeletedAt marks a soft-deleted asset; its objects are removed by a workflow,
	// which sets ObjectsDeletedAt.
	DeletedAt        *time.Time
	ObjectsDeletedAt *time.Time
}

// Type returns the asset's type name.
func (a Asset) Type() AssetType { return a.TypeID.Type() }

// Usable reports whether the asset's media file can still be used (by a render, a
// preview): the asset exists, is not deleted and has its media. Nil is not usable.
func (a *Asset) Usable() bool { return a != nil && a.DeletedAt == nil && a.MediaKey != "" }

// AssetPrefix is the folder of every object the import writes for an asset. Keys are
// derived from the account and asset id only, so a retried activity overwrites its
// own objects and never leaves a second set.
func AssetPrefix(publisherID, assetID int64) string {
	return "assets/" + strconv.FormatInt(publisherID, 10) + "/" + strconv.FormatInt(assetID, 10) + "/"
}

// Names of the objects under AssetPrefix.
const (
	AssetObjectOriginal     = "original"      // + the file's extension
	AssetObjectMedia        = "media.mp4"     // normalised video
	AssetObjectPreviewVideo = "preview.mp4"   // short muted looping clip of a video
	AssetObjectPreviewJPEG  = "preview.jpg"   // resized JPEG image
	AssetObjectPreviewPNG   = "preview.png"   // resized image with transparency, or an audio waveform
	AssetObjectThumbnail    = "thumbnail.jpg" // every type

	// AssetObjectKeptMedia (+ the format's canonical extension) is media kept as
	// uploaded: the file the import checked, stored again under the asset's own key,
	// because the original's key may be an upload's, which its presigned URL can still
	// overwrite. A kept MP4 has the normalised video's name; an asset has one or the other.
	AssetObjectKeptMedia = "media"
)

// UploadKey is where a browser's presigned PUT lands: outside AssetPrefix, because the
// asset does not exist until the upload is confirmed.
func UploadKey(publisherID int64, fileUploadID, ext string) string {
	return "uploads/" + strconv.FormatInt(publisherID, 10) + "/" + fileUploadID + "/" + AssetObjectOriginal + ext
}

// ObjectKeys lists the objects of the asset whose names are fixed or recorded. A kept
// copy is named by its sniffed format, so one stored by an import that never recorded
// it is found by listing AssetPrefix; deleting both leaves nothing behind.
func (a Asset) ObjectKeys() []string {
	p := AssetPrefix(a.PublisherID, a.ID)
	keys := []string{p + AssetObjectMedia, p + AssetObjectPreviewVideo, p + AssetObjectPreviewJPEG,
		p + AssetObjectPreviewPNG, p + AssetObjectThumbnail}
	seen := map[string]bool{}
	for _, k := range keys {
		seen[k] = true
	}
	for _, k := range []string{a.OriginalKey, a.MediaKey, a.PreviewKey, a.ThumbnailKey} {
		if k != "" && !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	return keys
}

// FileUpload is a presigned browser upload between POST /upload/url and its
// confirmation. Its ID is a random token, so upload ids cannot be guessed.
type FileUpload struct {
	ID          string `gorm:"primaryKey"`
	PublisherID int64
	Name        string
	ContentType string
	Extension   string
	// DeclaredSize and the optional dimensions are what the browser said; the import
	// measures the real values.
	DeclaredSize int64
	Duration     float64
	Width        int
	Height       int
	ObjectKey    string
	// AssetID is set once the upload is confirmed; confirming again returns that asset.
	AssetID   *int64
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Limits of what a user may write on an asset.
const (
	MaxAssetNameLen = 255
	MaxAssetTextLen = 100000
)

// CleanAssetName makes a file name or typed name an asset name: the last path
// element, without control characters, trimmed, at most MaxAssetNameLen characters.
func CleanAssetName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if utf8.RuneCountInString(name) > MaxAssetNameLen {
		name = string([]rune(name)[:MaxAssetNameLen])
	}
	return name
}

// NewPictureImport is a page's picture at u as a pending URL import of the account:
// named after the file (or the host), with the picture's alt text and caption as its
// text.
func NewPictureImport(publisherID int64, u *url.URL, alt, caption string, now time.Time) Asset {
	name := CleanAssetName(path.Base(u.Path))
	if name == "" || name == "." || name == "/" {
		name = u.Hostname()
	}
	text := strings.TrimSpace(alt + "\n" + caption)
	if utf8.RuneCountInString(text) > MaxAssetTextLen {
		text = string([]rune(text)[:MaxAssetTextLen])
	}
	now = now.UTC()
	return Asset{PublisherID: publisherID, Name: name, TypeID: AssetTypeIDImage, Source: AssetSourceInternal,
		State: AssetStatePending, SourceURL: u.String(), Text: text, CreatedAt: now, UpdatedAt: now}
}
