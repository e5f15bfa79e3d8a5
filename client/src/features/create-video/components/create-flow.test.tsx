import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInStyles, ownStyle, styleRoutes } from '@/features/subtitle-styles/test/fixtures';
import { fail, mockApi, ok, type MockHandler } from '@/test/mock-api';
import { currentPath, makeUser, renderApp, signedIn } from '@/test/render-app';
import { EMPTY_DRAFT, useCreateVideoDraft } from '../stores/create-video-draft';
import { PROMPT_TOO_SHORT } from '../utils/validation';
import { GENERATING_POLL_MS } from './generating-page';

const presets = ok({
  presets: [
    {
      presetId: 1,
      name: 'Pagecast default',
      isPublic: true,
      settings: [
        { key: 'maxSentencesPerSlide', datatype: 'uint', value: '3' },
        { key: 'pauseBetweenSlides', datatype: 'uint', value: '1000' },
      ],
    },
  ],
  page: 0,
  pageSize: 10,
  total: 1,
});

function api(extra: Record<string, MockHandler> = {}, user = makeUser()) {
  document.cookie = 'pagecast_csrf=c1; path=/';
  return mockApi({
    ...signedIn({ ...user, scriptMaxLength: 60 } as typeof user),
    'GET /api/v2/presets/createvideo': presets,
    'GET /api/v2/presets/createvideo/metadata': ok({ totalPublicPresets: 1, totalUserPresets: 0 }),
    ...styleRoutes(),
    ...extra,
  });
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

const video = (over: Record<string, unknown> = {}) =>
  ok({ videoId: 77, name: 'Water', buildStage: 1, buildStep: 'splittingText', buildError: '', pageUrl: '', scenes: [], ...over });

beforeEach(() => {
  useCreateVideoDraft.setState({ ...EMPTY_DRAFT, scriptThrottledUntil: 0, lastSubmitted: null, createErrors: {}, createdVideoId: 0 });
});
afterEach(() => vi.useRealTimers());

describe('create video flow', () => {
  it('goes from the type to the generating screen for a typed script, with the default preset', async () => {
    let polls = 0;
    const { find } = api({
      'POST /api/v2/video': ok({ videoId: 77 }, 201),
      'GET /api/v2/video/77': () => {
        polls += 1;
        return polls < 2 ? video() : video({ buildStage: 4, buildStep: 'ready' });
      },
    });
    const { router } = renderApp('/dashboard/create-video');
    fireEvent.click(await screen.findByTestId('create-type-script'));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard/create-video/single/aspect-ratio'));
    fireEvent.click(screen.getByTestId('aspect-vertical'));
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard/create-video/single/from-scratch'));

    // Nothing typed: the step says so and stays.
    fireEvent.click(screen.getByTestId('step-next'));
    expect((await screen.findByTestId('error-text')).textContent).toContain('please enter some text');
    type('script-input', 'Turn off the tap. Fix the leaks.');
    expect(screen.getByTestId('script-input-count').textContent).toBe('32 / 60');
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard/create-video/single/settings'));

    // The default preset's settings, the format's side effects, and the script against the plan limit.
    expect((screen.getByTestId('sentences-select') as HTMLSelectElement).value).toBe('3');
    expect((screen.getByTestId('pause-select') as HTMLSelectElement).value).toBe('1000');
    expect((screen.getByTestId('hardcode-subtitles') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('voice-change')).toBeTruthy();
    type('script-input', 'x'.repeat(61));
    expect(screen.getByTestId('error-text').textContent).toBe('Script is too long: your plan allows at most 60 characters.');
    type('script-input', 'Turn off the tap. Fix the leaks.');
    fireEvent.click(screen.getByTestId('hardcode-subtitles'));
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard/create-video/single/overview'));

    fireEvent.click(screen.getByTestId('create-submit'));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard/create-video/single/generating?video=77'));
    const body = find('POST /api/v2/video')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Untitled',
      text: 'Turn off the tap. Fix the leaks.',
      aspectRatio: 'vertical',
      templateId: 282,
      hardcodeSubtitles: false,
      subtitleStyleConfigId: 4,
      maxSentencesPerSlide: 3,
      pauseAfterSlide: 1,
      pageUrl: '',
    });
    expect(body.voiceId).toBeUndefined();
    expect(find('POST /api/v2/video')[0].headers.get('X-CSRF-Token')).toBe('c1');
    // The draft is reset for the next video.
    expect(useCreateVideoDraft.getState().createType).toBeNull();

    expect((await screen.findByTestId('generating-step')).getAttribute('data-step')).toBe('preparing');
    await waitFor(() => expect(screen.getByTestId('generating-step').getAttribute('data-step')).toBe('splittingText'));
    expect(screen.getByTestId('generating-step').textContent).toContain('Splitting into slides');
    const done = await screen.findByTestId('generating-done', {}, { timeout: GENERATING_POLL_MS * 3 });
    expect(done.getAttribute('href')).toBe('/dashboard/video/77');
    expect(screen.queryByTestId('generating-step')).toBeNull();
  });

  it('a default preset that arrives after the format was chosen keeps the format', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    api({ 'GET /api/v2/presets/createvideo': async () => (await held, presets) as never });
    renderApp('/dashboard/create-video/single');
    fireEvent.click(await screen.findByTestId('create-type-script'));
    fireEvent.click(await screen.findByTestId('aspect-vertical'));
    expect(useCreateVideoDraft.getState().presetChecked).toBe(false);
    release();
    await waitFor(() => expect(useCreateVideoDraft.getState().presetChecked).toBe(true));
    expect(useCreateVideoDraft.getState().settings).toMatchObject({
      aspectRatio: 'vertical',
      hardcodeSubtitles: true,
      subtitleStyleConfigId: 4,
      maxSentencesPerSlide: 3,
    });
  });

  it('pulls a page and shows its title, text and images', async () => {
    const { find } = api({
      'PUT /api/v2/urlContent': (req) =>
        (req.body as { url: string }).url === 'https://other.example.com/x'
          ? fail(400, 'validation_failed', 'Invalid input', [{ field: 'url', message: 'URL must be from example.com' }])
          : ok({
              title: 'Saving water',
              keywords: ['water'],
              body: [
                { type: 'title', text: 'Saving water' },
                { type: 'paragraph', text: 'Turn off the tap while brushing.' },
              ],
              text: 'Turn off the tap while brushing.',
              assets: [{ assetId: 5, name: 'tap.jpg', type: 'image', url: 'http://s3.local/tap.jpg', thumbnailUrl: 'http://s3.local/tap-t.jpg' }],
            }),
      'POST /api/v2/video': ok({ videoId: 78 }, 201),
      'GET /api/v2/video/78': video({ videoId: 78, buildStep: 'retrievingContent', pageUrl: 'https://example.com/a' }),
    });
    const { router } = renderApp('/dashboard/create-video/single');
    fireEvent.click(await screen.findByTestId('create-type-url'));
    fireEvent.click(await screen.findByTestId('step-next'));
    await screen.findByTestId('url-input');

    type('url-input', 'not a url');
    fireEvent.click(screen.getByTestId('pull-content'));
    expect(screen.getByTestId('error-pageUrl').textContent).toBe('invalid page URL');
    expect(find('PUT /api/v2/urlContent')).toHaveLength(0);

    type('url-input', 'https://other.example.com/x');
    fireEvent.click(screen.getByTestId('pull-content'));
    await waitFor(() => expect(screen.getByTestId('error-pageUrl').textContent).toBe('URL must be from example.com'));

    type('url-input', 'https://example.com/a');
    fireEvent.click(screen.getByTestId('pull-content'));
    expect((await screen.findByTestId('pulled-title')).textContent).toBe('Saving water');
    expect(screen.getByTestId('pulled-body').textContent).toContain('Turn off the tap while brushing.');
    expect(within(screen.getByTestId('pulled-images')).getByRole('img').getAttribute('src')).toBe('http://s3.local/tap-t.jpg');
    expect(find('PUT /api/v2/urlContent').at(-1)!.body).toEqual({ url: 'https://example.com/a', extraTime: false });

    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard/create-video/single/settings'));
    expect((screen.getByTestId('script-input') as HTMLTextAreaElement).value).toBe('Turn off the tap while brushing.');
    fireEvent.click(screen.getByTestId('step-next'));
    fireEvent.click(await screen.findByTestId('create-submit'));
    await waitFor(() => expect(screen.getByTestId('generating-step').getAttribute('data-step')).toBe('retrievingContent'));
    expect(find('POST /api/v2/video')[0].body).toMatchObject({ name: 'Saving water', pageUrl: 'https://example.com/a', initialAssets: [5], keywords: ['water'] });
  });

  it('generates a script from a topic, then waits for the throttle', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: MockHandler = ok({ title: 'Water at home', text: 'Save water every day.' });
    const { find } = api({ 'POST /api/v2/ai/generateVideoScript': () => answer as never });
    renderApp('/dashboard/create-video/single');
    fireEvent.click(await screen.findByTestId('create-type-topic'));
    fireEvent.click(await screen.findByTestId('step-next'));
    await screen.findByTestId('prompt-input');

    type('prompt-input', '  too   short ');
    fireEvent.click(screen.getByTestId('generate-script'));
    expect(screen.getByTestId('error-prompt').textContent).toBe(PROMPT_TOO_SHORT);
    expect(find('POST /api/v2/ai/generateVideoScript')).toHaveLength(0);

    type('prompt-input', 'five   easy ways to\n save water at home');
    fireEvent.click(screen.getByTestId('generate-script'));
    await waitFor(() => expect((screen.getByTestId('script-input') as HTMLTextAreaElement).value).toBe('Save water every day.'));
    expect(find('POST /api/v2/ai/generateVideoScript')[0].body).toMatchObject({
      text: 'five easy ways to save water at home',
      source: 'topic',
      sectionsAmount: 4,
      toneType: 1,
      removeSectionTitles: true,
    });
    expect(useCreateVideoDraft.getState().name).toBe('Water at home');
    expect(screen.getByTestId('script-throttle').textContent).toContain('10 seconds');
    expect((screen.getByTestId('generate-script') as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByTestId('script-throttle').textContent).toContain('7 seconds');
    await act(() => vi.advanceTimersByTimeAsync(7500));
    expect(screen.queryByTestId('script-throttle')).toBeNull();

    // The server's 429 starts the countdown too.
    answer = fail(429, 'script_generation_throttled', 'Script generation is throttled: please wait 10 seconds before generating another script.');
    fireEvent.click(screen.getByTestId('generate-script'));
    await waitFor(() => expect(screen.getByTestId('script-throttle')).toBeTruthy());
    expect(screen.queryByTestId('generate-error')).toBeNull();
  });

  it('shows server field errors on the overview with a link to the step', async () => {
    api({
      'POST /api/v2/video': fail(400, 'validation_failed', 'Invalid input', [{ field: 'text', message: 'invalid text: please enter some text' }]),
    });
    useCreateVideoDraft.setState({ createType: 'script', body: 'Hello there.', presetChecked: true });
    const { router } = renderApp('/dashboard/create-video/single/overview');
    fireEvent.click(await screen.findByTestId('create-submit'));
    const item = await screen.findByTestId('error-text');
    expect(item.textContent).toContain('invalid text: please enter some text');
    fireEvent.click(within(item).getByRole('link', { name: 'Script' }));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard/create-video/single/from-scratch'));
    expect(screen.getByTestId('error-text').textContent).toBe('invalid text: please enter some text');
  });

  it('shows the build error of a failed video and tries again', async () => {
    const { find } = api({
      'GET /api/v2/video/90': video({ videoId: 90, buildStep: 'failed', buildError: 'The page could not be read.' }),
      'POST /api/v2/video': ok({ videoId: 91 }, 201),
      'GET /api/v2/video/91': video({ videoId: 91 }),
    });
    useCreateVideoDraft.setState({ lastSubmitted: { ...EMPTY_DRAFT, createType: 'script', body: 'Hello again.' } });
    const { router } = renderApp('/dashboard/create-video/single/generating?video=90');
    expect((await screen.findByTestId('build-error')).textContent).toBe('The page could not be read.');
    fireEvent.click(screen.getByTestId('generating-retry'));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard/create-video/single/generating?video=91'));
    expect(find('POST /api/v2/video')[0].body).toMatchObject({ text: 'Hello again.' });
  });

  it('sends a voiceover as multipart with the file', async () => {
    const { find } = api({ 'POST /api/v2/video/voiceover': ok({ videoId: 95 }, 201), 'GET /api/v2/video/95': video({ videoId: 95 }) });
    const file = new File(['id3'], 'me.mp3', { type: 'audio/mpeg' });
    useCreateVideoDraft.setState({ createType: 'voiceover', voiceoverFile: file, presetChecked: true });
    const { router } = renderApp('/dashboard/create-video/single/overview');
    fireEvent.click(await screen.findByTestId('create-submit'));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard/create-video/single/generating?video=95'));
    const form = find('POST /api/v2/video/voiceover')[0];
    const sent = (vi.mocked(fetch).mock.calls.find(([, init]) => init?.body instanceof FormData)![1]!.body as FormData);
    expect(form.headers.get('X-CSRF-Token')).toBe('c1');
    expect((sent.get('narrationAssetFile') as File).name).toBe('me.mp3');
    expect(JSON.parse(sent.get('automatch') as string)).toMatchObject({ enabled: true });
    expect(sent.get('aspectRatio')).toBe('horizontal');
  });

  it('starts over at the type when a later step is opened without a draft', async () => {
    api();
    const { router } = renderApp('/dashboard/create-video/single/settings');
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard/create-video/single'));
    expect(await screen.findByTestId('create-type-voiceover')).toBeTruthy();
  });
});

describe('subtitle style of a new video', () => {
  const radio = (id: number) => screen.getByTestId(`subtitle-style-radio-${id}`) as HTMLInputElement;
  const radios = () =>
    within(screen.getByRole('radiogroup', { name: 'Subtitle style' }))
      .getAllByRole('radio')
      .map((r) => (r as HTMLInputElement).value);

  it('is chosen among the tiles of the format, and a new format starts from its default', async () => {
    const { find } = api({
      ...styleRoutes(() => [...builtInStyles(), ownStyle(), ownStyle({ subtitleStyleConfigId: 21, name: 'Tall', aspectRatio: 'vertical' })]),
      'POST /api/v2/video': ok({ videoId: 80 }, 201),
      'GET /api/v2/video/80': video({ videoId: 80 }),
    });
    useCreateVideoDraft.setState({ createType: 'script', body: 'Hello there.', presetChecked: true });
    const { router } = renderApp('/dashboard/create-video/single/settings');
    await waitFor(() => expect(radio(3).checked).toBe(true));
    expect(radios()).toEqual(['1', '3', '20']);
    // Styles are made in the editor, not here.
    expect(screen.queryByTestId('subtitle-style-new')).toBeNull();
    expect(screen.queryByLabelText('Subtitle style id')).toBeNull();

    fireEvent.click(radio(20));
    expect(useCreateVideoDraft.getState().settings.subtitleStyleConfigId).toBe(20);
    expect(radio(20).checked).toBe(true);

    // Another format: its styles, and its default chosen.
    fireEvent.click(screen.getByRole('link', { name: 'change' }));
    fireEvent.click(await screen.findByTestId('aspect-vertical'));
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard/create-video/single/from-scratch'));
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(radio(4).checked).toBe(true));
    expect(radios()).toEqual(['2', '4', '21']);
    expect(useCreateVideoDraft.getState().settings.subtitleStyleConfigId).toBe(4);

    fireEvent.click(radio(2));
    fireEvent.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard/create-video/single/overview'));
    expect(screen.getByText(/Burned in, style “Bold yellow”/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('create-submit'));
    await waitFor(() => expect(find('POST /api/v2/video')).toHaveLength(1));
    expect(find('POST /api/v2/video')[0].body).toMatchObject({ aspectRatio: 'vertical', subtitleStyleConfigId: 2 });
  });

  it('can still be given by id when the styles cannot be loaded', async () => {
    api({ 'GET /api/v2/subtitles/styles/config': fail(500, 'internal', 'Something went wrong.') });
    useCreateVideoDraft.setState({ createType: 'script', body: 'Hello there.', presetChecked: true });
    renderApp('/dashboard/create-video/single/settings');
    expect((await screen.findByTestId('subtitle-styles-error')).textContent).toContain('Subtitle styles could not be loaded.');
    const input = screen.getByLabelText('Subtitle style id') as HTMLInputElement;
    expect(input.value).toBe('3');
    fireEvent.change(input, { target: { value: '7' } });
    expect(useCreateVideoDraft.getState().settings.subtitleStyleConfigId).toBe(7);
    expect(screen.queryByTestId('notification')).toBeNull();
  });
});
