import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { PENDING_ASSETS_ADVICE, PENDING_ASSETS_FAILED, PENDING_ASSETS_POLL_MS } from '../api/get-pending-asset-status';
import { useEditorSelection } from '../stores/editor-selection';
import { editorApi, edited } from '../test/editor-api';
import { fullVideo } from '../test/fixtures';
import { AUTOMATCH_STARTED, AUTOMATCH_WATCH_MS, automatchWatched, SOUNDTRACK_PICKED } from './automatch-panel';
import { normalizeVideo } from '../api/normalize';
import { EDITOR_POLL_MS } from './editor-page';

const panel = () => screen.getByTestId('automatch-panel');

beforeEach(() => {
  document.cookie = 'pagecast_csrf=c1; path=/';
});

afterEach(() => {
  vi.useRealTimers();
  useEditorSelection.getState().editorOpened();
});

describe('automatch panel', () => {
  it('Fill missing media starts the automatch and reads the video and its imports again', async () => {
    const { find } = editorApi({ 'POST /api/v2/video/42/automatch': ok({ workflowId: 'AutomatchVideo:42:1' }, 202) });
    renderApp('/editor/42');
    fireEvent.click(await screen.findByTestId('automatch-media'));
    expect((await within(panel()).findByTestId('automatch-message')).textContent).toBe(AUTOMATCH_STARTED);
    expect(find('POST /api/v2/video/42/automatch')[0].body).toEqual({});
    await waitFor(() => expect(find('GET /api/v2/video/42/pendingAssetStatus').length).toBeGreaterThan(1));
    expect(find('GET /api/v2/video/42').length).toBeGreaterThan(1);
  });

  it('after Fill missing media the video is read every 2 s until its slides have media', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let filled = false;
    const { find } = editorApi(
      { 'POST /api/v2/video/42/automatch': ok({ workflowId: 'AutomatchVideo:42:1' }, 202) },
      () => (filled ? fullVideo() : edited((v) => (v.scenes[1].layerList[1].assetList = []))),
    );
    renderApp('/editor/42');
    fireEvent.click(await screen.findByTestId('automatch-media'));
    await within(panel()).findByTestId('automatch-message');
    const reads = find('GET /api/v2/video/42').length;
    await act(() => vi.advanceTimersByTimeAsync(EDITOR_POLL_MS + 50));
    await waitFor(() => expect(find('GET /api/v2/video/42').length).toBeGreaterThan(reads));
    filled = true;
    await act(() => vi.advanceTimersByTimeAsync(EDITOR_POLL_MS + 50));
    await waitFor(() => expect(screen.getAllByTestId('editor-slide')[0].querySelector('img')).not.toBeNull());
    const after = find('GET /api/v2/video/42').length;
    await act(() => vi.advanceTimersByTimeAsync(EDITOR_POLL_MS * 3));
    expect(find('GET /api/v2/video/42')).toHaveLength(after);
  });

  it('the watch ends after a while even when media is still missing', () => {
    const missing = normalizeVideo(edited((v) => (v.scenes[1].layerList[1].assetList = [])));
    expect(automatchWatched(missing, null)).toBe(false);
    expect(automatchWatched(missing, 1000, 1000 + AUTOMATCH_WATCH_MS - 1)).toBe(true);
    expect(automatchWatched(missing, 1000, 1000 + AUTOMATCH_WATCH_MS)).toBe(false);
    expect(automatchWatched(normalizeVideo(fullVideo()), 1000, 1001)).toBe(false);
  });

  it('Pick a soundtrack adds one, or says why not', async () => {
    let answer = ok({ items: [] });
    const { find } = editorApi({ 'POST /api/v2/video/42/automatchSoundtrack': () => answer });
    renderApp('/editor/42');
    fireEvent.click(await screen.findByTestId('automatch-soundtrack'));
    expect((await within(panel()).findByTestId('automatch-message')).textContent).toBe(SOUNDTRACK_PICKED);
    await waitFor(() => expect(find('GET /api/v2/video/42/backgroundAudio').length).toBeGreaterThan(1));
    answer = fail(422, 'no_soundtrack', 'No soundtrack found. Upload music to your media library first.');
    fireEvent.click(screen.getByTestId('automatch-soundtrack'));
    await waitFor(() =>
      expect(within(panel()).getByTestId('automatch-message').textContent).toBe('No soundtrack found. Upload music to your media library first.'),
    );
    expect(within(panel()).getByTestId('automatch-message').getAttribute('role')).toBe('alert');
  });

  it('shows an automatch that cannot start', async () => {
    editorApi({ 'POST /api/v2/video/42/automatch': fail(409, 'automatch_running', 'Media is already being found for this video.') });
    renderApp('/editor/42');
    fireEvent.click(await screen.findByTestId('automatch-media'));
    await waitFor(() => expect(within(panel()).getByTestId('automatch-message').textContent).toBe('Media is already being found for this video.'));
  });

  it('polls pending imports every 2 s while pending, then reads the video again and stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let pending = true;
    const { find } = editorApi({
      'GET /api/v2/video/42/pendingAssetStatus': () =>
        ok(pending ? { pending: true, assets: [{ assetId: 77, layerId: 10, status: 'processing' }] } : { pending: false, assets: [] }),
    });
    renderApp('/editor/42');
    expect((await screen.findByTestId('pending-assets')).textContent).toBe('Importing 1 media file…');
    const polls = find('GET /api/v2/video/42/pendingAssetStatus').length;
    await act(() => vi.advanceTimersByTimeAsync(PENDING_ASSETS_POLL_MS + 50));
    await waitFor(() => expect(find('GET /api/v2/video/42/pendingAssetStatus').length).toBe(polls + 1));
    const videoReads = find('GET /api/v2/video/42').length;
    pending = false;
    await act(() => vi.advanceTimersByTimeAsync(PENDING_ASSETS_POLL_MS + 50));
    await waitFor(() => expect(screen.queryByTestId('pending-assets')).toBeNull());
    await waitFor(() => expect(find('GET /api/v2/video/42').length).toBeGreaterThan(videoReads));
    const after = find('GET /api/v2/video/42/pendingAssetStatus').length;
    await act(() => vi.advanceTimersByTimeAsync(PENDING_ASSETS_POLL_MS * 3));
    expect(find('GET /api/v2/video/42/pendingAssetStatus')).toHaveLength(after);
  });

  it('a failed check says so with advice to refresh, and stops polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { find } = editorApi({ 'GET /api/v2/video/42/pendingAssetStatus': fail(500, 'internal', 'Something went wrong.') });
    renderApp('/editor/42');
    const error = await screen.findByTestId('pending-assets-error');
    expect(error.textContent).toBe(`${PENDING_ASSETS_FAILED}. ${PENDING_ASSETS_ADVICE}`);
    const n = find('GET /api/v2/video/42/pendingAssetStatus').length;
    await act(() => vi.advanceTimersByTimeAsync(PENDING_ASSETS_POLL_MS * 3));
    expect(find('GET /api/v2/video/42/pendingAssetStatus')).toHaveLength(n);
  });
});
