package tts

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Part is one item of a narration: a sentence to speak, or (when Text is blank) a
// pause of PauseMs milliseconds of silence. PauseMs is ignored when there is text.
type Part struct {
	Text    string `json:"text,omitempty"`
	PauseMs int    `json:"pauseMs,omitempty"`
}

// NarrateOptions are the voice and work settings of Narrate.
type NarrateOptions struct {
	VoiceID  string
	Language string
	Speed    float64
	Workers  int   // sentences synthesised at once; 1 when 0
	Tools    Tools // ffmpeg for audio that is not 16-bit PCM WAV or differs in rate
}

// PartTiming is where one part lies in the narration. Starts and durations come from
// sample counts, so each part starts where the one before it ends and the durations
// add up to the narration's length.
type PartTiming struct {
	Text       string `json:"text,omitempty"`
	Pause      bool   `json:"pause,omitempty"`
	StartMs    int    `json:"startMs"`
	DurationMs int    `json:"durationMs"`
	Words      []Word `json:"words,omitempty"` // relative to the narration's start
}

// Narration is one narration track: a 16-bit PCM WAV file and the timing of each part.
type Narration struct {
	Audio      []byte
	SampleRate int
	Channels   int
	DurationMs int
	Parts      []PartTiming
}

// Default format of a narration made only of non-WAV audio or only of pauses.
const (
	narrationRate     = 24000
	narrationChannels = 1
)

// Narrate speaks each sentence separately, turns each pause into silence and joins
// them, in order, into one WAV file. All audio takes the sample rate and channels of
// the first WAV sentence; other audio is converted with ffmpeg.
func Narrate(ctx context.Context, s Synthesizer, parts []Part, opt NarrateOptions) (Narration, error) {
	results, err := synthesizeAll(ctx, s, parts, opt)
	if err != nil {
		return Narration{}, err
	}
	rate, channels := narrationRate, narrationChannels
	decoded := make([]PCM, len(parts))
	wav := make([]bool, len(parts))
	for i, r := range results {
		if r == nil {
			continue
		}
		if p, err := DecodeWAV(r.Audio); err == nil {
			if !slices.Contains(wav, true) {
				rate, channels = p.SampleRate, p.Channels
			}
			decoded[i], wav[i] = p, true
		}
	}
	for i, r := range results {
		if r == nil || wav[i] && decoded[i].SampleRate == rate && decoded[i].Channels == channels {
			continue
		}
		p, err := opt.Tools.DecodePCM(ctx, r.Audio, rate, channels)
		if err != nil {
			return Narration{}, fmt.Errorf("narrate part %d: %w", i, err)
		}
		decoded[i] = p
	}

	frameBytes := 2 * channels
	out := Narration{SampleRate: rate, Channels: channels, Parts: make([]PartTiming, len(parts))}
	var data []byte
	frames := 0
	for i, part := range parts {
		startFrames := frames
		if results[i] != nil {
			data = append(data, decoded[i].Data...)
			frames += decoded[i].Frames()
		} else if part.PauseMs > 0 {
			n := int((int64(part.PauseMs)*int64(rate) + 500) / 1000)
			data = append(data, make([]byte, n*frameBytes)...)
			frames += n
		}
		start := framesToMs(startFrames, rate)
		t := PartTiming{Text: part.Text, Pause: results[i] == nil, StartMs: start, DurationMs: framesToMs(frames, rate) - start}
		if results[i] != nil {
			end := start + t.DurationMs
			for _, w := range results[i].Words {
				ws := min(start+w.StartMs, end)
				t.Words = append(t.Words, Word{Text: w.Text, StartMs: ws, DurationMs: min(w.DurationMs, end-ws)})
			}
		}
		out.Parts[i] = t
	}
	out.Audio = EncodeWAV(PCM{SampleRate: rate, Channels: channels, Data: data})
	out.DurationMs = framesToMs(frames, rate)
	return out, nil
}

// synthesizeAll speaks every part that has text, with opt.Workers at once; pauses and
// blank parts get a nil result. The first failure cancels the rest.
func synthesizeAll(ctx context.Context, s Synthesizer, parts []Part, opt NarrateOptions) ([]*Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]*Result, len(parts))
	errs := make([]error, len(parts))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range max(opt.Workers, 1) {
		wg.Go(func() {
			for i := range jobs {
				if ctx.Err() != nil {
					continue // cancelled or another part failed: drain without work
				}
				r, err := s.Synthesize(ctx, Request{Text: parts[i].Text, VoiceID: opt.VoiceID, Language: opt.Language, Speed: opt.Speed})
				if err != nil {
					errs[i] = fmt.Errorf("narrate part %d: %w", i, err)
					cancel()
					continue
				}
				results[i] = &r
			}
		})
	}
feed:
	for i, p := range parts {
		if strings.TrimSpace(p.Text) == "" {
			continue
		}
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	var first error
	for _, err := range errs {
		if err != nil && (first == nil || errors.Is(first, context.Canceled) && !errors.Is(err, context.Canceled)) {
			first = err
		}
	}
	if err := ctx.Err(); first == nil && err != nil {
		first = fmt.Errorf("narrate: %w", err)
	}
	return results, first
}
