import { afterEach, describe, expect, it } from 'vitest';
import { useEditorSelection } from './editor-selection';

const state = () => useEditorSelection.getState();
const ORDER = [10, 11, 12, 30];

afterEach(() => state().editorOpened());

describe('editor selection store', () => {
  it.each([
    ['a click selects one', [[11, 'single']], [11]],
    ['Ctrl adds', [[11, 'single'], [30, 'toggle']], [11, 30]],
    ['Ctrl removes', [[11, 'single'], [11, 'toggle']], []],
    ['Shift selects the run from the anchor', [[30, 'single'], [11, 'range']], [11, 12, 30]],
    ['Shift without an anchor selects one', [[12, 'range']], [12]],
    ['a click after a range starts again', [[10, 'single'], [12, 'range'], [30, 'single']], [30]],
  ] as const)('%s', (_name, clicks, want) => {
    for (const [id, mode] of clicks) state().slideClicked(id, 1, mode, ORDER);
    expect(state().selected).toEqual(want);
  });

  it('choosing a slide activates its scene; selecting a scene slides keeps what the caller passes', () => {
    state().slideClicked(30, 2, 'single', ORDER);
    expect(state()).toMatchObject({ activeSlideId: 30, activeSceneId: 2 });
    state().sceneSlidesSelected(1, [10, 11]);
    expect(state()).toMatchObject({ selected: [10, 11], activeSceneId: 1, anchor: 10 });
  });

  it('slides that are gone leave the selection and the active slide', () => {
    state().slideClicked(10, 1, 'single', ORDER);
    state().slideClicked(11, 1, 'toggle', ORDER);
    state().slidesGone([10]);
    expect(state()).toMatchObject({ selected: [11], activeSlideId: 11 });
    state().slidesGone([11]);
    expect(state()).toMatchObject({ selected: [], activeSlideId: null, anchor: null });
  });
});
