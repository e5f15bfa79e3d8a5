package models

import (
	"strconv"
	"time"
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
	CreatedAt     time.Time
	UpdatedAt     time.Time
	CompletedAt   *time.Time
	// DeletedAt marks a soft-deleted asset; its objects are removed by a workflow,
	// which sets ObjectsDeletedAt.
	DeletedAt        *time.Time
	ObjectsDeletedAt *time.Time
}

// Type returns the asset's type name.
func (a Asset) Type() AssetType { return a.TypeID.Type() }

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
)

// UploadKey is where a browser's presigned PUT lands: outside AssetPrefix, because the
// asset does not exist until the upload is confirmed.
func UploadKey(publisherID int64, fileUploadID, ext string) string {
	return "uploads/" + strconv.FormatInt(publisherID, 10) + "/" + fileUploadID + "/" + AssetObjectOriginal + ext
}

// ObjectKeys lists every object that may exist for the asset, whether or not the
// import got that far, so deleting them all leaves nothing behind.
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
