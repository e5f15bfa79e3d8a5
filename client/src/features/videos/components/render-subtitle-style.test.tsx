import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { builtInStyles, ownStyle, rawStyle, styleRoutes } from '@/features/subtitle-styles/test/fixtures';
import { fail, mockApi, ok, type MockHandler, type MockReply } from '@/test/mock-api';
import { renderApp, signedIn } from '@/test/render-app';
import { fullVideo } from '../test/fixtures';

type Raw = ReturnType<typeof rawStyle>;

/** api: the render panel of video 42 (16:9, style 3 unless told) with the built-in styles and the account's given ones. */
function api({ video = {}, own = [], routes = {} }: { video?: Record<string, unknown>; own?: Raw[]; routes?: Record<string, MockHandler> } = {}) {
  let styles: Raw[] = [...builtInStyles(), ...own];
  let current: Record<string, unknown> = { ...fullVideo(), ...video };
  const mock = mockApi({
    ...signedIn(),
    'GET /api/v2/video/42': () => ok(current),
    'GET /api/v2/video/42/credits-info': ok({ canRender: true, renderAllowed: true, requiredCredits: 1, remainingCredits: 9, renderAttempts: 0, maxRenderAttempts: 3 }),
    'GET /api/v2/video/42/renderStatusWithDetails': ok({ videoId: 42, status: '' }),
    'GET /api/v2/video/42/exports': ok({ exports: [] }),
    'GET /api/v2/user/config': ok({}),
    ...styleRoutes(() => styles),
    'PUT /api/v2/video/42': (req) => {
      current = { ...current, ...(req.body as Record<string, unknown>), draft: true };
      return ok(current);
    },
    'POST /api/v2/subtitles/styles/config': (req) => {
      const created = rawStyle({ ...(req.body as Record<string, unknown>), subtitleStyleConfigId: 31, isBuiltIn: false, isDefault: false });
      styles = [...styles.filter((s) => s.isBuiltIn), created, ...styles.filter((s) => !s.isBuiltIn)];
      return ok(created, 201);
    },
    'PUT /api/v2/subtitles/styles/config/20': (req) => {
      const saved = { ...styles.find((s) => s.subtitleStyleConfigId === 20)!, ...(req.body as Record<string, unknown>) };
      styles = styles.map((s) => (s.subtitleStyleConfigId === 20 ? saved : s));
      return ok(saved);
    },
    ...routes,
  });
  return mock;
}

const chooser = () => screen.getByTestId('render-subtitle-style');
const radio = (id: number) => screen.getByTestId(`subtitle-style-radio-${id}`) as HTMLInputElement;
const editor = () => screen.getByTestId('subtitle-style-editor');
const field = (name: string) => within(editor()).getByTestId(`style-${name}`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

async function openPanel() {
  renderApp('/dashboard/video/42');
  await waitFor(() => expect(radio(3)).toBeTruthy());
}

beforeEach(() => {
  document.cookie = 'pagecast_csrf=c1; path=/';
});

describe('subtitle style of the next render', () => {
  it('shows the styles of the video format as a radio group with the current one chosen, and PUTs a new choice', async () => {
    const mock = api({ own: [ownStyle()] });
    await openPanel();
    const group = within(chooser()).getByRole('radiogroup', { name: 'Subtitle style' });
    // 16:9 only: Bold yellow (1), Classic (3), then the account's own.
    expect(within(group).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['1', '3', '20']);
    expect(mock.calls.some((c) => c.path === '/api/v2/subtitles/styles/config' && c.url.searchParams.get('aspectRatio') === 'horizontal')).toBe(true);
    expect(screen.getByTestId('subtitle-style-3').textContent).toContain('Classic');
    expect(screen.getByTestId('subtitle-style-3').textContent).toContain('Default');
    expect(screen.getByTestId('subtitle-style-20').textContent).toContain('My look');
    expect(radio(3).checked).toBe(true);
    // Each tile has its own preview with the sample line.
    expect(within(screen.getByTestId('subtitle-style-1')).getByText('Subtitles look like this')).toBeTruthy();

    fireEvent.click(radio(1));
    expect(radio(1).checked).toBe(true); // what was asked shows at once
    await waitFor(() => expect(mock.find('PUT /api/v2/video/42')).toHaveLength(1));
    expect(mock.find('PUT /api/v2/video/42')[0].body).toEqual({ subtitleStyleConfigId: 1 });
    await waitFor(() => expect(screen.getByTestId('render-button').hasAttribute('disabled')).toBe(false));
    expect(radio(1).checked).toBe(true);
    expect(radio(3).checked).toBe(false);
  });

  it('does not take a second choice while the first is on its way', async () => {
    let answer: (() => void) | undefined;
    const mock = api({
      own: [ownStyle()],
      routes: {
        'PUT /api/v2/video/42': () =>
          new Promise<MockReply>((resolve) => (answer = () => resolve(ok({ ...fullVideo(), subtitleStyleConfigId: 1 })))),
      },
    });
    await openPanel();
    fireEvent.click(radio(1));
    fireEvent.click(radio(20));
    expect(radio(1).checked).toBe(true);
    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer?.());
    await waitFor(() => expect(chooser().querySelector('[aria-busy]')).toBeNull());
    expect(mock.find('PUT /api/v2/video/42').map((c) => c.body)).toEqual([{ subtitleStyleConfigId: 1 }]);
    expect(radio(1).checked).toBe(true);
  });

  it('shows the server refusal of a style and goes back to the stored one', async () => {
    api({
      routes: {
        'PUT /api/v2/video/42': fail(400, 'validation_failed', 'Invalid input', [
          { field: 'subtitleStyleConfigId', message: 'This subtitle style is for vertical videos.' },
        ]),
      },
    });
    await openPanel();
    fireEvent.click(radio(1));
    expect((await screen.findByTestId('subtitle-style-error')).textContent).toBe('This subtitle style is for vertical videos.');
    expect(radio(3).checked).toBe(true);
    expect(radio(1).checked).toBe(false);
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('lists the 9:16 styles for a vertical video', async () => {
    api({ video: { aspectRatio: 'vertical', subtitleStyleConfigId: 4 } });
    renderApp('/dashboard/video/42');
    await waitFor(() => expect(radio(4).checked).toBe(true));
    expect(within(chooser()).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['2', '4']);
  });

  it('is locked while a render runs', async () => {
    const mock = api({
      own: [ownStyle()],
      video: { subtitleStyleConfigId: 20 },
      routes: {
        'GET /api/v2/video/42/renderStatusWithDetails': ok({ videoId: 42, status: 'rendering', stage: 'rendering', attempt: 1, scenesTotal: 2 }),
      },
    });
    renderApp('/dashboard/video/42');
    await screen.findByTestId('render-progress');
    await waitFor(() => expect(radio(20).checked).toBe(true));
    for (const r of within(chooser()).getAllByRole('radio')) expect((r as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('subtitle-style-new') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('subtitle-style-edit') as HTMLButtonElement).disabled).toBe(true);
    expect(chooser().textContent).toContain('Can be changed when the render has finished.');
    fireEvent.click(radio(1));
    expect(mock.find('PUT /api/v2/video/42')).toHaveLength(0);
  });

  it('says so when the styles cannot be loaded', async () => {
    api({ routes: { 'GET /api/v2/subtitles/styles/config': fail(500, 'internal', 'Something went wrong.') } });
    renderApp('/dashboard/video/42');
    expect((await screen.findByTestId('subtitle-styles-error')).textContent).toContain('Subtitle styles could not be loaded.');
    expect(screen.queryByTestId('subtitle-style-new')).toBeNull();
    expect(screen.queryByTestId('notification')).toBeNull();
  });
});

describe('subtitle style editor', () => {
  it('offers Copy and edit for a built-in style and Edit for an own one', async () => {
    const mock = api({ own: [ownStyle()] });
    await openPanel();
    expect(screen.getByTestId('subtitle-style-copy').textContent).toBe('Copy and edit');
    expect(within(chooser()).queryByRole('button', { name: 'Edit' })).toBeNull();

    fireEvent.click(radio(20));
    await waitFor(() => expect(mock.find('PUT /api/v2/video/42')).toHaveLength(1));
    await waitFor(() => expect(within(chooser()).getByRole('button', { name: 'Edit' })).toBeTruthy());
    expect(screen.queryByTestId('subtitle-style-copy')).toBeNull();
  });

  it('refuses values out of the spec limits before sending anything', async () => {
    const mock = api();
    await openPanel();
    fireEvent.click(screen.getByTestId('subtitle-style-new'));
    // The HTML limits are the spec's, the vertical margin those of a 1920x1080 video.
    expect(field('fontSize').min).toBe('10');
    expect(field('fontSize').max).toBe('200');
    expect(field('marginVertical').max).toBe('1070');
    expect(field('angle').max).toBe('359');
    expect(field('name').maxLength).toBe(60);
    // A new style starts from the chosen one (Classic), named by the user.
    expect(field('name').value).toBe('');
    expect(field('fontSize').value).toBe('54');

    type('fontSize', '201');
    type('marginVertical', '1071');
    type('angle', '360');
    type('outline', '2.5');
    type('primaryColor', 'FFFFFG');
    fireEvent.click(screen.getByTestId('style-save'));
    const errors = within(editor());
    expect(errors.getByTestId('error-name').textContent).toBe('Name is required.');
    expect(errors.getByTestId('error-fontSize').textContent).toBe('Font size must be between 10 and 200.');
    expect(errors.getByTestId('error-marginVertical').textContent).toBe('Vertical margin must be between 0 and 1070.');
    expect(errors.getByTestId('error-angle').textContent).toBe('Angle must be between 0 and 359.');
    expect(errors.getByTestId('error-outline').textContent).toBe('Outline must be a whole number.');
    expect(errors.getByTestId('error-primaryColor').textContent).toBe('Text colour must be a 6-digit hex colour such as FFFFFF.');
    expect(document.activeElement).toBe(field('name'));
    // Nothing is sent, even once every request of the click would have gone out.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(mock.find('POST /api/v2/subtitles/styles/config')).toHaveLength(0);
    expect(screen.getByTestId('subtitle-style-editor')).toBeTruthy();

    type('fontSize', '200');
    expect(errors.queryByTestId('error-fontSize')).toBeNull();
  });

  it('allows a taller vertical margin on a 9:16 video', async () => {
    api({ video: { aspectRatio: 'vertical', subtitleStyleConfigId: 4 } });
    renderApp('/dashboard/video/42');
    await waitFor(() => expect(radio(4).checked).toBe(true));
    fireEvent.click(screen.getByTestId('subtitle-style-new'));
    expect(field('marginVertical').max).toBe('1910');
    type('marginVertical', '1500');
    fireEvent.click(screen.getByTestId('style-save'));
    expect(within(editor()).queryByTestId('error-marginVertical')).toBeNull();
  });

  it('saves a new style with every field and makes it the video style', async () => {
    const mock = api();
    await openPanel();
    fireEvent.click(screen.getByTestId('subtitle-style-new'));
    await waitFor(() => expect(within(editor()).getAllByRole('option').map((o) => o.textContent)).toContain('DejaVu Serif'));
    type('name', '  Big   green ');
    fireEvent.change(field('fontFamily'), { target: { value: 'DejaVu Serif' } });
    type('fontSize', '80');
    fireEvent.click(field('italic'));
    type('primaryColor', '#00ff88');
    fireEvent.change(field('shadowColor-picker'), { target: { value: '#112233' } });
    type('marginVertical', '1070');
    type('angle', '10');
    fireEvent.change(field('position'), { target: { value: 'top' } });
    fireEvent.click(screen.getByTestId('style-save'));

    await waitFor(() => expect(mock.find('POST /api/v2/subtitles/styles/config')).toHaveLength(1));
    expect(mock.find('POST /api/v2/subtitles/styles/config')[0].body).toEqual({
      name: 'Big green',
      aspectRatio: 'horizontal',
      fontFamily: 'DejaVu Serif',
      fontSize: 80,
      bold: true,
      italic: true,
      primaryColor: '00FF88',
      outlineColor: '000000',
      shadowColor: '112233',
      spacing: 0,
      outline: 3,
      shadowOffset: 2,
      blurEdges: 0,
      marginLeft: 96,
      marginRight: 96,
      marginVertical: 1070,
      angle: 10,
      position: 'top',
    });
    await waitFor(() => expect(mock.find('PUT /api/v2/video/42')).toHaveLength(1));
    expect(mock.find('PUT /api/v2/video/42')[0].body).toEqual({ subtitleStyleConfigId: 31 });
    expect(screen.queryByTestId('subtitle-style-editor')).toBeNull();
    await waitFor(() => expect(radio(31).checked).toBe(true));
    expect(screen.getByTestId('subtitle-style-31').textContent).toContain('Big green');
  });

  it('shows the server field errors and keeps the editor open', async () => {
    const mock = api({
      routes: {
        'POST /api/v2/subtitles/styles/config': fail(400, 'validation_failed', 'Invalid input', [
          { field: 'fontFamily', message: 'Font must be one of DejaVu Sans, DejaVu Sans Mono, DejaVu Serif.' },
        ]),
      },
    });
    await openPanel();
    fireEvent.click(screen.getByTestId('subtitle-style-copy'));
    expect(field('name').value).toBe('Classic (copy)');
    fireEvent.click(screen.getByTestId('style-save'));
    expect((await within(editor()).findByTestId('error-fontFamily')).textContent).toBe(
      'Font must be one of DejaVu Sans, DejaVu Sans Mono, DejaVu Serif.',
    );
    expect(mock.find('PUT /api/v2/video/42')).toHaveLength(0);
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('edits an own style with a PUT of its fields and refreshes the video that uses it', async () => {
    const mock = api({ own: [ownStyle()], video: { subtitleStyleConfigId: 20 } });
    renderApp('/dashboard/video/42');
    await waitFor(() => expect(radio(20).checked).toBe(true));
    const videoReads = mock.find('GET /api/v2/video/42').length;
    fireEvent.click(screen.getByTestId('subtitle-style-edit'));
    expect(within(editor()).getByRole('heading').textContent).toBe('Edit “My look”');
    expect(field('name').value).toBe('My look');
    expect(field('fontSize').value).toBe('60');
    type('fontSize', '72');
    type('outline', '6');
    fireEvent.click(screen.getByTestId('style-save'));

    await waitFor(() => expect(mock.find('PUT /api/v2/subtitles/styles/config/20')).toHaveLength(1));
    const body = mock.find('PUT /api/v2/subtitles/styles/config/20')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'My look', fontFamily: 'DejaVu Serif', fontSize: 72, outline: 6, italic: true, angle: 5, primaryColor: '00FF88' });
    expect(body).not.toHaveProperty('subtitleStyleConfigId');
    expect(mock.find('POST /api/v2/subtitles/styles/config')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByTestId('subtitle-style-editor')).toBeNull());
    // The style is the video's: the server made the video a draft, so the video is read again.
    await waitFor(() => expect(mock.find('GET /api/v2/video/42').length).toBeGreaterThan(videoReads));
    expect(mock.find('PUT /api/v2/video/42')).toHaveLength(0);
  });

  it('shows a refusal that names no field above the buttons', async () => {
    api({
      own: [ownStyle()],
      video: { subtitleStyleConfigId: 20 },
      routes: { 'PUT /api/v2/subtitles/styles/config/20': fail(404, 'subtitle_style_not_found', 'This subtitle style no longer exists.') },
    });
    renderApp('/dashboard/video/42');
    await waitFor(() => expect(radio(20).checked).toBe(true));
    fireEvent.click(screen.getByTestId('subtitle-style-edit'));
    fireEvent.click(screen.getByTestId('style-save'));
    expect((await screen.findByTestId('style-save-error')).textContent).toBe('This subtitle style no longer exists.');
    expect(screen.getByTestId('subtitle-style-editor')).toBeTruthy();
  });

  it('closes with Escape or Cancel without saving', async () => {
    const mock = api();
    await openPanel();
    const newButton = screen.getByTestId('subtitle-style-new');
    newButton.focus();
    fireEvent.click(newButton);
    expect(document.activeElement).toBe(field('name'));
    fireEvent.keyDown(editor(), { key: 'Escape' });
    expect(screen.queryByTestId('subtitle-style-editor')).toBeNull();
    expect(document.activeElement).toBe(newButton);

    fireEvent.click(screen.getByTestId('subtitle-style-copy'));
    fireEvent.click(within(editor()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('subtitle-style-editor')).toBeNull();
    expect(mock.find('POST /api/v2/subtitles/styles/config')).toHaveLength(0);
  });

  it('updates the preview 300 ms after the form stops changing', async () => {
    api();
    await openPanel();
    fireEvent.click(screen.getByTestId('subtitle-style-new'));
    const text = () => within(screen.getByTestId('style-editor-preview')).getByText('Subtitles look like this');
    expect(text().style.color).toBe('#FFFFFF');
    type('primaryColor', 'FF0000');
    expect(text().style.color).toBe('#FFFFFF');
    await waitFor(() => expect(text().style.color).toBe('#FF0000'));
  });
});
