import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type MockHandler } from '@/test/mock-api';
import { renderApp, signedIn } from '@/test/render-app';
import { useNotifications } from '@/stores/notifications';
import type { VideoListItem } from '../api/types';
import { listItem } from '../test/fixtures';
import { VIDEO_LIST_MAX_REFRESHES, VIDEO_LIST_REFRESH_MS } from '../utils/list-refresh';

function page(videos: VideoListItem[], total = videos.length, pageNo = 1) {
  return ok({ videos, page: pageNo, pageSize: 12, total });
}

function api(list: MockHandler, extra: Record<string, MockHandler> = {}) {
  document.cookie = 'pagecast_csrf=c1; path=/';
  return mockApi({ ...signedIn(), 'GET /api/v2/video': list, ...extra });
}

const cards = () => screen.queryAllByTestId('video-card');
const card = (id: number) => cards().find((c) => c.getAttribute('data-video-id') === String(id))!;

afterEach(() => vi.useRealTimers());

describe('manage videos', () => {
  it('asks for page 1 of 12 and shows the empty state with a way to create', async () => {
    const { find } = api(page([]));
    renderApp('/dashboard/manage-videos');
    expect((await screen.findByTestId('videos-empty')).textContent).toContain('You have no videos yet');
    expect(screen.getByRole('link', { name: 'Create your first video' }).getAttribute('href')).toBe('/dashboard/create-video');
    const params = find('GET /api/v2/video')[0].url.searchParams;
    expect(params.get('page')).toBe('1');
    expect(params.get('pageSize')).toBe('12');
    expect(params.get('search')).toBeNull();
    expect(params.get('createdByMe')).toBeNull();
  });

  it('shows cards with picture, name, duration and stage badge', async () => {
    const ready = listItem({ name: 'Ready one', duration: 75 });
    const building = listItem({ name: 'Building one', buildStage: 2, buildStep: 'matchingMedia', thumbnailURL: '' });
    const firstSlide = listItem({
      thumbnailURL: '',
      scenes: [{ sceneId: 1, order: 1, templateId: null, needsAudio: false, audioError: '', duration: 0, layerList: [{ layerId: 1, sceneId: 1, order: 1, duration: 1, text: '', tagline: '', voiceId: null, isFullScreen: false, isPlaceholder: false, muted: false, transform: null, narration: null, assetList: [{ assetId: 1, name: '', type: 'image', url: 'http://s3.local/slide.jpg', previewUrl: '', thumbnailUrl: '', text: '', tagline: '', state: 'complete' }] }] }],
    });
    api(page([ready, building, firstSlide]));
    renderApp('/dashboard/manage-videos');
    await waitFor(() => expect(cards()).toHaveLength(3));
    const r = within(card(ready.videoId));
    expect(r.getByTestId('video-card-name').textContent).toBe('Ready one');
    expect(r.getByTestId('video-card-badge').textContent).toBe('Ready');
    expect(r.getByText('1:15')).toBeTruthy();
    expect(card(ready.videoId).querySelector('img')!.getAttribute('src')).toBe(ready.thumbnailURL);
    expect(r.getByTestId('video-card-name').getAttribute('href')).toBe(`/dashboard/video/${ready.videoId}`);
    expect(r.getByTestId('video-edit').getAttribute('href')).toBe(`/editor/${ready.videoId}`);
    const b = within(card(building.videoId));
    expect(b.getByTestId('video-card-badge').textContent).toBe('Generating…');
    expect(b.getByTestId('video-card-name').getAttribute('href')).toBe(`/dashboard/create-video/single/generating?video=${building.videoId}`);
    expect(b.queryByTestId('video-edit')).toBeNull();
    expect(card(firstSlide.videoId).querySelector('img')!.getAttribute('src')).toBe('http://s3.local/slide.jpg');
  });

  it('sends search and filters, and pages', async () => {
    const videos = Array.from({ length: 12 }, () => listItem());
    const { find } = api((req) => page(videos, 30, Number(req.url.searchParams.get('page'))));
    renderApp('/dashboard/manage-videos');
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.getByTestId('videos-page-label').textContent).toBe('Page 1 of 3');
    fireEvent.click(screen.getByTestId('videos-page-next'));
    await waitFor(() => expect(find('GET /api/v2/video').at(-1)!.url.searchParams.get('page')).toBe('2'));

    fireEvent.change(screen.getByTestId('videos-status'), { target: { value: 'rendered' } });
    fireEvent.click(screen.getByTestId('videos-created-by-me'));
    fireEvent.change(screen.getByTestId('videos-search'), { target: { value: ' water ' } });
    await waitFor(() => expect(find('GET /api/v2/video').at(-1)!.url.searchParams.get('search')).toBe('water'));
    const last = find('GET /api/v2/video').at(-1)!.url.searchParams;
    expect(last.get('renderStatus')).toBe('rendered');
    expect(last.get('createdByMe')).toBe('true');
    expect(last.get('page')).toBe('1');
  });

  it('deletes after confirmation', async () => {
    const a = listItem({ name: 'Keep' });
    const b = listItem({ name: 'Drop' });
    let videos = [a, b];
    const { find } = api(() => page(videos), {
      [`DELETE /api/v2/video/${b.videoId}`]: () => {
        videos = [a];
        return ok({});
      },
    });
    renderApp('/dashboard/manage-videos');
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(card(b.videoId)).getByTestId('video-delete'));
    const dialog = await screen.findByTestId('video-delete-dialog');
    expect(dialog.textContent).toContain('Drop');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('video-delete-dialog')).toBeNull();
    expect(find(`DELETE /api/v2/video/${b.videoId}`)).toHaveLength(0);

    fireEvent.click(within(card(b.videoId)).getByTestId('video-delete'));
    fireEvent.click(screen.getByTestId('video-delete-confirm'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(find(`DELETE /api/v2/video/${b.videoId}`)[0].headers.get('X-CSRF-Token')).toBe('c1');
    expect(screen.queryByTestId('video-delete-dialog')).toBeNull();
  });

  it('copies with the product messages', async () => {
    const a = listItem();
    let answer: MockHandler = ok({ videoId: 900, message: 'Video copied successfully' }, 201);
    const { find } = api(page([a]), { [`POST /api/v2/video/${a.videoId}/copy`]: () => answer as never });
    renderApp('/dashboard/manage-videos');
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(within(card(a.videoId)).getByTestId('video-copy'));
    await waitFor(() => expect(screen.getByTestId('notification').textContent).toContain('Video copied successfully'));
    await waitFor(() => expect(find('GET /api/v2/video').length).toBeGreaterThanOrEqual(2));

    answer = fail(500, 'internal', 'Boom');
    fireEvent.click(within(card(a.videoId)).getByTestId('video-copy'));
    await waitFor(() =>
      expect(screen.getAllByTestId('notification').some((n) => n.textContent?.includes('Failed to copy video'))).toBe(true),
    );
    expect(screen.getAllByTestId('notification').some((n) => n.textContent?.includes('Boom'))).toBe(false);
  });

  it('refreshes every 60 s at most 10 times and tells when videos became ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const a = listItem({ buildStage: 2, buildStep: 'matchingMedia' });
    const b = listItem({ buildStage: 1, buildStep: 'splittingText' });
    let stageA = 2;
    let stageB = 1;
    const { find } = api(() =>
      page([
        { ...a, buildStage: stageA, buildStep: stageA >= 4 ? 'ready' : 'matchingMedia' },
        { ...b, buildStage: stageB, buildStep: stageB >= 4 ? 'ready' : 'splittingText' },
      ]),
    );
    const shown: string[] = [];
    const unsubscribe = useNotifications.subscribe((state, prev) => {
      for (const n of state.notifications) if (!prev.notifications.includes(n)) shown.push(n.message ?? '');
    });
    renderApp('/dashboard/manage-videos');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(card(a.videoId)).getByTestId('video-card-badge').textContent).toBe('Generating…');

    stageA = 4;
    stageB = 4;
    await act(() => vi.advanceTimersByTimeAsync(VIDEO_LIST_REFRESH_MS + 50));
    await waitFor(() => expect(within(card(a.videoId)).getByTestId('video-card-badge').textContent).toBe('Ready'));
    await waitFor(() => expect(screen.getByTestId('notification').textContent).toContain('2 videos are ready for editing'));

    for (let i = 0; i < VIDEO_LIST_MAX_REFRESHES + 3; i++) {
      await act(() => vi.advanceTimersByTimeAsync(VIDEO_LIST_REFRESH_MS + 50));
    }
    // The first load and ten refreshes, then it stops.
    expect(find('GET /api/v2/video')).toHaveLength(1 + VIDEO_LIST_MAX_REFRESHES);
    // Only one notice: the videos were ready already at the later polls.
    expect(shown.filter((m) => m.includes('ready for editing'))).toEqual(['2 videos are ready for editing']);
    // It stays for 5 s.
    expect(screen.queryAllByTestId('notification')).toHaveLength(0);
    unsubscribe();

    // The refresh button starts the count again.
    fireEvent.click(screen.getByTestId('videos-refresh'));
    await waitFor(() => expect(find('GET /api/v2/video')).toHaveLength(2 + VIDEO_LIST_MAX_REFRESHES));
    await act(() => vi.advanceTimersByTimeAsync(VIDEO_LIST_REFRESH_MS + 50));
    expect(find('GET /api/v2/video')).toHaveLength(3 + VIDEO_LIST_MAX_REFRESHES);
  });

  it('does not refresh itself with a date filter', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { find } = api(page([listItem()]));
    renderApp('/dashboard/manage-videos?from=2026-11-01');
    await waitFor(() => expect(cards()).toHaveLength(1));
    const first = find('GET /api/v2/video');
    expect(first).toHaveLength(1);
    expect(first[0].url.searchParams.get('createdAfter')).toBe(new Date('2026-11-01T00:00:00').toISOString());
    await act(() => vi.advanceTimersByTimeAsync(VIDEO_LIST_REFRESH_MS * 3));
    expect(find('GET /api/v2/video')).toHaveLength(1);
  });

  it('shows an error state with a retry', async () => {
    let answer: MockHandler = fail(500, 'internal', 'Boom');
    api(() => answer as never);
    renderApp('/dashboard/manage-videos');
    await screen.findByTestId('videos-error');
    answer = page([listItem()]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });
});
