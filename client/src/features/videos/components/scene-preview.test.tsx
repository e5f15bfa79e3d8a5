import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rawStyle, styleRoutes } from '@/features/subtitle-styles/test/fixtures';
import { renderApp } from '@/test/render-app';
import { useEditorSelection } from '../stores/editor-selection';
import { editorApi, edited } from '../test/editor-api';
import { cueAt, slideCues } from './subtitle-player';
import { PREVIEW_TICK_MS } from './scene-preview';

const slides = () => screen.getAllByTestId('editor-slide');
const slide = (layerId: number) => slides().find((s) => s.getAttribute('data-layer-id') === String(layerId))!;
const preview = () => screen.getByTestId('scene-preview');
const line = () => within(preview()).queryByTestId('subtitle-line')?.textContent ?? null;
const time = () => within(preview()).getByTestId('scene-preview-time').textContent;
const stage = () => within(preview()).getByTestId('scene-preview-stage');
const player = () => within(preview()).getByTestId('subtitle-player');

/** The fixture with timed sentences on slide 10 (4 s) and none on slide 11 (6 s). */
const narrated = () =>
  edited((v) => {
    v.scenes[1].layerList[1].narration!.sentences = [
      { text: 'Turn off', startMs: 0, durationMs: 1500 },
      { text: 'the tap.', startMs: 1500, durationMs: 2500 },
    ] as never;
  });

async function opened() {
  await waitFor(() => expect(slides()).toHaveLength(3));
  vi.useFakeTimers();
}

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  document.cookie = 'pagecast_csrf=c1; path=/';
});

afterEach(() => {
  vi.useRealTimers();
  useEditorSelection.getState().editorOpened();
});

describe('subtitle cues', () => {
  it('a muted slide has none; without sentences the text shows for the whole slide', () => {
    const base = narrated().scenes[1].layerList[1] as never;
    const cues = slideCues({ ...(base as object), muted: false, transform: null } as never, 4);
    expect(cues).toEqual([
      { start: 0, end: 1.5, text: 'Turn off' },
      { start: 1.5, end: 4, text: 'the tap.' },
    ]);
    expect(cueAt(cues, 1.5)?.text).toBe('the tap.');
    expect(cueAt(cues, 4)).toBeUndefined();
    expect(slideCues({ ...(base as object), muted: true } as never, 4)).toEqual([]);
    expect(slideCues({ ...(base as object), muted: false, narration: null, text: ' Hi ' } as never, 2)).toEqual([{ start: 0, end: 2, text: 'Hi' }]);
  });

  it('drops override blocks as the render does, and a cue left blank by them', () => {
    const base = { ...(narrated().scenes[1].layerList[1] as object), muted: false, transform: null };
    const sentences = [
      { text: '{\\b1}Turn off', startMs: 0, durationMs: 1500 },
      { text: '{\\an8}', startMs: 1500, durationMs: 500 },
      { text: 'the {tap}.', startMs: 2000, durationMs: 2000 },
    ];
    expect(slideCues({ ...base, narration: { ...narrated().scenes[1].layerList[1].narration, sentences } } as never, 4)).toEqual([
      { start: 0, end: 1.5, text: 'Turn off' },
      { start: 2, end: 4, text: 'the {tap}.' },
    ]);
    expect(slideCues({ ...base, narration: null, text: '{\\i1} Hi ' } as never, 2)).toEqual([{ start: 0, end: 2, text: 'Hi' }]);
    expect(slideCues({ ...base, narration: null, text: '{\\i1}' } as never, 2)).toEqual([]);
  });
});

describe('scene preview', () => {
  it('plays the first scene: pictures in turn, subtitles advancing 0.1 s every 100 ms, the spoken slide highlighted', async () => {
    editorApi({}, narrated);
    renderApp('/editor/42');
    await opened();
    expect(preview().getAttribute('data-scene-id')).toBe('1');
    expect(stage().getAttribute('data-layer-id')).toBe('10');
    expect(stage().querySelector('img')!.getAttribute('src')).toBe('http://s3.local/tap.jpg');
    expect(within(preview()).getByTestId('scene-preview-audio').getAttribute('src')).toBe('http://s3.local/n/10.mp3');

    fireEvent.click(within(preview()).getByTestId('scene-preview-play'));
    expect(within(preview()).getByTestId('scene-preview-play').getAttribute('aria-pressed')).toBe('true');
    tick(PREVIEW_TICK_MS);
    expect(time()).toContain('0.1 s / 4.0 s');
    expect(line()).toBe('Turn off');
    expect(slide(10).getAttribute('data-spoken')).toBe('true');
    expect(slide(10).getAttribute('aria-current')).toBe('true');
    tick(1400);
    expect(time()).toContain('1.5 s');
    expect(line()).toBe('the tap.');
    tick(2500);
    // 4 s: slide 11, a video clip with no timed sentences: its text is the subtitle.
    expect(stage().getAttribute('data-layer-id')).toBe('11');
    expect(time()).toContain('Slide 2 of 2');
    expect(line()).toBe('Fix leaks.');
    expect(slide(10).getAttribute('data-spoken')).toBeNull();
    expect(slide(11).getAttribute('data-spoken')).toBe('true');
    tick(6000);
    // The end: back to the start, stopped.
    expect(within(preview()).getByTestId('scene-preview-play').getAttribute('aria-pressed')).toBe('false');
    expect(stage().getAttribute('data-layer-id')).toBe('10');
    expect(slides().some((s) => s.getAttribute('data-spoken'))).toBe(false);
  });

  it("draws subtitles in the style's row, a middle one under a text slide's text, without override blocks", async () => {
    editorApi({ ...styleRoutes(() => [rawStyle({ position: 'middle', marginVertical: 81 })]) }, () =>
      edited((v) => {
        v.scenes[1].layerList[1].narration!.sentences = [{ text: '{\\b1}Turn off{\\b0} the tap.', startMs: 0, durationMs: 4000 }];
        v.scenes[0].layerList[0].assetList[0].text = '{\\an8}Thanks for watching.';
      }),
    );
    renderApp('/editor/42');
    await waitFor(() => expect(slides()).toHaveLength(3));
    // Over a picture a middle cue stays in the middle.
    await waitFor(() => expect(player().getAttribute('data-position')).toBe('middle'));
    expect(line()).toBe('Turn off the tap.');
    // Over a text slide it goes to the bottom row, at the style's margin (81 of 1080 px).
    fireEvent.click(screen.getByLabelText('Preview scene 2'));
    expect(stage().querySelector('[data-kind="text"]')!.textContent).toBe('Thanks for watching.');
    expect(line()).toBe('Thanks for watching.');
    expect(player().getAttribute('data-position')).toBe('bottom');
    expect(player().style.bottom).toBe('7.5%');
  });

  it('shows a slide whose text comes before its picture as a text slide, as the render draws it', async () => {
    editorApi({}, () =>
      edited((v) => {
        v.scenes[1].layerList[1].assetList.unshift({ assetId: 0, type: 'text', text: 'Tip one: the tap.', url: '', previewUrl: '', thumbnailUrl: '' });
      }),
    );
    renderApp('/editor/42');
    await waitFor(() => expect(slides()).toHaveLength(3));
    expect(stage().querySelector('img')).toBeNull();
    expect(stage().querySelector('[data-kind="text"]')!.textContent).toBe('Tip one: the tap.');
  });

  it('Space plays and pauses, except while typing', async () => {
    editorApi({}, narrated);
    renderApp('/editor/42');
    await opened();
    fireEvent.keyDown(document.body, { key: ' ' });
    tick(500);
    expect(time()).toContain('0.5 s');
    fireEvent.keyDown(document.body, { key: ' ' });
    tick(500);
    expect(time()).toContain('0.5 s');
    fireEvent.keyDown(within(slide(10)).getByTestId('editor-slide-text'), { key: ' ' });
    tick(500);
    expect(time()).toContain('0.5 s');
    // A focused slide is no field: Space plays there too.
    fireEvent.keyDown(slide(10), { key: ' ' });
    tick(200);
    expect(time()).toContain('0.7 s');
    // A slide's own narration button pauses the preview.
    fireEvent.click(within(slide(11)).getByTestId('editor-slide-play'));
    tick(500);
    expect(time()).toContain('0.7 s');
    expect(within(preview()).getByTestId('scene-preview-play').getAttribute('aria-pressed')).toBe('false');
  });

  it('follows the narration clock when the audio plays', async () => {
    editorApi({}, narrated);
    renderApp('/editor/42');
    await opened();
    fireEvent.click(within(preview()).getByTestId('scene-preview-play'));
    const audio = within(preview()).getByTestId('scene-preview-audio') as HTMLAudioElement;
    Object.defineProperty(audio, 'readyState', { configurable: true, get: () => 4 });
    Object.defineProperty(audio, 'paused', { configurable: true, get: () => false });
    Object.defineProperty(audio, 'currentTime', { configurable: true, get: () => 2.3, set: () => undefined });
    tick(PREVIEW_TICK_MS);
    expect(time()).toContain('2.3 s');
    expect(line()).toBe('the tap.');
  });

  it('previews the scene chosen; a muted slide shows no subtitles and plays no narration', async () => {
    editorApi(
      {},
      () =>
        edited((v) => {
          Object.assign(v.scenes[0].layerList[0], { muted: true, narration: { assetId: 72, url: 'http://s3.local/n/30.mp3', durationMs: 3000, sentences: [] } });
        }),
    );
    renderApp('/editor/42');
    await opened();
    fireEvent.click(screen.getByLabelText('Preview scene 2'));
    expect(preview().getAttribute('data-scene-id')).toBe('2');
    expect(within(preview()).queryByTestId('scene-preview-audio')).toBeNull();
    fireEvent.click(within(preview()).getByTestId('scene-preview-play'));
    tick(1000);
    expect(line()).toBeNull();
    expect(stage().textContent).toContain('Thanks for watching.');
    // Choosing a slide of the preview shows it from its start.
    fireEvent.click(screen.getByLabelText('Preview scene 1'));
    fireEvent.click(within(preview()).getAllByTestId('scene-preview-slide')[1]);
    expect(stage().getAttribute('data-layer-id')).toBe('11');
    expect(time()).toContain('0.0 s');
  });
});
