import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type MockHandler, type MockRequest } from '@/test/mock-api';
import { renderApp, signedIn } from '@/test/render-app';
import { assetsQueryOptions, MEDIA_PAGE_SIZE } from '../api/get-assets';
import type { Asset } from '../api/types';
import { useUploadQueue } from '../stores/upload-queue';
import { fakeXhr } from '../test/fake-xhr';
import { MEDIA_POLL_MS } from '../utils/asset-state';
import { FILE_TOO_LARGE, FILE_TYPE_NOT_ALLOWED, MAX_UPLOAD_BYTES } from '../utils/validate-file';
import { EMPTY_TEXT, SEARCH_DEBOUNCE_MS } from './media-library-page';

let nextId = 100;
function makeAsset(overrides: Partial<Asset> = {}): Asset {
  nextId += 1;
  return {
    assetId: nextId,
    name: `asset-${nextId}.jpg`,
    type: 'image',
    state: 'complete',
    status: 4,
    url: `http://s3.local/a/${nextId}.jpg`,
    thumbnailUrl: `http://s3.local/a/${nextId}-thumb.jpg`,
    ...overrides,
  };
}

function page(assets: Asset[], totalItems = assets.length, pageNo = 1) {
  return ok({ assets, totalItems, page: pageNo, pageSize: MEDIA_PAGE_SIZE });
}

function library(list: MockHandler, extra: Record<string, MockHandler> = {}) {
  document.cookie = 'pagecast_csrf=c1; path=/';
  return mockApi({ ...signedIn(), 'GET /api/v2/asset/page': list, ...extra });
}

const tiles = () => screen.queryAllByTestId('media-tile');
const tile = (assetId: number) =>
  screen.getAllByTestId('media-tile').find((t) => t.getAttribute('data-asset-id') === String(assetId))!;

function choose(input: HTMLElement, files: File[]) {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

function sized(name: string, size: number, type = '') {
  const f = new File(['0123456789'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

beforeEach(() => useUploadQueue.getState().reset());
afterEach(() => {
  useUploadQueue.getState().reset();
  vi.useRealTimers();
});

describe('media library page', () => {
  it('is mounted at /dashboard/media-library and shows the empty state', async () => {
    const { find } = library(page([]));
    renderApp('/dashboard/media-library');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Media library');
    expect((await screen.findByTestId('media-empty')).textContent).toContain(EMPTY_TEXT);
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    const params = find('GET /api/v2/asset/page')[0].url.searchParams;
    expect(params.get('page')).toBe('1');
    expect(params.get('limit')).toBe('20');
    expect(params.get('assetType')).toBeNull();
    expect(params.get('assetName')).toBeNull();
    // The upload button is a real button; the file input is the hidden target.
    expect(screen.getByRole('button', { name: 'Upload files' })).toBeTruthy();
    expect((screen.getByTestId('upload-input') as HTMLInputElement).multiple).toBe(true);
  });

  it('shows a loading state first and an error state with retry when the list fails', async () => {
    let answer: MockHandler = fail(500, 'internal', 'Boom');
    library(() => (typeof answer === 'function' ? answer({} as MockRequest) : answer));
    renderApp('/dashboard/media-library');
    expect(await screen.findByTestId('media-loading')).toBeTruthy();
    await screen.findByTestId('media-error-state');
    answer = page([makeAsset()]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tiles()).toHaveLength(1));
  });

  it('renders tiles with preview, duration, name and overlays by state', async () => {
    const image = makeAsset({ name: 'photo.jpg' });
    const video = makeAsset({
      name: 'clip.mp4',
      type: 'video',
      duration: 75.2,
      previewUrl: 'http://s3.local/p/clip-preview.mp4',
      thumbnailUrl: 'http://s3.local/p/clip.jpg',
    });
    const audio = makeAsset({ name: 'song.mp3', type: 'audio', duration: 2.04, url: 'http://s3.local/a/song.mp3', thumbnailUrl: 'http://s3.local/a/wave.png' });
    const pending = makeAsset({ name: 'pending.mp4', type: 'video', state: 'pending', status: 2, previewUrl: '', url: '' });
    const processing = makeAsset({ name: 'processing.png', state: 'processing', status: 3 });
    const created = makeAsset({ name: 'created.png', state: 'created', status: 1 });
    const broken = makeAsset({ name: 'broken.mov', type: 'video', state: 'error', status: 5, errorMessage: 'Unsupported codec' });
    library(page([image, video, audio, pending, processing, created, broken]));
    renderApp('/dashboard/media-library');
    await waitFor(() => expect(tiles()).toHaveLength(7));

    expect(tiles().map((t) => t.getAttribute('data-state'))).toEqual([
      'complete', 'complete', 'complete', 'pending', 'processing', 'created', 'error',
    ]);

    const img = tile(image.assetId).querySelector('img')!;
    expect(img.getAttribute('src')).toBe(image.thumbnailUrl);
    expect(img.getAttribute('alt')).toBe('photo.jpg');
    expect(within(tile(image.assetId)).queryByTestId('media-duration')).toBeNull();

    const v = tile(video.assetId).querySelector('video')!;
    expect(v.getAttribute('src')).toBe(video.previewUrl);
    expect(v.getAttribute('poster')).toBe(video.thumbnailUrl);
    expect(v.muted).toBe(true);
    expect(v.loop).toBe(true);
    expect(within(tile(video.assetId)).getByTestId('media-duration').textContent).toBe('1:15');
    const play = vi.spyOn(v, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(v, 'pause').mockImplementation(() => {});
    fireEvent.mouseEnter(v);
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.mouseLeave(v);
    expect(pause).toHaveBeenCalledTimes(1);

    const audioTile = tile(audio.assetId);
    expect(audioTile.querySelector('img')!.getAttribute('src')).toBe('http://s3.local/a/wave.png');
    expect(within(audioTile).getByTestId('media-duration').textContent).toBe('0:02');
    const audioEl = audioTile.querySelector('audio')!;
    expect(audioEl.getAttribute('src')).toBe('http://s3.local/a/song.mp3');
    const audioPlay = vi.spyOn(audioEl, 'play').mockResolvedValue(undefined);
    fireEvent.click(within(audioTile).getByRole('button', { name: 'Play song.mp3' }));
    expect(audioPlay).toHaveBeenCalledTimes(1);

    for (const a of [pending, processing]) {
      expect(within(tile(a.assetId)).getByTestId('media-processing').textContent).toBe('Processing asset');
      expect(within(tile(a.assetId)).queryByTestId('media-error')).toBeNull();
    }
    for (const a of [image, video, audio, created]) {
      expect(within(tile(a.assetId)).queryByTestId('media-processing')).toBeNull();
      expect(within(tile(a.assetId)).queryByTestId('media-error')).toBeNull();
    }
    const error = within(tile(broken.assetId)).getByTestId('media-error');
    expect(error.textContent).toContain('Error Processing Asset');
    expect(error.getAttribute('title')).toBe('Unsupported codec');

    for (const a of [image, video, audio]) {
      expect(within(tile(a.assetId)).getByTestId('media-name').textContent).toBe(a.name);
    }
  });

  it('polls the list while an asset is pending or processing and stops when none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asset = makeAsset({ name: 'import.mp4', type: 'video', state: 'pending', status: 2 });
    const states = ['pending', 'processing', 'complete'];
    let calls = 0;
    const { find } = library(() => {
      const state = states[Math.min(calls, states.length - 1)];
      calls += 1;
      return page([{ ...asset, state: state as Asset['state'] }]);
    });
    renderApp('/dashboard/media-library');
    await waitFor(() => expect(tile(asset.assetId).getAttribute('data-state')).toBe('pending'));
    await act(() => vi.advanceTimersByTimeAsync(MEDIA_POLL_MS + 50));
    await waitFor(() => expect(tile(asset.assetId).getAttribute('data-state')).toBe('processing'));
    await act(() => vi.advanceTimersByTimeAsync(MEDIA_POLL_MS + 50));
    await waitFor(() => expect(tile(asset.assetId).getAttribute('data-state')).toBe('complete'));
    const fetched = find('GET /api/v2/asset/page').length;
    expect(fetched).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(MEDIA_POLL_MS * 4));
    expect(find('GET /api/v2/asset/page')).toHaveLength(fetched);
  });

  it('uses the documented interval in the query options', () => {
    const interval = assetsQueryOptions({ page: 1, type: 'all', name: '' }).refetchInterval as (q: {
      state: { data?: { assets: Array<Pick<Asset, 'state'>> } };
    }) => number | false;
    expect(interval({ state: {} })).toBe(false);
    expect(interval({ state: { data: { assets: [{ state: 'complete' }, { state: 'processing' }] } } })).toBe(MEDIA_POLL_MS);
    expect(interval({ state: { data: { assets: [{ state: 'complete' }, { state: 'error' }] } } })).toBe(false);
  });

  it('deletes one file after confirmation, and Cancel or Escape keeps it', async () => {
    const keep = makeAsset({ name: 'keep.jpg' });
    const gone = makeAsset({ name: 'gone.jpg' });
    let assets = [keep, gone];
    const { find } = library(() => page(assets), {
      [`DELETE /api/v2/asset/${gone.assetId}`]: () => {
        assets = [keep];
        return ok({ deleted: [gone.assetId] });
      },
    });
    renderApp('/dashboard/media-library');
    await waitFor(() => expect(tiles()).toHaveLength(2));

    fireEvent.click(within(tile(gone.assetId)).getByTestId('media-delete'));
    let dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('gone.jpg');
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(within(tile(gone.assetId)).getByTestId('media-delete'));
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(find(`DELETE /api/v2/asset/${gone.assetId}`)).toHaveLength(0);

    fireEvent.click(within(tile(gone.assetId)).getByRole('button', { name: 'Delete gone.jpg' }));
    dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByTestId('confirm-delete'));
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(tiles()[0].getAttribute('data-asset-id')).toBe(String(keep.assetId));
    expect(find(`DELETE /api/v2/asset/${gone.assetId}`)[0].headers.get('X-CSRF-Token')).toBe('c1');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((await screen.findByTestId('notification')).textContent).toContain('deleted');
  });

  it('bulk-deletes the selected files after confirmation', async () => {
    const [a, b, c] = [makeAsset(), makeAsset(), makeAsset()];
    let assets = [a, b, c];
    const { find } = library(() => page(assets), {
      'POST /api/v2/asset/bulkDelete': (req) => {
        const ids = (req.body as { assetIds: number[] }).assetIds;
        assets = assets.filter((x) => !ids.includes(x.assetId));
        return ok({ deleted: ids });
      },
    });
    renderApp('/dashboard/media-library');
    await waitFor(() => expect(tiles()).toHaveLength(3));
    const bulk = screen.getByTestId('bulk-delete') as HTMLButtonElement;
    expect(bulk.disabled).toBe(true);

    fireEvent.click(within(tile(a.assetId)).getByTestId('media-select'));
    fireEvent.click(within(tile(c.assetId)).getByTestId('media-select'));
    expect(bulk.disabled).toBe(false);
    expect(bulk.textContent).toContain('(2)');
    fireEvent.click(bulk);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete 2 files?');
    fireEvent.click(within(dialog).getByTestId('confirm-delete'));
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(find('POST /api/v2/asset/bulkDelete')[0].body).toEqual({ assetIds: [a.assetId, c.assetId] });
    expect(tiles()[0].getAttribute('data-asset-id')).toBe(String(b.assetId));
    expect((screen.getByTestId('bulk-delete') as HTMLButtonElement).disabled).toBe(true);

    // Select all on this page.
    fireEvent.click(screen.getByTestId('media-select-all'));
    expect((within(tile(b.assetId)).getByTestId('media-select') as HTMLInputElement).checked).toBe(true);
  });

  it('renames inline: Enter commits, Escape cancels, blur commits, empty reverts', async () => {
    const asset = makeAsset({ name: 'old.jpg' });
    let current = asset;
    const { find } = library(() => page([current]), {
      [`PUT /api/v2/asset/${asset.assetId}`]: (req) => {
        current = { ...current, name: (req.body as { name: string }).name };
        return ok(current);
      },
    });
    renderApp('/dashboard/media-library');
    await waitFor(() => expect(tiles()).toHaveLength(1));
    const rename = (value: string, end: (input: HTMLElement) => void) => {
      fireEvent.click(screen.getByTestId('media-name'));
      const input = screen.getByTestId('media-name-input');
      fireEvent.change(input, { target: { value } });
      end(input);
    };

    rename('ignored.jpg', (input) => fireEvent.keyDown(input, { key: 'Escape' }));
    expect(screen.getByTestId('media-name').textContent).toBe('old.jpg');
    rename('   ', (input) => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(screen.getByTestId('media-name').textContent).toBe('old.jpg');
    expect(find(`PUT /api/v2/asset/${asset.assetId}`)).toHaveLength(0);

    rename('  new name.jpg ', (input) => fireEvent.keyDown(input, { key: 'Enter' }));
    await waitFor(() => expect(screen.getByTestId('media-name').textContent).toBe('new name.jpg'));
    expect(find(`PUT /api/v2/asset/${asset.assetId}`)[0].body).toEqual({ name: 'new name.jpg' });

    rename('blurred.jpg', (input) => fireEvent.blur(input));
    await waitFor(() => expect(screen.getByTestId('media-name').textContent).toBe('blurred.jpg'));
    expect(find(`PUT /api/v2/asset/${asset.assetId}`)).toHaveLength(2);
  });

  it('a refused rename shows the server message and keeps the old name', async () => {
    const asset = makeAsset({ name: 'old.jpg' });
    library(page([asset]), {
      [`PUT /api/v2/asset/${asset.assetId}`]: fail(400, 'validation_failed', 'Name is too long'),
    });
    renderApp('/dashboard/media-library');
    await waitFor(() => expect(tiles()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('media-name'));
    fireEvent.change(screen.getByTestId('media-name-input'), { target: { value: 'x.jpg' } });
    fireEvent.keyDown(screen.getByTestId('media-name-input'), { key: 'Enter' });
    expect((await screen.findByTestId('notification')).textContent).toContain('Name is too long');
    await waitFor(() => expect(screen.getByTestId('media-name').textContent).toBe('old.jpg'));
  });

  it('imports from a URL and shows the server message for a refused URL', async () => {
    let assets: Asset[] = [];
    const { find } = library(() => page(assets), {
      'POST /api/v2/asset/import': (req) => {
        const { url } = req.body as { url: string };
        if (!url.endsWith('.mp4')) return fail(400, 'invalid_media_url', 'The URL does not point to a supported media file.');
        assets = [makeAsset({ name: 'remote.mp4', type: 'video', state: 'pending', status: 2 })];
        return ok(assets[0], 202);
      },
    });
    renderApp('/dashboard/media-library');
    await screen.findByTestId('media-empty');
    const input = screen.getByTestId('media-import-url') as HTMLInputElement;

    fireEvent.click(screen.getByTestId('media-import-submit'));
    expect(screen.getByTestId('error-url').textContent).toBe('Enter the URL of an image, video or audio file.');
    expect(find('POST /api/v2/asset/import')).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'https://example.com/page.html' } });
    fireEvent.click(screen.getByTestId('media-import-submit'));
    expect((await screen.findByTestId('error-url')).textContent).toBe('The URL does not point to a supported media file.');
    expect(screen.queryByTestId('notification')).toBeNull();

    fireEvent.change(input, { target: { value: ' https://example.com/remote.mp4 ' } });
    expect(screen.queryByTestId('error-url')).toBeNull();
    fireEvent.click(screen.getByTestId('media-import-submit'));
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(tiles()[0].getAttribute('data-state')).toBe('pending');
    expect(find('POST /api/v2/asset/import')[1].body).toEqual({ url: 'https://example.com/remote.mp4' });
    expect(input.value).toBe('');
  });

  it('filters by type and debounced name, and pages with Previous/Next', async () => {
    const { find } = library((req) => {
      const p = Number(req.url.searchParams.get('page'));
      return page([makeAsset()], 45, p);
    });
    renderApp('/dashboard/media-library');
    expect((await screen.findByTestId('media-page-label')).textContent).toBe('Page 1 of 3');
    const prev = screen.getByTestId('media-page-prev') as HTMLButtonElement;
    expect(prev.disabled).toBe(true);

    fireEvent.click(screen.getByTestId('media-page-next'));
    await waitFor(() => expect(screen.getByTestId('media-page-label').textContent).toBe('Page 2 of 3'));
    expect(find('GET /api/v2/asset/page').at(-1)!.url.searchParams.get('page')).toBe('2');
    fireEvent.click(screen.getByTestId('media-page-next'));
    await waitFor(() => expect(screen.getByTestId('media-page-label').textContent).toBe('Page 3 of 3'));
    expect((screen.getByTestId('media-page-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('media-page-prev'));
    await waitFor(() => expect(screen.getByTestId('media-page-label').textContent).toBe('Page 2 of 3'));

    // A new type filter goes back to page 1.
    fireEvent.click(screen.getByTestId('media-type-video'));
    await waitFor(() => expect(screen.getByTestId('media-page-label').textContent).toBe('Page 1 of 3'));
    let last = find('GET /api/v2/asset/page').at(-1)!.url.searchParams;
    expect(last.get('assetType')).toBe('video');
    expect(last.get('page')).toBe('1');
    expect(screen.getByTestId('media-type-video').getAttribute('aria-pressed')).toBe('true');

    const before = find('GET /api/v2/asset/page').length;
    const search = screen.getByTestId('media-search');
    fireEvent.change(search, { target: { value: 'b' } });
    fireEvent.change(search, { target: { value: 'be' } });
    fireEvent.change(search, { target: { value: 'beach' } });
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS / 2));
    expect(find('GET /api/v2/asset/page')).toHaveLength(before);
    await waitFor(() => expect(find('GET /api/v2/asset/page').at(-1)!.url.searchParams.get('assetName')).toBe('beach'));
    expect(find('GET /api/v2/asset/page')).toHaveLength(before + 1);
    last = find('GET /api/v2/asset/page').at(-1)!.url.searchParams;
    expect(last.get('assetType')).toBe('video');

    fireEvent.click(screen.getByTestId('media-type-all'));
    await waitFor(() => expect(find('GET /api/v2/asset/page').at(-1)!.url.searchParams.get('assetType')).toBeNull());
  });

  it('says so when filters match nothing, and clears them', async () => {
    const { find } = library((req) => (req.url.searchParams.get('assetType') === 'audio' ? page([]) : page([makeAsset()])));
    renderApp('/dashboard/media-library?type=audio');
    await screen.findByTestId('media-no-results');
    expect(screen.queryByTestId('media-empty')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(find('GET /api/v2/asset/page').at(-1)!.url.searchParams.get('assetType')).toBeNull();
  });

  it('uploads chosen files one at a time, refusing bad ones without sending them', async () => {
    let assets: Asset[] = [];
    let uploadId = 0;
    const { find } = library(() => page(assets), {
      'POST /api/v2/upload/url': (req) => {
        uploadId += 1;
        const { type } = req.body as { type: string };
        return ok({ url: `http://s3.local/up/${uploadId}`, fileUploadId: `f${uploadId}`, method: 'PUT', headers: { 'Content-Type': type } });
      },
      'POST /api/v2/upload/confirmUpload': (req) => {
        const id = (req.body as { fileUploadId: string }).fileUploadId;
        const created = makeAsset({ name: `upload-${id}`, state: 'pending', status: 2 });
        assets = [created, ...assets];
        return ok(created, 201);
      },
    });
    const xhr = fakeXhr();
    renderApp('/dashboard/media-library');
    await screen.findByTestId('media-empty');

    choose(screen.getByTestId('upload-input'), [
      sized('clip.mp4', 2000, 'video/mp4'),
      sized('tool.exe', 10),
      sized('huge.mp4', MAX_UPLOAD_BYTES + 1, 'video/mp4'),
      sized('photo.jpg', 300, 'image/jpeg'),
    ]);
    const items = () => screen.getAllByTestId('upload-queue-item');
    expect(items()).toHaveLength(4);
    expect(items()[1].getAttribute('data-status')).toBe('refused');
    expect(items()[1].textContent).toContain(FILE_TYPE_NOT_ALLOWED);
    expect(items()[2].textContent).toContain(FILE_TOO_LARGE);

    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(items()[0].getAttribute('data-status')).toBe('uploading');
    expect(items()[3].getAttribute('data-status')).toBe('queued');
    xhr.requests[0].progress(1000, 2000);
    await waitFor(() => expect(items()[0].textContent).toContain('Uploading 50%'));
    expect(items()[0].querySelector('progress')!.getAttribute('value')).toBe('50');
    // Only the running file has asked for an upload URL.
    expect(find('POST /api/v2/upload/url')).toHaveLength(1);

    xhr.requests[0].respond(200);
    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    await waitFor(() => expect(items()[0].getAttribute('data-status')).toBe('done'));
    expect(xhr.requests[1].headers).toEqual({ 'Content-Type': 'image/jpeg' });
    xhr.requests[1].respond(500);
    await waitFor(() => expect(items()[3].getAttribute('data-status')).toBe('failed'));
    expect(items()[3].textContent).toContain('Failed to upload file');

    expect(find('POST /api/v2/upload/url').map((c) => (c.body as { name: string }).name)).toEqual(['clip.mp4', 'photo.jpg']);
    expect(find('POST /api/v2/upload/confirmUpload')).toHaveLength(1);
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(tiles()[0].getAttribute('data-state')).toBe('pending');

    fireEvent.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryAllByTestId('upload-queue-item')).toHaveLength(0);
  });

  it('accepts files dropped on the page', async () => {
    const { find } = library(page([]), {
      'POST /api/v2/upload/url': fail(413, 'file_too_large', 'File is too large. The maximum size is 500 MB.'),
    });
    renderApp('/dashboard/media-library');
    await screen.findByTestId('media-empty');
    const zone = screen.getByTestId('media-library');
    const dataTransfer = { types: ['Files'], files: [sized('drop.png', 5, 'image/png')], dropEffect: 'none' };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(zone.className).toContain('media-library--dragging');
    fireEvent.drop(zone, { dataTransfer });
    expect(zone.className).not.toContain('media-library--dragging');
    await waitFor(() => expect(screen.getByTestId('upload-queue-item').getAttribute('data-status')).toBe('failed'));
    expect(screen.getByTestId('upload-queue-item').textContent).toContain('File is too large. The maximum size is 500 MB.');
    expect(find('POST /api/v2/upload/url')[0].body).toEqual({ name: 'drop.png', type: 'image/png', size: 5 });
  });
});
