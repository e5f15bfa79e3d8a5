package api

import (
	"context"
	"fmt"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/tts"
	"pagecast/store"
)

// LocalVoiceLister lists the voices and variants of the local speech program
// (*tts.Espeak).
type LocalVoiceLister interface {
	Voices(ctx context.Context) ([]tts.EspeakVoice, error)
	Variants(ctx context.Context) ([]tts.EspeakVoice, error)
}

// SeedLocalVoices puts the voices espeak-ng really has in the catalogue: each
// language voice and its other-gender variant, public, tagged, some recommended
// (domain.LocalCatalogue). It is idempotent and cheap, so the API runs it at start.
func SeedLocalVoices(ctx context.Context, st *store.Store, l LocalVoiceLister) (store.SeedResult, error) {
	langs, err := l.Voices(ctx)
	if err != nil {
		return store.SeedResult{}, fmt.Errorf("seed voices: %w", err)
	}
	variants, err := l.Variants(ctx)
	if err != nil {
		return store.SeedResult{}, fmt.Errorf("seed voices: %w", err)
	}
	local := func(vs []tts.EspeakVoice) []domain.LocalVoice {
		out := make([]domain.LocalVoice, len(vs))
		for i, v := range vs {
			out[i] = domain.LocalVoice{ID: v.ID, Name: v.Name, Gender: v.Gender}
		}
		return out
	}
	res, err := st.SeedVoices(ctx, models.VoiceProviderEspeak, domain.LocalCatalogue(local(langs), local(variants)))
	if err != nil {
		return res, fmt.Errorf("seed voices: %w", err)
	}
	return res, nil
}
