package tts

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// ElevenLabs defaults.
const (
	ElevenLabsDefaultBaseURL      = "https://api.elevenlabs.io"
	ElevenLabsDefaultModel        = "eleven_multilingual_v2"
	ElevenLabsDefaultOutputFormat = "pcm_24000"
	elevenLabsMaxResponseBytes    = 200 << 20
)

// ElevenLabsConfig configures the ElevenLabs adapter.
type ElevenLabsConfig struct {
	BaseURL string // ElevenLabsDefaultBaseURL when empty
	APIKey  string // sent as xi-api-key; required
	Model   string // model_id; ElevenLabsDefaultModel when empty
	// OutputFormat is "pcm_<rate>" (returned as WAV, measured by sample count) or
	// "mp3_<rate>_<kbps>" (measured with ffprobe); ElevenLabsDefaultOutputFormat when empty.
	OutputFormat string
	// SendLanguage sends the request's language as language_code; only some models
	// (the v2.5 Turbo and Flash ones) accept it, others refuse the request.
	SendLanguage bool
	HTTPClient   *http.Client
	Tools        Tools // ffprobe for MP3 output
}

// ElevenLabs speaks through ElevenLabs' text-to-speech-with-timestamps API, which
// returns character timings that become word timings, and clones voices.
type ElevenLabs struct {
	cfg  ElevenLabsConfig
	rate int // sample rate of pcm_ output, 0 for mp3
}

// NewElevenLabs builds the adapter.
func NewElevenLabs(cfg ElevenLabsConfig) (*ElevenLabs, error) {
	if cfg.APIKey == "" {
		return nil, errors.New("elevenlabs: API key is required")
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = ElevenLabsDefaultBaseURL
	}
	cfg.BaseURL = strings.TrimSuffix(strings.TrimSuffix(cfg.BaseURL, "/"), "/v1")
	if !strings.HasPrefix(cfg.BaseURL, "http://") && !strings.HasPrefix(cfg.BaseURL, "https://") {
		return nil, fmt.Errorf("elevenlabs: base URL %q is not http(s)", cfg.BaseURL)
	}
	if cfg.Model == "" {
		cfg.Model = ElevenLabsDefaultModel
	}
	if cfg.OutputFormat == "" {
		cfg.OutputFormat = ElevenLabsDefaultOutputFormat
	}
	c := &ElevenLabs{cfg: cfg}
	parts := strings.Split(cfg.OutputFormat, "_")
	switch {
	case parts[0] == "pcm" && len(parts) == 2:
		rate, err := strconv.Atoi(parts[1])
		if err != nil || rate <= 0 {
			return nil, fmt.Errorf("elevenlabs: bad output format %q", cfg.OutputFormat)
		}
		c.rate = rate
	case parts[0] == "mp3":
	default:
		return nil, fmt.Errorf("elevenlabs: output format %q is not pcm_* or mp3_*", cfg.OutputFormat)
	}
	if cfg.HTTPClient == nil {
		c.cfg.HTTPClient = &http.Client{Timeout: 2 * time.Minute}
	}
	return c, nil
}

// Alignment is ElevenLabs' timing of each character of the text, in seconds.
type Alignment struct {
	Characters []string  `json:"characters"`
	Starts     []float64 `json:"character_start_times_seconds"`
	Ends       []float64 `json:"character_end_times_seconds"`
}

// Synthesize speaks req.Text with the ElevenLabs voice req.VoiceID. Speed other than
// normal is sent as voice_settings.speed, clamped to the API's 0.7 to 1.2.
func (c *ElevenLabs) Synthesize(ctx context.Context, req Request) (Result, error) {
	if req.VoiceID == "" {
		return Result{}, fmt.Errorf("elevenlabs: %w: no voice id", ErrRejected)
	}
	body := map[string]any{"text": req.Text, "model_id": c.cfg.Model}
	if req.Speed > 0 && req.Speed != 1 {
		body["voice_settings"] = map[string]any{"speed": min(max(req.Speed, 0.7), 1.2)}
	}
	if c.cfg.SendLanguage && req.Language != "" {
		lang, _, _ := strings.Cut(strings.ToLower(req.Language), "-")
		body["language_code"] = lang
	}
	buf, err := json.Marshal(body)
	if err != nil {
		return Result{}, fmt.Errorf("elevenlabs: %w", err)
	}
	u := c.cfg.BaseURL + "/v1/text-to-speech/" + url.PathEscape(req.VoiceID) + "/with-timestamps?" +
		url.Values{"output_format": {c.cfg.OutputFormat}}.Encode()
	var answer struct {
		AudioBase64 string    `json:"audio_base64"`
		Alignment   Alignment `json:"alignment"`
	}
	if err := c.do(ctx, http.MethodPost, u, "application/json", bytes.NewReader(buf), &answer); err != nil {
		return Result{}, err
	}
	audio, err := base64.StdEncoding.DecodeString(answer.AudioBase64)
	if err != nil {
		return Result{}, fmt.Errorf("elevenlabs: %w: bad audio_base64: %v", ErrUnavailable, err)
	}
	var res Result
	if c.rate > 0 {
		p := PCM{SampleRate: c.rate, Channels: 1, Data: audio[:len(audio)&^1]}
		res = Result{Audio: EncodeWAV(p), Format: FormatWAV, DurationMs: p.DurationMs()}
	} else if res, err = resultFromAudio(ctx, c.cfg.Tools, audio); err != nil {
		return Result{}, fmt.Errorf("elevenlabs: %w", err)
	}
	res.Words = WordsFromAlignment(answer.Alignment)
	return res, nil
}

// WordsFromAlignment groups character timings into words: runs of characters between
// white space, each from its first character's start to its last character's end.
// Punctuation stays on its word ("world,").
func WordsFromAlignment(a Alignment) []Word {
	n := min(len(a.Characters), len(a.Starts), len(a.Ends))
	var words []Word
	var text strings.Builder
	var start, end float64
	flush := func() {
		if text.Len() > 0 {
			s, e := secToMs(start), secToMs(end)
			words = append(words, Word{Text: text.String(), StartMs: s, DurationMs: max(e-s, 0)})
			text.Reset()
		}
	}
	for i := range n {
		ch := a.Characters[i]
		if strings.TrimFunc(ch, unicode.IsSpace) == "" {
			flush()
			continue
		}
		if text.Len() == 0 {
			start = a.Starts[i]
		}
		text.WriteString(ch)
		end = max(a.Ends[i], start)
	}
	flush()
	return words
}

func secToMs(s float64) int {
	if math.IsNaN(s) || s < 0 {
		return 0
	}
	return int(math.Round(s * 1000))
}

// VoiceSample is one recording uploaded to clone a voice.
type VoiceSample struct {
	FileName string    // with its extension, which sets the part's content type
	Content  io.Reader // the recording
}

// AddVoice clones a voice from recordings (POST /v1/voices/add, multipart name and
// files) and returns the new ElevenLabs voice id. The spec's limits (10 files of at
// most 10 MB, 2 cloned voices) are checked by the caller before this call.
func (c *ElevenLabs) AddVoice(ctx context.Context, name string, samples []VoiceSample) (string, error) {
	if strings.TrimSpace(name) == "" || len(samples) == 0 {
		return "", fmt.Errorf("elevenlabs: %w: a name and at least one file are required", ErrRejected)
	}
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		err := func() error {
			if err := mw.WriteField("name", name); err != nil {
				return err
			}
			for _, s := range samples {
				h := textproto.MIMEHeader{}
				h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="files"; filename=%q`, filepath.Base(s.FileName)))
				ct := mime.TypeByExtension(strings.ToLower(filepath.Ext(s.FileName)))
				if ct == "" {
					ct = "application/octet-stream"
				}
				h.Set("Content-Type", ct)
				part, err := mw.CreatePart(h)
				if err != nil {
					return err
				}
				if _, err := io.Copy(part, s.Content); err != nil {
					return err
				}
			}
			return mw.Close()
		}()
		pw.CloseWithError(err)
	}()
	var answer struct {
		VoiceID string `json:"voice_id"`
	}
	err := c.do(ctx, http.MethodPost, c.cfg.BaseURL+"/v1/voices/add", mw.FormDataContentType(), pr, &answer)
	_ = pr.CloseWithError(errors.New("request done")) // lets the writer stop if the request ended early
	if err != nil {
		return "", err
	}
	if answer.VoiceID == "" {
		return "", fmt.Errorf("elevenlabs: %w: no voice_id in the answer", ErrUnavailable)
	}
	return answer.VoiceID, nil
}

// DeleteVoice deletes a cloned voice (DELETE /v1/voices/{voice_id}).
func (c *ElevenLabs) DeleteVoice(ctx context.Context, voiceID string) error {
	if voiceID == "" {
		return fmt.Errorf("elevenlabs: %w: no voice id", ErrRejected)
	}
	return c.do(ctx, http.MethodDelete, c.cfg.BaseURL+"/v1/voices/"+url.PathEscape(voiceID), "", nil, nil)
}

// do sends one API call and decodes its JSON answer into out (when not nil).
func (c *ElevenLabs) do(ctx context.Context, method, u, contentType string, body io.Reader, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, u, body)
	if err != nil {
		return fmt.Errorf("elevenlabs: %w", err)
	}
	req.Header.Set("xi-api-key", c.cfg.APIKey)
	req.Header.Set("Accept", "application/json")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := c.cfg.HTTPClient.Do(req)
	if err != nil {
		return fmt.Errorf("elevenlabs: %w: %v", ErrUnavailable, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return httpError("elevenlabs", resp)
	}
	if out == nil {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
		return nil
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, elevenLabsMaxResponseBytes)).Decode(out); err != nil {
		return fmt.Errorf("elevenlabs: %w: bad answer: %v", ErrUnavailable, err)
	}
	return nil
}
