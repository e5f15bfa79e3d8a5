package tts

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os/exec"
	"path"
	"strconv"
	"strings"

	"pagecast/subproc"
)

// Speaking rates of espeak-ng in words per minute.
const (
	EspeakDefaultWPM = 175
	EspeakMinWPM     = 80
	EspeakMaxWPM     = 450
)

// Espeak speaks with the local espeak-ng program: the default provider, free and
// offline. Voice ids are espeak-ng voice names, a language with an optional variant:
// "en-us", "fr", "en-gb+f3", "de+Annie".
type Espeak struct {
	bin string
}

// NewEspeak finds the espeak-ng program (bin, or "espeak-ng" on PATH when empty).
func NewEspeak(bin string) (*Espeak, error) {
	if bin == "" {
		bin = "espeak-ng"
	}
	p, err := exec.LookPath(bin)
	if err != nil {
		return nil, fmt.Errorf("espeak-ng: %w", err)
	}
	return &Espeak{bin: p}, nil
}

// EspeakWPM converts a speed factor (1 is normal, 0 means normal) to espeak-ng's words
// per minute, within what espeak-ng accepts.
func EspeakWPM(speed float64) int {
	if speed <= 0 || math.IsNaN(speed) {
		speed = 1
	}
	wpm := int(math.Round(EspeakDefaultWPM * speed))
	return min(max(wpm, EspeakMinWPM), EspeakMaxWPM)
}

// validVoiceName reports whether v can be handed to espeak-ng as a voice name: no
// option-like or path-like values.
func validVoiceName(v string) bool {
	if v == "" || len(v) > 64 || v[0] == '-' || v[0] == '+' || v[0] == ' ' {
		return false
	}
	for _, c := range v {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_+ ", c)
		if !ok {
			return false
		}
	}
	return true
}

// Synthesize speaks req.Text with espeak-ng and returns 16-bit mono WAV. The voice is
// req.VoiceID, else req.Language, else "en". The text goes through standard input as
// UTF-8, so it is never read as options or markup.
func (e *Espeak) Synthesize(ctx context.Context, req Request) (Result, error) {
	voice := req.VoiceID
	if voice == "" {
		voice = strings.ToLower(req.Language)
	}
	if voice == "" {
		voice = "en"
	}
	if !validVoiceName(voice) {
		return Result{}, fmt.Errorf("espeak-ng: %w: bad voice name %q", ErrRejected, voice)
	}
	if strings.TrimSpace(req.Text) == "" {
		return Result{Audio: EncodeWAV(PCM{SampleRate: 22050, Channels: 1}), Format: FormatWAV}, nil
	}
	var out, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, e.bin, "-v", voice, "-s", strconv.Itoa(EspeakWPM(req.Speed)), "-b", "1", "--stdout")
	cmd.Stdin = strings.NewReader(req.Text)
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := subproc.Run(cmd, nil); err != nil {
		if ctx.Err() != nil {
			return Result{}, fmt.Errorf("espeak-ng: %w", ctx.Err())
		}
		msg := strings.TrimSpace(stderr.String())
		var exit *exec.ExitError
		if errors.As(err, &exit) { // it exits 1 for an unknown voice
			return Result{}, fmt.Errorf("espeak-ng: %w: voice %q: %s", ErrRejected, voice, msg)
		}
		return Result{}, fmt.Errorf("espeak-ng: %w: %v", ErrUnavailable, err)
	}
	p, err := DecodeWAV(out.Bytes())
	if err != nil {
		return Result{}, fmt.Errorf("espeak-ng output: %w", err)
	}
	return Result{Audio: EncodeWAV(p), Format: FormatWAV, DurationMs: p.DurationMs()}, nil
}

// EspeakVoice is a voice or variant espeak-ng has, as its voice list shows it.
type EspeakVoice struct {
	ID        string   // what to pass as Request.VoiceID; a variant's id goes after "+"
	Language  string   // BCP 47-like code ("en-us"); "variant" for variants
	Name      string   // display name, spaces restored ("Chinese (Mandarin)")
	Gender    string   // "male", "female" or "" (from the voice file's gender field)
	Age       string   // age from the voice file, "" when not given
	File      string   // voice file under espeak-ng-data/voices
	Languages []string // other language codes this voice speaks
}

// Voices lists the language voices espeak-ng has (espeak-ng --voices).
func (e *Espeak) Voices(ctx context.Context) ([]EspeakVoice, error) {
	return e.list(ctx, "--voices")
}

// Variants lists the voice variants espeak-ng has (espeak-ng --voices=variant); a
// variant changes pitch and timbre of any language voice: "en-us+" + variant ID.
func (e *Espeak) Variants(ctx context.Context) ([]EspeakVoice, error) {
	return e.list(ctx, "--voices=variant")
}

func (e *Espeak) list(ctx context.Context, arg string) ([]EspeakVoice, error) {
	var out, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, e.bin, arg)
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := subproc.Run(cmd, nil); err != nil {
		return nil, fmt.Errorf("espeak-ng %s: %w: %s", arg, err, strings.TrimSpace(stderr.String()))
	}
	return ParseEspeakVoices(out.String()), nil
}

// ParseEspeakVoices reads the table espeak-ng --voices prints:
//
//	Pty Language       Age/Gender VoiceName          File                 Other Languages
//	 5  af              --/M      Afrikaans          gmw/af
//	 5  cmn             --/M      Chinese_(Mandarin) sit/cmn              (zh-cmn 5)(zh 5)
//
// Names have their spaces written as "_", so columns split on white space.
func ParseEspeakVoices(out string) []EspeakVoice {
	var voices []EspeakVoice
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 5 || f[0] == "Pty" {
			continue
		}
		if _, err := strconv.Atoi(f[0]); err != nil {
			continue
		}
		// The file name may hold a space ("!v/Mr serious"); other languages start with "(".
		end := 5
		for end < len(f) && !strings.HasPrefix(f[end], "(") {
			end++
		}
		v := EspeakVoice{Language: f[1], Name: strings.TrimSpace(strings.ReplaceAll(f[3], "_", " ")),
			File: strings.Join(f[4:end], " ")}
		if age, gender, ok := strings.Cut(f[2], "/"); ok {
			if age != "--" {
				v.Age = age
			}
			switch gender {
			case "M":
				v.Gender = "male"
			case "F":
				v.Gender = "female"
			}
		}
		v.ID = v.Language
		if v.Language == "variant" {
			v.ID = path.Base(v.File) // "!v/aunty" -> "aunty", as in "en+aunty"
		}
		for _, o := range strings.Split(strings.Join(f[end:], " "), "(") {
			if code, _, _ := strings.Cut(strings.TrimSpace(o), " "); code != "" {
				v.Languages = append(v.Languages, strings.TrimSuffix(code, ")"))
			}
		}
		voices = append(voices, v)
	}
	return voices
}
