// Package images makes pictures from text with an AI image generator. The adapter
// speaks the OpenAI images API (POST {base_url}/images/generations), which OpenAI and
// many compatible servers offer. There is no local generator: without one configured
// the Generator is Off and says so. Configuration is passed in; nothing here reads the
// environment.
package images

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Errors a Generator wraps.
var (
	// ErrNotConfigured: no image generator is set up on this server.
	ErrNotConfigured = errors.New("images: no AI image generator is configured")
	// ErrUnavailable: the provider could not be reached or is overloaded (network
	// errors, 429, 5xx); try again later.
	ErrUnavailable = errors.New("image provider unavailable")
	// ErrRejected: the provider refused the request (bad key, a prompt against its
	// policy, an unknown model); retrying will not help.
	ErrRejected = errors.New("image request rejected")
)

// Orientation is the shape of the picture.
type Orientation string

// Orientations (spec 001 section 3, "AI image request").
const (
	Landscape Orientation = "landscape"
	Portrait  Orientation = "portrait"
	Square    Orientation = "square"
)

// MaxImages is how many pictures one request may ask for.
const MaxImages = 4

// Request asks for pictures.
type Request struct {
	Prompt string
	// Style is one of the spec's image styles (domain.ValidImageStyle); it is added to
	// the prompt. Unknown or empty styles add nothing.
	Style       string
	Orientation Orientation // "" means Square
	// N is how many pictures, 1 to MaxImages; 0 means 1.
	N int
	// Size overrides the size chosen from the orientation, e.g. "1024x1024".
	Size string
}

// Image is one generated picture: its bytes, or a URL to fetch them from when the
// provider answers with links (they expire; import them at once).
type Image struct {
	Data []byte
	// MIME is the type of Data, sniffed ("image/png", "image/jpeg", "image/webp").
	MIME string
	URL  string
	// RevisedPrompt is the prompt the provider really used, when it says.
	RevisedPrompt string
}

// Generator makes pictures from text.
type Generator interface {
	Generate(ctx context.Context, req Request) ([]Image, error)
}

// Off is the Generator of a server without an image provider: it always answers
// ErrNotConfigured.
type Off struct{}

// Generate returns ErrNotConfigured.
func (Off) Generate(context.Context, Request) ([]Image, error) { return nil, ErrNotConfigured }

// Configured reports whether g can make pictures.
func Configured(g Generator) bool {
	if g == nil {
		return false
	}
	_, off := g.(Off)
	return !off
}

// stylePhrases turn the spec's image styles into words image models understand.
var stylePhrases = map[string]string{
	"cinematic":         "cinematic film still, dramatic lighting, shallow depth of field",
	"photographic":      "professional photograph, realistic, natural light",
	"3d-model":          "3D model render, studio lighting",
	"analog-film":       "analog film photograph, film grain, muted colours",
	"anime":             "anime style illustration",
	"comic-book":        "comic book illustration, bold ink lines",
	"digital-art":       "digital art, vibrant colours",
	"enhance":           "highly detailed, sharp focus, enhanced colours",
	"fantasy-art":       "fantasy art painting, epic atmosphere",
	"isometric":         "isometric illustration",
	"line-art":          "clean line art drawing",
	"low-poly":          "low-poly 3D art",
	"modeling-compound": "clay figures made of modelling compound",
	"neon-punk":         "neon punk style, glowing neon colours",
	"origami":           "origami made of folded paper",
	"pixel-art":         "pixel art",
	"tile-texture":      "seamless tile texture",
}

// prompt is the text sent to the provider: the request's prompt, its style, and a
// request for no lettering (words in generated pictures are usually garbled).
func (r Request) prompt() string {
	p := strings.Join(strings.Fields(r.Prompt), " ")
	if s := stylePhrases[r.Style]; s != "" {
		p += ". Style: " + s
	}
	return p + ". No text or lettering in the image."
}

// OpenAI defaults.
const (
	OpenAIDefaultBaseURL = "https://api.openai.com/v1"
	OpenAIDefaultModel   = "gpt-image-1"
	maxAnswerBytes       = 96 << 20
)

// OpenAIConfig configures an OpenAI-compatible images endpoint.
type OpenAIConfig struct {
	// BaseURL includes the version path (OpenAIDefaultBaseURL when empty); requests go
	// to {BaseURL}/images/generations.
	BaseURL string
	// APIKey is sent as a Bearer token; local servers may need none.
	APIKey     string
	Model      string // OpenAIDefaultModel when empty
	HTTPClient *http.Client
}

// OpenAI generates pictures through POST {base}/images/generations.
type OpenAI struct {
	cfg OpenAIConfig
}

// NewOpenAI builds the adapter.
func NewOpenAI(cfg OpenAIConfig) (*OpenAI, error) {
	if cfg.BaseURL == "" {
		cfg.BaseURL = OpenAIDefaultBaseURL
	}
	cfg.BaseURL = strings.TrimSuffix(cfg.BaseURL, "/")
	if u, err := url.Parse(cfg.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("openai images: base URL %q is not an http(s) URL", cfg.BaseURL)
	}
	if cfg.Model == "" {
		cfg.Model = OpenAIDefaultModel
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 3 * time.Minute} // pictures take a while
	}
	return &OpenAI{cfg: cfg}, nil
}

// size picks a size the model accepts for the orientation.
func (o *OpenAI) size(r Request) string {
	if r.Size != "" {
		return r.Size
	}
	var wide, tall string
	switch m := o.cfg.Model; {
	case strings.HasPrefix(m, "gpt-image"):
		wide, tall = "1536x1024", "1024x1536"
	case m == "dall-e-3":
		wide, tall = "1792x1024", "1024x1792"
	default: // dall-e-2 and unknown compatible models: the size every one accepts
		return "1024x1024"
	}
	switch r.Orientation {
	case Landscape:
		return wide
	case Portrait:
		return tall
	}
	return "1024x1024"
}

type openAIAnswer struct {
	Data []struct {
		B64JSON       string `json:"b64_json"`
		URL           string `json:"url"`
		RevisedPrompt string `json:"revised_prompt"`
	} `json:"data"`
}

// Generate asks for r.N pictures.
func (o *OpenAI) Generate(ctx context.Context, r Request) ([]Image, error) {
	if strings.TrimSpace(r.Prompt) == "" {
		return nil, fmt.Errorf("openai images: %w: empty prompt", ErrRejected)
	}
	n := r.N
	if n <= 0 {
		n = 1
	}
	if n > MaxImages {
		return nil, fmt.Errorf("openai images: %w: at most %d images", ErrRejected, MaxImages)
	}
	body := map[string]any{"model": o.cfg.Model, "prompt": r.prompt(), "n": n, "size": o.size(r)}
	if !strings.HasPrefix(o.cfg.Model, "gpt-image") {
		// GPT image models always answer base64 and refuse this parameter.
		body["response_format"] = "b64_json"
	}
	buf, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("openai images: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, o.cfg.BaseURL+"/images/generations", bytes.NewReader(buf))
	if err != nil {
		return nil, fmt.Errorf("openai images: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if o.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+o.cfg.APIKey)
	}
	resp, err := o.cfg.HTTPClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("openai images: %w: %v", ErrUnavailable, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return nil, httpError(resp)
	}
	var ans openAIAnswer
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxAnswerBytes)).Decode(&ans); err != nil {
		return nil, fmt.Errorf("openai images: %w: bad answer: %v", ErrUnavailable, err)
	}
	var out []Image
	for _, d := range ans.Data {
		img := Image{URL: d.URL, RevisedPrompt: d.RevisedPrompt}
		if d.B64JSON != "" {
			data, err := base64.StdEncoding.DecodeString(d.B64JSON)
			if err != nil {
				return nil, fmt.Errorf("openai images: %w: bad base64: %v", ErrUnavailable, err)
			}
			img.Data, img.MIME, img.URL = data, http.DetectContentType(data), ""
			if !strings.HasPrefix(img.MIME, "image/") {
				return nil, fmt.Errorf("openai images: %w: the answer is %s, not a picture", ErrUnavailable, img.MIME)
			}
		}
		if img.Data == nil && img.URL == "" {
			continue
		}
		out = append(out, img)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("openai images: %w: no picture in the answer", ErrUnavailable)
	}
	return out, nil
}

// httpError turns a non-2xx answer into ErrUnavailable (429, 5xx) or ErrRejected,
// with the provider's message ({"error":{"message"}}) when it sent one.
func httpError(resp *http.Response) error {
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	kind := ErrRejected
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
		kind = ErrUnavailable
	}
	var e struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(raw, &e) == nil && e.Error.Message != "" {
		return fmt.Errorf("openai images: %w: status %d: %s", kind, resp.StatusCode, e.Error.Message)
	}
	return fmt.Errorf("openai images: %w: status %d", kind, resp.StatusCode)
}
