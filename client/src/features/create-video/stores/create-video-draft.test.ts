import { beforeEach, describe, expect, it } from 'vitest';
import type { Voice } from '@/features/voices';
import type { Preset, PulledContent } from '../api/types';
import { DEFAULT_TEMPLATE_ID, VERTICAL_SUBTITLE_STYLE_ID, VERTICAL_TEMPLATE_ID } from '../utils/constants';
import { DEFAULT_SETTINGS } from '../utils/settings';
import { EMPTY_DRAFT, useCreateVideoDraft } from './create-video-draft';

const draft = () => useCreateVideoDraft.getState();
const file = () => new File(['abc'], 'narration.mp3', { type: 'audio/mpeg' });

const pulled: PulledContent = {
  url: 'https://example.com/a',
  title: 'Saving water',
  description: 'Five ways',
  keywords: ['water'],
  body: [{ type: 'paragraph', text: 'Turn off the tap.' }],
  text: 'Turn off the tap.',
  assets: [
    { assetId: 7, name: 'a.jpg', type: 'image', url: 'http://s3/a.jpg', thumbnailUrl: '' },
    { assetId: 8, name: 'b.jpg', type: 'image', url: 'http://s3/b.jpg', thumbnailUrl: '' },
  ],
};

const voice = { voiceId: 12, name: 'Ada' } as Voice;

beforeEach(() => {
  useCreateVideoDraft.setState({ ...EMPTY_DRAFT, scriptThrottledUntil: 0, lastSubmitted: null, createErrors: {}, createdVideoId: 0 });
});

describe('create-video draft', () => {
  it('starts as the spec says: Untitled, horizontal, theme 88, 0.5 s pause, 2 sentences', () => {
    expect(draft().name).toBe('Untitled');
    expect(draft().settings).toMatchObject({
      aspectRatio: 'horizontal',
      templateId: DEFAULT_TEMPLATE_ID,
      pauseBetweenSlidesMs: 500,
      maxSentencesPerSlide: 2,
      subtitleStyleConfigId: 3,
      hardcodeSubtitles: false,
    });
  });

  it.each([
    ['prompt', () => draft().promptEntered('a topic about water'), { scriptPrompt: 'a topic about water', contentUrl: '', voiceoverFile: null }],
    ['page URL', () => draft().pageUrlEntered('https://example.com/a'), { scriptPrompt: '', contentUrl: 'https://example.com/a', voiceoverFile: null }],
    ['pulled page', () => draft().contentPulled(pulled), { scriptPrompt: '', contentUrl: 'https://example.com/a', voiceoverFile: null }],
  ])('setting the %s clears the other two sources', (_name, act, want) => {
    draft().promptEntered('an old prompt about things');
    draft().pageUrlEntered('https://old.example.com');
    draft().voiceoverFileChosen(file());
    act();
    expect(draft()).toMatchObject(want);
  });

  it('choosing a voiceover file clears the prompt and the page', () => {
    draft().contentPulled(pulled);
    draft().promptEntered('a prompt about water and taps');
    draft().voiceoverFileChosen(file());
    expect(draft().scriptPrompt).toBe('');
    expect(draft().contentUrl).toBe('');
    expect(draft().pulledContent).toBeNull();
    expect(draft().voiceoverFile?.name).toBe('narration.mp3');
  });

  it('pulled content fills name, description, keywords, script and images', () => {
    draft().contentPulled(pulled);
    expect(draft()).toMatchObject({ name: 'Saving water', description: 'Five ways', keywords: ['water'], body: 'Turn off the tap.', mediaAssetIds: [7, 8] });
    draft().pulledAssetToggled(7);
    expect(draft().mediaAssetIds).toEqual([8]);
    // Another URL drops the pulled page and its script.
    draft().pageUrlEntered('https://example.com/b');
    expect(draft().pulledContent).toBeNull();
    expect(draft().body).toBe('');
    expect(draft().mediaAssetIds).toEqual([]);
  });

  it('vertical sets the vertical theme, no taglines, burned-in subtitles and style 4; horizontal undoes it', () => {
    draft().settingsChanged({ autoTaglines: true, templateId: 5 });
    draft().aspectRatioChosen('vertical');
    expect(draft().settings).toMatchObject({
      aspectRatio: 'vertical',
      templateId: VERTICAL_TEMPLATE_ID,
      autoTaglines: false,
      hardcodeSubtitles: true,
      subtitleStyleConfigId: VERTICAL_SUBTITLE_STYLE_ID,
    });
    draft().settingsChanged({ autoTaglines: true });
    draft().aspectRatioChosen('horizontal');
    expect(draft().settings).toMatchObject({
      aspectRatio: 'horizontal',
      templateId: 88,
      autoTaglines: false,
      hardcodeSubtitles: false,
      subtitleStyleConfigId: 3,
    });
  });

  it('tones: Auto by default, another tone drops Auto, none left brings Auto back, clicking Auto clears the rest', () => {
    expect(draft().styleModifier.tones).toEqual(['match']);
    draft().toneToggled('casual');
    expect(draft().styleModifier.tones).toEqual(['casual']);
    draft().toneToggled('comedic');
    expect(draft().styleModifier.tones).toEqual(['casual', 'comedic']);
    draft().toneToggled('match');
    expect(draft().styleModifier.tones).toEqual(['match']);
    draft().toneToggled('casual');
    draft().toneToggled('casual');
    expect(draft().styleModifier.tones).toEqual(['match']);
  });

  it('a generated script fills the script and an Untitled name, and starts the throttle', () => {
    const before = Date.now();
    draft().scriptGenerated({ title: 'Water', description: 'About water', text: 'Save water.' }, 10_000);
    expect(draft()).toMatchObject({ body: 'Save water.', name: 'Water', description: 'About water' });
    expect(draft().scriptThrottledUntil).toBeGreaterThanOrEqual(before + 10_000);
    draft().nameEdited('Mine');
    draft().scriptGenerated({ title: 'Other', description: '', text: 'Again.' }, 10_000);
    expect(draft().name).toBe('Mine');
  });

  it('a preset replaces the settings; its voice wins, otherwise the chosen voice stays', () => {
    draft().voiceChosen(voice);
    const preset: Preset = {
      presetId: 3,
      name: 'Shorts',
      isPublic: true,
      settings: [
        { key: 'aspectRatio', datatype: 'string', value: '9:16' },
        { key: 'maxSentencesPerSlide', datatype: 'uint', value: '4' },
        { key: 'pauseBetweenSlides', datatype: 'uint', value: '1500' },
      ],
    };
    draft().presetChosen(preset);
    expect(draft()).toMatchObject({ presetId: 3, presetChecked: true, voice });
    expect(draft().settings).toMatchObject({ aspectRatio: 'vertical', hardcodeSubtitles: true, maxSentencesPerSlide: 4, pauseBetweenSlidesMs: 1500, voiceId: 12 });

    draft().presetChosen({ ...preset, settings: [{ key: 'voiceId', datatype: 'uint', value: '40' }] });
    expect(draft().voice).toBeNull();
    expect(draft().settings.voiceId).toBe(40);
    expect(draft().settings.aspectRatio).toBe('horizontal');
  });

  it('no preset leaves the defaults and marks presets as checked', () => {
    draft().presetChosen(null);
    expect(draft().presetChecked).toBe(true);
    expect(draft().settings).toEqual(DEFAULT_SETTINGS);
  });

  it('a created video resets the draft but remembers what was submitted', () => {
    draft().typeChosen('script');
    draft().scriptEdited('Hello there, world.');
    draft().videoSubmitted();
    draft().createFailed({ text: 'bad' });
    draft().videoCreated(77);
    expect(draft().createType).toBeNull();
    expect(draft().createdVideoId).toBe(77);
    draft().generatingShown(77);
    expect(draft().createdVideoId).toBe(0);
    expect(draft().body).toBe('');
    expect(draft().createErrors).toEqual({});
    expect(draft().lastSubmitted?.body).toBe('Hello there, world.');
    draft().submittedDraftRestored();
    expect(draft().createType).toBe('script');
    expect(draft().body).toBe('Hello there, world.');
  });
});
