package tts

import (
	"context"
	"testing"

	"pagecast/subproc/subproctest"
)

// TestEspeakDiesWithTheWorker: an espeak-ng a worker runs ends when the worker is
// killed with SIGKILL, which no context can tell it.
func TestEspeakDiesWithTheWorker(t *testing.T) {
	subproctest.DiesWithParent(t, func(espeak string) {
		e, err := NewEspeak(espeak)
		if err != nil {
			t.Fatal(err)
		}
		e.Synthesize(context.Background(), Request{Text: "Hello", Language: "en"})
	})
}
