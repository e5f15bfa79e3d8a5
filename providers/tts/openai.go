package tts

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// OpenAI defaults.
const (
	OpenAIDefaultBaseURL = "https://api.openai.com"
	OpenAIDefaultModel   = "tts-1"
	OpenAIDefaultVoice   = "alloy"
	openAIMaxAudioBytes  = 100 << 20
)

// OpenAIConfig configures an OpenAI-compatible speech endpoint.
type OpenAIConfig struct {
	BaseURL      string // without /v1; OpenAIDefaultBaseURL when empty (a trailing /v1 is tolerated)
	APIKey       string // sent as a Bearer token; may be empty for local servers
	Model        string // OpenAIDefaultModel when empty
	DefaultVoice string // used when a request names none; OpenAIDefaultVoice when empty
	HTTPClient   *http.Client
	Tools        Tools // to measure audio when the server answers with something other than WAV
}

// OpenAI speaks through POST {base}/v1/audio/speech, the speech API of OpenAI and of
// the many servers that copy it. It asks for WAV; the API gives no word timings.
type OpenAI struct {
	cfg OpenAIConfig
}

// NewOpenAI builds the adapter.
func NewOpenAI(cfg OpenAIConfig) (*OpenAI, error) {
	if cfg.BaseURL == "" {
		cfg.BaseURL = OpenAIDefaultBaseURL
	}
	cfg.BaseURL = strings.TrimSuffix(strings.TrimSuffix(cfg.BaseURL, "/"), "/v1")
	if !strings.HasPrefix(cfg.BaseURL, "http://") && !strings.HasPrefix(cfg.BaseURL, "https://") {
		return nil, fmt.Errorf("openai tts: base URL %q is not http(s)", cfg.BaseURL)
	}
	if cfg.Model == "" {
		cfg.Model = OpenAIDefaultModel
	}
	if cfg.DefaultVoice == "" {
		cfg.DefaultVoice = OpenAIDefaultVoice
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 2 * time.Minute}
	}
	return &OpenAI{cfg: cfg}, nil
}

// Synthesize speaks req.Text. Speed is clamped to the API's 0.25 to 4.
func (o *OpenAI) Synthesize(ctx context.Context, req Request) (Result, error) {
	body := map[string]any{
		"model":           o.cfg.Model,
		"input":           req.Text,
		"voice":           o.cfg.DefaultVoice,
		"response_format": "wav",
	}
	if req.VoiceID != "" {
		body["voice"] = req.VoiceID
	}
	if req.Speed > 0 && req.Speed != 1 {
		body["speed"] = min(max(req.Speed, 0.25), 4)
	}
	buf, err := json.Marshal(body)
	if err != nil {
		return Result{}, fmt.Errorf("openai tts: %w", err)
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, o.cfg.BaseURL+"/v1/audio/speech", bytes.NewReader(buf))
	if err != nil {
		return Result{}, fmt.Errorf("openai tts: %w", err)
	}
	hreq.Header.Set("Content-Type", "application/json")
	if o.cfg.APIKey != "" {
		hreq.Header.Set("Authorization", "Bearer "+o.cfg.APIKey)
	}
	resp, err := o.cfg.HTTPClient.Do(hreq)
	if err != nil {
		return Result{}, fmt.Errorf("openai tts: %w: %v", ErrUnavailable, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return Result{}, httpError("openai tts", resp)
	}
	audio, err := io.ReadAll(io.LimitReader(resp.Body, openAIMaxAudioBytes))
	if err != nil {
		return Result{}, fmt.Errorf("openai tts: %w: reading audio: %v", ErrUnavailable, err)
	}
	res, err := resultFromAudio(ctx, o.cfg.Tools, audio)
	if err != nil {
		return Result{}, fmt.Errorf("openai tts: %w", err)
	}
	return res, nil
}
