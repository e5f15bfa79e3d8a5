import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type MockHandler } from '@/test/mock-api';
import { currentPath, renderApp, signedIn } from '@/test/render-app';
import { SLIDE_TEXT_INVALID } from '../api/update-slide-text';
import { fullVideo } from '../test/fixtures';
import { EDITOR_POLL_MS, VIDEO_CHANGED } from './editor-page';

type RawVideo = ReturnType<typeof fullVideo>;

function api(routes: Record<string, MockHandler> = {}, video: () => RawVideo = () => fullVideo()) {
  return mockApi({
    ...signedIn(),
    'GET /api/v2/video/42': () => ok(video()),
    'GET /api/v2/video/42/credits-info': ok({ canRender: true, renderAllowed: true, requiredCredits: 1, remainingCredits: 9 }),
    'GET /api/v2/video/42/renderStatusWithDetails': ok({ videoId: 42, status: '' }),
    'GET /api/v2/video/42/exports': ok({ exports: [] }),
    'GET /api/v2/video/42/backgroundAudio': ok({ items: [] }),
    'GET /api/v2/video/42/inserts': ok({ inserts: [] }),
    'GET /api/v2/video/insert/types': ok({ types: [] }),
    'GET /api/v2/video/42/subtitles': ok({ subtitles: [], edited: false }),
    'GET /api/v2/video/42/validate': ok({ validations: [] }),
    'GET /api/v2/video/42/pendingAssetStatus': ok({ pending: false, assets: [] }),
    'GET /api/v2/voice': ok({ voices: [], page: 1, pageSize: 1000, total: 0 }),
    ...routes,
  });
}

/** edited: the fixture video with fn applied (a copy, as the server would answer after an edit). */
function edited(fn: (v: RawVideo) => void): RawVideo {
  const v = fullVideo();
  fn(v);
  return v;
}

const scenes = () => screen.getAllByTestId('editor-scene');
const slides = () => screen.getAllByTestId('editor-slide');
const slide = (layerId: number) => slides().find((s) => s.getAttribute('data-layer-id') === String(layerId))!;
const layerIds = () => slides().map((s) => s.getAttribute('data-layer-id'));
const textOf = (layerId: number) => within(slide(layerId)).getByTestId('editor-slide-text') as HTMLTextAreaElement;
const taglineOf = (layerId: number) => within(slide(layerId)).getByTestId('editor-slide-tagline') as HTMLInputElement;

async function loaded() {
  await waitFor(() => expect(slides()).toHaveLength(3));
}

beforeEach(() => {
  document.cookie = 'pagecast_csrf=c1; path=/';
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('editor', () => {
  it.each(['/editor/42', '/editor/42/text', '/editor/voiceover/42'])('%s shows the scenes, slides and panels', async (path) => {
    api();
    renderApp(path);
    await loaded();
    expect(screen.getByTestId('editor')).toBeTruthy();
    expect(scenes().map((s) => s.getAttribute('data-scene-id'))).toEqual(['1', '2']);
    expect(layerIds()).toEqual(['10', '11', '30']);
    expect(textOf(10).value).toBe('Turn off the tap.');
    expect(taglineOf(10).value).toBe('Tip one');
    expect(slide(10).querySelector('img')!.getAttribute('src')).toBe('http://s3.local/tap-t.jpg');
    expect(screen.getByTestId('render-panel')).toBeTruthy();
    expect(screen.getByTestId('soundtrack-panel')).toBeTruthy();
    expect(screen.getByTestId('inserts-panel')).toBeTruthy();
    expect(screen.getByTestId('subtitles-panel')).toBeTruthy();
    expect(within(slide(10)).getByTestId('editor-slide-up')).toHaveProperty('disabled', true);
    expect(within(slide(11)).getByTestId('editor-slide-down')).toHaveProperty('disabled', true);
    expect(within(scenes()[0]).getByTestId('editor-scene-up')).toHaveProperty('disabled', true);
  });

  it('is opened from the video page', async () => {
    api();
    const { router } = renderApp('/dashboard/video/42');
    fireEvent.click(await screen.findByTestId('edit-video'));
    await loaded();
    expect(currentPath(router)).toBe('/editor/42');
  });

  it('has the render panel name what keeps the video from rendering without a link to the editor it is in', async () => {
    api({
      'GET /api/v2/video/42/credits-info': ok({
        canRender: true,
        renderAllowed: false,
        renderMessage: 'Scene 2 is missing narration.',
        renderMessageKey: 'render_scene_missing_narration',
      }),
    });
    renderApp('/editor/42');
    await loaded();
    await waitFor(() => expect(screen.getByTestId('render-gate-message').textContent).toBe('Scene 2 is missing narration.'));
    expect(screen.queryByRole('link', { name: 'Fix it in the editor' })).toBeNull();
  });

  it('saves a slide text on Enter, showing it at once', async () => {
    let release: () => void = () => undefined;
    const { find } = api({
      'PUT /api/v2/layer/10/text': async (req) => {
        await new Promise<void>((resolve) => (release = resolve));
        const text = (req.body as { text: string }).text;
        return ok(
          edited((v) => {
            v.scenes[1].needsAudio = true;
            v.scenes[1].layerList[1].text = text;
          }),
        );
      },
    });
    renderApp('/editor/42');
    await loaded();
    fireEvent.change(textOf(10), { target: { value: '  Turn off the tap while brushing.  ' } });
    fireEvent.keyDown(textOf(10), { key: 'Enter' });
    await waitFor(() => expect(find('PUT /api/v2/layer/10/text')).toHaveLength(1));
    expect(find('PUT /api/v2/layer/10/text')[0].body).toEqual({ text: 'Turn off the tap while brushing.' });
    expect(textOf(10).value).toBe('Turn off the tap while brushing.');
    expect(slide(10).getAttribute('data-state')).toBe('updating');
    await act(async () => release());
    await waitFor(() => expect(slide(10).getAttribute('data-state')).toBe('idle'));
    expect(textOf(10).value).toBe('Turn off the tap while brushing.');
    expect(within(scenes()[0]).getByTestId('editor-narrating').textContent).toBe('Generating narration…');
  });

  it('reads the render gate again once an edit has landed, not while it is on its way', async () => {
    let release: () => void = () => undefined;
    let saved = false;
    const after = () => edited((v) => (v.scenes[1].layerList[1].tagline = 'Save water'));
    const { find } = api(
      {
        'PUT /api/v2/layer/10/tagline': async () => {
          await new Promise<void>((resolve) => (release = resolve));
          saved = true;
          return ok(after());
        },
      },
      () => (saved ? after() : fullVideo()),
    );
    renderApp('/editor/42');
    await loaded();
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(1));
    fireEvent.change(taglineOf(10), { target: { value: 'Save water' } });
    fireEvent.blur(taglineOf(10));
    await waitFor(() => expect(find('PUT /api/v2/layer/10/tagline')).toHaveLength(1));
    // The optimistic view is not what the server has yet.
    await new Promise((r) => setTimeout(r, 50));
    expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(1);
    await act(async () => release());
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(2);
  });

  it('puts the old text back with a notice when the server refuses it', async () => {
    const { find } = api({ 'PUT /api/v2/layer/10/text': fail(400, 'invalid_text', 'Pause markers must be 0 to 10 seconds.') });
    renderApp('/editor/42');
    await loaded();
    fireEvent.change(textOf(10), { target: { value: 'Wait [pause 30s]' } });
    fireEvent.keyDown(textOf(10), { key: 'Enter' });
    expect((await screen.findByTestId('editor-notice')).textContent).toContain('Pause markers must be 0 to 10 seconds.');
    expect(textOf(10).value).toBe('Turn off the tap.');
    expect(find('PUT /api/v2/layer/10/text')).toHaveLength(1);
    expect(screen.queryByTestId('editor-narrating')).toBeNull();
  });

  it('Escape cancels an edit, Shift+Enter does not commit, and an empty text is refused', async () => {
    const { find } = api();
    renderApp('/editor/42');
    await loaded();
    const field = textOf(10);
    fireEvent.change(field, { target: { value: 'Something else' } });
    fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(field, { key: 'Escape' });
    fireEvent.blur(field);
    expect(textOf(10).value).toBe('Turn off the tap.');

    fireEvent.change(textOf(10), { target: { value: '   ' } });
    fireEvent.blur(textOf(10));
    expect(within(slide(10)).getByTestId('editor-slide-text-error').textContent).toBe(SLIDE_TEXT_INVALID);
    expect(textOf(10).value).toBe('Turn off the tap.');
    expect(find('PUT /api/v2/layer/10/text')).toHaveLength(0);
  });

  it('an empty tagline removes it', async () => {
    const { find } = api({
      'PUT /api/v2/layer/10/tagline': ok(edited((v) => (v.scenes[1].layerList[1].tagline = ''))),
    });
    renderApp('/editor/42');
    await loaded();
    fireEvent.change(taglineOf(10), { target: { value: '' } });
    fireEvent.blur(taglineOf(10));
    await waitFor(() => expect(find('PUT /api/v2/layer/10/tagline')).toHaveLength(1));
    expect(find('PUT /api/v2/layer/10/tagline')[0].body).toEqual({ tagline: '' });
    await waitFor(() => expect(slide(10).getAttribute('data-state')).toBe('idle'));
    expect(taglineOf(10).value).toBe('');
  });

  it('moves a slide down with its button and with Alt+ArrowDown, sending the scene order', async () => {
    const swapped = edited((v) => {
      v.scenes[1].layerList[0].order = 1;
      v.scenes[1].layerList[1].order = 2;
    });
    let release: () => void = () => undefined;
    let answer = swapped;
    const { find } = api({
      'PUT /api/v2/scene/1/layers/order': async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return ok(answer);
      },
    });
    renderApp('/editor/42');
    await loaded();
    fireEvent.click(within(slide(10)).getByTestId('editor-slide-down'));
    // Shown before the server answers.
    await waitFor(() => expect(layerIds()).toEqual(['11', '10', '30']));
    await waitFor(() => expect(find('PUT /api/v2/scene/1/layers/order')).toHaveLength(1));
    expect(find('PUT /api/v2/scene/1/layers/order')[0].body).toEqual({ layerIds: [11, 10] });
    await act(async () => release());
    await waitFor(() => expect(layerIds()).toEqual(['11', '10', '30']));

    answer = fullVideo();

    fireEvent.keyDown(slide(11), { key: 'ArrowDown', altKey: true });
    await waitFor(() => expect(find('PUT /api/v2/scene/1/layers/order')).toHaveLength(2));
    expect(find('PUT /api/v2/scene/1/layers/order')[1].body).toEqual({ layerIds: [10, 11] });
    await act(async () => release());
    await waitFor(() => expect(layerIds()).toEqual(['10', '11', '30']));
    // Shortcuts belong to the fields while typing.
    fireEvent.keyDown(textOf(10), { key: 'ArrowDown', altKey: true });
    expect(find('PUT /api/v2/scene/1/layers/order')).toHaveLength(2);
  });

  it('moves a scene down', async () => {
    const { find } = api({ 'PUT /api/v2/video/42/scenes/order': ok(edited((v) => ((v.scenes[0].order = 1), (v.scenes[1].order = 2)))) });
    renderApp('/editor/42');
    await loaded();
    fireEvent.click(within(scenes()[0]).getByTestId('editor-scene-down'));
    await waitFor(() => expect(scenes().map((s) => s.getAttribute('data-scene-id'))).toEqual(['2', '1']));
    await waitFor(() => expect(find('PUT /api/v2/video/42/scenes/order')).toHaveLength(1));
    expect(find('PUT /api/v2/video/42/scenes/order')[0].body).toEqual({ sceneIds: [2, 1] });
  });

  it('offers Reload when the video changed in another tab', async () => {
    const { find } = api({
      'PUT /api/v2/scene/1/layers/order': fail(409, 'video_changed', 'This video changed since you opened it. Reload to see the latest version.'),
    });
    renderApp('/editor/42');
    await loaded();
    fireEvent.click(within(slide(10)).getByTestId('editor-slide-down'));
    expect((await screen.findByTestId('editor-notice')).textContent).toContain(VIDEO_CHANGED);
    expect(layerIds()).toEqual(['10', '11', '30']);
    const gets = find('GET /api/v2/video/42').length;
    fireEvent.click(screen.getByTestId('editor-reload'));
    await waitFor(() => expect(find('GET /api/v2/video/42').length).toBe(gets + 1));
    expect(screen.queryByTestId('editor-notice')).toBeNull();
  });

  it('deleting the last scene shows the server message', async () => {
    const message = 'Video must have at least 1 scene at all times!';
    const single = edited((v) => v.scenes.splice(0, 1));
    const { find } = api({ 'DELETE /api/v2/video/42/scenes/1': fail(409, 'last_scene', message) }, () => single);
    renderApp('/editor/42');
    await waitFor(() => expect(slides()).toHaveLength(2));
    fireEvent.click(within(scenes()[0]).getByTestId('editor-scene-delete'));
    fireEvent.click(await screen.findByTestId('editor-delete-confirm-submit'));
    expect((await screen.findByTestId('editor-notice')).textContent).toContain(message);
    expect(find('DELETE /api/v2/video/42/scenes/1')).toHaveLength(1);
    expect(scenes()).toHaveLength(1);
  });

  it('Delete on a selected slide asks, then deletes it', async () => {
    const { find } = api({ 'DELETE /api/v2/layer/11': ok(edited((v) => v.scenes[1].layerList.splice(0, 1))) });
    renderApp('/editor/42');
    await loaded();
    slide(11).focus();
    fireEvent.keyDown(slide(11), { key: 'Delete' });
    fireEvent.click(await screen.findByTestId('editor-delete-confirm-submit'));
    await waitFor(() => expect(find('DELETE /api/v2/layer/11')).toHaveLength(1));
    await waitFor(() => expect(layerIds()).toEqual(['10', '30']));
  });

  it('replaces a slide media and shows Importing… until the media is imported', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let state = 'processing';
    const withMedia = () =>
      edited((v) => {
        v.scenes[1].layerList[1].assetList = [
          { assetId: 77, name: 'river.mp4', type: 'video', url: '', previewUrl: '', thumbnailUrl: '', text: '', tagline: '', state } as never,
        ];
      });
    let replaced = false;
    const { find } = api(
      {
        'GET /api/v2/asset/page': ok({
          assets: [
            { assetId: 76, name: 'broken.jpg', type: 'image', state: 'error', thumbnailUrl: '', previewUrl: '' },
            { assetId: 77, name: 'river.mp4', type: 'video', state: 'processing', thumbnailUrl: '', previewUrl: '' },
            { assetId: 78, name: 'lake.jpg', type: 'image', state: 'complete', thumbnailUrl: 'http://s3.local/lake-t.jpg', previewUrl: '' },
            { assetId: 79, name: 'song.mp3', type: 'audio', state: 'complete', thumbnailUrl: '', previewUrl: '' },
          ],
          totalItems: 4,
        }),
        'PUT /api/v2/layer/10/asset': () => {
          replaced = true;
          return ok(withMedia());
        },
      },
      () => (replaced ? withMedia() : fullVideo()),
    );
    renderApp('/editor/42');
    await loaded();
    fireEvent.click(within(slide(10)).getByTestId('slide-replace-media'));
    const picker = await screen.findByTestId('media-picker');
    await waitFor(() => expect(within(picker).getAllByTestId('media-choice')).toHaveLength(2));
    const query = find('GET /api/v2/asset/page')[0].url.searchParams;
    expect(query.getAll('assetType')).toEqual(['image', 'video']);
    expect(query.get('pageSize')).toBe('50');
    fireEvent.click(within(picker).getAllByTestId('media-choice')[0]);
    await waitFor(() => expect(find('PUT /api/v2/layer/10/asset')).toHaveLength(1));
    expect(find('PUT /api/v2/layer/10/asset')[0].body).toEqual({ assetId: 77 });
    await waitFor(() => expect(within(slide(10)).getByTestId('editor-slide-importing').textContent).toBe('Importing…'));
    expect(screen.queryByTestId('media-picker')).toBeNull();

    const gets = find('GET /api/v2/video/42').length;
    state = 'complete';
    await act(() => vi.advanceTimersByTimeAsync(EDITOR_POLL_MS + 100));
    await waitFor(() => expect(find('GET /api/v2/video/42').length).toBeGreaterThan(gets));
    await waitFor(() => expect(within(slide(10)).queryByTestId('editor-slide-importing')).toBeNull());
    const after = find('GET /api/v2/video/42').length;
    await act(() => vi.advanceTimersByTimeAsync(EDITOR_POLL_MS * 3));
    expect(find('GET /api/v2/video/42')).toHaveLength(after);
  });

  it('polls every 2 s while a scene is narrated', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let narrating = true;
    const { find } = api({}, () => edited((v) => (v.scenes[0].needsAudio = narrating)));
    renderApp('/editor/42');
    await loaded();
    expect(within(scenes()[1]).getByTestId('editor-narrating').textContent).toBe('Generating narration…');
    narrating = false;
    await act(() => vi.advanceTimersByTimeAsync(EDITOR_POLL_MS + 100));
    await waitFor(() => expect(screen.queryByTestId('editor-narrating')).toBeNull());
    const n = find('GET /api/v2/video/42').length;
    await act(() => vi.advanceTimersByTimeAsync(EDITOR_POLL_MS * 3));
    expect(find('GET /api/v2/video/42')).toHaveLength(n);
  });
});
