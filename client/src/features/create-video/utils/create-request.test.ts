import { describe, expect, it } from 'vitest';
import type { Preset } from '../api/types';
import { EMPTY_DRAFT, type DraftData } from '../stores/create-video-draft';
import { buildCreateVideoRequest } from './create-request';
import { presetSettingsFrom, settingsFromPreset } from './presets';
import { DEFAULT_SETTINGS } from './settings';

const draft = (over: Partial<DraftData>): DraftData => ({ ...EMPTY_DRAFT, ...over });

describe('create request', () => {
  it('a script video sends the text, no page and no voice unless one was chosen', () => {
    const req = buildCreateVideoRequest(draft({ createType: 'script', body: '  Hello world.  ', name: ' ', contentUrl: 'https://x.example.com' }));
    expect(req).toMatchObject({ name: 'Untitled', text: 'Hello world.', pageUrl: '', initialAssets: [], pauseAfterSlide: 0.5, maxSentencesPerSlide: 2, templateId: 88, aspectRatio: 'horizontal' });
    expect('voiceId' in req).toBe(false);
    expect(buildCreateVideoRequest(draft({ createType: 'script', body: 'x', settings: { ...DEFAULT_SETTINGS, voiceId: 9 } })).voiceId).toBe(9);
  });

  it('a page video sends the URL and the chosen images', () => {
    const req = buildCreateVideoRequest(draft({ createType: 'url', contentUrl: ' https://example.com/a ', mediaAssetIds: [4, 5] }));
    expect(req).toMatchObject({ pageUrl: 'https://example.com/a', initialAssets: [4, 5], text: '' });
  });

  it('with no automatch source, stock images, stock videos and AI images are used', () => {
    const none = { ...DEFAULT_SETTINGS.automatch, includeUserMedia: false, includeArticleMedia: false, includeAiImages: false, includeStockImages: false, includeStockVideos: false };
    const req = buildCreateVideoRequest(draft({ createType: 'script', body: 'x', settings: { ...DEFAULT_SETTINGS, automatch: none } }));
    expect(req.automatch).toMatchObject({ includeStockImages: true, includeStockVideos: true, includeAiImages: true, includeUserMedia: false });
  });
});

describe('presets', () => {
  it('saved settings load back the same', () => {
    const settings = { ...DEFAULT_SETTINGS, aspectRatio: 'vertical' as const, templateId: 300, hardcodeSubtitles: true, subtitleStyleConfigId: 4, pauseBetweenSlidesMs: 2000, maxSentencesPerSlide: 7, voiceId: 11, autoTaglines: true };
    const preset: Preset = { presetId: 1, name: 'Mine', isPublic: false, settings: presetSettingsFrom(settings) };
    expect(settingsFromPreset(preset, DEFAULT_SETTINGS)).toEqual(settings);
    expect(preset.settings.find((s) => s.key === 'aspectRatio')?.value).toBe('9:16');
    expect(preset.settings.every((s) => typeof s.value === 'string')).toBe(true);
  });

  it('ignores unknown keys and values of the wrong kind', () => {
    const preset: Preset = {
      presetId: 1,
      name: 'Odd',
      isPublic: true,
      settings: [
        { key: 'nope', datatype: 'bool', value: 'true' },
        { key: 'maxSentencesPerSlide', datatype: 'uint', value: '40' },
        { key: 'autoTaglines', datatype: 'bool', value: 'yes' },
        { key: 'automatch.onlyAiImages', datatype: 'bool', value: 'true' },
      ],
    };
    const s = settingsFromPreset(preset, DEFAULT_SETTINGS);
    expect(s.maxSentencesPerSlide).toBe(2);
    expect(s.autoTaglines).toBe(false);
    expect(s.automatch).toMatchObject({ includeAiImages: true, includeStockImages: false, includeStockVideos: false });
  });
});
