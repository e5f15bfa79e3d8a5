import type { Preset, PresetSetting } from '../api/types';
import { aspectRatioSideEffects, type VideoSettings } from './settings';
import { MAX_SENTENCES_PER_SLIDE, MIN_SENTENCES_PER_SLIDE } from './constants';

/** Preset setting keys (models/preset.go). Aspect ratios are stored as "16:9" and "9:16"; pauses in ms. */
export const PRESET_KEYS = {
  aspectRatio: 'aspectRatio',
  useSummarizedBody: 'useSummarizedBody',
  pauseBetweenSlides: 'pauseBetweenSlides',
  maxSentencesPerSlide: 'maxSentencesPerSlide',
  templateId: 'templateId',
  voiceId: 'voiceId',
  autoTaglines: 'autoTaglines',
  canCreateTextSlides: 'canCreateTextSlides',
  soundtrackAutomatch: 'soundtrack.automatch.enabled',
  hardcodeSubtitles: 'subtitles.hardcodeSubtitles',
  subtitleStyleConfigId: 'subtitles.subtitleStyleConfigId',
  automatchEnabled: 'automatch.enabled',
  mediaType: 'automatch.mediaType',
  onlyAiImages: 'automatch.onlyAiImages',
  imageStyle: 'automatch.imageStyle',
  includeUserMedia: 'automatch.includeUserMedia',
  includeArticleMedia: 'automatch.includeArticleMedia',
  includeAiImages: 'automatch.includeAiImages',
  includeStockImages: 'automatch.includeStockImages',
  includeStockVideos: 'automatch.includeStockVideos',
  applyMotionEffects: 'automatch.applyMotionEffects',
} as const;

function lookup(preset: Preset) {
  const byKey = new Map(preset.settings.map((s) => [s.key, s.value]));
  return {
    bool: (key: string): boolean | undefined => {
      const v = byKey.get(key);
      return v === 'true' ? true : v === 'false' ? false : undefined;
    },
    uint: (key: string): number | undefined => {
      const v = byKey.get(key);
      if (v === undefined || !/^\d+$/.test(v)) return undefined;
      return Number(v);
    },
    str: (key: string): string | undefined => byKey.get(key),
  };
}

/**
 * settingsFromPreset: the base settings with the preset's format applied (and its side effects), then every
 * setting the preset holds. Unknown keys and values of the wrong kind are ignored.
 */
export function settingsFromPreset(preset: Preset, base: VideoSettings): VideoSettings {
  const p = lookup(preset);
  const ratio = p.str(PRESET_KEYS.aspectRatio);
  let out: VideoSettings = { ...base, automatch: { ...base.automatch } };
  if (ratio === '9:16') out = { ...out, ...aspectRatioSideEffects('vertical') };
  else if (ratio === '16:9') out = { ...out, ...aspectRatioSideEffects('horizontal') };

  const set = <K extends keyof VideoSettings>(key: K, value: VideoSettings[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('useSummarizedBody', p.bool(PRESET_KEYS.useSummarizedBody));
  set('pauseBetweenSlidesMs', p.uint(PRESET_KEYS.pauseBetweenSlides));
  const sentences = p.uint(PRESET_KEYS.maxSentencesPerSlide);
  if (sentences !== undefined && sentences >= MIN_SENTENCES_PER_SLIDE && sentences <= MAX_SENTENCES_PER_SLIDE) {
    out.maxSentencesPerSlide = sentences;
  }
  const template = p.uint(PRESET_KEYS.templateId);
  if (template) out.templateId = template;
  const voice = p.uint(PRESET_KEYS.voiceId);
  if (voice) out.voiceId = voice;
  set('autoTaglines', p.bool(PRESET_KEYS.autoTaglines));
  set('canCreateTextSlides', p.bool(PRESET_KEYS.canCreateTextSlides));
  set('soundtrackAutomatch', p.bool(PRESET_KEYS.soundtrackAutomatch));
  set('hardcodeSubtitles', p.bool(PRESET_KEYS.hardcodeSubtitles));
  const style = p.uint(PRESET_KEYS.subtitleStyleConfigId);
  if (style) out.subtitleStyleConfigId = style;

  const a = out.automatch;
  const setA = <K extends keyof typeof a>(key: K, value: (typeof a)[K] | undefined) => {
    if (value !== undefined) a[key] = value;
  };
  setA('enabled', p.bool(PRESET_KEYS.automatchEnabled));
  setA('includeUserMedia', p.bool(PRESET_KEYS.includeUserMedia));
  setA('includeArticleMedia', p.bool(PRESET_KEYS.includeArticleMedia));
  setA('includeAiImages', p.bool(PRESET_KEYS.includeAiImages));
  setA('includeStockImages', p.bool(PRESET_KEYS.includeStockImages));
  setA('includeStockVideos', p.bool(PRESET_KEYS.includeStockVideos));
  setA('applyMotionEffects', p.bool(PRESET_KEYS.applyMotionEffects));
  setA('aiImageStyle', p.str(PRESET_KEYS.imageStyle) || undefined);
  // automatch.mediaType narrows the stock sources: images only, or videos only.
  const mediaType = p.str(PRESET_KEYS.mediaType);
  if (mediaType === 'images') a.includeStockVideos = false;
  if (mediaType === 'videos') Object.assign(a, { includeStockImages: false, includeAiImages: false });
  if (p.bool(PRESET_KEYS.onlyAiImages)) {
    Object.assign(a, { includeAiImages: true, includeUserMedia: false, includeArticleMedia: false, includeStockImages: false, includeStockVideos: false });
  }
  return out;
}

/** presetSettingsFrom: the settings to save as a preset (voice only when one is chosen). */
export function presetSettingsFrom(s: VideoSettings): PresetSetting[] {
  const bool = (key: string, v: boolean): PresetSetting => ({ key, datatype: 'bool', value: String(v) });
  const uint = (key: string, v: number): PresetSetting => ({ key, datatype: 'uint', value: String(Math.round(v)) });
  const a = s.automatch;
  const out: PresetSetting[] = [
    { key: PRESET_KEYS.aspectRatio, datatype: 'string', value: s.aspectRatio === 'vertical' ? '9:16' : '16:9' },
    bool(PRESET_KEYS.useSummarizedBody, s.useSummarizedBody),
    uint(PRESET_KEYS.pauseBetweenSlides, s.pauseBetweenSlidesMs),
    uint(PRESET_KEYS.maxSentencesPerSlide, s.maxSentencesPerSlide),
    uint(PRESET_KEYS.templateId, s.templateId),
    bool(PRESET_KEYS.autoTaglines, s.autoTaglines),
    bool(PRESET_KEYS.canCreateTextSlides, s.canCreateTextSlides),
    bool(PRESET_KEYS.soundtrackAutomatch, s.soundtrackAutomatch),
    bool(PRESET_KEYS.hardcodeSubtitles, s.hardcodeSubtitles),
    uint(PRESET_KEYS.subtitleStyleConfigId, s.subtitleStyleConfigId),
    bool(PRESET_KEYS.automatchEnabled, a.enabled),
    bool(PRESET_KEYS.includeUserMedia, a.includeUserMedia),
    bool(PRESET_KEYS.includeArticleMedia, a.includeArticleMedia),
    bool(PRESET_KEYS.includeAiImages, a.includeAiImages),
    bool(PRESET_KEYS.includeStockImages, a.includeStockImages),
    bool(PRESET_KEYS.includeStockVideos, a.includeStockVideos),
    bool(PRESET_KEYS.applyMotionEffects, a.applyMotionEffects),
    { key: PRESET_KEYS.imageStyle, datatype: 'string', value: a.aiImageStyle },
  ];
  if (s.voiceId) out.push(uint(PRESET_KEYS.voiceId, s.voiceId));
  return out;
}
