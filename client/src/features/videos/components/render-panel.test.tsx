import { focusManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { styleRoutes } from '@/features/subtitle-styles/test/fixtures';
import { fail, mockApi, ok, type MockHandler, type MockReply } from '@/test/mock-api';
import { makeUser, renderApp, signedIn } from '@/test/render-app';
import { RENDER_POLL_MS, RENDER_RETRY_MS } from '../api/get-render-status';
import { FRESH_LINK_MS } from './render-panel';
import { videoKeys } from '../api/keys';
import { fullVideo } from '../test/fixtures';
import { renderReuseText, renderStageLabel } from '../utils/render-progress';

function creditsInfo(overrides: Record<string, unknown> = {}) {
  return {
    canRender: true,
    requiredCredits: 1,
    remainingCredits: 9,
    renderAttempts: 0,
    maxRenderAttempts: 3,
    errorTranslationKey: '',
    renderAllowed: true,
    renderMessage: '',
    renderMessageKey: '',
    ...overrides,
  };
}

function renderStatus(overrides: Record<string, unknown> = {}) {
  return {
    videoId: 42,
    renderStatus: '',
    attempt: 0,
    status: '',
    stage: '',
    progress: 0,
    scenesTotal: 0,
    scenesDone: 0,
    scenesReused: 0,
    error: '',
    contentUrl: '',
    thumbnailUrl: '',
    ...overrides,
  };
}

/** rendering: the status of an attempt that is rendering its scenes. */
const rendering = (overrides: Record<string, unknown>) =>
  renderStatus({ status: 'rendering', stage: 'rendering', renderStatus: 'in progress', ...overrides });

/** completed: the status of an attempt that rendered the video. */
const completed = (overrides: Record<string, unknown>) =>
  renderStatus({ status: 'completed', stage: 'done', progress: 1, renderStatus: 'complete', ...overrides });

function api(routes: Record<string, MockHandler> = {}) {
  return mockApi({
    ...signedIn(),
    'GET /api/v2/video/42': ok(fullVideo()),
    'GET /api/v2/video/42/credits-info': ok(creditsInfo()),
    'GET /api/v2/video/42/renderStatusWithDetails': ok(renderStatus()),
    'GET /api/v2/video/42/exports': ok({ exports: [] }),
    'GET /api/v2/user/config': ok({}),
    ...styleRoutes(),
    ...routes,
  });
}

const button = () => screen.getByTestId('render-button') as HTMLButtonElement;

/** visibleText: the text of el a sighted user sees (what is inside a .visually-hidden element is not). */
function visibleText(el: Element): string {
  if (el.classList.contains('visually-hidden')) return '';
  return [...el.childNodes]
    .map((n) => (n.nodeType === Node.TEXT_NODE ? (n.textContent ?? '') : n instanceof Element ? visibleText(n) : ''))
    .join('')
    .trim();
}

async function enabledButton() {
  await waitFor(() => expect(button().disabled).toBe(false));
  return button();
}

beforeEach(() => {
  document.cookie = 'pagecast_csrf=c1; path=/';
});

afterEach(() => {
  vi.useRealTimers();
});

describe('render panel', () => {
  it('keeps Render disabled and says why when the server gate is closed', async () => {
    api({
      'GET /api/v2/video/42/credits-info': ok(creditsInfo({ renderAllowed: false, renderMessage: 'Scene 2 is missing narration.' })),
    });
    renderApp('/dashboard/video/42');
    expect((await screen.findByTestId('render-gate-message')).textContent).toBe('Scene 2 is missing narration.');
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('Render video');
    expect(button().getAttribute('aria-describedby')).toBe(screen.getByTestId('render-gate-message').id);
    fireEvent.click(button());
    expect(screen.queryByTestId('render-confirm')).toBeNull();
  });

  it('keeps Render disabled while the video is still being generated', async () => {
    const { find } = api({ 'GET /api/v2/video/42': ok({ ...fullVideo(), buildStage: 2, buildStep: 'matchingMedia' }) });
    renderApp('/dashboard/video/42');
    expect((await screen.findByTestId('render-gate-message')).textContent).toContain('still being generated');
    expect(button().disabled).toBe(true);
    expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(0);
  });

  it('asks with the credits, and PUTs the render on confirm', async () => {
    const { find } = api({
      'PUT /api/v2/video/42/render': ok({ videoId: 42, attempt: 1, renderStatus: 'in progress' }, 202),
    });
    renderApp('/dashboard/video/42');
    fireEvent.click(await enabledButton());
    const dialog = screen.getByTestId('render-confirm');
    expect(dialog.textContent).toContain('Rendering this video uses 1 credit. You have 9.');
    // Going ahead is not a destructive act: the button is the primary one, not the red one of a delete.
    expect(screen.getByTestId('render-confirm-submit').className).toContain('button--primary');

    // Escape cancels without rendering.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByTestId('render-confirm')).toBeNull();
    expect(find('PUT /api/v2/video/42/render')).toHaveLength(0);

    fireEvent.click(button());
    expect(document.activeElement).toBe(screen.getByTestId('render-confirm-submit'));
    fireEvent.click(screen.getByTestId('render-confirm-submit'));
    await waitFor(() => expect(find('PUT /api/v2/video/42/render')).toHaveLength(1));
    expect(find('PUT /api/v2/video/42/render')[0].headers.get('X-CSRF-Token')).toBe('c1');
    await waitFor(() => expect(screen.queryByTestId('render-confirm')).toBeNull());
    // The new attempt shows as queued straight away.
    const bar = await screen.findByTestId('render-progress');
    expect(bar.textContent).toContain('Waiting for a worker');
    expect(button().disabled).toBe(true);
    // The disabled button cannot take the focus back: the render's status has it, and says where the render is.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('render-status')));
    expect(screen.getByTestId('render-announcement').textContent).toBe('Rendering: Waiting for a worker.');
  });

  it('confirms with Enter', async () => {
    const { find } = api({
      'PUT /api/v2/video/42/render': ok({ videoId: 42, attempt: 1, renderStatus: 'in progress' }, 202),
    });
    renderApp('/dashboard/video/42');
    fireEvent.click(await enabledButton());
    fireEvent.keyDown(screen.getByTestId('render-confirm'), { key: 'Enter' });
    await waitFor(() => expect(find('PUT /api/v2/video/42/render')).toHaveLength(1));
  });

  it('shows the server refusal as a notice', async () => {
    let allowed = true;
    api({
      'GET /api/v2/video/42/credits-info': () =>
        ok(creditsInfo(allowed ? {} : { renderAllowed: false, renderMessage: 'This video is rendering.' })),
      'PUT /api/v2/video/42/render': () => {
        allowed = false;
        return fail(409, 'render_not_allowed', 'No changes since the last render.');
      },
    });
    renderApp('/dashboard/video/42');
    fireEvent.click(await enabledButton());
    fireEvent.click(screen.getByTestId('render-confirm-submit'));
    expect((await screen.findByTestId('render-notice')).textContent).toBe('No changes since the last render.');
    expect(screen.queryByTestId('render-confirm')).toBeNull();
    // The gate is read again after a refusal.
    expect((await screen.findByTestId('render-gate-message')).textContent).toBe('This video is rendering.');
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('opens the gate when the video changes, as when its narration is ready', async () => {
    const GENERATING = 'Generating audio for scene 2. Please wait.';
    let narrated = false;
    api({
      'GET /api/v2/video/42': () => ok({ ...fullVideo(), description: narrated ? 'narrated' : '' }),
      'GET /api/v2/video/42/credits-info': () =>
        ok(creditsInfo(narrated ? {} : { renderAllowed: false, renderMessage: GENERATING })),
    });
    const { queryClient } = renderApp('/dashboard/video/42');
    expect((await screen.findByTestId('render-gate-message')).textContent).toBe(GENERATING);
    // The editor's polling reads the video again; nothing read the gate again before.
    narrated = true;
    void queryClient.invalidateQueries({ queryKey: videoKeys.detail(42), exact: true });
    expect(await enabledButton()).toBeTruthy();
    expect(screen.queryByTestId('render-gate-message')).toBeNull();
  });

  it('shows the balance as it is when the confirmation opens, and closes it if the gate has closed', async () => {
    const NO_CHANGES = 'No changes since the last render.';
    let remaining = 9;
    let allowed = true;
    api({
      'GET /api/v2/video/42/credits-info': () =>
        ok(creditsInfo(allowed ? { remainingCredits: remaining } : { renderAllowed: false, renderMessage: NO_CHANGES })),
    });
    renderApp('/dashboard/video/42');
    fireEvent.click(await enabledButton());
    await waitFor(() => expect(screen.getByTestId('render-confirm-credits').textContent).toContain('You have 9.'));
    fireEvent.keyDown(screen.getByTestId('render-confirm'), { key: 'Escape' });
    // Spent in another tab meanwhile.
    remaining = 7;
    fireEvent.click(button());
    await waitFor(() => expect(screen.getByTestId('render-confirm-credits').textContent).toContain('You have 7.'));
    fireEvent.keyDown(screen.getByTestId('render-confirm'), { key: 'Escape' });
    // Rendered in another tab meanwhile.
    allowed = false;
    fireEvent.click(button());
    await waitFor(() => expect(screen.queryByTestId('render-confirm')).toBeNull());
    expect(screen.getByTestId('render-gate-message').textContent).toBe(NO_CHANGES);
  });

  it('follows a render another tab started when its own request is refused', async () => {
    let elsewhere = false;
    api({
      'GET /api/v2/video/42/renderStatusWithDetails': () =>
        ok(elsewhere ? rendering({ attempt: 3, progress: 0.4 }) : renderStatus()),
      'PUT /api/v2/video/42/render': () => {
        elsewhere = true;
        return fail(409, 'render_not_allowed', 'This video is rendering.');
      },
    });
    renderApp('/dashboard/video/42');
    fireEvent.click(await enabledButton());
    fireEvent.click(screen.getByTestId('render-confirm-submit'));
    expect((await screen.findByTestId('render-notice')).textContent).toBe('This video is rendering.');
    expect((await screen.findByTestId('render-progress')).textContent).toContain('40%');
    expect(button().textContent).toBe('Rendering…');
  });

  it('follows a render started elsewhere when the tab is looked at again', async () => {
    let elsewhere = false;
    api({
      'GET /api/v2/video/42/renderStatusWithDetails': () =>
        ok(elsewhere ? rendering({ attempt: 2, progress: 0.5 }) : renderStatus()),
      'GET /api/v2/video/42/credits-info': () =>
        ok(creditsInfo(elsewhere ? { renderAllowed: false, renderMessage: 'This video is rendering.' } : {})),
    });
    renderApp('/dashboard/video/42');
    await enabledButton();
    focusManager.setFocused(false);
    elsewhere = true;
    act(() => focusManager.setFocused(true));
    expect((await screen.findByTestId('render-progress')).textContent).toContain('50%');
    expect(screen.getByTestId('render-gate-message').textContent).toBe('This video is rendering.');
    focusManager.setFocused(undefined);
  });

  it('shows a 402 refusal the same way', async () => {
    api({ 'PUT /api/v2/video/42/render': fail(402, 'render_not_enough_credits', 'You need 1 more credit.') });
    renderApp('/dashboard/video/42');
    fireEvent.click(await enabledButton());
    fireEvent.click(screen.getByTestId('render-confirm-submit'));
    expect((await screen.findByTestId('render-notice')).textContent).toBe('You need 1 more credit.');
  });

  it('polls the progress every second, then shows the player and downloads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let step = 0;
    const steps = [
      renderStatus({ status: 'pending', stage: 'queued', attempt: 1, renderStatus: 'in progress' }),
      renderStatus({ status: 'rendering', stage: 'rendering', attempt: 1, progress: 0.4, scenesTotal: 6, scenesDone: 2 }),
      renderStatus({ status: 'rendering', stage: 'joining', attempt: 1, progress: 0.9, scenesTotal: 6, scenesDone: 6 }),
      completed({ attempt: 1, contentUrl: 'http://s3.local/r/42-1.mp4?sig=1', thumbnailUrl: 'http://s3.local/r/42-1.jpg' }),
    ];
    let rendered = false;
    const { find } = api({
      'GET /api/v2/video/42': () =>
        ok({
          ...fullVideo(),
          renderStatus: rendered ? 'complete' : 'in progress',
          contentUrl: rendered ? 'http://s3.local/r/42-1.mp4?sig=2' : '',
          thumbnailUrl: rendered ? 'http://s3.local/r/42-1.jpg' : '',
        }),
      'GET /api/v2/video/42/credits-info': () =>
        ok(creditsInfo(rendered ? { renderAttempts: 1, renderAllowed: false, renderMessage: 'No changes since the last render.' } : { renderAllowed: false, renderMessage: 'This video is rendering.' })),
      'GET /api/v2/video/42/renderStatusWithDetails': () => {
        const answer = steps[Math.min(step, steps.length - 1)];
        if (answer.status === 'completed') rendered = true;
        return ok(answer);
      },
      'GET /api/v2/video/42/exports': () =>
        ok({
          exports: rendered
            ? [
                { type: 'mp4', url: 'http://s3.local/r/42-1.mp4?dl=1', attempt: 1, durationMs: 14000, createdAt: '2026-11-02T10:00:00Z', contentType: 'video/mp4' },
                { type: 'thumbnail', url: 'http://s3.local/r/42-1.jpg', attempt: 1, createdAt: '2026-11-02T10:00:00Z', contentType: 'image/jpeg' },
                { type: 'srt', url: 'http://s3.local/r/42-1.srt', attempt: 1, createdAt: '2026-11-02T10:00:00Z', contentType: 'application/x-subrip' },
                { type: 'vtt', url: 'http://s3.local/r/42-1.vtt', attempt: 1, createdAt: '2026-11-02T10:00:00Z', contentType: 'text/vtt' },
                { type: 'ass', url: 'http://s3.local/r/42-1.ass', attempt: 1, createdAt: '2026-11-02T10:00:00Z', contentType: 'text/x-ssa' },
              ]
            : [],
        }),
    });
    renderApp('/dashboard/video/42');
    const bar = await screen.findByTestId('render-progress');
    expect(bar.getAttribute('role')).toBe('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(bar.textContent).toContain('Waiting for a worker');
    expect(button().disabled).toBe(true);
    expect(screen.queryByTestId('render-player')).toBeNull();

    step = 1;
    await act(() => vi.advanceTimersByTimeAsync(RENDER_POLL_MS + 50));
    await waitFor(() => expect(screen.getByTestId('render-progress').getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByTestId('render-progress').textContent).toContain('Rendering scenes 2 of 6');
    expect(screen.getByTestId('render-progress').textContent).toContain('40%');

    step = 2;
    await act(() => vi.advanceTimersByTimeAsync(RENDER_POLL_MS + 50));
    await waitFor(() => expect(screen.getByTestId('render-progress').textContent).toContain('Putting it together'));
    expect(screen.getByTestId('render-progress').textContent).toContain('90%');
    expect(screen.getByTestId('render-announcement').textContent).toBe('Rendering: Putting it together.');

    step = 3;
    await act(() => vi.advanceTimersByTimeAsync(RENDER_POLL_MS + 50));
    const player = (await screen.findByTestId('render-player')) as HTMLVideoElement;
    expect(screen.queryByTestId('render-progress')).toBeNull();
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.getAttribute('poster')).toBe('http://s3.local/r/42-1.jpg');
    expect(player.getAttribute('src')).toContain('http://s3.local/r/42-1.mp4');
    expect(screen.getByTestId('render-announcement').textContent).toBe('The render has finished. The video is ready to play and download.');

    // The end of the render refreshes the video, the gate and the downloads.
    await waitFor(() => expect(screen.getByTestId('export-srt').getAttribute('href')).toBe('http://s3.local/r/42-1.srt'));
    expect(screen.getByTestId('export-mp4').getAttribute('href')).toBe('http://s3.local/r/42-1.mp4?dl=1');
    expect(screen.getByTestId('export-vtt').getAttribute('href')).toBe('http://s3.local/r/42-1.vtt');
    expect(screen.getByTestId('export-ass').getAttribute('href')).toBe('http://s3.local/r/42-1.ass');
    for (const id of ['export-mp4', 'export-srt', 'export-vtt', 'export-ass']) {
      expect(screen.getByTestId(id).hasAttribute('download')).toBe(true);
    }
    // Each control is named by what it is: the arrow is decoration, not "downwards arrow Video (MP4)".
    expect(screen.getByRole('link', { name: 'Video (MP4)' })).toBe(screen.getByTestId('export-mp4'));
    expect(screen.getByRole('link', { name: 'Subtitles (WebVTT)' })).toBe(screen.getByTestId('export-vtt'));
    expect(player.getAttribute('aria-label')).toBe(`Rendered video: ${fullVideo().name}`);
    await waitFor(() => expect(screen.getByTestId('render-gate-message').textContent).toBe('No changes since the last render.'));
    expect(button().textContent).toBe('Render again');
    expect(find('GET /api/v2/video/42').length).toBeGreaterThanOrEqual(2);

    // Polling stops once the attempt is final.
    const polls = find('GET /api/v2/video/42/renderStatusWithDetails').length;
    await act(() => vi.advanceTimersByTimeAsync(RENDER_POLL_MS * 5));
    expect(find('GET /api/v2/video/42/renderStatusWithDetails')).toHaveLength(polls);
  });

  it('reads the gate again when a render ends, and never says the finished render is rendering', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let done = false;
    // The gate's answer after the end is slow to come: until it does, the panel has only the one from before.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { find } = api({
      'GET /api/v2/video/42/credits-info': async () =>
        done
          ? answered.then(() =>
              ok(creditsInfo({ renderAttempts: 1, renderAllowed: false, renderMessage: 'No changes since the last render.', renderMessageKey: 'no_changes' })),
            )
          : ok(creditsInfo({ renderAllowed: false, renderMessage: 'This video is rendering.', renderMessageKey: 'render_in_progress' })),
      'GET /api/v2/video/42/renderStatusWithDetails': () =>
        ok(
          done
            ? completed({ attempt: 1, contentUrl: 'http://s3.local/r/42-1.mp4' })
            : rendering({ attempt: 1, progress: 0.5, scenesTotal: 2, scenesDone: 1 }),
        ),
    });
    renderApp('/dashboard/video/42');
    await waitFor(() => expect(screen.getByTestId('render-gate-message').textContent).toBe('This video is rendering.'));
    const reads = find('GET /api/v2/video/42/credits-info').length;
    // The render ends; the gate's answer from before is not what the panel says next to the finished render.
    done = true;
    await act(() => vi.advanceTimersByTimeAsync(RENDER_POLL_MS + 50));
    await screen.findByTestId('render-player');
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info').length).toBeGreaterThan(reads));
    expect(screen.queryByTestId('render-gate-message')?.textContent ?? '').not.toBe('This video is rendering.');
    answer();
    await waitFor(() => expect(screen.getByTestId('render-gate-message').textContent).toBe('No changes since the last render.'));
  });

  it('stops telling what the last render reused once the next one is asked for', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api({
      'GET /api/v2/video/42/renderStatusWithDetails': ok(
        completed({ attempt: 1, scenesTotal: 4, scenesReused: 3 }),
      ),
      'PUT /api/v2/video/42/render': () => answered.then(() => ok({ videoId: 42, attempt: 2, renderStatus: 'in progress' }, 202)),
    });
    renderApp('/dashboard/video/42');
    expect((await screen.findByTestId('render-reuse')).textContent).toBe('3 of 4 scenes reused from the last render');
    fireEvent.click(await enabledButton());
    fireEvent.click(screen.getByTestId('render-confirm-submit'));
    await waitFor(() => expect(button().textContent).toBe('Starting…'));
    expect(screen.queryByTestId('render-reuse')).toBeNull();
    answer();
    await screen.findByTestId('render-progress');
  });

  it('keeps following a running render through failed checks, and says so meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The server's database goes away for a while during the render, then comes back after it ended.
    let phase: 'running' | 'down' | 'done' = 'running';
    const { find } = api({
      'GET /api/v2/video/42/renderStatusWithDetails': () => {
        if (phase === 'down') return fail(500, 'internal', 'Something went wrong on our side. Please try again.');
        if (phase === 'running') return ok(rendering({ attempt: 1, progress: 0.4, scenesTotal: 4, scenesDone: 1 }));
        return ok(completed({ attempt: 1, contentUrl: 'http://s3.local/r/42-1.mp4?sig=1', thumbnailUrl: 'http://s3.local/r/42-1.jpg' }));
      },
    });
    renderApp('/dashboard/video/42');
    await waitFor(() => expect(screen.getByTestId('render-progress').textContent).toContain('Rendering scenes 1 of 4'));

    phase = 'down';
    await act(() => vi.advanceTimersByTimeAsync(RENDER_POLL_MS + 50));
    await waitFor(() => expect(screen.getByText(/We could not check the render progress/)).toBeTruthy());
    // Said to screen readers too, as the panel's other errors are.
    expect(screen.getByText(/We could not check the render progress/).closest('[role="alert"]')).not.toBeNull();
    // Still asked, less often, while the render it last saw runs.
    const during = find('GET /api/v2/video/42/renderStatusWithDetails').length;
    await act(() => vi.advanceTimersByTimeAsync(RENDER_RETRY_MS + 50));
    expect(find('GET /api/v2/video/42/renderStatusWithDetails').length).toBe(during + 1);

    // The server answers again: the finished render shows without anyone asking for it.
    phase = 'done';
    await act(() => vi.advanceTimersByTimeAsync(RENDER_RETRY_MS + 50));
    expect(await screen.findByTestId('render-player')).toBeTruthy();
    expect(screen.queryByText(/We could not check the render progress/)).toBeNull();
  });

  it('shows a failed render and offers Render again', async () => {
    api({
      'GET /api/v2/video/42': ok({ ...fullVideo(), renderStatus: 'error' }),
      'GET /api/v2/video/42/credits-info': ok(creditsInfo({ renderAttempts: 1 })),
      'GET /api/v2/video/42/renderStatusWithDetails': ok(
        renderStatus({ status: 'failed', stage: 'failed', attempt: 1, error: 'Scene 2 could not be drawn.', renderStatus: 'error' }),
      ),
    });
    renderApp('/dashboard/video/42');
    expect((await screen.findByTestId('render-error')).textContent).toContain('Scene 2 could not be drawn.');
    expect((await enabledButton()).textContent).toBe('Render again');
    expect(screen.queryByTestId('render-progress')).toBeNull();
  });

  it.each([
    { reused: 3, text: '3 of 4 scenes reused from the last render' },
    { reused: 0, text: null },
  ])('says after a render how many scenes it reused ($reused of 4)', async ({ reused, text }) => {
    api({
      'GET /api/v2/video/42': ok({ ...fullVideo(), renderStatus: 'complete', contentUrl: 'http://s3.local/r/42-2.mp4' }),
      'GET /api/v2/video/42/renderStatusWithDetails': ok(
        completed({
          attempt: 2,
          scenesTotal: 4,
          scenesDone: 4,
          scenesReused: reused,
          contentUrl: 'http://s3.local/r/42-2.mp4',
        }),
      ),
    });
    renderApp('/dashboard/video/42');
    await screen.findByTestId('render-player');
    await waitFor(() => expect(screen.getByTestId('render-button').textContent).toBe('Render again'));
    expect(screen.queryByTestId('render-reuse')?.textContent ?? null).toBe(text);
  });

  it('reads the download links again when they are no longer fresh, and follows the new one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let signed = 1;
    const { find } = api({
      'GET /api/v2/video/42': ok({ ...fullVideo(), renderStatus: 'complete', contentUrl: 'http://s3.local/r/42-1.mp4?sig=0' }),
      'GET /api/v2/video/42/exports': () =>
        ok({
          exports: [
            { type: 'srt', url: `http://s3.local/r/42-1.srt?sig=${signed}`, attempt: 1, createdAt: '2026-11-02T10:00:00Z' },
          ],
        }),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderApp('/dashboard/video/42');
    const link = await screen.findByTestId('export-srt');
    await waitFor(() => expect(link.getAttribute('href')).toBe('http://s3.local/r/42-1.srt?sig=1'));

    // Fresh: followed as it is.
    expect(fireEvent.click(link)).toBe(true);
    expect(find('GET /api/v2/video/42/exports')).toHaveLength(1);

    // Past FRESH_LINK_MS: read again, and the new link is the one followed.
    signed = 2;
    vi.setSystemTime(Date.now() + FRESH_LINK_MS + 1000);
    expect(fireEvent.click(link)).toBe(false);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://s3.local/r/42-1.srt?sig=2'));
    expect(find('GET /api/v2/video/42/exports')).toHaveLength(2);
    assign.mockRestore();
  });

  it('reads the video again for a fresh link when the player fails, once per link', async () => {
    const { find } = api({
      'GET /api/v2/video/42': ok({ ...fullVideo(), renderStatus: 'complete', contentUrl: 'http://s3.local/r/42-1.mp4?sig=0' }),
    });
    renderApp('/dashboard/video/42');
    const player = await screen.findByTestId('render-player');
    await waitFor(() => expect(find('GET /api/v2/video/42')).toHaveLength(1));
    fireEvent.error(player);
    await waitFor(() => expect(find('GET /api/v2/video/42')).toHaveLength(2));
    fireEvent.error(player);
    await new Promise((r) => setTimeout(r, 50));
    expect(find('GET /api/v2/video/42')).toHaveLength(2);
  });

  it('offers an existing render with the MP4 and ASS links before exports answer', async () => {
    api({
      'GET /api/v2/video/42': ok({ ...fullVideo(), renderStatus: 'complete', contentUrl: 'http://s3.local/r/old.mp4', thumbnailUrl: 'http://s3.local/r/old.jpg' }),
      'GET /api/v2/video/42/exports': ok({ exports: [] }),
    });
    renderApp('/dashboard/video/42');
    const player = await screen.findByTestId('render-player');
    expect(player.getAttribute('src')).toBe('http://s3.local/r/old.mp4');
    expect(player.getAttribute('poster')).toBe('http://s3.local/r/old.jpg');
    expect(screen.getByTestId('export-mp4').getAttribute('href')).toBe('http://s3.local/r/old.mp4');
    expect(screen.getByTestId('export-ass').getAttribute('href')).toBe('/api/v2/video/42/subtitles/ass');
    expect(screen.queryByTestId('export-srt')).toBeNull();
    expect((await enabledButton()).textContent).toBe('Render again');
  });

  it.each([
    {
      outcome: 'completed',
      answer: completed({ attempt: 1, contentUrl: 'http://s3.local/r/42-1.mp4' }),
      shown: 'The render has finished. The video is ready to play and download.',
    },
    {
      outcome: 'failed',
      answer: renderStatus({ status: 'failed', stage: 'failed', attempt: 1, renderStatus: 'error', error: 'Scene 2 could not be drawn.' }),
      shown: 'Rendering failed: Scene 2 could not be drawn.',
    },
  ])('keeps what the focused status shows in sight when the render it followed ends ($outcome)', async ({ answer, shown }) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let started = false;
    api({
      'PUT /api/v2/video/42/render': () => {
        started = true;
        return ok({ videoId: 42, attempt: 1, renderStatus: 'in progress' }, 202);
      },
      'GET /api/v2/video/42/renderStatusWithDetails': () =>
        ok(started ? answer : renderStatus()),
    });
    renderApp('/dashboard/video/42');
    fireEvent.click(await enabledButton());
    fireEvent.click(screen.getByTestId('render-confirm-submit'));
    const status = screen.getByTestId('render-status');
    await waitFor(() => expect(document.activeElement).toBe(status));
    await act(() => vi.advanceTimersByTimeAsync(RENDER_POLL_MS + 50));
    // The progress bar, which showed where the focus was, is gone: the outcome takes its place, visibly, inside the
    // focused status (a keyboard user's ring is drawn around it), not in a box of nothing with the news elsewhere.
    await waitFor(() => expect(screen.queryByTestId('render-progress')).toBeNull());
    await waitFor(() => expect(visibleText(status)).toBe(shown));
    expect(document.activeElement).toBe(status);
  });

  it('tells screen readers a render finished only when it finished on this page, not on opening a rendered video', async () => {
    api({
      'GET /api/v2/video/42': ok({ ...fullVideo(), renderStatus: 'complete', contentUrl: 'http://s3.local/r/old.mp4' }),
      'GET /api/v2/video/42/renderStatusWithDetails': ok(
        completed({ attempt: 1, contentUrl: 'http://s3.local/r/old.mp4' }),
      ),
    });
    renderApp('/dashboard/video/42');
    expect((await enabledButton()).textContent).toBe('Render again');
    await screen.findByTestId('render-player');
    expect(screen.getByTestId('render-announcement').textContent).toBe('');
  });

  it('keeps the last render playable and downloadable while the next one runs', async () => {
    api({
      'GET /api/v2/video/42': ok({ ...fullVideo(), renderStatus: 'in progress', contentUrl: 'http://s3.local/r/old.mp4' }),
      'GET /api/v2/video/42/renderStatusWithDetails': ok(rendering({ attempt: 2, scenesTotal: 3, scenesDone: 1, progress: 0.3 })),
      'GET /api/v2/video/42/exports': ok({
        exports: [
          { type: 'mp4', url: 'http://s3.local/r/old.mp4?dl=1', attempt: 1, createdAt: '2026-11-02T10:00:00Z', contentType: 'video/mp4' },
          { type: 'srt', url: 'http://s3.local/r/old.srt', attempt: 1, createdAt: '2026-11-02T10:00:00Z', contentType: 'application/x-subrip' },
        ],
      }),
    });
    renderApp('/dashboard/video/42');
    await screen.findByTestId('render-progress');
    expect(screen.getByTestId('render-player').getAttribute('src')).toBe('http://s3.local/r/old.mp4');
    await waitFor(() => expect(screen.getByTestId('export-srt').getAttribute('href')).toBe('http://s3.local/r/old.srt'));
    expect(screen.getByTestId('export-mp4').getAttribute('href')).toBe('http://s3.local/r/old.mp4?dl=1');
  });

  it('shows the progress of the last allowed render, and that no render is left only once it has ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const MAX_ATTEMPTS = 'This video has reached the maximum of 10 render attempts.';
    let done = false;
    // The first status answer is slow to come: until it does, the panel does not know a render runs.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // The tenth render counts as used while it runs, and the gate names the maximum before the render in progress.
    api({
      'GET /api/v2/video/42/credits-info': ok(
        creditsInfo({
          canRender: false,
          renderAttempts: 10,
          maxRenderAttempts: 10,
          errorTranslationKey: 'max_render_attempts',
          renderAllowed: false,
          renderMessage: MAX_ATTEMPTS,
          renderMessageKey: 'render_max_attempts',
        }),
      ),
      'GET /api/v2/video/42/renderStatusWithDetails': () =>
        answered.then(() =>
          ok(
            done
              ? renderStatus({ status: 'completed', stage: 'done', attempt: 10, progress: 1, renderStatus: 'complete', contentUrl: 'http://s3.local/r/42-10.mp4' })
              : rendering({ attempt: 10, progress: 0.5, scenesTotal: 2, scenesDone: 1 }),
          ),
        ),
    });
    renderApp('/dashboard/video/42');
    await waitFor(() => expect(screen.getByTestId('render-attempts').textContent).toBe('10 of 10 renders used'));
    expect(screen.queryByTestId('render-gate-message')).toBeNull();
    answer();
    await screen.findByTestId('render-progress');
    expect(screen.getByTestId('render-progress').textContent).toContain('Rendering scenes 1 of 2');
    expect(screen.getByTestId('render-gate-message').textContent).toBe('This video is rendering.');

    done = true;
    await act(() => vi.advanceTimersByTimeAsync(RENDER_POLL_MS + 50));
    await screen.findByTestId('render-player');
    await waitFor(() => expect(screen.getByTestId('render-gate-message').textContent).toBe(MAX_ATTEMPTS));
    expect(button().disabled).toBe(true);
  });

  it('keeps playing where it was when the link of the same file is signed again', async () => {
    let sig = 1;
    let file = '42-1';
    const link = () => `http://s3.local/r/${file}.mp4?sig=${sig}`;
    api({
      'GET /api/v2/video/42': () => ok({ ...fullVideo(), renderStatus: 'complete', contentUrl: link() }),
      'GET /api/v2/video/42/renderStatusWithDetails': () => ok(renderStatus({ status: 'completed', stage: 'done', attempt: 1, progress: 1, renderStatus: 'complete', contentUrl: link() })),
    });
    const { queryClient } = renderApp('/dashboard/video/42');
    const player = (await screen.findByTestId('render-player')) as HTMLVideoElement;
    await waitFor(() => expect(player.getAttribute('src')).toBe('http://s3.local/r/42-1.mp4?sig=1'));
    player.currentTime = 42;
    await act(() => player.play());

    // The video is read again (the tab looked at again, an edit): its link comes signed afresh. The player, which a new
    // src would start again at 0, keeps the link it plays.
    sig = 2;
    await act(() => queryClient.invalidateQueries({ queryKey: videoKeys.detail(42), exact: true }));
    await act(() => queryClient.invalidateQueries({ queryKey: videoKeys.renderStatus(42) }));
    expect(player.getAttribute('src')).toBe('http://s3.local/r/42-1.mp4?sig=1');

    // That link expires: the player fails, the fresh link takes over, and playing goes on from where it was.
    fireEvent.error(player);
    await waitFor(() => expect(player.getAttribute('src')).toBe('http://s3.local/r/42-1.mp4?sig=2'));
    // What loading another src does in a browser.
    player.pause();
    player.currentTime = 0;
    fireEvent.loadedMetadata(player);
    expect(player.currentTime).toBe(42);
    expect(player.paused).toBe(false);

    // Another file (a new render) is played from its start.
    file = '42-2';
    await act(() => queryClient.invalidateQueries({ queryKey: videoKeys.detail(42), exact: true }));
    await act(() => queryClient.invalidateQueries({ queryKey: videoKeys.renderStatus(42) }));
    await waitFor(() => expect(player.getAttribute('src')).toBe('http://s3.local/r/42-2.mp4?sig=2'));
    player.pause();
    player.currentTime = 0;
    fireEvent.loadedMetadata(player);
    expect(player.currentTime).toBe(0);
    expect(player.paused).toBe(true);
  });

  it('says when a step of the running render failed and is being tried again, and when it goes on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let retrying = true;
    api({
      'GET /api/v2/video/42/renderStatusWithDetails': () => ok(rendering({ attempt: 1, progress: 0.3, scenesTotal: 4, scenesDone: 1, retrying })),
    });
    renderApp('/dashboard/video/42');
    const bar = await screen.findByTestId('render-progress');
    expect(bar.textContent).toContain('Rendering scenes 1 of 4 (retrying a failed step)');
    expect(bar.getAttribute('aria-valuetext')).toBe('Rendering scenes 1 of 4 (retrying a failed step), 30%');
    expect(screen.getByTestId('render-announcement').textContent).toBe('Rendering: Rendering scenes 1 of 4 (retrying a failed step).');

    retrying = false;
    await act(() => vi.advanceTimersByTimeAsync(RENDER_POLL_MS + 50));
    await waitFor(() => expect(screen.getByTestId('render-stage').textContent).toBe('Rendering scenes 1 of 4'));
  });

  const PLANS = { name: 'See plans', href: '/dashboard/plans' };
  const EDITOR = { name: 'Fix it in the editor', href: '/editor/42' };
  it.each([
    { reason: 'render_not_enough_credits', message: 'Not enough credits: this render needs 2 credits and you have 1.', owner: true, step: PLANS },
    { reason: 'render_not_enough_credits', message: 'Not enough credits: this render needs 2 credits and you have 1.', owner: false, step: null },
    { reason: 'render_video_limit', message: 'You have reached your video limit for this month.', owner: true, step: PLANS },
    { reason: 'render_scene_missing_narration', message: 'Scene 2 is missing narration.', owner: false, step: EDITOR },
    { reason: 'render_slide_missing_media', message: 'Slide 1 of scene 2 has no media.', owner: true, step: EDITOR },
    { reason: 'render_no_changes', message: 'No changes since the last render.', owner: true, step: null },
  ])('gives a refusal its next step on a line of its own ($reason, owner: $owner)', async ({ reason, message, owner, step }) => {
    api({
      ...signedIn(makeUser({ isOwner: owner })),
      'GET /api/v2/video/42/credits-info': ok(creditsInfo({ renderAllowed: false, renderMessage: message, renderMessageKey: reason })),
    });
    renderApp('/dashboard/video/42');
    // The message is the spec's, word for word; the next step is beside it, not in it.
    await waitFor(() => expect(screen.getByTestId('render-gate-message').textContent).toBe(message));
    // The user is known (the top bar shows who is signed in): whether they own the account is too.
    await screen.findByText('ada@example.com');
    if (!step) {
      expect(screen.queryByTestId('render-next-step')).toBeNull();
      return;
    }
    const link = await screen.findByRole('link', { name: step.name });
    expect(link.getAttribute('href')).toBe(step.href);
    expect(screen.getByTestId('render-next-step').contains(link)).toBe(true);
  });

  it('gives a refused render its next step too, once', async () => {
    const SHORT = 'Not enough credits: this render needs 2 credits and you have 1.';
    let spent = false;
    api({
      // Another tab spent the credits after the gate was read.
      'GET /api/v2/video/42/credits-info': () =>
        ok(creditsInfo(spent ? { renderAllowed: false, renderMessage: SHORT, renderMessageKey: 'render_not_enough_credits' } : {})),
      'PUT /api/v2/video/42/render': () => {
        spent = true;
        return fail(402, 'render_not_enough_credits', SHORT);
      },
    });
    renderApp('/dashboard/video/42');
    fireEvent.click(await enabledButton());
    fireEvent.click(screen.getByTestId('render-confirm-submit'));
    expect((await screen.findByTestId('render-notice')).textContent).toBe(SHORT);
    expect((await screen.findByRole('link', { name: 'See plans' })).getAttribute('href')).toBe('/dashboard/plans');
    // The gate, read again, says the same with its own link: not two of them.
    await waitFor(() => expect(screen.getByTestId('render-gate-message').textContent).toBe(SHORT));
    expect(screen.getAllByRole('link', { name: 'See plans' })).toHaveLength(1);
  });

  it('gives the reason field of a refused render (409) its next step', async () => {
    api({
      'PUT /api/v2/video/42/render': fail(409, 'render_not_allowed', 'Scene 1 is missing narration.', [
        { field: 'reason', message: 'render_scene_missing_narration' },
      ]),
    });
    renderApp('/dashboard/video/42');
    fireEvent.click(await enabledButton());
    fireEvent.click(screen.getByTestId('render-confirm-submit'));
    expect((await screen.findByTestId('render-notice')).textContent).toBe('Scene 1 is missing narration.');
    expect((await screen.findByRole('link', { name: 'Fix it in the editor' })).getAttribute('href')).toBe('/editor/42');
  });

  it('puts the focus on a refusal, not on the Render button the refusal disables', async () => {
    let allowed = true;
    api({
      'GET /api/v2/video/42/credits-info': () =>
        ok(creditsInfo(allowed ? {} : { renderAllowed: false, renderMessage: 'No changes since the last render.', renderMessageKey: 'render_no_changes' })),
      'PUT /api/v2/video/42/render': () => {
        allowed = false;
        return fail(409, 'render_not_allowed', 'No changes since the last render.', [{ field: 'reason', message: 'render_no_changes' }]);
      },
    });
    renderApp('/dashboard/video/42');
    fireEvent.click(await enabledButton());
    fireEvent.click(screen.getByTestId('render-confirm-submit'));
    const notice = await screen.findByTestId('render-notice');
    await waitFor(() => expect(button().disabled).toBe(true));
    expect(document.activeElement).toBe(notice);
  });
});

describe('render settings', () => {
  const burnSwitch = () => screen.getByTestId('render-hardcode-subtitles') as HTMLInputElement;
  const emailSwitch = () => screen.getByTestId('render-email') as HTMLInputElement;

  it('switches burned subtitles for the next render, which reopens the gate', async () => {
    let edited = false;
    const mock = api({
      'GET /api/v2/video/42': () => ok({ ...fullVideo(), draft: edited, hardcodeSubtitles: edited }),
      'GET /api/v2/video/42/credits-info': () =>
        ok(creditsInfo(edited ? {} : { renderAllowed: false, renderMessage: 'No changes since the last render.' })),
      'PUT /api/v2/video/42': () => {
        edited = true;
        return ok({ ...fullVideo(), draft: true, hardcodeSubtitles: true });
      },
    });
    renderApp('/dashboard/video/42');
    expect((await screen.findByTestId('render-gate-message')).textContent).toBe('No changes since the last render.');
    expect(burnSwitch().checked).toBe(false);
    expect(burnSwitch().getAttribute('role')).toBe('switch');
    fireEvent.click(burnSwitch());
    await waitFor(() => expect(screen.queryByTestId('render-gate-message')).toBeNull());
    expect(burnSwitch().checked).toBe(true);
    expect(mock.find('PUT /api/v2/video/42').map((c) => c.body)).toEqual([{ hardcodeSubtitles: true }]);
    expect(await enabledButton()).toBeTruthy();
  });

  it('moves the switches the moment they are clicked, before the server answers', async () => {
    let answer: (() => void) | undefined;
    const held = (reply: MockReply) => () => new Promise<MockReply>((resolve) => (answer = () => resolve(reply)));
    const mock = api({
      'PUT /api/v2/video/42': held(ok({ ...fullVideo(), draft: true, hardcodeSubtitles: true })),
      'POST /api/v2/user/config': held(ok({ renderSettings: { sendEmailOnRender: false } })),
    });
    const { find } = mock;
    renderApp('/dashboard/video/42');
    await enabledButton();
    burnSwitch().focus();
    fireEvent.click(burnSwitch());
    expect(burnSwitch().checked).toBe(true);
    // A second click cannot race the first, and the switch keeps the keyboard's focus (a disabled one would lose it).
    fireEvent.click(burnSwitch());
    expect(burnSwitch().checked).toBe(true);
    expect(burnSwitch().disabled).toBe(false);
    expect(document.activeElement).toBe(burnSwitch());
    await waitFor(() => expect(answer).toBeDefined());
    expect(find('PUT /api/v2/video/42')).toHaveLength(1);
    await act(async () => answer?.());
    expect(burnSwitch().checked).toBe(true);

    answer = undefined;
    await waitFor(() => expect(emailSwitch().disabled).toBe(false));
    expect(emailSwitch().checked).toBe(true);
    fireEvent.click(emailSwitch());
    expect(emailSwitch().checked).toBe(false);
  });

  it('keeps the switch where it was put when a read of the video from before the change answers after it', async () => {
    let release: (() => void) | undefined;
    let reads = 0;
    api({
      'GET /api/v2/video/42': async () => {
        reads += 1;
        if (reads === 2) await new Promise<void>((resolve) => (release = resolve)); // sent before the change, answers after
        return ok({ ...fullVideo(), hardcodeSubtitles: false });
      },
      'PUT /api/v2/video/42': ok({ ...fullVideo(), draft: true, hardcodeSubtitles: true }),
    });
    const { queryClient } = renderApp('/dashboard/video/42');
    await enabledButton();
    void queryClient.invalidateQueries({ queryKey: videoKeys.detail(42), exact: true });
    await waitFor(() => expect(release).toBeDefined());
    fireEvent.click(burnSwitch());
    await waitFor(() => expect(burnSwitch().disabled).toBe(false));
    act(() => release?.());
    await waitFor(() => expect(queryClient.isFetching({ queryKey: videoKeys.detail(42), exact: true })).toBe(0));
    expect(burnSwitch().checked).toBe(true);
  });

  it('says so when the switch could not be changed, and shows the stored value', async () => {
    api({ 'PUT /api/v2/video/42': fail(500, 'internal', 'Something went wrong.') });
    renderApp('/dashboard/video/42');
    await enabledButton();
    fireEvent.click(burnSwitch());
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong.');
    expect(burnSwitch().checked).toBe(false);
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('locks the subtitle switch while a render runs', async () => {
    api({
      'GET /api/v2/video/42/renderStatusWithDetails': ok(renderStatus({ status: 'rendering', stage: 'rendering', attempt: 1, scenesTotal: 2 })),
    });
    renderApp('/dashboard/video/42');
    await screen.findByTestId('render-progress');
    expect(burnSwitch().disabled).toBe(true);
    expect(emailSwitch().disabled).toBe(false);
  });

  it('switches the e-mail on render off, keeping the other render settings', async () => {
    let config: Record<string, unknown> = { renderSettings: { publishVideoOnRender: true }, theme: 'dark' };
    const mock = api({
      'GET /api/v2/user/config': () => ok(config),
      'POST /api/v2/user/config': (req) => {
        config = { ...config, ...(req.body as Record<string, unknown>) };
        return ok(config);
      },
    });
    renderApp('/dashboard/video/42');
    // Unset means on: the spec's default.
    await waitFor(() => expect(emailSwitch().disabled).toBe(false));
    expect(emailSwitch().checked).toBe(true);
    fireEvent.click(emailSwitch());
    await waitFor(() => expect(emailSwitch().checked).toBe(false));
    expect(mock.find('POST /api/v2/user/config').map((c) => c.body)).toEqual([
      { renderSettings: { publishVideoOnRender: true, sendEmailOnRender: false } },
    ]);
  });

  it('disables the e-mail switch when the settings cannot be read', async () => {
    api({ 'GET /api/v2/user/config': fail(500, 'internal', 'Something went wrong.') });
    renderApp('/dashboard/video/42');
    expect(await screen.findByText('Your e-mail setting could not be loaded.')).toBeTruthy();
    expect(emailSwitch().disabled).toBe(true);
    expect(screen.queryByTestId('notification')).toBeNull();
  });
});

describe('renderStageLabel', () => {
  it('says where the attempt is in words', () => {
    const base = { status: 'rendering' as const, scenesDone: 0, scenesTotal: 0 };
    expect(renderStageLabel({ ...base, status: 'pending', stage: 'queued' })).toBe('Waiting for a worker');
    expect(renderStageLabel({ ...base, stage: 'planning' })).toBe('Preparing');
    expect(renderStageLabel({ ...base, stage: 'rendering', scenesDone: 2, scenesTotal: 6 })).toBe('Rendering scenes 2 of 6');
    expect(renderStageLabel({ ...base, stage: 'joining' })).toBe('Putting it together');
  });

  it('says a started render waits for a worker with the scenes it had done', () => {
    const base = { status: 'rendering' as const, stage: 'waiting' };
    expect(renderStageLabel({ ...base, scenesDone: 2, scenesTotal: 4 })).toBe('Waiting for a worker (2 of 4 scenes done)');
    expect(renderStageLabel({ ...base, scenesDone: 0, scenesTotal: 0 })).toBe('Waiting for a worker');
  });

  it('says when a step that failed is being tried again', () => {
    const base = { status: 'rendering' as const, scenesDone: 2, scenesTotal: 6, retrying: true };
    expect(renderStageLabel({ ...base, stage: 'rendering' })).toBe('Rendering scenes 2 of 6 (retrying a failed step)');
    expect(renderStageLabel({ ...base, stage: 'joining' })).toBe('Putting it together (retrying a failed step)');
    expect(renderStageLabel({ ...base, stage: 'rendering', retrying: false })).toBe('Rendering scenes 2 of 6');
  });
});

describe('renderReuseText', () => {
  it('counts the reused scenes of a completed render only', () => {
    const done = { status: 'completed' as const, scenesTotal: 4, scenesReused: 3 };
    expect(renderReuseText(done)).toBe('3 of 4 scenes reused from the last render');
    expect(renderReuseText({ ...done, scenesTotal: 1, scenesReused: 1 })).toBe('1 of 1 scene reused from the last render');
    expect(renderReuseText({ ...done, scenesReused: 0 })).toBe('');
    expect(renderReuseText({ ...done, status: 'rendering' })).toBe('');
  });
});
