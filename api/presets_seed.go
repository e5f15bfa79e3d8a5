package api

import (
	"context"
	"encoding/json"
	"fmt"

	"pagecast/models"
	"pagecast/store"
)

// publicPreset is a preset Pagecast publishes to every account.
type publicPreset struct {
	seedKey  string
	name     string
	settings []presetSettingJSON
}

func presetSettings(kv ...string) []presetSettingJSON {
	out := make([]presetSettingJSON, 0, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, presetSettingJSON{Key: kv[i], Datatype: models.PresetSettingKeys[kv[i]], Value: kv[i+1]})
	}
	return out
}

// publicPresets are the presets every account sees, in list order: the first is the
// default a new draft takes (spec 001 section 5). They leave voice and theme to be
// chosen automatically and use the spec's defaults (pause 500 ms, two sentences per
// slide, subtitle style 3 horizontal and 4 vertical, AI image style cinematic).
var publicPresets = []publicPreset{
	{seedKey: "article-16x9", name: "Article video (16:9)", settings: presetSettings(
		models.SettingAspectRatio, models.AspectRatioHorizontal,
		models.SettingUseSummarizedBody, "false",
		models.SettingMaxSentencesPerSlide, "2",
		models.SettingPauseBetweenSlides, "500",
		models.SettingAutomatchEnabled, "true",
		models.SettingAutomatchMediaType, models.AutomatchMediaAll,
		models.SettingAutomatchArticleMedia, "true",
		models.SettingAutomatchStockImages, "true",
		models.SettingAutomatchStockVideos, "true",
		models.SettingAutoTaglines, "false",
		models.SettingSoundtrackAutomatch, "true",
		models.SettingHardcodeSubtitles, "false",
		models.SettingSubtitleStyleConfigID, "3",
	)},
	{seedKey: "short-9x16", name: "Vertical short (9:16)", settings: presetSettings(
		models.SettingAspectRatio, models.AspectRatioVertical,
		models.SettingUseSummarizedBody, "true",
		models.SettingMaxSentencesPerSlide, "1",
		models.SettingPauseBetweenSlides, "500",
		models.SettingAutomatchEnabled, "true",
		models.SettingAutomatchMediaType, models.AutomatchMediaVideos,
		models.SettingAutomatchStockVideos, "true",
		models.SettingAutoTaglines, "false",
		models.SettingSoundtrackAutomatch, "true",
		models.SettingHardcodeSubtitles, "true",
		models.SettingSubtitleStyleConfigID, "4",
	)},
	{seedKey: "ai-explainer-16x9", name: "Explainer with AI images (16:9)", settings: presetSettings(
		models.SettingAspectRatio, models.AspectRatioHorizontal,
		models.SettingUseSummarizedBody, "false",
		models.SettingMaxSentencesPerSlide, "2",
		models.SettingPauseBetweenSlides, "1000",
		models.SettingCanCreateTextSlides, "true",
		models.SettingAutomatchEnabled, "true",
		models.SettingAutomatchMediaType, models.AutomatchMediaImages,
		models.SettingAutomatchOnlyAIImages, "true",
		models.SettingAutomatchImageStyle, "cinematic",
		models.SettingAutomatchMotionEffects, "true",
		models.SettingAutoTaglines, "true",
		models.SettingSoundtrackAutomatch, "true",
		models.SettingHardcodeSubtitles, "false",
		models.SettingSubtitleStyleConfigID, "3",
	)},
}

// PublicPresets returns the presets SeedPublicPresets publishes, checked by the same
// rules as a user's presets.
func PublicPresets() ([]models.Preset, error) {
	out := make([]models.Preset, 0, len(publicPresets))
	for _, pp := range publicPresets {
		req := createPresetRequest{Name: pp.name}
		for _, s := range pp.settings {
			raw, _ := json.Marshal(s.Value)
			req.Settings = append(req.Settings, presetSettingRequest{Key: s.Key, Datatype: string(s.Datatype), Value: raw})
		}
		p, fields := validatePreset(req)
		if len(fields) > 0 {
			return nil, fmt.Errorf("public preset %q: %v", pp.name, fields)
		}
		key := pp.seedKey
		p.SeedKey, p.IsPublic = &key, true
		out = append(out, p)
	}
	return out, nil
}

// SeedPublicPresets publishes the public create-video presets: missing ones are
// added and changed ones refreshed, by seed key. It is idempotent and cheap, so the
// API runs it at every start.
func SeedPublicPresets(ctx context.Context, st *store.Store) (store.SeedResult, error) {
	ps, err := PublicPresets()
	if err != nil {
		return store.SeedResult{}, fmt.Errorf("seed presets: %w", err)
	}
	res, err := st.SeedPresets(ctx, ps)
	if err != nil {
		return res, fmt.Errorf("seed presets: %w", err)
	}
	return res, nil
}
