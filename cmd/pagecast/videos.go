package main

import (
	"fmt"
	"log/slog"

	"pagecast/activities"
	"pagecast/blob"
	"pagecast/config"
	"pagecast/models"
	"pagecast/providers/stock"
	"pagecast/providers/tts"
	"pagecast/store"
)

// newNarrationActivities builds the voices that narrate slides: espeak-ng for the
// local catalogue and, when tts.elevenlabs.api_key is set, ElevenLabs for cloned
// voices.
func newNarrationActivities(cfg config.Config, st *store.Store, b *blob.Store) (*activities.NarrationActivities, error) {
	espeak, err := tts.NewEspeak(cfg.TTS.EspeakPath)
	if err != nil {
		return nil, fmt.Errorf("narration needs espeak-ng (tts.espeak_path): %w", err)
	}
	speakers := map[models.VoiceProvider]tts.Synthesizer{models.VoiceProviderEspeak: espeak}
	if el := cfg.TTS.ElevenLabs; el.APIKey != "" {
		c, err := tts.NewElevenLabs(tts.ElevenLabsConfig{APIKey: el.APIKey, BaseURL: el.BaseURL, Model: el.Model})
		if err != nil {
			return nil, fmt.Errorf("tts.elevenlabs: %w", err)
		}
		speakers[models.VoiceProviderElevenLabs] = c
	}
	return &activities.NarrationActivities{Store: st, Blob: b, Speakers: speakers,
		Tools: tts.Tools{FFmpeg: cfg.Assets.FFmpegPath, FFprobe: cfg.Assets.FFprobePath}}, nil
}

// newStockSources builds the stock libraries automatch searches: Pexels and Pixabay
// when their API keys are set, else none.
func newStockSources(cfg config.StockConfig, log *slog.Logger) *stock.Sources {
	var ss []stock.Searcher
	if cfg.Pexels.APIKey != "" {
		p, err := stock.NewPexels(stock.PexelsConfig{APIKey: cfg.Pexels.APIKey, BaseURL: cfg.Pexels.BaseURL})
		if err != nil {
			log.Error("stock.pexels is misconfigured; leaving it off", "err", err)
		} else {
			ss = append(ss, p)
		}
	}
	if cfg.Pixabay.APIKey != "" {
		p, err := stock.NewPixabay(stock.PixabayConfig{APIKey: cfg.Pixabay.APIKey, BaseURL: cfg.Pixabay.BaseURL})
		if err != nil {
			log.Error("stock.pixabay is misconfigured; leaving it off", "err", err)
		} else {
			ss = append(ss, p)
		}
	}
	src := stock.NewSources(ss...)
	if !src.Configured() {
		log.Info("stock media is off; set stock.pexels.api_key or stock.pixabay.api_key to turn it on")
	}
	return src
}
