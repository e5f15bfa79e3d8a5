import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { VOICEOVER_DURATION_INVALID } from '../api/adjust-voiceover-duration';
import { useEditorSelection } from '../stores/editor-selection';
import { editorApi, edited } from '../test/editor-api';
import { fullVideo } from '../test/fixtures';
import { RECOMMENDED_EMPTY, SUGGESTED_EMPTY } from './media-help';
import { SLIDE_PANEL_EMPTY, VIDEO_DEFAULT_VOICE } from './slide-panel';

const slides = () => screen.getAllByTestId('editor-slide');
const slide = (layerId: number) => slides().find((s) => s.getAttribute('data-layer-id') === String(layerId))!;
const panel = () => screen.getByTestId('slide-panel');

const voice = (voiceId: number, name: string, extra: Record<string, unknown> = {}) => ({
  voiceId,
  name,
  gender: 'female',
  languageCode: 'en-US',
  tags: [],
  audioSampleURL: '',
  voiceProviderVoiceId: '',
  voiceProviderId: 1,
  isRecommended: true,
  isPublic: true,
  cloned: false,
  deletedAt: null,
  createdAt: '',
  ...extra,
});

const voices = ok({
  voices: [voice(3, 'Ada'), voice(4, 'Brian'), voice(5, 'Gone', { deletedAt: '2026-01-01T00:00:00Z' })],
  page: 1,
  pageSize: 1000,
  total: 3,
});

async function open(layerId = 10) {
  await waitFor(() => expect(slides()).toHaveLength(3));
  fireEvent.click(slide(layerId));
  await waitFor(() => expect(panel().getAttribute('data-layer-id')).toBe(String(layerId)));
}

beforeEach(() => {
  document.cookie = 'pagecast_csrf=c1; path=/';
});

afterEach(() => {
  useEditorSelection.getState().editorOpened();
});

describe('slide panel', () => {
  it('says what to do before a slide is chosen', async () => {
    editorApi();
    renderApp('/editor/42');
    await waitFor(() => expect(slides()).toHaveLength(3));
    expect(screen.getByTestId('slide-panel-empty').textContent).toBe(SLIDE_PANEL_EMPTY);
  });

  it('picks a voice for the slide from the voice list, and Video default sends null', async () => {
    const { find } = editorApi({
      'GET /api/v2/voice': voices,
      'PUT /api/v2/layer/10/voice': (req) => ok(edited((v) => (v.scenes[1].layerList[1].voiceId = (req.body as { voiceId: number | null }).voiceId as never))),
    });
    renderApp('/editor/42');
    await open();
    const select = within(panel()).getByLabelText('Voice') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect([...select.options].map((o) => o.textContent)).toEqual([VIDEO_DEFAULT_VOICE, 'Ada (en-US)', 'Brian (en-US)']);
    expect(select.value).toBe('3');
    expect(find('GET /api/v2/voice')[0].url.searchParams.get('pageSize')).toBe('1000');
    fireEvent.change(select, { target: { value: '4' } });
    await waitFor(() => expect(find('PUT /api/v2/layer/10/voice')).toHaveLength(1));
    expect(find('PUT /api/v2/layer/10/voice')[0].body).toEqual({ voiceId: 4 });
    await waitFor(() => expect(select.value).toBe('4'));
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(find('PUT /api/v2/layer/10/voice')).toHaveLength(2));
    expect(find('PUT /api/v2/layer/10/voice')[1].body).toEqual({ voiceId: null });
    await waitFor(() => expect(select.value).toBe(''));
  });

  it('an unknown voice is refused and the old one comes back', async () => {
    editorApi({
      'GET /api/v2/voice': voices,
      'PUT /api/v2/layer/10/voice': fail(422, 'validation_failed', 'Unknown voice.', [{ field: 'voiceId', message: 'Unknown voice.' }]),
    });
    renderApp('/editor/42');
    await open();
    const select = within(panel()).getByLabelText('Voice') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.change(select, { target: { value: '4' } });
    expect((await screen.findByTestId('editor-notice')).textContent).toContain('Unknown voice.');
    expect(select.value).toBe('3');
  });

  it('mutes a slide and sets how its picture fits', async () => {
    const { find } = editorApi({
      'PUT /api/v2/layer/10/mute': ok(edited((v) => Object.assign(v.scenes[1].layerList[1], { muted: true }))),
      'PUT /api/v2/layer/10/transform': ok(edited((v) => Object.assign(v.scenes[1].layerList[1], { transform: { fit: 'contain', crop: null } }))),
    });
    renderApp('/editor/42');
    await open();
    fireEvent.click(within(panel()).getByTestId('slide-mute'));
    await waitFor(() => expect(find('PUT /api/v2/layer/10/mute')).toHaveLength(1));
    expect(find('PUT /api/v2/layer/10/mute')[0].body).toEqual({ muted: true });
    await waitFor(() => expect(within(slide(10)).getByTestId('editor-slide-muted')).toBeTruthy());
    expect((within(panel()).getByTestId('slide-fit-cover') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(panel()).getByTestId('slide-fit-contain'));
    await waitFor(() => expect(find('PUT /api/v2/layer/10/transform')).toHaveLength(1));
    expect(find('PUT /api/v2/layer/10/transform')[0].body).toEqual({ fit: 'contain', crop: null });
    await waitFor(() => expect((within(panel()).getByTestId('slide-fit-contain') as HTMLInputElement).checked).toBe(true));
  });

  it('a refused mute is put back with a notice', async () => {
    editorApi({ 'PUT /api/v2/layer/10/mute': fail(500, 'internal', 'Something went wrong.') });
    renderApp('/editor/42');
    await open();
    fireEvent.click(within(panel()).getByTestId('slide-mute'));
    expect((await screen.findByTestId('editor-notice')).textContent).toContain('Something went wrong.');
    expect((within(panel()).getByTestId('slide-mute') as HTMLInputElement).checked).toBe(false);
    expect(within(slide(10)).queryByTestId('editor-slide-muted')).toBeNull();
  });

  it('removes the media (it shows as missing) and makes a text slide', async () => {
    const noMedia = () => edited((v) => (v.scenes[1].layerList[1].assetList = []));
    const { find } = editorApi({
      'DELETE /api/v2/layer/10/assets/4': ok(noMedia()),
      'POST /api/v2/layer/10/assets': ok(
        edited((v) => (v.scenes[1].layerList[1].assetList = [{ assetId: 90, name: '', type: 'text', url: '', previewUrl: '', thumbnailUrl: '', text: 'Turn off the tap.', tagline: '' } as never])),
      ),
    });
    renderApp('/editor/42');
    await open();
    expect(within(panel()).getByTestId('slide-media-name').textContent).toBe('tap.jpg');
    fireEvent.click(within(panel()).getByTestId('slide-remove-media'));
    await waitFor(() => expect(within(panel()).getByTestId('slide-media-name').textContent).toBe('No media'));
    expect(find('DELETE /api/v2/layer/10/assets/4')).toHaveLength(1);
    expect(within(panel()).getByTestId('slide-choose-media').textContent).toBe('Add media…');
    expect((within(panel()).getByTestId('slide-fit') as HTMLFieldSetElement).disabled).toBe(true);
    fireEvent.click(within(panel()).getByTestId('slide-text-slide'));
    await waitFor(() => expect(find('POST /api/v2/layer/10/assets')).toHaveLength(1));
    expect(find('POST /api/v2/layer/10/assets')[0].body).toEqual({ text: 'Turn off the tap.' });
    await waitFor(() => expect(within(panel()).getByTestId('slide-media-name').textContent).toBe('Text slide'));
    expect(within(panel()).queryByTestId('slide-text-slide')).toBeNull();
  });

  it('a slide with media becomes a text slide by replacing it', async () => {
    const { find } = editorApi({ 'PUT /api/v2/layer/10/asset': ok(fullVideo()) });
    renderApp('/editor/42');
    await open();
    fireEvent.click(within(panel()).getByTestId('slide-text-slide'));
    await waitFor(() => expect(find('PUT /api/v2/layer/10/asset')).toHaveLength(1));
    expect(find('PUT /api/v2/layer/10/asset')[0].body).toEqual({ text: 'Turn off the tap.' });
  });
});

describe('media picker help', () => {
  const lake = { assetId: 78, name: 'lake.jpg', type: 'image', state: 'complete', thumbnailUrl: 'http://s3.local/lake-t.jpg', previewUrl: '' };

  it('offers recommended media first and adds it to a slide without media', async () => {
    const { find } = editorApi(
      {
        'GET /api/v2/layer/10/recommendedAssets': ok([{ ...lake, score: 0.9 }]),
        'GET /api/v2/asset/page': ok({ assets: [lake], totalItems: 1 }),
        'POST /api/v2/layer/10/assets': ok(fullVideo()),
      },
      () => edited((v) => (v.scenes[1].layerList[1].assetList = [])),
    );
    renderApp('/editor/42');
    await open();
    fireEvent.click(within(panel()).getByTestId('slide-choose-media'));
    const picker = await screen.findByTestId('media-picker');
    const choice = await within(picker).findByTestId('recommended-choice');
    expect(choice.getAttribute('aria-label')).toBe('Use lake.jpg');
    expect(find('GET /api/v2/layer/10/recommendedAssets')[0].url.searchParams.get('limit')).toBe('12');
    fireEvent.click(choice);
    await waitFor(() => expect(find('POST /api/v2/layer/10/assets')).toHaveLength(1));
    expect(find('POST /api/v2/layer/10/assets')[0].body).toEqual({ assetId: 78 });
    expect(screen.queryByTestId('media-picker')).toBeNull();
    // A media change may start an import: the pending imports are read again.
    await waitFor(() => expect(find('GET /api/v2/video/42/pendingAssetStatus').length).toBeGreaterThan(1));
  });

  it('says so when nothing is recommended or found, and searches by the words typed', async () => {
    const { find } = editorApi({
      'GET /api/v2/layer/10/recommendedAssets': ok([]),
      'GET /api/v2/layer/10/suggestedAssets': ok([]),
      'GET /api/v2/asset/page': ok({ assets: [], totalItems: 0 }),
    });
    renderApp('/editor/42');
    await open();
    fireEvent.click(within(slide(10)).getByTestId('slide-replace-media'));
    const picker = await screen.findByTestId('media-picker');
    expect((await within(picker).findByTestId('recommended-empty')).textContent).toBe(RECOMMENDED_EMPTY);
    expect(within(picker).queryByTestId('suggested-empty')).toBeNull();
    fireEvent.change(within(picker).getByTestId('suggested-query'), { target: { value: '  river  ' } });
    fireEvent.click(within(picker).getByTestId('suggested-search'));
    expect((await within(picker).findByTestId('suggested-empty')).textContent).toBe(SUGGESTED_EMPTY);
    expect(find('GET /api/v2/layer/10/suggestedAssets')[0].url.searchParams.get('query')).toBe('river');
  });

  it('a library suggestion is used as it is; a stock one is imported into the library first', async () => {
    let release: () => void = () => undefined;
    const { find } = editorApi({
      'GET /api/v2/layer/10/recommendedAssets': ok([]),
      'GET /api/v2/asset/page': ok({ assets: [], totalItems: 0 }),
      'GET /api/v2/layer/10/suggestedAssets': ok([
        { source: 'library', assetId: 78, name: 'lake.jpg', type: 'image', thumbnailUrl: '' },
        { source: 'pexels', url: 'https://images.example/river.jpg', thumbnailUrl: 'https://images.example/river-t.jpg', name: 'River', type: 'image' },
      ]),
      'POST /api/v2/asset/import': ok({ assetId: 91, state: 'pending' }, 202),
      'PUT /api/v2/layer/10/asset': async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return ok(fullVideo());
      },
    });
    renderApp('/editor/42');
    await open();
    fireEvent.click(within(panel()).getByTestId('slide-choose-media'));
    let picker = await screen.findByTestId('media-picker');
    fireEvent.click(within(picker).getByTestId('suggested-search'));
    await waitFor(() => expect(within(picker).getAllByTestId('suggested-choice')).toHaveLength(2));
    expect(find('GET /api/v2/layer/10/suggestedAssets')[0].url.searchParams.get('query')).toBeNull();
    fireEvent.click(within(picker).getAllByTestId('suggested-choice')[0]);
    await waitFor(() => expect(find('PUT /api/v2/layer/10/asset')).toHaveLength(1));
    expect(find('PUT /api/v2/layer/10/asset')[0].body).toEqual({ assetId: 78 });
    await act(async () => release());

    fireEvent.click(within(panel()).getByTestId('slide-choose-media'));
    picker = await screen.findByTestId('media-picker');
    fireEvent.click(within(picker).getByTestId('suggested-search'));
    await waitFor(() => expect(within(picker).getAllByTestId('suggested-choice')).toHaveLength(2));
    expect(within(picker).getAllByTestId('suggested-choice')[1].getAttribute('aria-label')).toBe('Use River from pexels');
    fireEvent.click(within(picker).getAllByTestId('suggested-choice')[1]);
    await waitFor(() => expect(find('PUT /api/v2/layer/10/asset')).toHaveLength(2));
    expect(find('POST /api/v2/asset/import')[0].body).toEqual({ url: 'https://images.example/river.jpg', name: 'River' });
    expect(find('PUT /api/v2/layer/10/asset')[1].body).toEqual({ assetId: 91 });
    await act(async () => release());
  });
});

describe('voiceover slide duration', () => {
  const voiceover = () => edited((v) => Object.assign(v, { isVoiceover: true }));

  it('is offered only for voiceover videos', async () => {
    editorApi();
    renderApp('/editor/42');
    await open();
    expect(within(panel()).queryByTestId('voiceover-duration')).toBeNull();
  });

  it('sets a slide duration in milliseconds, refusing less than half a second', async () => {
    const { find } = editorApi(
      {
        'PUT /api/v2/video/42/voiceover/duration': ok(
          edited((v) => {
            Object.assign(v, { isVoiceover: true });
            v.scenes[1].layerList[1].duration = 5.5;
            v.scenes[1].layerList[0].duration = 4.5;
          }),
        ),
      },
      voiceover,
    );
    renderApp('/editor/voiceover/42');
    await open();
    const input = within(panel()).getByTestId('voiceover-duration-input') as HTMLInputElement;
    expect(input.value).toBe('4');
    fireEvent.change(input, { target: { value: '0.2' } });
    fireEvent.click(within(panel()).getByTestId('voiceover-duration-save'));
    expect(within(panel()).getByTestId('voiceover-duration-error').textContent).toBe(VOICEOVER_DURATION_INVALID);
    expect(find('PUT /api/v2/video/42/voiceover/duration')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '5.5' } });
    fireEvent.click(within(panel()).getByTestId('voiceover-duration-save'));
    await waitFor(() => expect(find('PUT /api/v2/video/42/voiceover/duration')).toHaveLength(1));
    expect(find('PUT /api/v2/video/42/voiceover/duration')[0].body).toEqual({ layerId: 10, durationMs: 5500 });
    expect(within(panel()).queryByTestId('voiceover-duration-error')).toBeNull();
    await waitFor(() => expect(input.value).toBe('5.5'));
  });

  it('shows the server refusal', async () => {
    editorApi(
      { 'PUT /api/v2/video/42/voiceover/duration': fail(422, 'invalid_duration', 'The next slide would be shorter than 0.5 seconds.') },
      voiceover,
    );
    renderApp('/editor/voiceover/42');
    await open();
    fireEvent.change(within(panel()).getByTestId('voiceover-duration-input'), { target: { value: '9' } });
    fireEvent.click(within(panel()).getByTestId('voiceover-duration-save'));
    expect((await screen.findByTestId('editor-notice')).textContent).toContain('The next slide would be shorter than 0.5 seconds.');
  });
});
