import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type MockHandler } from '@/test/mock-api';
import { renderApp, signedIn } from '@/test/render-app';
import { fullVideo } from '../test/fixtures';
import { DELETED_AUDIO, LIBRARY_AUDIO_EMPTY, SOUNDTRACK_PLAY_FAILED } from './soundtrack-panel';

interface ServerItem {
  videoBackgroundAudioAssetId: number;
  assetId: number;
  name: string;
  order: number;
  volume: number;
  length: number;
  url: string;
  deleted?: boolean;
}

function item(id: number, order: number, overrides: Partial<ServerItem> = {}): ServerItem {
  return {
    videoBackgroundAudioAssetId: id,
    assetId: id + 100,
    name: `Track ${id}`,
    order,
    volume: 20,
    length: 95,
    url: `http://s3.local/a/${id}.mp3?sig=1`,
    ...overrides,
  };
}

function libraryAsset(assetId: number, name: string, state = 'complete') {
  return { assetId, name, type: 'audio', duration: 62, url: `http://s3.local/l/${assetId}.mp3`, previewUrl: '', state, status: 4 };
}

/** A small soundtrack server: GET answers whatever the changes left behind. */
function api(initial: ServerItem[], routes: Record<string, MockHandler> = {}) {
  const server = { items: initial.map((i) => ({ ...i })) };
  const mock = mockApi({
    ...signedIn(),
    'GET /api/v2/video/42': ok(fullVideo()),
    'GET /api/v2/video/42/credits-info': ok({ canRender: true, renderAllowed: true, requiredCredits: 1, remainingCredits: 9 }),
    'GET /api/v2/video/42/renderStatusWithDetails': ok({ videoId: 42, status: '' }),
    'GET /api/v2/video/42/exports': ok({ exports: [] }),
    'GET /api/v2/video/42/backgroundAudio': () => ok({ items: [...server.items].sort((a, b) => a.order - b.order) }),
    ...routes,
  });
  return { ...mock, server };
}

const items = () => screen.queryAllByTestId('soundtrack-item');
const names = () => items().map((el) => within(el).getByTestId('soundtrack-item-name').textContent);
const ids = () => items().map((el) => el.getAttribute('data-item-id'));
const slider = (index: number) => within(items()[index]).getByTestId('soundtrack-volume') as HTMLInputElement;

async function loaded(count: number) {
  await waitFor(() => expect(items()).toHaveLength(count));
}

beforeEach(() => {
  document.cookie = 'pagecast_csrf=c1; path=/';
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('soundtrack panel', () => {
  it('lists the music in soundtrack order, below the render panel', async () => {
    api([item(7, 2, { volume: 35 }), item(3, 1), item(9, 3, { name: '' })]);
    renderApp('/dashboard/video/42');
    await loaded(3);
    expect(names()).toEqual(['Track 3', 'Track 7', 'Untitled audio']);
    expect(ids()).toEqual(['3', '7', '9']);
    expect(slider(1).value).toBe('35');
    expect(slider(1).getAttribute('aria-label')).toBe('Volume of Track 7');
    expect(within(items()[0]).getAllByRole('slider')).toHaveLength(1);
    expect(within(items()[0]).getByTestId('soundtrack-up')).toHaveProperty('disabled', true);
    expect(within(items()[2]).getByTestId('soundtrack-down')).toHaveProperty('disabled', true);
    expect(items()[0].textContent).toContain('1:35');

    const panel = screen.getByTestId('soundtrack-panel');
    const render = screen.getByTestId('render-panel');
    expect(render.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says which music was deleted from the library and is left out of the render', async () => {
    api([item(3, 1), item(7, 2, { deleted: true, url: '' })]);
    renderApp('/dashboard/video/42');
    await loaded(2);
    expect(within(items()[0]).queryByTestId('soundtrack-item-deleted')).toBeNull();
    expect(within(items()[1]).getByTestId('soundtrack-item-deleted').textContent).toBe(DELETED_AUDIO);
  });

  it('adds audio chosen in the picker and reads the render gate again', async () => {
    const { find, server } = api([item(3, 1)], {
      'GET /api/v2/asset/page': ok({
        assets: [libraryAsset(501, 'Calm piano'), libraryAsset(502, 'Still importing', 'processing'), libraryAsset(503, 'Upbeat')],
        totalItems: 3,
        page: 1,
        pageSize: 50,
      }),
      'POST /api/v2/video/42/backgroundAudio': (req) => {
        const added = item(12, 2, { assetId: (req.body as { assetId: number }).assetId, name: 'Upbeat' });
        server.items.push(added);
        return ok(added, 201);
      },
    });
    renderApp('/dashboard/video/42');
    await loaded(1);
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(1));

    fireEvent.click(screen.getByTestId('soundtrack-add'));
    const picker = await screen.findByTestId('soundtrack-picker');
    await waitFor(() => expect(within(picker).getAllByTestId('soundtrack-choice')).toHaveLength(2));
    const query = find('GET /api/v2/asset/page')[0].url.searchParams;
    expect(query.get('assetType')).toBe('audio');
    expect(query.get('page')).toBe('1');
    expect(query.get('pageSize')).toBe('50');
    expect(within(picker).getAllByTestId('soundtrack-choice').map((c) => c.textContent)).toEqual(['Calm piano1:02', 'Upbeat1:02']);

    fireEvent.click(within(picker).getAllByTestId('soundtrack-choice')[1]);
    await waitFor(() => expect(find('POST /api/v2/video/42/backgroundAudio')).toHaveLength(1));
    const post = find('POST /api/v2/video/42/backgroundAudio')[0];
    expect(post.body).toEqual({ assetId: 503 });
    expect(post.headers.get('X-CSRF-Token')).toBe('c1');
    await loaded(2);
    expect(names()).toEqual(['Track 3', 'Upbeat']);
    expect(screen.queryByTestId('soundtrack-picker')).toBeNull();
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(2));
  });

  it('shows the refusal of an add and keeps the picker open', async () => {
    api([], {
      'GET /api/v2/asset/page': ok({ assets: [libraryAsset(501, 'Calm piano')], totalItems: 1, page: 1, pageSize: 50 }),
      'POST /api/v2/video/42/backgroundAudio': fail(400, 'validation_failed', 'This audio is still importing. Try again when it is ready.'),
    });
    renderApp('/dashboard/video/42');
    fireEvent.click(await screen.findByTestId('soundtrack-add'));
    fireEvent.click(await screen.findByTestId('soundtrack-choice'));
    expect((await screen.findByTestId('soundtrack-notice')).textContent).toContain('This audio is still importing.');
    expect(screen.getByTestId('soundtrack-picker')).toBeTruthy();
    expect(items()).toHaveLength(0);
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it("shows the picker's empty state with a link to the media library", async () => {
    api([item(3, 1)], { 'GET /api/v2/asset/page': ok({ assets: [], totalItems: 0, page: 1, pageSize: 50 }) });
    renderApp('/dashboard/video/42');
    await loaded(1);
    fireEvent.click(screen.getByTestId('soundtrack-add'));
    const empty = await screen.findByTestId('soundtrack-empty');
    expect(empty.textContent).toBe(LIBRARY_AUDIO_EMPTY);
    expect(within(empty).getByRole('link', { name: 'Media library' }).getAttribute('href')).toBe('/dashboard/media-library');
    expect(screen.queryAllByTestId('soundtrack-choice')).toHaveLength(0);

    // Escape closes the picker and focus returns to Add music.
    fireEvent.keyDown(screen.getByTestId('soundtrack-picker'), { key: 'Escape' });
    expect(screen.queryByTestId('soundtrack-picker')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('soundtrack-add'));
  });

  it('closes Add music at five items', async () => {
    api([1, 2, 3, 4, 5].map((n) => item(n, n)));
    renderApp('/dashboard/video/42');
    await loaded(5);
    expect(screen.getByTestId('soundtrack-add')).toHaveProperty('disabled', true);
  });

  it('saves the volume once the slider is released', async () => {
    const { find, server } = api([item(3, 1), item(7, 2)], {
      'PUT /api/v2/video/42/backgroundAudio/7': (req) => {
        const target = server.items.find((i) => i.videoBackgroundAudioAssetId === 7)!;
        target.volume = (req.body as { volume: number }).volume;
        return ok(target);
      },
    });
    renderApp('/dashboard/video/42');
    await loaded(2);
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(1));

    // Moving the slider only shows the value.
    fireEvent.input(slider(1), { target: { value: '45' } });
    fireEvent.input(slider(1), { target: { value: '60' } });
    expect(slider(1).value).toBe('60');
    expect(find('PUT /api/v2/video/42/backgroundAudio/7')).toHaveLength(0);

    // Release commits once; the blur that follows sends nothing more.
    fireEvent.change(slider(1));
    fireEvent.blur(slider(1));
    await waitFor(() => expect(find('PUT /api/v2/video/42/backgroundAudio/7')).toHaveLength(1));
    expect(find('PUT /api/v2/video/42/backgroundAudio/7')[0].body).toEqual({ volume: 60 });
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(2));
    expect(slider(1).value).toBe('60');
    expect(find('PUT /api/v2/video/42/backgroundAudio/7')).toHaveLength(1);

    // Keyboard changes commit on blur too.
    fireEvent.input(slider(0), { target: { value: '25' } });
    fireEvent.blur(slider(0));
    await waitFor(() => expect(find('PUT /api/v2/video/42/backgroundAudio/3')).toHaveLength(1));
    expect(find('PUT /api/v2/video/42/backgroundAudio/3')[0].body).toEqual({ volume: 25 });
  });

  it('puts the volume back with a notice when the server fails', async () => {
    const { find } = api([item(3, 1)], {
      'PUT /api/v2/video/42/backgroundAudio/3': fail(500, 'internal', 'Something went wrong. Please try again.'),
    });
    renderApp('/dashboard/video/42');
    await loaded(1);
    fireEvent.input(slider(0), { target: { value: '80' } });
    fireEvent.change(slider(0));
    // Shown at once, before the server answers.
    expect(slider(0).value).toBe('80');
    await waitFor(() => expect(find('PUT /api/v2/video/42/backgroundAudio/3')).toHaveLength(1));
    expect((await screen.findByTestId('soundtrack-notice')).textContent).toContain('Something went wrong. Please try again.');
    await waitFor(() => expect(slider(0).value).toBe('20'));
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('asks before removing, then DELETEs', async () => {
    const { find, server } = api([item(3, 1), item(7, 2)], {
      'DELETE /api/v2/video/42/backgroundAudio/3': () => {
        server.items = server.items.filter((i) => i.videoBackgroundAudioAssetId !== 3).map((i) => ({ ...i, order: i.order - 1 }));
        return { status: 204 };
      },
    });
    renderApp('/dashboard/video/42');
    await loaded(2);

    fireEvent.click(within(items()[0]).getByTestId('soundtrack-remove'));
    const dialog = screen.getByTestId('soundtrack-remove-confirm');
    expect(dialog.textContent).toContain('Track 3');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByTestId('soundtrack-remove-confirm')).toBeNull();
    expect(find('DELETE /api/v2/video/42/backgroundAudio/3')).toHaveLength(0);

    fireEvent.click(within(items()[0]).getByTestId('soundtrack-remove'));
    fireEvent.click(screen.getByTestId('soundtrack-remove-confirm-submit'));
    await waitFor(() => expect(find('DELETE /api/v2/video/42/backgroundAudio/3')).toHaveLength(1));
    await loaded(1);
    expect(names()).toEqual(['Track 7']);
    expect(screen.queryByTestId('soundtrack-remove-confirm')).toBeNull();
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(2));
  });

  it('moves an item down by sending every id in the new order', async () => {
    const { find, server } = api([item(3, 1), item(7, 2), item(9, 3)], {
      'PUT /api/v2/video/42/backgroundAudio/order': (req) => {
        const order = (req.body as { itemIds: number[] }).itemIds;
        server.items = order.map((id, index) => ({ ...server.items.find((i) => i.videoBackgroundAudioAssetId === id)!, order: index + 1 }));
        return ok({ items: server.items });
      },
    });
    renderApp('/dashboard/video/42');
    await loaded(3);
    fireEvent.click(within(items()[0]).getByTestId('soundtrack-down'));
    // Optimistic: the new order shows before the server answers.
    await waitFor(() => expect(ids()).toEqual(['7', '3', '9']));
    await waitFor(() => expect(find('PUT /api/v2/video/42/backgroundAudio/order')).toHaveLength(1));
    expect(find('PUT /api/v2/video/42/backgroundAudio/order')[0].body).toEqual({ itemIds: [7, 3, 9] });
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(2));
    expect(ids()).toEqual(['7', '3', '9']);

    // Moving to the last place hands focus to Move up, since Move down is disabled there.
    const down = within(items()[1]).getByTestId('soundtrack-down');
    down.focus();
    fireEvent.click(down);
    await waitFor(() => expect(ids()).toEqual(['7', '9', '3']));
    await waitFor(() => expect(document.activeElement).toBe(within(items()[2]).getByTestId('soundtrack-up')));
    await waitFor(() => expect(find('PUT /api/v2/video/42/backgroundAudio/order')).toHaveLength(2));
    expect(find('PUT /api/v2/video/42/backgroundAudio/order')[1].body).toEqual({ itemIds: [7, 9, 3] });
  });

  it('puts the old order back with a notice when the server refuses', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api([item(3, 1), item(7, 2)], {
      'PUT /api/v2/video/42/backgroundAudio/order': async () => {
        await answered;
        return fail(400, 'validation_failed', 'The list must name every item once.');
      },
    });
    renderApp('/dashboard/video/42');
    await loaded(2);
    fireEvent.click(within(items()[1]).getByTestId('soundtrack-up'));
    await waitFor(() => expect(ids()).toEqual(['7', '3']));
    answer();
    expect((await screen.findByTestId('soundtrack-notice')).textContent).toContain('The list must name every item once.');
    await waitFor(() => expect(ids()).toEqual(['3', '7']));
  });

  it('previews one item at a time', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    api([item(3, 1), item(7, 2)]);
    renderApp('/dashboard/video/42');
    await loaded(2);
    const button = (index: number) => within(items()[index]).getByTestId('soundtrack-play');

    fireEvent.click(button(0));
    expect(button(0).getAttribute('aria-pressed')).toBe('true');
    expect(button(0).getAttribute('aria-label')).toBe('Pause Track 3');
    fireEvent.click(button(1));
    expect(button(0).getAttribute('aria-pressed')).toBe('false');
    expect(button(1).getAttribute('aria-pressed')).toBe('true');
    expect(play).toHaveBeenCalledTimes(2);
    expect(play.mock.contexts[1]).toBe(within(items()[1]).getByTestId('soundtrack-audio'));

    fireEvent.click(button(1));
    expect(button(1).getAttribute('aria-pressed')).toBe('false');
  });

  it("says 'Failed to play audio.' when the preview cannot play", async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('nope', 'NotSupportedError'));
    api([item(3, 1)]);
    renderApp('/dashboard/video/42');
    await loaded(1);
    const play = within(items()[0]).getByTestId('soundtrack-play');
    fireEvent.click(play);
    expect((await screen.findByTestId('soundtrack-notice')).textContent).toContain(SOUNDTRACK_PLAY_FAILED);
    await waitFor(() => expect(play.getAttribute('aria-pressed')).toBe('false'));
  });

  it('says so when the soundtrack cannot be loaded, without a notification', async () => {
    api([], { 'GET /api/v2/video/42/backgroundAudio': fail(500, 'internal', 'Something went wrong. Please try again.') });
    renderApp('/dashboard/video/42');
    expect((await screen.findByTestId('soundtrack-error')).textContent).toContain('Something went wrong.');
    expect(screen.queryByTestId('soundtrack-add')).toBeNull();
    expect(screen.queryByTestId('notification')).toBeNull();
  });
});
