package tts

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// openAISpeech speaks the documented speech API: POST /v1/audio/speech with a Bearer
// key and JSON model, input, voice, response_format (and optional speed); the answer
// is the audio file. It answers 100 ms of tone per input character, as streamed WAV.
func openAISpeech(seen *map[string]any) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/audio/speech" {
			http.NotFound(w, r)
			return
		}
		if r.Header.Get("Authorization") != "Bearer sk-test" {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}`))
			return
		}
		var body map[string]any
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil || r.Header.Get("Content-Type") != "application/json" {
			http.Error(w, "bad json", http.StatusBadRequest)
			return
		}
		*seen = body
		input, _ := body["input"].(string)
		switch {
		case input == "overloaded":
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		case body["model"] == nil || body["voice"] == nil || input == "":
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"error":{"message":"missing field"}}`))
			return
		case body["response_format"] == "mp3" || input == "mp3 please":
			w.Header().Set("Content-Type", "audio/mpeg")
			b, err := encodeMP3(tone(24000, 1, 100*len(input)))
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			_, _ = w.Write(b)
			return
		}
		w.Header().Set("Content-Type", "audio/wav")
		_, _ = w.Write(streamedWAV(tone(24000, 1, 100*len(input))))
	}))
}

func TestOpenAISynthesize(t *testing.T) {
	var seen map[string]any
	srv := openAISpeech(&seen)
	defer srv.Close()
	ctx := context.Background()

	o, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1/", APIKey: "sk-test", Model: "gpt-4o-mini-tts"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := o.Synthesize(ctx, Request{Text: "Hello world", VoiceID: "nova", Speed: 1.25})
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != FormatWAV || res.DurationMs != 1100 || res.Words != nil {
		t.Fatalf("result: %s, %d ms, words %v", res.Format, res.DurationMs, res.Words)
	}
	if _, err := DecodeWAV(res.Audio); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"model": "gpt-4o-mini-tts", "input": "Hello world", "voice": "nova",
		"response_format": "wav", "speed": 1.25}
	for k, v := range want {
		if seen[k] != v {
			t.Errorf("request %s = %v, want %v", k, seen[k], v)
		}
	}

	// Defaults: voice alloy, no speed at normal speed.
	if _, err := o.Synthesize(ctx, Request{Text: "Hi"}); err != nil {
		t.Fatal(err)
	}
	if seen["voice"] != OpenAIDefaultVoice || seen["speed"] != nil {
		t.Fatalf("defaults: %v", seen)
	}

	// A server that answers MP3 anyway is measured with ffprobe.
	needTool(t, "ffmpeg")
	needTool(t, "ffprobe")
	res, err = o.Synthesize(ctx, Request{Text: "mp3 please"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != FormatMP3 || abs(res.DurationMs-1000) > 60 {
		t.Fatalf("mp3: %s %d ms", res.Format, res.DurationMs)
	}
}

func TestOpenAIErrors(t *testing.T) {
	var seen map[string]any
	srv := openAISpeech(&seen)
	defer srv.Close()
	ctx := context.Background()

	bad, _ := NewOpenAI(OpenAIConfig{BaseURL: srv.URL, APIKey: "wrong"})
	_, err := bad.Synthesize(ctx, Request{Text: "Hi"})
	if !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "Incorrect API key provided") ||
		strings.Contains(err.Error(), "wrong") {
		t.Fatalf("bad key: %v", err)
	}
	good, _ := NewOpenAI(OpenAIConfig{BaseURL: srv.URL, APIKey: "sk-test"})
	if _, err := good.Synthesize(ctx, Request{Text: "overloaded"}); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("503: %v", err)
	}
	if _, err := good.Synthesize(ctx, Request{Text: ""}); !errors.Is(err, ErrRejected) {
		t.Fatalf("400: %v", err)
	}
	srv.Close()
	if _, err := good.Synthesize(ctx, Request{Text: "Hi"}); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("server down: %v", err)
	}
	if _, err := NewOpenAI(OpenAIConfig{BaseURL: "ftp://x"}); err == nil {
		t.Fatal("ftp base URL accepted")
	}
}
