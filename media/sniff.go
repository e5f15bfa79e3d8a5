// Package media runs ffprobe and ffmpeg and knows media formats: it recognises a
// file by its first bytes, checks it against its extension, probes it, and makes
// thumbnails, previews and normalised copies. It imports nothing of ours.
package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Kind is the broad kind of a media file.
type Kind string

// Media kinds.
const (
	KindVideo Kind = "video"
	KindImage Kind = "image"
	KindAudio Kind = "audio"
)

// Format is a container format recognised by its first bytes.
type Format struct {
	// Name is our name for the container: jpeg, png, gif, webp, mp4, m4a, mov, avi,
	// webm, ogg, flac, wav, mp3, aac or mpeg-ps.
	Name string
	// Kind is what the container usually holds; probing can refine it (an MP4 without
	// a video stream is audio).
	Kind Kind
	MIME string
	// Demuxer is the ffmpeg input format to force, so a file is never read as
	// something else than it was checked to be.
	Demuxer string
	// Ext is the canonical extension, with the dot.
	Ext string
}

var formats = map[string]Format{
	"jpeg":    {Name: "jpeg", Kind: KindImage, MIME: "image/jpeg", Demuxer: "jpeg_pipe", Ext: ".jpg"},
	"png":     {Name: "png", Kind: KindImage, MIME: "image/png", Demuxer: "png_pipe", Ext: ".png"},
	"gif":     {Name: "gif", Kind: KindImage, MIME: "image/gif", Demuxer: "gif", Ext: ".gif"},
	"webp":    {Name: "webp", Kind: KindImage, MIME: "image/webp", Demuxer: "webp_pipe", Ext: ".webp"},
	"mp4":     {Name: "mp4", Kind: KindVideo, MIME: "video/mp4", Demuxer: "mov", Ext: ".mp4"},
	"m4a":     {Name: "m4a", Kind: KindAudio, MIME: "audio/mp4", Demuxer: "mov", Ext: ".m4a"},
	"mov":     {Name: "mov", Kind: KindVideo, MIME: "video/quicktime", Demuxer: "mov", Ext: ".mov"},
	"avi":     {Name: "avi", Kind: KindVideo, MIME: "video/x-msvideo", Demuxer: "avi", Ext: ".avi"},
	"webm":    {Name: "webm", Kind: KindVideo, MIME: "video/webm", Demuxer: "matroska", Ext: ".webm"},
	"ogg":     {Name: "ogg", Kind: KindAudio, MIME: "audio/ogg", Demuxer: "ogg", Ext: ".ogg"},
	"oggv":    {Name: "ogg", Kind: KindVideo, MIME: "video/ogg", Demuxer: "ogg", Ext: ".ogg"},
	"flac":    {Name: "flac", Kind: KindAudio, MIME: "audio/flac", Demuxer: "flac", Ext: ".flac"},
	"wav":     {Name: "wav", Kind: KindAudio, MIME: "audio/wav", Demuxer: "wav", Ext: ".wav"},
	"mp3":     {Name: "mp3", Kind: KindAudio, MIME: "audio/mpeg", Demuxer: "mp3", Ext: ".mp3"},
	"aac":     {Name: "aac", Kind: KindAudio, MIME: "audio/aac", Demuxer: "aac", Ext: ".aac"},
	"mpeg-ps": {Name: "mpeg-ps", Kind: KindVideo, MIME: "video/mpeg", Demuxer: "mpeg", Ext: ".mpeg"},
}

// Sniff recognises a format from the first bytes of a file (4 KiB is plenty, except
// after a large ID3 tag: see SniffFile). It does not look at names or declared types.
func Sniff(head []byte) (Format, bool) {
	b := head
	has := func(off int, sig string) bool {
		return len(b) >= off+len(sig) && string(b[off:off+len(sig)]) == sig
	}
	switch {
	case len(b) >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF:
		return formats["jpeg"], true
	case has(0, "\x89PNG\r\n\x1a\n"):
		return formats["png"], true
	case has(0, "GIF87a"), has(0, "GIF89a"):
		return formats["gif"], true
	case has(0, "RIFF") && has(8, "WEBP"):
		return formats["webp"], true
	case has(0, "RIFF") && has(8, "WAVE"), has(0, "RF64") && has(8, "WAVE"):
		return formats["wav"], true
	case has(0, "RIFF") && has(8, "AVI "):
		return formats["avi"], true
	case has(4, "ftyp"):
		return sniffFtyp(b), true
	case has(4, "moov"), has(4, "mdat"), has(4, "wide"), has(4, "free"), has(4, "pnot"):
		// Old QuickTime files start with an atom other than ftyp.
		return formats["mov"], true
	case has(0, "\x1a\x45\xdf\xa3"):
		// EBML: WebM when its DocType says so (Matroska is not accepted).
		if bytes.Contains(b[:min(len(b), 64)], []byte("webm")) {
			return formats["webm"], true
		}
		return Format{}, false
	case has(0, "OggS"):
		if bytes.Contains(b, []byte("\x80theora")) {
			return formats["oggv"], true
		}
		return formats["ogg"], true
	case has(0, "fLaC"):
		return formats["flac"], true
	case has(0, "ID3"):
		// An ID3v2 tag precedes MP3 (and sometimes AAC or FLAC) data; SniffFile looks
		// behind it. Without the data, assume MP3 and let ffmpeg's mp3 demuxer decide.
		if n := id3Size(b); n > 0 && len(b) > n {
			if f, ok := Sniff(b[n:]); ok && f.Kind == KindAudio {
				return f, true
			}
		}
		return formats["mp3"], true
	case has(0, "\x00\x00\x01\xba"):
		return formats["mpeg-ps"], true
	case len(b) >= 4 && b[0] == 0xFF && b[1]&0xF6 == 0xF0:
		// ADTS AAC: 12-bit sync, layer 00.
		return formats["aac"], true
	case len(b) >= 4 && isMPEGAudioFrame(b):
		return formats["mp3"], true
	}
	return Format{}, false
}

// sniffFtyp tells QuickTime, audio-only MP4 and MP4 apart by the brands.
func sniffFtyp(b []byte) Format {
	if len(b) >= 12 {
		switch string(b[8:12]) {
		case "qt  ":
			return formats["mov"]
		case "M4A ", "M4B ", "M4P ", "F4A ", "F4B ":
			return formats["m4a"]
		}
	}
	return formats["mp4"]
}

// isMPEGAudioFrame checks an MPEG audio (MP1/2/3) frame header.
func isMPEGAudioFrame(b []byte) bool {
	if b[0] != 0xFF || b[1]&0xE0 != 0xE0 {
		return false
	}
	version := (b[1] >> 3) & 3
	layer := (b[1] >> 1) & 3
	bitrate := b[2] >> 4
	rate := (b[2] >> 2) & 3
	return version != 1 && layer != 0 && bitrate != 15 && rate != 3
}

// id3Size returns the length of the ID3v2 tag at the start of b, header included.
func id3Size(b []byte) int {
	if len(b) < 10 || string(b[:3]) != "ID3" {
		return 0
	}
	n := int(b[6]&0x7f)<<21 | int(b[7]&0x7f)<<14 | int(b[8]&0x7f)<<7 | int(b[9]&0x7f)
	if b[5]&0x10 != 0 { // footer present
		n += 10
	}
	return n + 10
}

// ErrUnknownFormat means the bytes are not a format we accept.
var ErrUnknownFormat = errors.New("media: not a supported image, video or audio format")

// SniffFile recognises the format of the file at path, looking past an ID3 tag.
func SniffFile(path string) (Format, error) {
	f, err := os.Open(path)
	if err != nil {
		return Format{}, err
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return Format{}, err
	}
	head = head[:n]
	if skip := id3Size(head); skip > 0 && skip >= n {
		after := make([]byte, 4096)
		m, err := f.ReadAt(after, int64(skip))
		if err != nil && !errors.Is(err, io.EOF) {
			return Format{}, err
		}
		if got, ok := Sniff(after[:m]); ok && got.Kind == KindAudio {
			return got, nil
		}
	}
	got, ok := Sniff(head)
	if !ok {
		return Format{}, ErrUnknownFormat
	}
	return got, nil
}

// extensionRule says which formats a file extension may hold.
type extensionRule struct {
	formats []string
	kinds   []Kind // first is the default
	mime    string // used when the browser sends none
}

// extensions are the upload extensions we accept (spec 001 section 5, "Uploads",
// plus the audio formats the voice cloner takes, spec 000 section 5).
var extensions = map[string]extensionRule{
	".jpg":  {formats: []string{"jpeg"}, kinds: []Kind{KindImage}, mime: "image/jpeg"},
	".jpeg": {formats: []string{"jpeg"}, kinds: []Kind{KindImage}, mime: "image/jpeg"},
	".png":  {formats: []string{"png"}, kinds: []Kind{KindImage}, mime: "image/png"},
	".gif":  {formats: []string{"gif"}, kinds: []Kind{KindImage}, mime: "image/gif"},
	".webp": {formats: []string{"webp"}, kinds: []Kind{KindImage}, mime: "image/webp"},
	".mp4":  {formats: []string{"mp4", "m4a", "mov"}, kinds: []Kind{KindVideo, KindAudio}, mime: "video/mp4"},
	".mov":  {formats: []string{"mov", "mp4"}, kinds: []Kind{KindVideo}, mime: "video/quicktime"},
	".avi":  {formats: []string{"avi"}, kinds: []Kind{KindVideo}, mime: "video/x-msvideo"},
	".webm": {formats: []string{"webm"}, kinds: []Kind{KindVideo, KindAudio}, mime: "video/webm"},
	".mp3":  {formats: []string{"mp3"}, kinds: []Kind{KindAudio}, mime: "audio/mpeg"},
	".ogg":  {formats: []string{"ogg"}, kinds: []Kind{KindAudio, KindVideo}, mime: "audio/ogg"},
	".opus": {formats: []string{"ogg"}, kinds: []Kind{KindAudio}, mime: "audio/ogg"},
	".aac":  {formats: []string{"aac", "m4a", "mp3"}, kinds: []Kind{KindAudio}, mime: "audio/aac"},
	".mpeg": {formats: []string{"mp3", "mpeg-ps"}, kinds: []Kind{KindAudio, KindVideo}, mime: "audio/mpeg"},
	".wav":  {formats: []string{"wav"}, kinds: []Kind{KindAudio}, mime: "audio/wav"},
	".flac": {formats: []string{"flac"}, kinds: []Kind{KindAudio}, mime: "audio/flac"},
}

// AllowedExtensions lists the accepted extensions, sorted, for messages.
func AllowedExtensions() []string {
	out := make([]string, 0, len(extensions))
	for e := range extensions {
		out = append(out, e)
	}
	slices.Sort(out)
	return out
}

// Extension returns the lower-cased extension of a file name, with the dot.
func Extension(name string) string { return strings.ToLower(filepath.Ext(name)) }

// AllowedExtension reports whether files named with ext may be uploaded.
func AllowedExtension(ext string) bool {
	_, ok := extensions[strings.ToLower(ext)]
	return ok
}

// DeclaredKind tells what a file named with ext and declared as mime holds, and
// whether that declaration is acceptable: the MIME type may be empty or generic, or
// must name a kind the extension can hold (a .jpg declared as video/mp4 is refused).
func DeclaredKind(ext, mime string) (Kind, bool) {
	rule, ok := extensions[strings.ToLower(ext)]
	if !ok {
		return "", false
	}
	mime = strings.ToLower(strings.TrimSpace(strings.SplitN(mime, ";", 2)[0]))
	switch mime {
	case "", "application/octet-stream", "binary/octet-stream":
		return rule.kinds[0], true
	case "application/ogg":
		if slices.Contains(rule.formats, "ogg") {
			return rule.kinds[0], true
		}
		return "", false
	}
	top, _, _ := strings.Cut(mime, "/")
	if slices.Contains(rule.kinds, Kind(top)) {
		return Kind(top), true
	}
	return "", false
}

// ContentTypeFor returns the MIME type a file named with ext and declared as mime is
// stored and served under: the standard type of the extension for the kind the
// declaration names, whatever spelling the browser used (audio/x-wav, video/avi,
// image/svg+xml for a .jpg). Call it after DeclaredKind accepted the pair.
func ContentTypeFor(ext, mime string) string {
	ext = strings.ToLower(ext)
	kind, ok := DeclaredKind(ext, mime)
	if !ok {
		return "application/octet-stream"
	}
	switch ext {
	case ".mp4", ".webm", ".ogg", ".mpeg":
		if kind != extensions[ext].kinds[0] {
			return string(kind) + "/" + strings.TrimPrefix(ext, ".")
		}
	}
	return extensions[ext].mime
}

// MatchesExtension reports whether a sniffed format may carry the extension ext.
func MatchesExtension(f Format, ext string) bool {
	rule, ok := extensions[strings.ToLower(ext)]
	return ok && slices.Contains(rule.formats, f.Name)
}

// MoovFirst reports whether an MP4/QuickTime file has its index (moov) before its
// media data (mdat), so browsers can start playing before the whole file arrives.
func MoovFirst(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	var off int64
	hdr := make([]byte, 16)
	for i := 0; i < 64; i++ {
		if _, err := f.ReadAt(hdr[:8], off); err != nil {
			return false, fmt.Errorf("media: read box at %d: %w", off, err)
		}
		size := int64(binary.BigEndian.Uint32(hdr[:4]))
		switch string(hdr[4:8]) {
		case "moov":
			return true, nil
		case "mdat":
			return false, nil
		}
		switch size {
		case 0:
			return false, nil // box runs to the end of the file
		case 1:
			if _, err := f.ReadAt(hdr[8:16], off+8); err != nil {
				return false, err
			}
			size = int64(binary.BigEndian.Uint64(hdr[8:16]))
		}
		if size < 8 {
			return false, errors.New("media: malformed box")
		}
		off += size
	}
	return false, errors.New("media: no moov or mdat in the first 64 boxes")
}

// mayBeTransparent reports whether the still at path can have transparent pixels:
// a PNG with an alpha channel or a tRNS chunk, a WebP with alpha, a GIF, or what it
// cannot tell. JPEGs, opaque PNGs and lossy WebPs without alpha are opaque.
func mayBeTransparent(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return true
	}
	defer f.Close()
	head := make([]byte, 32)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	format, ok := Sniff(head)
	switch {
	case !ok:
		return true
	case format.Name == "jpeg":
		return false
	case format.Name == "png":
		return pngMayBeTransparent(f)
	case format.Name == "webp" && len(head) >= 21:
		switch string(head[12:16]) {
		case "VP8 ":
			return false
		case "VP8X":
			return head[20]&0x10 != 0 // the alpha flag
		}
	}
	return true
}

// pngMayBeTransparent reads a PNG's chunks up to its image data: transparent when its
// colour type has alpha (4, 6) or a tRNS chunk gives some colours transparency.
func pngMayBeTransparent(f *os.File) bool {
	var hdr [8]byte
	for off := int64(8); ; {
		if _, err := f.ReadAt(hdr[:], off); err != nil {
			return true
		}
		size, name := int64(binary.BigEndian.Uint32(hdr[:4])), string(hdr[4:8])
		switch name {
		case "IHDR":
			var b [1]byte
			if _, err := f.ReadAt(b[:], off+8+9); err != nil {
				return true
			}
			if b[0] == 4 || b[0] == 6 { // grey or RGB with alpha
				return true
			}
		case "tRNS":
			return true
		case "IDAT", "IEND":
			return false
		}
		off += 12 + size // length, name, data and CRC
	}
}
