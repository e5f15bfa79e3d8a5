import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type MockHandler } from '@/test/mock-api';
import { renderApp, signedIn } from '@/test/render-app';
import { fullVideo } from '../test/fixtures';
import {
  formatCueStart,
  NEW_SUBTITLE_MS,
  NEW_SUBTITLE_TEXT,
  parseCueStart,
  SUBTITLE_DURATION_INVALID,
  SUBTITLES_ALL_DELETED,
} from './subtitles-panel';

interface Cue {
  subtitleId: number;
  startMs: number;
  durationMs: number;
  text: string;
}

const cue = (subtitleId: number, startMs: number, durationMs: number, text: string): Cue => ({ subtitleId, startMs, durationMs, text });

/** A small subtitles server: the first edit gives every cue a new id, as the real one does. */
function api(routes: Record<string, MockHandler> = {}) {
  const server = { cues: [cue(1, 0, 2500, 'Turn off the tap.'), cue(2, 61500, 3000, 'Fix leaks.')], edited: false };
  const list = (status = 200) => ok({ subtitles: server.cues, edited: server.edited }, status);
  const mock = mockApi({
    ...signedIn(),
    'GET /api/v2/video/42': ok(fullVideo()),
    'GET /api/v2/video/42/credits-info': ok({ canRender: true, renderAllowed: true, requiredCredits: 1, remainingCredits: 9 }),
    'GET /api/v2/video/42/renderStatusWithDetails': ok({ videoId: 42, status: '' }),
    'GET /api/v2/video/42/exports': ok({ exports: [] }),
    'GET /api/v2/video/42/backgroundAudio': ok({ items: [] }),
    'GET /api/v2/video/42/inserts': ok({ inserts: [] }),
    'GET /api/v2/video/insert/types': ok({ types: [] }),
    'GET /api/v2/video/42/subtitles': () => list(),
    'POST /api/v2/video/42/subtitles': (req) => {
      server.cues = [...server.cues.map((c) => ({ ...c, subtitleId: c.subtitleId + 100 })), { ...(req.body as Cue), subtitleId: 300 }];
      server.edited = true;
      return list(201);
    },
    'PUT /api/v2/video/42/subtitles/1': (req) => {
      server.cues = server.cues.map((c) => ({ ...(c.subtitleId === 1 ? { ...c, ...(req.body as Cue) } : c), subtitleId: c.subtitleId + 100 }));
      server.edited = true;
      return list();
    },
    'DELETE /api/v2/video/42/subtitles/2': () => {
      server.cues = server.cues.filter((c) => c.subtitleId !== 2).map((c) => ({ ...c, subtitleId: c.subtitleId + 100 }));
      server.edited = true;
      return list();
    },
    'DELETE /api/v2/video/42/subtitles': () => {
      server.cues = [cue(7, 0, 2500, 'Turn off the tap.'), cue(8, 61500, 3000, 'Fix leaks.')];
      server.edited = false;
      return list();
    },
    ...routes,
  });
  return { ...mock, server };
}

const rows = () => screen.queryAllByTestId('subtitle-row');
const input = (row: number, id: string) => within(rows()[row]).getByTestId(id) as HTMLInputElement;
const texts = () => rows().map((_, i) => input(i, 'subtitle-text').value);

async function loaded(count: number) {
  await waitFor(() => expect(rows()).toHaveLength(count));
}

beforeEach(() => {
  document.cookie = 'pagecast_csrf=c1; path=/';
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('subtitles panel', () => {
  it('reads and writes cue times', () => {
    expect(formatCueStart(61500)).toBe('1:01.5');
    expect(formatCueStart(0)).toBe('0:00.0');
    expect(parseCueStart('1:01.5')).toBe(61500);
    expect(parseCueStart('2.25')).toBe(2250);
    expect(parseCueStart('soon')).toBeNull();
  });

  it('lists the cues with start, duration and text', async () => {
    api();
    renderApp('/editor/42');
    await loaded(2);
    expect(texts()).toEqual(['Turn off the tap.', 'Fix leaks.']);
    expect(input(1, 'subtitle-start').value).toBe('1:01.5');
    expect(input(0, 'subtitle-duration').value).toBe('2.5');
    expect(screen.getByTestId('subtitles-reset')).toHaveProperty('disabled', true);
  });

  it('saves an edit on Enter and takes the new ids; Escape puts a draft back', async () => {
    const { find } = api();
    renderApp('/editor/42');
    await loaded(2);
    fireEvent.change(input(1, 'subtitle-text'), { target: { value: 'Never mind' } });
    fireEvent.keyDown(input(1, 'subtitle-text'), { key: 'Escape' });
    expect(input(1, 'subtitle-text').value).toBe('Fix leaks.');

    fireEvent.change(input(0, 'subtitle-text'), { target: { value: 'Close the tap.' } });
    fireEvent.change(input(0, 'subtitle-start'), { target: { value: '0:00.5' } });
    fireEvent.keyDown(input(0, 'subtitle-duration'), { key: 'Enter' });
    await waitFor(() => expect(find('PUT /api/v2/video/42/subtitles/1')).toHaveLength(1));
    expect(find('PUT /api/v2/video/42/subtitles/1')[0].body).toEqual({ startMs: 500, durationMs: 2500, text: 'Close the tap.' });
    await waitFor(() => expect(rows()[0].getAttribute('data-subtitle-id')).toBe('101'));
    expect(texts()).toEqual(['Close the tap.', 'Fix leaks.']);
    expect(screen.getByTestId('subtitles-reset')).toHaveProperty('disabled', false);
  });

  it("keeps a cue's two lines when another field is edited, and Shift+Enter in the text does not save", async () => {
    const { find } = api({
      'GET /api/v2/video/42/subtitles': ok({ subtitles: [cue(1, 0, 2500, 'Ferries leave for the\nislands at dawn.')], edited: false }),
      'PUT /api/v2/video/42/subtitles/1': (req) => ok({ subtitles: [{ ...(req.body as Cue), subtitleId: 101 }], edited: true }),
    });
    renderApp('/editor/42');
    await loaded(1);
    expect(input(0, 'subtitle-text').value).toBe('Ferries leave for the\nislands at dawn.');
    fireEvent.keyDown(input(0, 'subtitle-text'), { key: 'Enter', shiftKey: true });
    fireEvent.change(input(0, 'subtitle-duration'), { target: { value: '3' } });
    fireEvent.keyDown(input(0, 'subtitle-text'), { key: 'Enter', shiftKey: true });
    expect(find('PUT /api/v2/video/42/subtitles/1')).toHaveLength(0);
    fireEvent.keyDown(input(0, 'subtitle-text'), { key: 'Enter' });
    await waitFor(() => expect(find('PUT /api/v2/video/42/subtitles/1')).toHaveLength(1));
    expect(find('PUT /api/v2/video/42/subtitles/1')[0].body).toEqual({
      startMs: 0,
      durationMs: 3000,
      text: 'Ferries leave for the\nislands at dawn.',
    });
  });

  it('a duration of 0 shows the error and sends nothing', async () => {
    const { calls } = api();
    renderApp('/editor/42');
    await loaded(2);
    fireEvent.change(input(0, 'subtitle-duration'), { target: { value: '0' } });
    fireEvent.keyDown(input(0, 'subtitle-duration'), { key: 'Enter' });
    expect((await screen.findByTestId('subtitles-notice')).textContent).toContain(SUBTITLE_DURATION_INVALID);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(input(0, 'subtitle-duration').value).toBe('0');
  });

  it("shows the server's refusal", async () => {
    api({
      'PUT /api/v2/video/42/subtitles/1': fail(400, 'invalid_subtitle', 'Duration must be greater than 0!', [
        { field: 'durationMs', message: 'Duration must be greater than 0!' },
      ]),
    });
    renderApp('/editor/42');
    await loaded(2);
    fireEvent.change(input(0, 'subtitle-duration'), { target: { value: '0.01' } });
    fireEvent.click(within(rows()[0]).getByTestId('subtitle-save'));
    expect((await screen.findByTestId('subtitles-notice')).textContent).toContain('Duration must be greater than 0!');
    expect(input(0, 'subtitle-duration').value).toBe('0.01');
  });

  it('adds a subtitle after the last one', async () => {
    const { find } = api();
    renderApp('/editor/42');
    await loaded(2);
    fireEvent.click(screen.getByTestId('subtitle-add'));
    await waitFor(() => expect(find('POST /api/v2/video/42/subtitles')).toHaveLength(1));
    expect(find('POST /api/v2/video/42/subtitles')[0].body).toEqual({ startMs: 64500, durationMs: NEW_SUBTITLE_MS, text: NEW_SUBTITLE_TEXT });
    await loaded(3);
    expect(texts()).toEqual(['Turn off the tap.', 'Fix leaks.', NEW_SUBTITLE_TEXT]);
  });

  it('checks the video for problems again after a subtitle edit (a cue may end after the video)', async () => {
    const { find } = api({ 'GET /api/v2/video/42/validate': ok({ validations: [] }) });
    renderApp('/editor/42');
    await loaded(2);
    await waitFor(() => expect(find('GET /api/v2/video/42/validate')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('subtitle-add'));
    await loaded(3);
    await waitFor(() => expect(find('GET /api/v2/video/42/validate')).toHaveLength(2));
  });

  it('deletes a cue, and resets to the narration after confirming', async () => {
    const { find } = api();
    renderApp('/editor/42');
    await loaded(2);
    fireEvent.click(within(rows()[1]).getByTestId('subtitle-delete'));
    await loaded(1);
    expect(find('DELETE /api/v2/video/42/subtitles/2')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('subtitles-reset')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('subtitles-reset'));
    fireEvent.click(await screen.findByTestId('subtitles-reset-confirm-submit'));
    await loaded(2);
    expect(find('DELETE /api/v2/video/42/subtitles')).toHaveLength(1);
    expect(screen.getByTestId('subtitles-state').textContent).toBe('Following the narration');
  });

  it('says the video has no subtitles once every cue is deleted, and how to get them back', async () => {
    api({
      'GET /api/v2/video/42/subtitles': ok({ subtitles: [], edited: true }),
    });
    renderApp('/editor/42');
    expect((await screen.findByTestId('subtitles-empty')).textContent).toBe(SUBTITLES_ALL_DELETED);
    expect(screen.getByTestId('subtitles-state').textContent).toBe('Edited');
    await waitFor(() => expect(screen.getByTestId('subtitles-reset')).toHaveProperty('disabled', false));
  });
});
