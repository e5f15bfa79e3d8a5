import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok, type MockHandler, type MockRequest } from '@/test/mock-api';
import { makeUser, renderApp, signedIn } from '@/test/render-app';
import type { TagCategory, TagGroup, Voice } from '../api/types';
import { useNarratorVoice } from '../stores/narrator-voice';
import { useSamplePlayer } from '../stores/sample-player';
import { TOO_MANY_FILES } from '../utils/validate-clone-files';
import { EMPTY_TEXT } from './voice-picker';

let nextId = 10;
function makeVoice(overrides: Partial<Voice> = {}): Voice {
  nextId += 1;
  return {
    voiceId: nextId,
    name: `Voice ${nextId}`,
    gender: 'female',
    languageCode: 'en-US',
    tags: [
      { tagId: 1, tag: 'Female', tagCategoryId: 20 },
      { tagId: 50, tag: 'English', tagCategoryId: 24 },
    ],
    audioSampleURL: `/api/v2/voice/${nextId}/sample`,
    voiceProviderVoiceId: `p${nextId}`,
    voiceProviderId: 1,
    isRecommended: true,
    isPublic: true,
    cloned: false,
    deletedAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

function tagsOf(n: number, start: number) {
  return Array.from({ length: n }, (_, i) => ({
    tagId: start + i,
    tag: `Tag ${start + i}`,
    parentTagId: null,
    count: i === n - 1 ? 0 : 5,
    recommendedCount: i === n - 1 ? 0 : 3,
  }));
}

const gender: TagCategory = { tagCategoryId: 20, name: 'Gender', maxTagsPerEntity: 1, tags: tagsOf(3, 1) };
const accent: TagCategory = { tagCategoryId: 22, name: 'Accent', maxTagsPerEntity: 3, tags: tagsOf(8, 30) };
const groups: TagGroup[] = [{ tagGroupId: 1, name: 'AI voices', marketplaceKind: 1, categories: [gender, accent] }];

function voicesPage(voices: Voice[], total = voices.length, page = 1) {
  return ok({ voices, page, pageSize: 1000, total });
}

function setup(list: MockHandler, extra: Record<string, MockHandler> = {}, features: string[] = []) {
  document.cookie = 'pagecast_csrf=c1; path=/';
  return mockApi({
    ...signedIn(makeUser({ featuresEnabled: features })),
    'GET /api/v2/voice': list,
    'GET /api/v2/tag/group': ok(groups),
    ...extra,
  });
}

async function openModal() {
  fireEvent.click(await screen.findByTestId('voice-change'));
  return screen.findByTestId('voice-modal');
}

const params = (req: MockRequest) => ({
  recommendedOnly: req.url.searchParams.get('recommendedOnly'),
  tags: req.url.searchParams.getAll('tags'),
  search: req.url.searchParams.get('search'),
  cloned: req.url.searchParams.get('cloned'),
  page: req.url.searchParams.get('page'),
  pageSize: req.url.searchParams.get('pageSize'),
});

beforeEach(() => {
  useNarratorVoice.getState().reset();
  useSamplePlayer.setState({ playing: null });
});
afterEach(() => useNarratorVoice.getState().reset());

describe('voices page', () => {
  it('mounts the panel at /dashboard/voices and opens the selector as a dialog; Escape closes it', async () => {
    setup(voicesPage([makeVoice()]));
    renderApp('/dashboard/voices');
    expect(await screen.findByTestId('voice-panel')).toBeTruthy();
    expect(screen.getByTestId('voice-panel-name').textContent).toBe('No voice chosen yet.');
    const modal = await openModal();
    expect(modal.getAttribute('role')).toBe('dialog');
    await screen.findAllByTestId('voice-result');
    fireEvent.keyDown(modal, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('voice-modal')).toBeNull());
  });

  it('builds the list query from the filters', async () => {
    const { find } = setup(voicesPage([makeVoice()]));
    renderApp('/dashboard/voices');
    await openModal();
    await screen.findAllByTestId('voice-result');
    expect(params(find('GET /api/v2/voice')[0])).toEqual({
      recommendedOnly: 'true',
      tags: [],
      search: null,
      cloned: null,
      page: '1',
      pageSize: '1000',
    });

    fireEvent.change(screen.getByTestId('voice-search'), { target: { value: ' english ' } });
    await waitFor(() => expect(find('GET /api/v2/voice').at(-1)!.url.searchParams.get('search')).toBe('english'));

    fireEvent.click(screen.getByTestId('voice-recommended-toggle'));
    await waitFor(() => expect(params(find('GET /api/v2/voice').at(-1)!).recommendedOnly).toBe('false'));

    await screen.findAllByTestId('voice-tag');
    fireEvent.click(screen.getAllByTestId('voice-tag').find((t) => t.getAttribute('data-tag-id') === '2')!);
    fireEvent.click(screen.getAllByTestId('voice-tag').find((t) => t.getAttribute('data-tag-id') === '30')!);
    fireEvent.click(screen.getAllByTestId('voice-tag').find((t) => t.getAttribute('data-tag-id') === '31')!);
    await waitFor(() => expect(params(find('GET /api/v2/voice').at(-1)!).tags).toEqual(['2', '30', '31']));
    expect(params(find('GET /api/v2/voice').at(-1)!)).toMatchObject({ search: 'english', recommendedOnly: 'false' });

    fireEvent.click(screen.getByTestId('voice-tags-reset'));
    await waitFor(() =>
      expect((screen.getAllByTestId('voice-tag') as HTMLInputElement[]).some((t) => t.checked)).toBe(false),
    );
  });

  it('uses radios for single-tag categories, checkboxes otherwise, 6 tags then show more', async () => {
    setup(voicesPage([makeVoice()]));
    renderApp('/dashboard/voices');
    await openModal();
    const categories = await screen.findAllByTestId('voice-tag-category');
    const [g, a] = categories;
    const gTags = within(g).getAllByTestId('voice-tag') as HTMLInputElement[];
    expect(gTags.map((t) => t.type)).toEqual(['radio', 'radio', 'radio']);
    expect(within(g).queryByTestId('voice-tag-more')).toBeNull();
    let aTags = within(a).getAllByTestId('voice-tag') as HTMLInputElement[];
    expect(aTags).toHaveLength(6);
    expect(aTags.every((t) => t.type === 'checkbox')).toBe(true);
    fireEvent.click(within(a).getByTestId('voice-tag-more'));
    aTags = within(a).getAllByTestId('voice-tag') as HTMLInputElement[];
    expect(aTags).toHaveLength(8);
    expect(within(a).getByTestId('voice-tag-more').textContent).toBe('Show less');
    // The last tag of each category has a zero count: disabled.
    expect(aTags[7].disabled).toBe(true);
    expect(gTags[2].disabled).toBe(true);
    expect(aTags[0].disabled).toBe(false);
    expect(a.textContent).toContain('(3)');
    fireEvent.click(within(a).getByTestId('voice-tag-more'));
    expect(within(a).getAllByTestId('voice-tag')).toHaveLength(6);
  });

  it('shows the empty state', async () => {
    setup(voicesPage([]));
    renderApp('/dashboard/voices');
    await openModal();
    expect((await screen.findByTestId('voice-empty')).textContent).toBe(EMPTY_TEXT);
    expect(EMPTY_TEXT).toBe('No voices were found');
  });

  it('loads more when total exceeds what is loaded', async () => {
    const first = makeVoice();
    const second = makeVoice();
    const { find } = setup((req) =>
      req.url.searchParams.get('page') === '2' ? voicesPage([second], 2, 2) : voicesPage([first], 2, 1),
    );
    renderApp('/dashboard/voices');
    await openModal();
    fireEvent.click(await screen.findByTestId('voice-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('voice-result')).toHaveLength(2));
    expect(find('GET /api/v2/voice').at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(screen.queryByTestId('voice-load-more')).toBeNull();
  });

  it('selects an available voice into the panel; deleted, private and selected voices cannot be selected', async () => {
    const good = makeVoice({ name: 'Aria' });
    const deleted = makeVoice({ deletedAt: '2026-01-02T00:00:00Z' });
    const hidden = makeVoice({ isPublic: false });
    setup(voicesPage([good, deleted, hidden]));
    renderApp('/dashboard/voices');
    await openModal();
    const results = await screen.findAllByTestId('voice-result');
    const selectOf = (el: HTMLElement) => within(el).getByTestId('voice-select') as HTMLButtonElement;
    expect(results.map((r) => selectOf(r).disabled)).toEqual([false, true, true]);
    fireEvent.click(selectOf(results[0]));
    await waitFor(() => expect(screen.queryByTestId('voice-modal')).toBeNull());
    expect(screen.getByTestId('voice-panel-name').textContent).toBe('Aria');
    expect(screen.getByTestId('voice-panel').textContent).toContain('English');
    await openModal();
    const again = await screen.findAllByTestId('voice-result');
    expect(selectOf(again[0]).disabled).toBe(true);
    expect(selectOf(again[0]).textContent).toBe('Selected');
  });

  it('plays one sample at a time', async () => {
    setup(voicesPage([makeVoice(), makeVoice()]));
    renderApp('/dashboard/voices');
    await openModal();
    const [a, b] = await screen.findAllByTestId('voice-result');
    fireEvent.click(within(a).getByTestId('voice-play'));
    expect(within(a).getByTestId('voice-play').getAttribute('data-playing')).toBe('true');
    fireEvent.click(within(b).getByTestId('voice-play'));
    expect(within(a).getByTestId('voice-play').getAttribute('data-playing')).toBe('false');
    expect(within(b).getByTestId('voice-play').getAttribute('data-playing')).toBe('true');
    expect(screen.getAllByTestId('voice-audio')).toHaveLength(1);
  });

  it('hides the Cloner tab without the VoiceCloning feature', async () => {
    setup(voicesPage([makeVoice()]));
    renderApp('/dashboard/voices');
    await openModal();
    await screen.findAllByTestId('voice-result');
    expect(screen.queryByTestId('voice-tab-cloner')).toBeNull();
  });

  it('clones a voice with the VoiceCloning feature: checks files, asks for a name, shows the server message', async () => {
    const mine = makeVoice({ name: 'My clone', cloned: true, isPublic: false });
    let attempts = 0;
    const { find } = setup(
      (req) => (req.url.searchParams.get('cloned') === 'true' ? voicesPage([mine]) : voicesPage([makeVoice()])),
      {
        'PUT /api/v2/voice/clone': () => {
          attempts += 1;
          return attempts === 1
            ? fail(
                400,
                'clone_limit',
                'You have reached the limit of 2 cloned voices. To create a new cloned voice, please remove an existing one.',
              )
            : ok(makeVoice({ name: 'Fresh', cloned: true }), 201);
        },
        [`DELETE /api/v2/voice/${mine.voiceId}`]: ok(mine),
      },
      ['VoiceCloning'],
    );
    renderApp('/dashboard/voices');
    await openModal();
    fireEvent.click(await screen.findByTestId('voice-tab-cloner'));
    expect((await screen.findByTestId('voice-cloned')).textContent).toContain('My clone');
    expect(find('GET /api/v2/voice').some((r) => r.url.searchParams.get('cloned') === 'true')).toBe(true);

    const input = screen.getByTestId('voice-clone-input');
    const files = Array.from({ length: 11 }, (_, i) => new File(['x'], `s${i}.mp3`));
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    fireEvent.change(input);
    expect(screen.getByTestId('voice-clone-problem').textContent).toBe(TOO_MANY_FILES);
    expect(screen.queryByTestId('voice-clone-name-dialog')).toBeNull();

    Object.defineProperty(input, 'files', { value: [new File(['x'], 'me.wav')], configurable: true });
    fireEvent.change(input);
    fireEvent.change(await screen.findByTestId('voice-clone-name'), { target: { value: 'Me' } });
    fireEvent.click(screen.getByTestId('voice-clone-submit'));
    expect((await screen.findByTestId('voice-clone-error')).textContent).toBe(
      'You have reached the limit of 2 cloned voices. To create a new cloned voice, please remove an existing one.',
    );
    fireEvent.click(screen.getByTestId('voice-clone-submit'));
    await waitFor(() => expect(screen.queryByTestId('voice-clone-name-dialog')).toBeNull());
    const put = find('PUT /api/v2/voice/clone')[1];
    expect(put.headers.get('X-CSRF-Token')).toBe('c1');

    fireEvent.click(screen.getByTestId('voice-cloned-delete'));
    fireEvent.click(await screen.findByTestId('voice-confirm'));
    await waitFor(() => expect(find(`DELETE /api/v2/voice/${mine.voiceId}`)).toHaveLength(1));
  });
});
