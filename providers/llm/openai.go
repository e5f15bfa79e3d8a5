package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// OpenAI defaults.
const (
	OpenAIDefaultBaseURL = "https://api.openai.com/v1"
	OpenAIDefaultTimeout = 60 * time.Second
	openAIMaxAnswerBytes = 4 << 20
)

// OpenAIConfig configures an OpenAI-compatible chat-completions endpoint.
type OpenAIConfig struct {
	// BaseURL is the API root the paths hang off, with its version:
	// https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), http://host:8000/v1 (vLLM).
	BaseURL string
	// APIKey is sent as a Bearer token; local servers may need none.
	APIKey string
	// Model names the model, e.g. gpt-4o-mini or llama3.1; required.
	Model string
	// Timeout bounds one call; OpenAIDefaultTimeout when zero.
	Timeout    time.Duration
	HTTPClient *http.Client
}

// OpenAI completes prompts through POST {base}/chat/completions.
type OpenAI struct {
	cfg OpenAIConfig
}

// NewOpenAI builds the adapter; it checks the configuration, not the server.
func NewOpenAI(cfg OpenAIConfig) (*OpenAI, error) {
	if cfg.BaseURL == "" {
		cfg.BaseURL = OpenAIDefaultBaseURL
	}
	cfg.BaseURL = strings.TrimSuffix(cfg.BaseURL, "/")
	if !strings.HasPrefix(cfg.BaseURL, "http://") && !strings.HasPrefix(cfg.BaseURL, "https://") {
		return nil, fmt.Errorf("llm: base URL %q is not http(s)", cfg.BaseURL)
	}
	if cfg.Model == "" {
		return nil, errors.New("llm: a model is required")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = OpenAIDefaultTimeout
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{}
	}
	return &OpenAI{cfg: cfg}, nil
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type chatRequest struct {
	Model          string            `json:"model"`
	Messages       []chatMessage     `json:"messages"`
	MaxTokens      int               `json:"max_tokens,omitempty"`
	Temperature    float64           `json:"temperature"`
	ResponseFormat map[string]string `json:"response_format,omitempty"`
}

type chatResponse struct {
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
			Refusal string  `json:"refusal"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
}

// Complete asks the model once. A refusal is ErrRejected; an answer cut off by the
// token limit is ErrMalformed (half a script is no script).
func (o *OpenAI) Complete(ctx context.Context, req Request) (string, error) {
	body := chatRequest{Model: o.cfg.Model, MaxTokens: req.MaxTokens, Temperature: req.Temperature}
	if req.System != "" {
		body.Messages = append(body.Messages, chatMessage{Role: "system", Content: req.System})
	}
	body.Messages = append(body.Messages, chatMessage{Role: "user", Content: req.Prompt})
	if req.JSON {
		body.ResponseFormat = map[string]string{"type": "json_object"}
	}
	buf, err := json.Marshal(body)
	if err != nil {
		return "", fmt.Errorf("llm: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, o.cfg.Timeout)
	defer cancel()
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, o.cfg.BaseURL+"/chat/completions", bytes.NewReader(buf))
	if err != nil {
		return "", fmt.Errorf("llm: %w", err)
	}
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("Accept", "application/json")
	if o.cfg.APIKey != "" {
		hreq.Header.Set("Authorization", "Bearer "+o.cfg.APIKey)
	}
	resp, err := o.cfg.HTTPClient.Do(hreq)
	if err != nil {
		return "", fmt.Errorf("llm: %w: %v", ErrUnavailable, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, openAIMaxAnswerBytes))
	if err != nil {
		return "", fmt.Errorf("llm: %w: reading the answer: %v", ErrUnavailable, err)
	}
	if resp.StatusCode/100 != 2 {
		kind := ErrRejected
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 || resp.StatusCode == http.StatusRequestTimeout {
			kind = ErrUnavailable
		}
		return "", fmt.Errorf("llm: %w: HTTP %d: %s", kind, resp.StatusCode, apiErrorMessage(raw))
	}
	var cr chatResponse
	if err := json.Unmarshal(raw, &cr); err != nil {
		return "", fmt.Errorf("llm: %w: not chat-completions JSON: %v", ErrMalformed, err)
	}
	if len(cr.Choices) == 0 {
		return "", fmt.Errorf("llm: %w: no choices", ErrMalformed)
	}
	ch := cr.Choices[0]
	switch {
	case ch.Message.Refusal != "":
		return "", fmt.Errorf("llm: %w: the model refused: %s", ErrRejected, clip(ch.Message.Refusal))
	case ch.FinishReason == "length":
		return "", fmt.Errorf("llm: %w: the answer was cut off at the token limit", ErrMalformed)
	case ch.Message.Content == nil || strings.TrimSpace(*ch.Message.Content) == "":
		return "", fmt.Errorf("llm: %w: empty answer", ErrMalformed)
	}
	return *ch.Message.Content, nil
}

// apiErrorMessage reads {"error": {"message"}} (OpenAI, vLLM), {"error": "..."}
// (Ollama) or falls back to the start of the body.
func apiErrorMessage(raw []byte) string {
	var e struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(raw, &e) == nil && len(e.Error) > 0 {
		var obj struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(e.Error, &obj) == nil && obj.Message != "" {
			return clip(obj.Message)
		}
		var s string
		if json.Unmarshal(e.Error, &s) == nil && s != "" {
			return clip(s)
		}
	}
	return clip(strings.TrimSpace(string(raw)))
}

func clip(s string) string {
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return strings.ToValidUTF8(s, "")
}
