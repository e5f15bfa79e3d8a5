package images

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"pagecast/domain"
)

// A 1x1 PNG.
var pngPixel, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")

type seen struct {
	path, auth string
	body       map[string]any
}

func fakeImagesAPI(t *testing.T, status int, answer string) (*httptest.Server, *seen) {
	t.Helper()
	s := &seen{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.path, s.auth, s.body = r.URL.Path, r.Header.Get("Authorization"), nil
		_ = json.NewDecoder(r.Body).Decode(&s.body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(answer))
	}))
	t.Cleanup(srv.Close)
	return srv, s
}

func TestOpenAIBase64(t *testing.T) {
	answer := `{"created":1713833628,"data":[{"b64_json":"` + base64.StdEncoding.EncodeToString(pngPixel) + `"}],
		"usage":{"total_tokens":100,"input_tokens":50,"output_tokens":50}}`
	srv, s := fakeImagesAPI(t, 200, answer)
	g, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1/", APIKey: "sk-test"})
	if err != nil {
		t.Fatal(err)
	}
	imgs, err := g.Generate(t.Context(), Request{Prompt: "  a lighthouse\nin a storm ", Style: "cinematic", Orientation: Landscape})
	if err != nil {
		t.Fatal(err)
	}
	if s.path != "/v1/images/generations" || s.auth != "Bearer sk-test" {
		t.Fatalf("request %+v", s)
	}
	if s.body["model"] != "gpt-image-1" || s.body["size"] != "1536x1024" || s.body["n"] != float64(1) {
		t.Fatalf("body %v", s.body)
	}
	if _, has := s.body["response_format"]; has {
		t.Fatal("gpt-image models refuse response_format")
	}
	if p := s.body["prompt"].(string); !strings.HasPrefix(p, "a lighthouse in a storm. Style: cinematic film still") || !strings.Contains(p, "No text") {
		t.Fatalf("prompt %q", p)
	}
	if len(imgs) != 1 || imgs[0].MIME != "image/png" || string(imgs[0].Data) != string(pngPixel) || imgs[0].URL != "" {
		t.Fatalf("images %+v", imgs)
	}
}

func TestOpenAIURLAnswerAndSizes(t *testing.T) {
	answer := `{"created":1,"data":[{"url":"https://files.example/img-1.png","revised_prompt":"A tall lighthouse"},{"url":"https://files.example/img-2.png"}]}`
	srv, s := fakeImagesAPI(t, 200, answer)
	g, _ := NewOpenAI(OpenAIConfig{BaseURL: srv.URL, Model: "dall-e-3"})
	imgs, err := g.Generate(t.Context(), Request{Prompt: "lighthouse", Orientation: Portrait, N: 2})
	if err != nil {
		t.Fatal(err)
	}
	if s.auth != "" || s.body["size"] != "1024x1792" || s.body["response_format"] != "b64_json" || s.body["n"] != float64(2) {
		t.Fatalf("request %+v", s)
	}
	if len(imgs) != 2 || imgs[0].URL != "https://files.example/img-1.png" || imgs[0].RevisedPrompt != "A tall lighthouse" || imgs[0].Data != nil {
		t.Fatalf("images %+v", imgs)
	}
	for _, tc := range []struct {
		model string
		req   Request
		want  string
	}{
		{"gpt-image-1", Request{Orientation: Portrait}, "1024x1536"},
		{"gpt-image-1", Request{}, "1024x1024"},
		{"dall-e-3", Request{Orientation: Landscape}, "1792x1024"},
		{"dall-e-2", Request{Orientation: Landscape}, "1024x1024"},
		{"sdxl", Request{Orientation: Landscape, Size: "1344x768"}, "1344x768"},
	} {
		o, _ := NewOpenAI(OpenAIConfig{Model: tc.model})
		if got := o.size(tc.req); got != tc.want {
			t.Errorf("%s %+v: size %s, want %s", tc.model, tc.req, got, tc.want)
		}
	}
}

func TestOpenAIErrors(t *testing.T) {
	for _, tc := range []struct {
		status int
		answer string
		want   error
		msg    string
	}{
		{400, `{"error":{"message":"Your request was rejected by our safety system.","type":"image_generation_user_error"}}`, ErrRejected, "safety system"},
		{401, `{"error":{"message":"Incorrect API key provided"}}`, ErrRejected, "Incorrect API key"},
		{429, `{"error":{"message":"Rate limit reached"}}`, ErrUnavailable, "Rate limit"},
		{500, `oops`, ErrUnavailable, "status 500"},
		{200, `{"data":[]}`, ErrUnavailable, "no picture"},
		{200, `{"data":[{"b64_json":"` + base64.StdEncoding.EncodeToString([]byte("<html>not an image</html>")) + `"}]}`, ErrUnavailable, "not a picture"},
		{200, `{"data":[{"b64_json":"!!!"}]}`, ErrUnavailable, "base64"},
	} {
		srv, _ := fakeImagesAPI(t, tc.status, tc.answer)
		g, _ := NewOpenAI(OpenAIConfig{BaseURL: srv.URL})
		_, err := g.Generate(t.Context(), Request{Prompt: "x"})
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%d %s: err = %v", tc.status, tc.answer, err)
		}
	}
	g, _ := NewOpenAI(OpenAIConfig{BaseURL: "http://127.0.0.1:1/v1"})
	if _, err := g.Generate(t.Context(), Request{Prompt: "x"}); !errors.Is(err, ErrUnavailable) {
		t.Errorf("unreachable: %v", err)
	}
	if _, err := g.Generate(t.Context(), Request{Prompt: " "}); !errors.Is(err, ErrRejected) {
		t.Errorf("empty prompt: %v", err)
	}
	if _, err := g.Generate(t.Context(), Request{Prompt: "x", N: MaxImages + 1}); !errors.Is(err, ErrRejected) {
		t.Errorf("too many: %v", err)
	}
	if _, err := NewOpenAI(OpenAIConfig{BaseURL: "file:///etc"}); err == nil {
		t.Error("a file base URL was accepted")
	}
}

func TestOff(t *testing.T) {
	if _, err := (Off{}).Generate(t.Context(), Request{Prompt: "x"}); !errors.Is(err, ErrNotConfigured) {
		t.Fatalf("off: %v", err)
	}
	g, _ := NewOpenAI(OpenAIConfig{})
	if Configured(Off{}) || Configured(nil) || !Configured(g) {
		t.Fatal("Configured is wrong")
	}
}

func TestEveryStyleHasWords(t *testing.T) {
	for _, s := range domain.ImageStyles() {
		if stylePhrases[s] == "" {
			t.Errorf("style %s has no phrase", s)
		}
	}
	if len(stylePhrases) != len(domain.ImageStyles()) {
		t.Errorf("%d phrases", len(stylePhrases))
	}
}
