package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"pagecast/blob"
	"pagecast/domain"
	"pagecast/models"
)

// TestStartRefused: a render the store refuses under the account's lock is answered
// with that refusal's numbers, not the credits the gate read before it.
func TestStartRefused(t *testing.T) {
	gateSaw := domain.CreditsInfo{RequiredCredits: 1, RemainingCredits: 3}
	tests := []struct {
		name       string
		err        error
		wantStatus int
		wantMsg    string
	}{
		{"spent meanwhile", fmt.Errorf("start render of video 7: %w", &models.InsufficientCreditsError{Required: 1, Remaining: 0}),
			http.StatusPaymentRequired, "Not enough credits: this render needs 1 credit and you have 0."},
		{"short, numbers unknown", fmt.Errorf("start: %w", models.ErrInsufficientCredits),
			http.StatusPaymentRequired, "Not enough credits: this render needs 1 credit and you have 3."},
		{"in progress", fmt.Errorf("start: %w", models.ErrRenderInProgress), http.StatusConflict, domain.MsgRenderRendering},
		{"max attempts", fmt.Errorf("start: %w", models.ErrMaxRenderAttempts), http.StatusConflict,
			domain.MsgMaxAttempts(domain.MaxRenderAttempts)},
		{"video gone", fmt.Errorf("video 7: %w", models.ErrNotFound), http.StatusNotFound, errVideoNotFound.Message},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e *Error
			if !errors.As(startRefused(tt.err, gateSaw), &e) || e.Status != tt.wantStatus || e.Message != tt.wantMsg {
				t.Fatalf("startRefused = %v, want %d %q", e, tt.wantStatus, tt.wantMsg)
			}
		})
	}
}

// TestDownloadName: the name a render's file downloads as keeps the video's name as
// people read it, and nothing that can hide the real extension, break a header or a
// file system: no control characters (C0, DEL, C1), no bidirectional controls, no line
// or paragraph separators, no path or quoting characters.
func TestDownloadName(t *testing.T) {
	tests := []struct {
		name, video, key, want string
	}{
		{"plain", "My video", "videos/1/2/renders/3/video.mp4", "My video.mp4"},
		{"unicode kept", "Café 東京 👩‍💻", "x/video.mp4", "Café 東京 👩‍💻.mp4"},
		{"path and quotes", `a/b\c:"d"*?<>|`, "x/video.srt", "a-b-c--d------.srt"},
		{"newline and tab", "line\r\none\tx", "x/video.mp4", "line--one-x.mp4"},
		{"DEL and C1", "a\x7fb\u0085c\u009bd", "x/video.mp4", "a-b-c-d.mp4"},
		{"right-to-left override hides the extension", "invoice\u202Efdp.exe", "x/video.mp4", "invoice-fdp.exe.mp4"},
		{"other bidi controls", "a\u200Eb\u200Fc\u2066d\u2069e\u061Cf", "x/video.vtt", "a-b-c-d-e-f.vtt"},
		{"line and paragraph separators", "a\u2028b\u2029c", "x/video.ass", "a-b-c.ass"},
		{"empty", "   ", "x/video.mp4", "video-7.mp4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := downloadName(models.Video{ID: 7, Name: tt.video}, tt.key); got != tt.want {
				t.Fatalf("downloadName(%q) = %q, want %q", tt.video, got, tt.want)
			}
		})
	}
}

// headCounter is an object store that answers HEAD only: keys in gone are not found,
// keys in broken fail otherwise; it records how many HEADs ran at once.
type headCounter struct {
	AssetObjects
	gone, broken map[string]bool
	mu           sync.Mutex
	heads        map[string]int
	running, max int
}

func (h *headCounter) Head(ctx context.Context, key string) (blob.ObjectInfo, error) {
	h.mu.Lock()
	h.heads[key]++
	h.running++
	h.max = max(h.max, h.running)
	h.mu.Unlock()
	time.Sleep(2 * time.Millisecond)
	h.mu.Lock()
	h.running--
	h.mu.Unlock()
	switch {
	case h.gone[key]:
		return blob.ObjectInfo{}, fmt.Errorf("head %s: %w", key, blob.ErrNotFound)
	case h.broken[key]:
		return blob.ObjectInfo{}, errors.New("connection reset")
	}
	return blob.ObjectInfo{Key: key}, nil
}

// TestRenderFilesAreCheckedOnceEach: validation sends one HEAD per distinct file of the
// account a render reads, a few at a time, and only a file not found is missing.
func TestRenderFilesAreCheckedOnceEach(t *testing.T) {
	const pub = 1
	asset := func(id int64, key string, state models.AssetState) *models.Asset {
		return &models.Asset{ID: id, PublisherID: pub, State: state, MediaKey: key}
	}
	narration := asset(50, "videos/1/9/narration/n.wav", models.AssetStateComplete)
	media := func(a *models.Asset) []models.LayerAsset {
		return []models.LayerAsset{{Kind: models.LayerAssetMedia, Asset: a}}
	}
	var layers []models.Layer
	for i := range 30 {
		// Thirty slides of one picture and one narration, and one picture each.
		layers = append(layers, models.Layer{Narration: narration,
			Assets: append(media(asset(1, "assets/1/1/media.jpg", models.AssetStateComplete)),
				media(asset(int64(100+i), fmt.Sprintf("assets/1/%d/media.mp4", 100+i), models.AssetStateComplete))...)})
	}
	theirs := &models.Asset{ID: 2, PublisherID: pub + 1, State: models.AssetStateComplete, MediaKey: "assets/2/2/media.jpg"}
	layers = append(layers,
		models.Layer{Assets: media(theirs)},
		models.Layer{Assets: media(asset(3, "assets/1/3/original.jpg", models.AssetStatePending))},
		models.Layer{Muted: true, Narration: asset(51, "videos/1/9/narration/muted.wav", models.AssetStateComplete)},
		models.Layer{Assets: []models.LayerAsset{{Kind: models.LayerAssetText, Text: "Hello"}}})
	v := models.Video{ID: 9, PublisherID: pub, Scenes: []models.Scene{{Layers: layers[:20]}, {Layers: layers[20:]}}}

	// An intro whose clip a slide shows too, another account's outro, and music.
	music := asset(60, "assets/1/60/original.mp3", models.AssetStateComplete)
	theirClip := &models.Asset{ID: 4, PublisherID: pub + 1, State: models.AssetStateComplete, MediaKey: "assets/2/4/media.mp4"}
	ra := renderAssets{
		inserts: []models.VideoInsert{{Type: models.InsertIntro, Asset: asset(100, "assets/1/100/media.mp4", models.AssetStateComplete)},
			{Type: models.InsertOutro, Asset: theirClip}},
		music: []models.VideoBackgroundAudio{{Order: 1, Volume: 20, Asset: music}, {Order: 2, Volume: 50, Asset: music}},
	}
	keys := renderFiles(v, ra)
	if len(keys) != 33 || keys[0] != "assets/1/100/media.mp4" || keys[1] != music.MediaKey || keys[2] != "assets/1/1/media.jpg" || keys[3] != narration.MediaKey {
		t.Fatalf("renderFiles = %d keys %v, want the intro, the music, the picture, 29 more clips and the narration once each", len(keys), keys)
	}
	for _, k := range keys {
		if k == theirs.MediaKey || k == theirClip.MediaKey || strings.Contains(k, "muted") || strings.Contains(k, "/3/original") {
			t.Fatalf("renderFiles lists %s", k)
		}
	}

	h := &headCounter{heads: map[string]int{}, gone: map[string]bool{"assets/1/105/media.mp4": true},
		broken: map[string]bool{"assets/1/106/media.mp4": true}}
	s := &Server{assets: &AssetDeps{Objects: h}, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	missing, err := s.missingObjects(t.Context(), keys)
	if err != nil {
		t.Fatal(err)
	}
	if len(missing) != 1 || !missing["assets/1/105/media.mp4"] {
		t.Fatalf("missing = %v, want only the file not found", missing)
	}
	for k, n := range h.heads {
		if n != 1 {
			t.Errorf("%s asked %d times", k, n)
		}
	}
	if len(h.heads) != len(keys) || h.max > objectCheckWorkers || h.max < 2 {
		t.Fatalf("%d HEADs, up to %d at once; want %d, at most %d at once", len(h.heads), h.max, len(keys), objectCheckWorkers)
	}
}
