package llm

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeChat speaks OpenAI's chat-completions API: POST /v1/chat/completions with a
// Bearer key, answering {"choices":[{"message":{"role","content"},"finish_reason"}]}
// or {"error":{"message","type"}} with the status of a failure.
type fakeChat struct {
	mu       sync.Mutex
	requests []map[string]any
	auth     []string
	// answer returns status and body for a request; nil answers content "ok".
	answer func(req map[string]any) (int, string)
}

func (f *fakeChat) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		http.NotFound(w, r)
		return
	}
	raw, _ := io.ReadAll(r.Body)
	var req map[string]any
	if err := json.Unmarshal(raw, &req); err != nil || r.Header.Get("Content-Type") != "application/json" {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"error":{"message":"bad JSON","type":"invalid_request_error"}}`))
		return
	}
	f.mu.Lock()
	f.requests = append(f.requests, req)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	answer := f.answer
	f.mu.Unlock()
	if r.Header.Get("Authorization") != "Bearer sk-test" {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"error":{"message":"Incorrect API key provided: sk-wrong.","type":"invalid_request_error","code":"invalid_api_key"}}`))
		return
	}
	status, body := http.StatusOK, chatAnswer("ok", "stop")
	if answer != nil {
		status, body = answer(req)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(body))
}

// chatAnswer is a chat-completions success body.
func chatAnswer(content, finish string) string {
	b, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "test-model",
		"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": finish}},
		"usage":   map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
	})
	return string(b)
}

func newFake(t *testing.T, f *fakeChat, key string) *OpenAI {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	o, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1/", APIKey: key, Model: "test-model", Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestOpenAIComplete(t *testing.T) {
	f := &fakeChat{answer: func(map[string]any) (int, string) { return 200, chatAnswer(`{"text":"hello"}`, "stop") }}
	o := newFake(t, f, "sk-test")
	got, err := o.Complete(t.Context(), Request{System: "be brief", Prompt: "say hello", MaxTokens: 50, Temperature: 0.2, JSON: true})
	if err != nil || got != `{"text":"hello"}` {
		t.Fatalf("Complete = %q, %v", got, err)
	}
	req := f.requests[0]
	msgs := req["messages"].([]any)
	if req["model"] != "test-model" || len(msgs) != 2 || req["max_tokens"] != 50.0 || req["temperature"] != 0.2 {
		t.Fatalf("request = %v", req)
	}
	if m := msgs[0].(map[string]any); m["role"] != "system" || m["content"] != "be brief" {
		t.Fatalf("system message = %v", m)
	}
	if m := msgs[1].(map[string]any); m["role"] != "user" || m["content"] != "say hello" {
		t.Fatalf("user message = %v", m)
	}
	if rf, _ := req["response_format"].(map[string]any); rf["type"] != "json_object" {
		t.Fatalf("response_format = %v", req["response_format"])
	}
	// Without JSON mode, system or token limit, those fields are left out.
	if _, err := o.Complete(t.Context(), Request{Prompt: "hi"}); err != nil {
		t.Fatal(err)
	}
	req = f.requests[1]
	if _, has := req["response_format"]; has {
		t.Error("response_format sent without JSON mode")
	}
	if _, has := req["max_tokens"]; has {
		t.Error("max_tokens sent without a limit")
	}
	if len(req["messages"].([]any)) != 1 {
		t.Error("empty system message sent")
	}
}

func TestOpenAIErrors(t *testing.T) {
	tests := []struct {
		name   string
		key    string
		status int
		body   string
		want   error
		text   string
	}{
		{name: "wrong key", key: "sk-wrong", want: ErrRejected, text: "Incorrect API key"},
		{name: "unknown model", key: "sk-test", status: 404, body: `{"error":{"message":"The model 'x' does not exist","type":"invalid_request_error"}}`, want: ErrRejected, text: "does not exist"},
		{name: "rate limited", key: "sk-test", status: 429, body: `{"error":{"message":"Rate limit reached","type":"requests"}}`, want: ErrUnavailable, text: "Rate limit"},
		{name: "server error", key: "sk-test", status: 500, body: `{"error":"model crashed"}`, want: ErrUnavailable, text: "model crashed"},
		{name: "bad gateway text", key: "sk-test", status: 502, body: `<html>Bad Gateway</html>`, want: ErrUnavailable, text: "Bad Gateway"},
		{name: "not JSON", key: "sk-test", status: 200, body: `hello`, want: ErrMalformed},
		{name: "no choices", key: "sk-test", status: 200, body: `{"choices":[]}`, want: ErrMalformed},
		{name: "null content", key: "sk-test", status: 200, body: `{"choices":[{"message":{"role":"assistant","content":null},"finish_reason":"stop"}]}`, want: ErrMalformed},
		{name: "empty content", key: "sk-test", status: 200, body: chatAnswer("  ", "stop"), want: ErrMalformed},
		{name: "cut off", key: "sk-test", status: 200, body: chatAnswer(`{"text":"hal`, "length"), want: ErrMalformed},
		{name: "refusal", key: "sk-test", status: 200, body: `{"choices":[{"message":{"role":"assistant","content":null,"refusal":"I can't help with that."},"finish_reason":"stop"}]}`, want: ErrRejected, text: "can't help"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeChat{answer: func(map[string]any) (int, string) { return tt.status, tt.body }}
			_, err := newFake(t, f, tt.key).Complete(t.Context(), Request{Prompt: "x"})
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.text) {
				t.Fatalf("err = %v, want %v containing %q", err, tt.want, tt.text)
			}
		})
	}
}

func TestOpenAIUnreachableAndTimeout(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	o, _ := NewOpenAI(OpenAIConfig{BaseURL: url, Model: "m"})
	if _, err := o.Complete(t.Context(), Request{Prompt: "x"}); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("closed server: %v", err)
	}
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(time.Second):
		}
	}))
	defer slow.Close()
	o, _ = NewOpenAI(OpenAIConfig{BaseURL: slow.URL, Model: "m", Timeout: 100 * time.Millisecond})
	start := time.Now()
	if _, err := o.Complete(context.Background(), Request{Prompt: "x"}); !errors.Is(err, ErrUnavailable) || time.Since(start) > 900*time.Millisecond {
		t.Fatalf("timeout: %v after %v", err, time.Since(start))
	}
}

func TestNewOpenAIChecksConfig(t *testing.T) {
	if _, err := NewOpenAI(OpenAIConfig{BaseURL: "ftp://x", Model: "m"}); err == nil {
		t.Error("ftp base URL accepted")
	}
	if _, err := NewOpenAI(OpenAIConfig{}); err == nil {
		t.Error("missing model accepted")
	}
	o, err := NewOpenAI(OpenAIConfig{Model: "m"})
	if err != nil || o.cfg.BaseURL != OpenAIDefaultBaseURL || o.cfg.Timeout != OpenAIDefaultTimeout {
		t.Errorf("defaults = %+v, %v", o, err)
	}
}
