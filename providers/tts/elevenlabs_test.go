package tts

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// fakeElevenLabs speaks the documented ElevenLabs API:
//   - POST /v1/text-to-speech/{voice_id}/with-timestamps?output_format=... with the
//     xi-api-key header and JSON text, model_id (voice_settings, language_code optional),
//     answering audio_base64 and alignment {characters, character_start_times_seconds,
//     character_end_times_seconds}. Each character takes 50 ms.
//   - POST /v1/voices/add, multipart name and files[], answering {voice_id}.
//   - DELETE /v1/voices/{voice_id}.
type fakeElevenLabs struct {
	mu       sync.Mutex
	lastBody map[string]any
	lastFmt  string
	uploads  map[string]string // file name -> content type and content of the last voices/add
	voices   map[string]string // voice id -> name
}

func (f *fakeElevenLabs) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.Header.Get("xi-api-key") != "xi-test" {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"detail":{"status":"invalid_api_key","message":"Invalid API key"}}`))
		return
	}
	switch {
	case r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/v1/text-to-speech/") &&
		strings.HasSuffix(r.URL.Path, "/with-timestamps"):
		voice := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/v1/text-to-speech/"), "/with-timestamps")
		if _, ok := f.voices[voice]; !ok {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"detail":{"status":"voice_not_found","message":"A voice with the voice_id ` + voice + ` was not found."}}`))
			return
		}
		var body map[string]any
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			w.WriteHeader(http.StatusUnprocessableEntity)
			return
		}
		f.lastBody, f.lastFmt = body, r.URL.Query().Get("output_format")
		text, _ := body["text"].(string)
		if text == "busy" {
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = w.Write([]byte(`{"detail":{"status":"too_many_concurrent_requests","message":"Too many requests"}}`))
			return
		}
		n := utf8.RuneCountInString(text)
		var a Alignment
		for i, r := range []rune(text) {
			a.Characters = append(a.Characters, string(r))
			a.Starts = append(a.Starts, float64(i)*0.05)
			a.Ends = append(a.Ends, float64(i+1)*0.05)
		}
		var audio []byte
		switch f.lastFmt {
		case "pcm_16000":
			audio = tone(16000, 1, 50*n).Data // raw samples, no header, as documented
		case "mp3_44100_128":
			var err error
			if audio, err = encodeMP3(tone(44100, 1, 50*n)); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
		default:
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"audio_base64": base64.StdEncoding.EncodeToString(audio),
			"alignment": a, "normalized_alignment": a})
	case r.Method == http.MethodPost && r.URL.Path == "/v1/voices/add":
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			w.WriteHeader(http.StatusUnprocessableEntity)
			return
		}
		name := r.FormValue("name")
		files := r.MultipartForm.File["files"]
		if name == "" || len(files) == 0 {
			w.WriteHeader(http.StatusUnprocessableEntity)
			_, _ = w.Write([]byte(`{"detail":{"message":"name and files are required"}}`))
			return
		}
		f.uploads = map[string]string{}
		for _, fh := range files {
			file, _ := fh.Open()
			b, _ := io.ReadAll(file)
			f.uploads[fh.Filename] = fh.Header.Get("Content-Type") + " " + string(b)
		}
		id := "cloned" + name
		f.voices[id] = name
		_ = json.NewEncoder(w).Encode(map[string]any{"voice_id": id, "requires_verification": false})
	case r.Method == http.MethodDelete && strings.HasPrefix(r.URL.Path, "/v1/voices/"):
		id := strings.TrimPrefix(r.URL.Path, "/v1/voices/")
		if _, ok := f.voices[id]; !ok {
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"detail":{"status":"voice_does_not_exist","message":"voice does not exist"}}`))
			return
		}
		delete(f.voices, id)
		_, _ = w.Write([]byte(`{"status":"ok"}`))
	default:
		http.NotFound(w, r)
	}
}

func newFakeElevenLabs(t *testing.T) (*fakeElevenLabs, *httptest.Server) {
	f := &fakeElevenLabs{voices: map[string]string{"JBFqnCBsd6RMkjVDRZzb": "George"}}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func TestElevenLabsSynthesize(t *testing.T) {
	f, srv := newFakeElevenLabs(t)
	ctx := context.Background()
	c, err := NewElevenLabs(ElevenLabsConfig{BaseURL: srv.URL, APIKey: "xi-test", OutputFormat: "pcm_16000",
		SendLanguage: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Synthesize(ctx, Request{Text: "Hi, big world!", VoiceID: "JBFqnCBsd6RMkjVDRZzb", Language: "en-US", Speed: 1.5})
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != FormatWAV || res.DurationMs != 700 {
		t.Fatalf("result %s %d ms", res.Format, res.DurationMs)
	}
	if p, err := DecodeWAV(res.Audio); err != nil || p.SampleRate != 16000 {
		t.Fatalf("audio: %v", err)
	}
	wantWords := []Word{{"Hi,", 0, 150}, {"big", 200, 150}, {"world!", 400, 300}}
	if !reflect.DeepEqual(res.Words, wantWords) {
		t.Fatalf("words %+v, want %+v", res.Words, wantWords)
	}
	if f.lastFmt != "pcm_16000" || f.lastBody["model_id"] != ElevenLabsDefaultModel || f.lastBody["text"] != "Hi, big world!" ||
		f.lastBody["language_code"] != "en" || !reflect.DeepEqual(f.lastBody["voice_settings"], map[string]any{"speed": 1.2}) {
		t.Fatalf("request: %s %v", f.lastFmt, f.lastBody)
	}

	// MP3 output is measured with ffprobe; normal speed sends no voice settings.
	needTool(t, "ffmpeg")
	needTool(t, "ffprobe")
	mp3, _ := NewElevenLabs(ElevenLabsConfig{BaseURL: srv.URL, APIKey: "xi-test", Model: "eleven_flash_v2_5",
		OutputFormat: "mp3_44100_128"})
	res, err = mp3.Synthesize(ctx, Request{Text: "Twenty characters!!", VoiceID: "JBFqnCBsd6RMkjVDRZzb", Language: "en"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != FormatMP3 || abs(res.DurationMs-950) > 60 || len(res.Words) != 2 {
		t.Fatalf("mp3: %s %d ms %v", res.Format, res.DurationMs, res.Words)
	}
	if f.lastBody["voice_settings"] != nil || f.lastBody["language_code"] != nil || f.lastBody["model_id"] != "eleven_flash_v2_5" {
		t.Fatalf("request: %v", f.lastBody)
	}
}

func TestElevenLabsErrors(t *testing.T) {
	_, srv := newFakeElevenLabs(t)
	ctx := context.Background()
	c, _ := NewElevenLabs(ElevenLabsConfig{BaseURL: srv.URL, APIKey: "xi-test", OutputFormat: "pcm_16000"})
	if _, err := c.Synthesize(ctx, Request{Text: "Hi", VoiceID: "nobody"}); !errors.Is(err, ErrRejected) ||
		!strings.Contains(err.Error(), "was not found") {
		t.Fatalf("unknown voice: %v", err)
	}
	if _, err := c.Synthesize(ctx, Request{Text: "busy", VoiceID: "JBFqnCBsd6RMkjVDRZzb"}); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("429: %v", err)
	}
	if _, err := c.Synthesize(ctx, Request{Text: "Hi"}); !errors.Is(err, ErrRejected) {
		t.Fatalf("no voice: %v", err)
	}
	bad, _ := NewElevenLabs(ElevenLabsConfig{BaseURL: srv.URL, APIKey: "nope", OutputFormat: "pcm_16000"})
	if _, err := bad.Synthesize(ctx, Request{Text: "Hi", VoiceID: "JBFqnCBsd6RMkjVDRZzb"}); !errors.Is(err, ErrRejected) ||
		!strings.Contains(err.Error(), "Invalid API key") {
		t.Fatalf("bad key: %v", err)
	}
	for _, cfg := range []ElevenLabsConfig{{}, {APIKey: "k", OutputFormat: "ulaw_8000"}, {APIKey: "k", OutputFormat: "pcm_x"}} {
		if _, err := NewElevenLabs(cfg); err == nil {
			t.Errorf("config %+v accepted", cfg)
		}
	}
}

func TestElevenLabsVoices(t *testing.T) {
	f, srv := newFakeElevenLabs(t)
	ctx := context.Background()
	c, _ := NewElevenLabs(ElevenLabsConfig{BaseURL: srv.URL, APIKey: "xi-test", OutputFormat: "pcm_16000"})
	id, err := c.AddVoice(ctx, "Ann", []VoiceSample{
		{FileName: "/tmp/one.wav", Content: strings.NewReader("RIFF one")},
		{FileName: "two.mp3", Content: strings.NewReader("ID3 two")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if id != "clonedAnn" {
		t.Fatalf("voice id %q", id)
	}
	if len(f.uploads) != 2 || f.uploads["two.mp3"] != "audio/mpeg ID3 two" ||
		!strings.HasPrefix(f.uploads["one.wav"], "audio/") || !strings.HasSuffix(f.uploads["one.wav"], " RIFF one") {
		t.Fatalf("uploads %q", f.uploads)
	}
	// The clone speaks.
	if _, err := c.Synthesize(ctx, Request{Text: "Hi there", VoiceID: id}); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteVoice(ctx, id); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteVoice(ctx, id); !errors.Is(err, ErrRejected) {
		t.Fatalf("second delete: %v", err)
	}
	if _, err := c.AddVoice(ctx, "", []VoiceSample{{FileName: "a.wav", Content: strings.NewReader("x")}}); !errors.Is(err, ErrRejected) {
		t.Fatalf("no name: %v", err)
	}
	if _, err := c.AddVoice(ctx, "Ann", nil); !errors.Is(err, ErrRejected) {
		t.Fatalf("no files: %v", err)
	}
	srv.Close()
	if _, err := c.AddVoice(ctx, "Bob", []VoiceSample{{FileName: "a.wav", Content: strings.NewReader("x")}}); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("server down: %v", err)
	}
}

func TestWordsFromAlignment(t *testing.T) {
	a := Alignment{
		Characters: []string{" ", "H", "e", "y", " ", " ", "y", "o", "u", "\n", "!"},
		Starts:     []float64{0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0},
		Ends:       []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1},
	}
	want := []Word{{"Hey", 100, 300}, {"you", 600, 300}, {"!", 1000, 100}}
	if got := WordsFromAlignment(a); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	// Ragged arrays are cut to the shortest; empty gives none.
	a.Ends = a.Ends[:4]
	if got := WordsFromAlignment(a); !reflect.DeepEqual(got, []Word{{"Hey", 100, 300}}) {
		t.Fatalf("ragged: %+v", got)
	}
	if got := WordsFromAlignment(Alignment{}); got != nil {
		t.Fatalf("empty: %+v", got)
	}
}
