package tts

import (
	"context"
	"errors"
	"reflect"
	"testing"
)

func newEspeak(t testing.TB) *Espeak {
	t.Helper()
	needTool(t, "espeak-ng")
	e, err := NewEspeak("")
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestEspeakSynthesize(t *testing.T) {
	e := newEspeak(t)
	ctx := context.Background()
	normal, err := e.Synthesize(ctx, Request{Text: "Hello there. This is Pagecast speaking.", VoiceID: "en-us"})
	if err != nil {
		t.Fatal(err)
	}
	if normal.Format != FormatWAV || normal.DurationMs < 1000 || normal.DurationMs > 6000 {
		t.Fatalf("format %q, %d ms", normal.Format, normal.DurationMs)
	}
	p, err := DecodeWAV(normal.Audio)
	if err != nil || p.SampleRate != 22050 || p.Channels != 1 {
		t.Fatalf("audio: %v %+v", err, p.SampleRate)
	}
	if got := probeMs(t, normal.Audio); abs(got-normal.DurationMs) > 1 {
		t.Fatalf("ffprobe says %d ms, result says %d ms", got, normal.DurationMs)
	}

	fast, err := e.Synthesize(ctx, Request{Text: "Hello there. This is Pagecast speaking.", VoiceID: "en-us", Speed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if fast.DurationMs >= normal.DurationMs*3/4 {
		t.Fatalf("speed 2 took %d ms, normal %d ms", fast.DurationMs, normal.DurationMs)
	}

	// Language only, a variant, non-Latin text, text that looks like options.
	for _, req := range []Request{
		{Text: "Bonjour tout le monde.", Language: "fr"},
		{Text: "Hello.", VoiceID: "en+f3"},
		{Text: "नमस्ते दुनिया।", VoiceID: "hi"},
		{Text: "-v --help", VoiceID: "en"},
	} {
		r, err := e.Synthesize(ctx, req)
		if err != nil || r.DurationMs < 200 {
			t.Errorf("%+v: %v, %d ms", req, err, r.DurationMs)
		}
	}
	if r, err := e.Synthesize(ctx, Request{Text: "  "}); err != nil || r.DurationMs != 0 {
		t.Fatalf("blank text: %v, %d ms", err, r.DurationMs)
	}
	for _, voice := range []string{"xx-yy", "nosuchvoice", "--help", "../etc", "en;rm"} {
		if _, err := e.Synthesize(ctx, Request{Text: "Hi.", VoiceID: voice}); !errors.Is(err, ErrRejected) {
			t.Errorf("voice %q: err = %v, want ErrRejected", voice, err)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := e.Synthesize(cancelled, Request{Text: "Hi."}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}

func TestEspeakWPM(t *testing.T) {
	for speed, want := range map[float64]int{0: 175, 1: 175, 1.5: 263, 0.1: 80, 10: 450, -1: 175} {
		if got := EspeakWPM(speed); got != want {
			t.Errorf("EspeakWPM(%v) = %d, want %d", speed, got, want)
		}
	}
}

func TestEspeakVoices(t *testing.T) {
	e := newEspeak(t)
	ctx := context.Background()
	voices, err := e.Voices(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(voices) < 50 {
		t.Fatalf("only %d voices", len(voices))
	}
	byID := map[string]EspeakVoice{}
	for _, v := range voices {
		byID[v.ID] = v
	}
	if v := byID["en-us"]; v.Name == "" || v.Gender == "" || v.File == "" {
		t.Fatalf("en-us: %+v", v)
	}
	variants, err := e.Variants(ctx)
	if err != nil {
		t.Fatal(err)
	}
	genders := map[string]int{}
	for _, v := range variants {
		genders[v.Gender]++
	}
	if genders["female"] == 0 || genders["male"] == 0 {
		t.Fatalf("variant genders: %v", genders)
	}
	// Every listed variant id is one espeak-ng takes (spot check a few, including the
	// file name with a space).
	for _, v := range variants {
		if v.ID == "Mr serious" || v.ID == "f3" || v.ID == "aunty" {
			if _, err := e.Synthesize(ctx, Request{Text: "Hi.", VoiceID: "en+" + v.ID}); err != nil {
				t.Errorf("variant %q: %v", v.ID, err)
			}
		}
	}
}

func TestParseEspeakVoices(t *testing.T) {
	out := `Pty Language       Age/Gender VoiceName          File                 Other Languages
 5  af              --/M      Afrikaans          gmw/af               
 5  cmn             --/M      Chinese_(Mandarin,_latin_as_English) sit/cmn              (zh-cmn 5)(zh 5)
 2  en-gb           40/F      English_(GB)       gmw/en               (en 2)
 5  variant         --/M      Mr_Serious         !v/Mr serious        
 5  variant         --/F      Auntie             !v/aunty             
`
	want := []EspeakVoice{
		{ID: "af", Language: "af", Name: "Afrikaans", Gender: "male", File: "gmw/af"},
		{ID: "cmn", Language: "cmn", Name: "Chinese (Mandarin, latin as English)", Gender: "male", File: "sit/cmn",
			Languages: []string{"zh-cmn", "zh"}},
		{ID: "en-gb", Language: "en-gb", Name: "English (GB)", Gender: "female", Age: "40", File: "gmw/en", Languages: []string{"en"}},
		{ID: "Mr serious", Language: "variant", Name: "Mr Serious", Gender: "male", File: "!v/Mr serious"},
		{ID: "aunty", Language: "variant", Name: "Auntie", Gender: "female", File: "!v/aunty"},
	}
	if got := ParseEspeakVoices(out); !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
