package api

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

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
