// Package tts turns narration text into speech. Every provider sits behind one
// Synthesizer interface that returns audio with its exact length (and word timings
// when the provider gives them). espeak-ng on this machine is the honest local
// default; OpenAI-compatible speech servers and ElevenLabs are the hosted adapters.
// Narrate builds one narration track from sentences and pauses and measures where
// each sentence lies in it. Configuration is passed in; nothing here reads the
// environment.
package tts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Errors a Synthesizer wraps, so callers can tell retryable failures from final ones.
var (
	// ErrUnavailable means the provider could not be reached or is overloaded (network
	// errors, 429, 5xx): try again later.
	ErrUnavailable = errors.New("tts provider unavailable")
	// ErrRejected means the provider refused the request (bad key, unknown voice, text
	// it will not read): retrying will not help.
	ErrRejected = errors.New("tts request rejected")
)

// Audio formats of Result.Format.
const (
	FormatWAV = "wav"
	FormatMP3 = "mp3"
)

// Request is one piece of text to speak.
type Request struct {
	Text     string
	VoiceID  string  // the provider's own voice id ("en-us+f3", "alloy", an ElevenLabs id)
	Language string  // BCP 47 code, used when the provider needs or accepts it
	Speed    float64 // 1 is normal; 0 means normal
}

// Word is when one word is spoken, relative to the start of its audio.
type Word struct {
	Text       string `json:"text"`
	StartMs    int    `json:"startMs"`
	DurationMs int    `json:"durationMs"`
}

// Result is synthesised audio.
type Result struct {
	Audio      []byte // the whole file, in Format
	Format     string // FormatWAV or FormatMP3
	DurationMs int    // measured from the audio: sample count for WAV, ffprobe otherwise
	Words      []Word // word timings when the provider gives them, else nil
}

// Synthesizer speaks text.
type Synthesizer interface {
	// Synthesize speaks req.Text with req.VoiceID and returns the audio.
	Synthesize(ctx context.Context, req Request) (Result, error)
}

// httpError turns a provider's non-2xx answer into an error wrapping ErrUnavailable
// (429, 5xx) or ErrRejected (other 4xx), with the provider's message when it sent one.
func httpError(provider string, resp *http.Response) error {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	kind := ErrRejected
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
		kind = ErrUnavailable
	}
	msg := errorMessage(body)
	if msg == "" {
		return fmt.Errorf("%s: %w: status %d", provider, kind, resp.StatusCode)
	}
	return fmt.Errorf("%s: %w: status %d: %s", provider, kind, resp.StatusCode, msg)
}

// errorMessage finds the message in the error bodies of OpenAI ({"error":{"message"}})
// and ElevenLabs ({"detail":{"message"}} or {"detail":"..."}).
func errorMessage(body []byte) string {
	var e struct {
		Error  json.RawMessage `json:"error"`
		Detail json.RawMessage `json:"detail"`
	}
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	for _, raw := range []json.RawMessage{e.Error, e.Detail} {
		var s string
		if json.Unmarshal(raw, &s) == nil && s != "" {
			return truncate(s)
		}
		var m struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(raw, &m) == nil && m.Message != "" {
			return truncate(m.Message)
		}
	}
	return ""
}

func truncate(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// SniffFormat names the audio format of b from its first bytes: FormatWAV, FormatMP3
// or "" when unknown.
func SniffFormat(b []byte) string {
	switch {
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WAVE":
		return FormatWAV
	case len(b) >= 3 && string(b[:3]) == "ID3", len(b) >= 2 && b[0] == 0xFF && b[1]&0xE0 == 0xE0:
		return FormatMP3
	}
	return ""
}
