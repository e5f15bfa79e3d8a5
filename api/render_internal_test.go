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
