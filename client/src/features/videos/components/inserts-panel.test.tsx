import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type MockHandler } from '@/test/mock-api';
import { renderApp, signedIn } from '@/test/render-app';
import { fullVideo } from '../test/fixtures';
import {
  DELETED_INSERT,
  INSERT_PLAY_FAILED,
  LIBRARY_VIDEOS_EMPTY,
  VOICEOVER_NO_SCENE_PREPEND,
  VOICEOVER_SCENE_PREPEND_LEFT_OUT,
} from './inserts-panel';

interface ServerInsert {
  videoInsertId: number;
  videoInsertTypeId: number;
  assetId: number;
  name: string;
  length: number;
  url: string;
  thumbnailUrl: string;
  deleted?: boolean;
}

function insert(videoInsertId: number, videoInsertTypeId: number, overrides: Partial<ServerInsert> = {}): ServerInsert {
  return {
    videoInsertId,
    videoInsertTypeId,
    assetId: videoInsertId + 100,
    name: `Clip ${videoInsertId}`,
    length: 5,
    url: `http://s3.local/i/${videoInsertId}.mp4?sig=1`,
    thumbnailUrl: `http://s3.local/i/${videoInsertId}.jpg`,
    ...overrides,
  };
}

function libraryVideo(assetId: number, name: string, state = 'complete') {
  return {
    assetId,
    name,
    type: 'video',
    state,
    duration: 12,
    url: `http://s3.local/l/${assetId}.mp4`,
    previewUrl: '',
    thumbnailUrl: `http://s3.local/l/${assetId}.jpg`,
  };
}

const TYPES = [
  { videoInsertTypeId: 1, name: 'Intro' },
  { videoInsertTypeId: 2, name: 'Outro' },
  { videoInsertTypeId: 3, name: 'Scene prepend' },
];

/** A small inserts server: GET answers whatever the changes left behind. */
function api(initial: ServerInsert[], routes: Record<string, MockHandler> = {}) {
  const server = { inserts: initial.map((i) => ({ ...i })) };
  const mock = mockApi({
    ...signedIn(),
    'GET /api/v2/video/42': ok(fullVideo()),
    'GET /api/v2/video/42/credits-info': ok({ canRender: true, renderAllowed: true, requiredCredits: 1, remainingCredits: 9 }),
    'GET /api/v2/video/42/renderStatusWithDetails': ok({ videoId: 42, status: '' }),
    'GET /api/v2/video/42/exports': ok({ exports: [] }),
    'GET /api/v2/video/42/backgroundAudio': ok({ items: [] }),
    'GET /api/v2/video/insert/types': ok({ types: TYPES }),
    'GET /api/v2/video/42/inserts': () => ok({ inserts: server.inserts }),
    ...routes,
  });
  return { ...mock, server };
}

const row = (type: number) => {
  const el = screen.getAllByTestId('insert-row').find((r) => r.getAttribute('data-type') === String(type));
  if (!el) throw new Error(`no row of type ${type}`);
  return el;
};
const nameIn = (type: number) => within(row(type)).getByTestId('insert-name').textContent;

async function loaded() {
  await waitFor(() => expect(screen.getAllByTestId('insert-row')).toHaveLength(3));
}

beforeEach(() => {
  document.cookie = 'pagecast_csrf=c1; path=/';
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('inserts panel', () => {
  it('shows one row per kind with its clip or None, below the soundtrack', async () => {
    api([insert(7, 2, { name: 'Thanks.mp4', length: 8 })]);
    renderApp('/dashboard/video/42');
    await loaded();

    expect(screen.getAllByTestId('insert-row').map((r) => r.getAttribute('data-type'))).toEqual(['1', '2', '3']);
    expect(row(1).textContent).toContain('Intro');
    expect(row(2).textContent).toContain('Outro');
    expect(row(3).textContent).toContain('Before each scene');

    expect(nameIn(1)).toBe('None');
    expect(within(row(1)).getByTestId('insert-choose').textContent).toBe('Choose video');
    expect(within(row(1)).queryByTestId('insert-remove')).toBeNull();
    expect(within(row(1)).queryByTestId('insert-preview')).toBeNull();

    expect(nameIn(2)).toBe('Thanks.mp4');
    expect(row(2).textContent).toContain('0:08');
    expect(within(row(2)).getByTestId('insert-choose').textContent).toBe('Replace');
    expect(within(row(2)).getByTestId('insert-remove')).toBeTruthy();
    const preview = within(row(2)).getByTestId('insert-preview') as HTMLVideoElement;
    expect(preview.muted).toBe(true);
    expect(preview.getAttribute('preload')).toBe('metadata');
    expect(preview.getAttribute('src')).toBe('http://s3.local/i/7.mp4?sig=1');
    expect(preview.getAttribute('poster')).toBe('http://s3.local/i/7.jpg');

    expect(nameIn(3)).toBe('None');

    const panel = screen.getByTestId('inserts-panel');
    const soundtrack = screen.getByTestId('soundtrack-panel');
    expect(soundtrack.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says which clip was deleted from the library and is left out of the render', async () => {
    api([insert(5, 1), insert(7, 2, { deleted: true, url: '', thumbnailUrl: '' })]);
    renderApp('/dashboard/video/42');
    await loaded();
    expect(within(row(1)).queryByTestId('insert-deleted')).toBeNull();
    expect(within(row(2)).getByTestId('insert-deleted').textContent).toBe(DELETED_INSERT);
    expect(within(row(2)).getByTestId('insert-play')).toHaveProperty('disabled', true);
    expect(within(row(2)).getByTestId('insert-choose').textContent).toBe('Replace');
  });

  it('offers no video before each scene of a voiceover video, whose render puts none there', async () => {
    api([], { 'GET /api/v2/video/42': ok({ ...fullVideo(), isVoiceover: true }) });
    renderApp('/dashboard/video/42');
    await loaded();
    expect(within(row(3)).getByTestId('insert-hint').textContent).toBe(VOICEOVER_NO_SCENE_PREPEND);
    expect(within(row(3)).queryByTestId('insert-choose')).toBeNull();
    // The intro and the outro play as for any video.
    expect(within(row(1)).getByTestId('insert-choose').textContent).toBe('Choose video');
    expect(within(row(2)).getByTestId('insert-choose').textContent).toBe('Choose video');
  });

  it("says a voiceover video's video before each scene is left out, and offers only Remove", async () => {
    const { server } = api([insert(9, 3, { name: 'Sting.mp4' })], {
      'GET /api/v2/video/42': ok({ ...fullVideo(), isVoiceover: true }),
      'DELETE /api/v2/video/42/inserts/9': () => {
        server.inserts = [];
        return { status: 204 };
      },
    });
    renderApp('/dashboard/video/42');
    await loaded();
    expect(nameIn(3)).toBe('Sting.mp4');
    expect(within(row(3)).getByTestId('insert-left-out').textContent).toBe(VOICEOVER_SCENE_PREPEND_LEFT_OUT);
    expect(within(row(3)).queryByTestId('insert-choose')).toBeNull();

    // Removed, the row has no button to take the focus: the panel's title does.
    fireEvent.click(within(row(3)).getByTestId('insert-remove'));
    fireEvent.click(await screen.findByTestId('insert-remove-confirm-submit'));
    await waitFor(() => expect(nameIn(3)).toBe('None'));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Intro and outro'));
  });

  it('says nothing is left out of an ordinary video', async () => {
    api([insert(9, 3)]);
    renderApp('/dashboard/video/42');
    await loaded();
    expect(within(row(3)).queryByTestId('insert-left-out')).toBeNull();
    expect(within(row(3)).getByTestId('insert-choose').textContent).toBe('Replace');
  });

  it('POSTs the video chosen for an empty kind and reads the render gate again', async () => {
    const { find, server } = api([], {
      'GET /api/v2/asset/page': ok({
        assets: [libraryVideo(501, 'Logo sting'), libraryVideo(502, 'Still importing', 'processing'), libraryVideo(503, 'Welcome')],
        totalItems: 3,
        page: 1,
        pageSize: 50,
      }),
      'POST /api/v2/video/42/inserts': (req) => {
        const body = req.body as { videoInsertTypeId: number; assetId: number };
        const added = insert(12, body.videoInsertTypeId, { assetId: body.assetId, name: 'Welcome' });
        server.inserts.push(added);
        return ok(added, 201);
      },
    });
    renderApp('/dashboard/video/42');
    await loaded();
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(1));

    fireEvent.click(within(row(1)).getByTestId('insert-choose'));
    const picker = await screen.findByTestId('insert-picker');
    expect(row(1).contains(picker)).toBe(true);
    await waitFor(() => expect(within(picker).getAllByTestId('insert-choice')).toHaveLength(2));
    const query = find('GET /api/v2/asset/page')[0].url.searchParams;
    expect(query.get('assetType')).toBe('video');
    expect(query.get('page')).toBe('1');
    expect(query.get('pageSize')).toBe('50');
    expect(within(picker).getAllByTestId('insert-choice').map((c) => c.getAttribute('data-asset-id'))).toEqual(['501', '503']);

    fireEvent.click(within(picker).getAllByTestId('insert-choice')[1]);
    await waitFor(() => expect(find('POST /api/v2/video/42/inserts')).toHaveLength(1));
    const post = find('POST /api/v2/video/42/inserts')[0];
    expect(post.body).toEqual({ videoInsertTypeId: 1, assetId: 503 });
    expect(post.headers.get('X-CSRF-Token')).toBe('c1');
    await waitFor(() => expect(nameIn(1)).toBe('Welcome'));
    expect(screen.queryByTestId('insert-picker')).toBeNull();
    expect(within(row(1)).getByTestId('insert-choose').textContent).toBe('Replace');
    expect(document.activeElement).toBe(within(row(1)).getByTestId('insert-choose'));
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(2));
    expect(find('PUT /api/v2/video/42/inserts/12')).toHaveLength(0);
  });

  it('reads the library afresh each time the picker opens', async () => {
    const { find } = api([], {
      'GET /api/v2/asset/page': ok({ assets: [libraryVideo(501, 'Logo sting')], totalItems: 1, page: 1, pageSize: 50 }),
    });
    renderApp('/dashboard/video/42');
    await loaded();
    fireEvent.click(within(row(2)).getByTestId('insert-choose'));
    await screen.findByTestId('insert-choice');
    fireEvent.click(within(screen.getByTestId('insert-picker')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('insert-picker')).toBeNull();
    expect(document.activeElement).toBe(within(row(2)).getByTestId('insert-choose'));

    fireEvent.click(within(row(3)).getByTestId('insert-choose'));
    await screen.findByTestId('insert-picker');
    await waitFor(() => expect(find('GET /api/v2/asset/page')).toHaveLength(2));
  });

  it('PUTs a replacement for a kind that is set', async () => {
    const { find, server } = api([insert(7, 2)], {
      'GET /api/v2/asset/page': ok({ assets: [libraryVideo(107, 'Clip 7'), libraryVideo(503, 'Goodbye')], totalItems: 2, page: 1, pageSize: 50 }),
      'PUT /api/v2/video/42/inserts/7': (req) => {
        const body = req.body as { videoInsertTypeId: number; assetId: number };
        server.inserts = [insert(7, body.videoInsertTypeId, { assetId: body.assetId, name: 'Goodbye', length: 65 })];
        return ok(server.inserts[0]);
      },
    });
    renderApp('/dashboard/video/42');
    await loaded();
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(1));

    fireEvent.click(within(row(2)).getByTestId('insert-choose'));
    const picker = await screen.findByTestId('insert-picker');
    await waitFor(() => expect(within(picker).getAllByTestId('insert-choice')).toHaveLength(2));
    // The clip already in place cannot be chosen again.
    const [current, other] = within(picker).getAllByTestId('insert-choice');
    expect(current).toHaveProperty('disabled', true);
    fireEvent.click(other);

    await waitFor(() => expect(find('PUT /api/v2/video/42/inserts/7')).toHaveLength(1));
    expect(find('PUT /api/v2/video/42/inserts/7')[0].body).toEqual({ videoInsertTypeId: 2, assetId: 503 });
    expect(find('POST /api/v2/video/42/inserts')).toHaveLength(0);
    await waitFor(() => expect(nameIn(2)).toBe('Goodbye'));
    expect(row(2).textContent).toContain('1:05');
    expect(screen.queryByTestId('insert-picker')).toBeNull();
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(2));
  });

  it('replaces the clip when the kind was set meanwhile (409 insert_exists)', async () => {
    const { find, server } = api([], {
      'GET /api/v2/asset/page': ok({ assets: [libraryVideo(503, 'Welcome')], totalItems: 1, page: 1, pageSize: 50 }),
      'POST /api/v2/video/42/inserts': () => {
        // Another tab set the intro first.
        server.inserts = [insert(9, 1)];
        return fail(409, 'insert_exists', 'This video already has an intro.');
      },
      'PUT /api/v2/video/42/inserts/9': (req) => {
        const body = req.body as { videoInsertTypeId: number; assetId: number };
        server.inserts = [insert(9, 1, { assetId: body.assetId, name: 'Welcome' })];
        return ok(server.inserts[0]);
      },
    });
    renderApp('/dashboard/video/42');
    await loaded();
    fireEvent.click(within(row(1)).getByTestId('insert-choose'));
    fireEvent.click(await screen.findByTestId('insert-choice'));
    await waitFor(() => expect(find('PUT /api/v2/video/42/inserts/9')).toHaveLength(1));
    expect(find('PUT /api/v2/video/42/inserts/9')[0].body).toEqual({ videoInsertTypeId: 1, assetId: 503 });
    await waitFor(() => expect(nameIn(1)).toBe('Welcome'));
    expect(screen.queryByTestId('insert-notice')).toBeNull();
  });

  it('asks before removing, then DELETEs', async () => {
    const { find, server } = api([insert(5, 1, { name: 'Logo sting' }), insert(7, 2)], {
      'DELETE /api/v2/video/42/inserts/5': () => {
        server.inserts = server.inserts.filter((i) => i.videoInsertId !== 5);
        return { status: 204 };
      },
    });
    renderApp('/dashboard/video/42');
    await loaded();
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(1));

    fireEvent.click(within(row(1)).getByTestId('insert-remove'));
    const dialog = screen.getByTestId('insert-remove-confirm');
    expect(dialog.textContent).toContain('Remove the intro?');
    expect(dialog.textContent).toContain('Logo sting');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByTestId('insert-remove-confirm')).toBeNull();
    expect(find('DELETE /api/v2/video/42/inserts/5')).toHaveLength(0);

    fireEvent.click(within(row(1)).getByTestId('insert-remove'));
    fireEvent.click(screen.getByTestId('insert-remove-confirm-submit'));
    await waitFor(() => expect(find('DELETE /api/v2/video/42/inserts/5')).toHaveLength(1));
    await waitFor(() => expect(nameIn(1)).toBe('None'));
    expect(nameIn(2)).toBe('Clip 7');
    expect(within(row(1)).queryByTestId('insert-remove')).toBeNull();
    expect(screen.queryByTestId('insert-remove-confirm')).toBeNull();
    expect(document.activeElement).toBe(within(row(1)).getByTestId('insert-choose'));
    await waitFor(() => expect(find('GET /api/v2/video/42/credits-info')).toHaveLength(2));
  });

  it("shows the server's refusal in the notice and keeps the picker open", async () => {
    api([], {
      'GET /api/v2/asset/page': ok({ assets: [libraryVideo(501, 'Logo sting')], totalItems: 1, page: 1, pageSize: 50 }),
      'POST /api/v2/video/42/inserts': fail(400, 'validation_failed', 'This video is still importing. Try again when it is ready.'),
    });
    renderApp('/dashboard/video/42');
    await loaded();
    fireEvent.click(within(row(3)).getByTestId('insert-choose'));
    fireEvent.click(await screen.findByTestId('insert-choice'));
    expect((await screen.findByTestId('insert-notice')).textContent).toContain(
      'This video is still importing. Try again when it is ready.',
    );
    expect(screen.getByTestId('insert-picker')).toBeTruthy();
    expect(nameIn(3)).toBe('None');
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it("shows the picker's empty state with a link to the media library", async () => {
    api([], { 'GET /api/v2/asset/page': ok({ assets: [libraryVideo(501, 'Importing', 'processing')], totalItems: 1, page: 1, pageSize: 50 }) });
    renderApp('/dashboard/video/42');
    await loaded();
    fireEvent.click(within(row(1)).getByTestId('insert-choose'));
    const empty = await screen.findByTestId('insert-empty');
    expect(empty.textContent).toBe(LIBRARY_VIDEOS_EMPTY);
    expect(within(empty).getByRole('link', { name: 'Media library' }).getAttribute('href')).toBe('/dashboard/media-library');
    expect(screen.queryAllByTestId('insert-choice')).toHaveLength(0);

    // Escape closes the picker and focus returns to the row's button.
    fireEvent.keyDown(screen.getByTestId('insert-picker'), { key: 'Escape' });
    expect(screen.queryByTestId('insert-picker')).toBeNull();
    expect(document.activeElement).toBe(within(row(1)).getByTestId('insert-choose'));
  });

  it('previews a clip from its Play button and on hover', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    api([insert(7, 2)]);
    renderApp('/dashboard/video/42');
    await loaded();
    const button = within(row(2)).getByTestId('insert-play');
    const preview = within(row(2)).getByTestId('insert-preview');

    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Pause Clip 7');
    expect(play.mock.contexts[0]).toBe(preview);
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(pause).toHaveBeenCalledTimes(1);

    fireEvent.mouseEnter(preview);
    expect(play).toHaveBeenCalledTimes(2);
    fireEvent.mouseLeave(preview);
    expect(pause).toHaveBeenCalledTimes(2);
  });

  it("says 'Failed to play video.' when the Play button cannot start the preview", async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('nope', 'NotSupportedError'));
    api([insert(7, 1)]);
    renderApp('/dashboard/video/42');
    await loaded();
    const button = within(row(1)).getByTestId('insert-play');
    fireEvent.click(button);
    expect((await screen.findByTestId('insert-notice')).textContent).toContain(INSERT_PLAY_FAILED);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
  });

  it('says so when the inserts cannot be loaded, without a notification', async () => {
    api([], { 'GET /api/v2/video/42/inserts': fail(500, 'internal', 'Something went wrong. Please try again.') });
    renderApp('/dashboard/video/42');
    expect((await screen.findByTestId('inserts-error')).textContent).toContain('Something went wrong.');
    expect(screen.queryAllByTestId('insert-row')).toHaveLength(0);
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('still shows the three rows when the kinds cannot be read', async () => {
    api([insert(7, 3, { name: 'Chime' })], { 'GET /api/v2/video/insert/types': fail(500, 'internal', 'Something went wrong.') });
    renderApp('/dashboard/video/42');
    await loaded();
    expect(nameIn(3)).toBe('Chime');
    expect(screen.queryByTestId('notification')).toBeNull();
  });
});
