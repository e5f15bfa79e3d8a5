import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { SPLIT_FIRST_SLIDE } from '../api/split-scene';
import { useEditorSelection } from '../stores/editor-selection';
import { editorApi, edited, withPlaceholder } from '../test/editor-api';
import { fullVideo } from '../test/fixtures';
import { movedTo } from './editor-page';

const scenes = () => screen.getAllByTestId('editor-scene');
const sceneIds = () => scenes().map((s) => s.getAttribute('data-scene-id'));
const slides = () => screen.getAllByTestId('editor-slide');
const slide = (layerId: number) => slides().find((s) => s.getAttribute('data-layer-id') === String(layerId))!;
const layerIds = () => slides().map((s) => s.getAttribute('data-layer-id'));
const selectedIds = () => slides().filter((s) => s.getAttribute('data-selected') === 'true').map((s) => s.getAttribute('data-layer-id'));

async function loaded(n = 3) {
  await waitFor(() => expect(slides()).toHaveLength(n));
}

function drag(from: HTMLElement, onto: HTMLElement) {
  fireEvent.dragStart(from);
  fireEvent.dragEnter(onto);
  fireEvent.dragOver(onto);
  fireEvent.drop(onto);
  fireEvent.dragEnd(from);
}

beforeEach(() => {
  document.cookie = 'pagecast_csrf=c1; path=/';
});

afterEach(() => {
  useEditorSelection.getState().editorOpened();
  vi.useRealTimers();
});

describe('movedTo', () => {
  it.each([
    ['down', [1, 2, 3], 1, 3, [2, 3, 1]],
    ['up', [1, 2, 3], 3, 1, [3, 1, 2]],
    ['middle', [1, 2, 3, 4], 4, 2, [1, 4, 2, 3]],
    ['onto itself', [1, 2], 1, 1, null],
    ['unknown', [1, 2], 9, 1, null],
  ])('%s', (_name, ids, moved, target, want) => {
    expect(movedTo(ids, moved, target)).toEqual(want);
  });
});

describe('editor drag and drop', () => {
  it('dropping a slide on another of its scene takes its place and sends the order', async () => {
    const { find } = editorApi({
      'PUT /api/v2/scene/1/layers/order': ok(edited((v) => ((v.scenes[1].layerList[0].order = 1), (v.scenes[1].layerList[1].order = 2)))),
    });
    renderApp('/editor/42');
    await loaded();
    drag(within(slide(10)).getByTestId('editor-slide-handle'), slide(11));
    await waitFor(() => expect(layerIds()).toEqual(['11', '10', '30']));
    await waitFor(() => expect(find('PUT /api/v2/scene/1/layers/order')).toHaveLength(1));
    expect(find('PUT /api/v2/scene/1/layers/order')[0].body).toEqual({ layerIds: [11, 10] });
  });

  it('dropping a slide on a slide of another scene swaps them, and a refusal puts them back', async () => {
    let release: () => void = () => undefined;
    const { find } = editorApi({
      'PUT /api/v2/video/42/layers/swap': async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return fail(422, 'invalid_swap', 'These slides cannot be swapped.');
      },
    });
    renderApp('/editor/42');
    await loaded();
    drag(within(slide(30)).getByTestId('editor-slide-handle'), slide(10));
    // Shown at once: 30 in scene 1's first place, 10 in scene 2.
    await waitFor(() => expect(layerIds()).toEqual(['30', '11', '10']));
    await waitFor(() => expect(find('PUT /api/v2/video/42/layers/swap')).toHaveLength(1));
    expect(find('PUT /api/v2/video/42/layers/swap')[0].body).toEqual({ firstLayerId: 30, secondLayerId: 10 });
    await act(async () => release());
    expect((await screen.findByTestId('editor-notice')).textContent).toContain('These slides cannot be swapped.');
    expect(layerIds()).toEqual(['10', '11', '30']);
  });

  it('dropping a scene on another reorders the scenes', async () => {
    const { find } = editorApi({ 'PUT /api/v2/video/42/scenes/order': ok(edited((v) => ((v.scenes[0].order = 1), (v.scenes[1].order = 2)))) });
    renderApp('/editor/42');
    await loaded();
    drag(within(scenes()[1]).getByTestId('editor-scene-handle'), scenes()[0]);
    await waitFor(() => expect(sceneIds()).toEqual(['2', '1']));
    await waitFor(() => expect(find('PUT /api/v2/video/42/scenes/order')).toHaveLength(1));
    expect(find('PUT /api/v2/video/42/scenes/order')[0].body).toEqual({ sceneIds: [2, 1] });
  });

  it('a slide is no drop target for a scene, nor for itself', async () => {
    const { calls } = editorApi();
    renderApp('/editor/42');
    await loaded();
    const before = calls.length;
    drag(within(scenes()[0]).getByTestId('editor-scene-handle'), slide(11));
    drag(within(slide(10)).getByTestId('editor-slide-handle'), slide(10));
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    expect(calls.length).toBe(before);
    expect(layerIds()).toEqual(['10', '11', '30']);
  });
});

describe('editor selection', () => {
  it('click selects one slide, Ctrl-click adds or removes, Shift-click selects the run', async () => {
    editorApi();
    renderApp('/editor/42');
    await loaded();
    fireEvent.click(slide(10));
    expect(selectedIds()).toEqual(['10']);
    expect(slide(10).getAttribute('data-active')).toBe('true');
    fireEvent.click(slide(30), { ctrlKey: true });
    expect(selectedIds()).toEqual(['10', '30']);
    fireEvent.click(slide(10), { metaKey: true });
    expect(selectedIds()).toEqual(['30']);
    fireEvent.click(slide(10));
    fireEvent.click(slide(30), { shiftKey: true });
    expect(selectedIds()).toEqual(['10', '11', '30']);
    expect(screen.getByTestId('editor-selection-count').textContent).toBe('3 slides selected');
    // Clicks in a field edit it; they do not select.
    fireEvent.click(screen.getByTestId('editor-clear-selection'));
    fireEvent.click(within(slide(11)).getByTestId('editor-slide-text'));
    expect(selectedIds()).toEqual([]);
    expect(screen.queryByTestId('editor-selection')).toBeNull();
    // The checkbox toggles, for keyboards and screen readers.
    fireEvent.click(within(slide(11)).getByLabelText('Select slide 2'));
    expect(selectedIds()).toEqual(['11']);
  });

  it("selecting a scene's slides selects its non-placeholder slides", async () => {
    editorApi({}, withPlaceholder);
    renderApp('/editor/42');
    await loaded(4);
    fireEvent.click(within(scenes()[0]).getByTestId('editor-scene-select'));
    expect(selectedIds()).toEqual(['10', '11']);
  });

  it('Delete selected asks, then sends one DELETE per slide in order', async () => {
    const { find, calls } = editorApi({
      'DELETE /api/v2/layer/10': ok(edited((v) => v.scenes[1].layerList.splice(1, 1))),
      'DELETE /api/v2/layer/30': ok(edited((v) => (v.scenes.splice(0, 1), v.scenes[0].layerList.splice(1, 1)))),
    });
    renderApp('/editor/42');
    await loaded();
    fireEvent.click(slide(30));
    fireEvent.click(slide(10), { ctrlKey: true });
    fireEvent.click(screen.getByTestId('editor-delete-selected'));
    const dialog = await screen.findByTestId('editor-delete-confirm');
    expect(dialog.textContent).toContain('Delete 2 slides?');
    fireEvent.click(screen.getByTestId('editor-delete-confirm-submit'));
    await waitFor(() => expect(layerIds()).toEqual(['11']));
    await waitFor(() => expect(find('DELETE /api/v2/layer/30')).toHaveLength(1));
    const deletes = calls.filter((c) => c.method === 'DELETE').map((c) => c.path);
    expect(deletes).toEqual(['/api/v2/layer/10', '/api/v2/layer/30']);
    await waitFor(() => expect(screen.queryByTestId('editor-selection')).toBeNull());
    expect(scenes()).toHaveLength(1);
  });

  it('Delete selected puts the slides back with a notice when a delete is refused', async () => {
    const { calls } = editorApi({
      'DELETE /api/v2/layer/10': ok(edited((v) => v.scenes[1].layerList.splice(1, 1))),
      'DELETE /api/v2/layer/11': fail(409, 'last_scene', 'Video must have at least 1 scene at all times!'),
    });
    renderApp('/editor/42');
    await loaded();
    fireEvent.click(slide(10));
    fireEvent.click(slide(11), { shiftKey: true });
    fireEvent.click(screen.getByTestId('editor-delete-selected'));
    fireEvent.click(await screen.findByTestId('editor-delete-confirm-submit'));
    expect((await screen.findByTestId('editor-notice')).textContent).toContain('Video must have at least 1 scene at all times!');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/v2/layer/10', '/api/v2/layer/11']);
    await waitFor(() => expect(layerIds()).toEqual(['10', '11', '30']));
  });

  it('Cancel keeps the selected slides', async () => {
    const { calls } = editorApi();
    renderApp('/editor/42');
    await loaded();
    fireEvent.click(slide(11));
    fireEvent.click(screen.getByTestId('editor-delete-selected'));
    fireEvent.click(await screen.findByText('Cancel'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(selectedIds()).toEqual(['11']);
  });
});

describe('editor structure', () => {
  it('adds a scene after a scene', async () => {
    const { find } = editorApi({
      'POST /api/v2/video/42/scenes': ok(
        edited((v) =>
          v.scenes.push({ ...v.scenes[0], sceneId: 3, order: 3, layerList: [{ ...v.scenes[0].layerList[0], layerId: 40, sceneId: 3, text: 'Add your text here.' }] }),
        ),
      ),
    });
    renderApp('/editor/42');
    await loaded();
    fireEvent.click(within(scenes()[1]).getByTestId('editor-add-scene'));
    await waitFor(() => expect(sceneIds()).toEqual(['1', '2', '3']));
    expect(find('POST /api/v2/video/42/scenes')[0].body).toEqual({ prevSceneId: 2 });
    // The new scene's slide is the active one and has the focus.
    await waitFor(() => expect(document.activeElement).toBe(slide(40)));
    expect(screen.getByTestId('slide-panel').getAttribute('data-layer-id')).toBe('40');
  });

  it('inserts a slide after a slide, and appends one to a scene', async () => {
    const withNew = (after: number) =>
      edited((v) => {
        const list = v.scenes[1].layerList;
        list.push({ ...list[0], layerId: 50, order: after + 0.5, text: 'Add your text here.', narration: null });
      });
    const { find } = editorApi({
      'POST /api/v2/scene/1/layers': (req) => ok(withNew((req.body as { afterLayerId?: number }).afterLayerId === 10 ? 1 : 2)),
    });
    renderApp('/editor/42');
    await loaded();
    fireEvent.click(within(slide(10)).getByTestId('editor-slide-add-after'));
    await waitFor(() => expect(layerIds()).toEqual(['10', '50', '11', '30']));
    expect(find('POST /api/v2/scene/1/layers')[0].body).toEqual({ afterLayerId: 10 });
    await waitFor(() => expect(document.activeElement).toBe(slide(50)));
    fireEvent.click(within(scenes()[0]).getByTestId('editor-scene-add-slide'));
    await waitFor(() => expect(find('POST /api/v2/scene/1/layers')).toHaveLength(2));
    expect(find('POST /api/v2/scene/1/layers')[1].body).toEqual({});
  });

  it('splits a scene at a slide after the first; the first slide offers no split', async () => {
    const { find } = editorApi({
      'POST /api/v2/video/42/scenes/1/split': ok(
        edited((v) => {
          const moved = v.scenes[1].layerList.splice(0, 1)[0];
          v.scenes[0].order = 3;
          v.scenes.push({ ...v.scenes[1], sceneId: 5, order: 2, needsAudio: true, layerList: [{ ...moved, sceneId: 5, order: 1 }] });
        }),
      ),
    });
    renderApp('/editor/42');
    await loaded();
    expect(within(slide(10)).queryByTestId('editor-slide-split')).toBeNull();
    expect(within(slide(30)).queryByTestId('editor-slide-split')).toBeNull();
    fireEvent.click(within(slide(11)).getByTestId('editor-slide-split'));
    await waitFor(() => expect(sceneIds()).toEqual(['1', '5', '2']));
    expect(find('POST /api/v2/video/42/scenes/1/split')[0].body).toEqual({ layerId: 11 });
    expect(within(scenes()[1]).getByTestId('editor-narrating')).toBeTruthy();
  });

  it('shows the server refusal of a split', async () => {
    editorApi({ 'POST /api/v2/video/42/scenes/1/split': fail(422, 'split_first_slide', SPLIT_FIRST_SLIDE) });
    renderApp('/editor/42');
    await loaded();
    fireEvent.click(within(slide(11)).getByTestId('editor-slide-split'));
    expect((await screen.findByTestId('editor-notice')).textContent).toContain(SPLIT_FIRST_SLIDE);
    expect(sceneIds()).toEqual(['1', '2']);
  });

  it('Alt+ArrowUp still moves a focused slide', async () => {
    const { find } = editorApi({ 'PUT /api/v2/scene/1/layers/order': ok(fullVideo()) });
    renderApp('/editor/42');
    await loaded();
    fireEvent.keyDown(slide(11), { key: 'ArrowUp', altKey: true });
    await waitFor(() => expect(find('PUT /api/v2/scene/1/layers/order')).toHaveLength(1));
    expect(find('PUT /api/v2/scene/1/layers/order')[0].body).toEqual({ layerIds: [11, 10] });
  });
});
