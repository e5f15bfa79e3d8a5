import { create } from 'zustand';

/** SelectMode: a plain click selects one slide, Ctrl/Cmd adds or removes one, Shift selects the run from the anchor. */
export type SelectMode = 'single' | 'toggle' | 'range';

/** Dragging is what the user is dragging in the editor (HTML5 drag and drop). */
export type Dragging = { kind: 'slide'; layerId: number } | { kind: 'scene'; sceneId: number } | null;

interface EditorSelectionState {
  /** Selected slide ids, in the order they were selected. */
  selected: number[];
  /** Where a Shift-click range starts. */
  anchor: number | null;
  activeSceneId: number | null;
  activeSlideId: number | null;
  /** The slide the scene preview is showing and speaking. */
  spokenSlideId: number | null;
  dragging: Dragging;
  /** When "Fill missing media" was started (ms since epoch): the editor watches the video for a while after. */
  automatchStartedAt: number | null;
  /** A slide was clicked; order is every slide id of the video in video order (for ranges). */
  slideClicked: (layerId: number, sceneId: number, mode: SelectMode, order: number[]) => void;
  /** Spec 000 section 4: selecting a scene's slides selects its non-placeholder slides (the caller passes them). */
  sceneSlidesSelected: (sceneId: number, layerIds: number[]) => void;
  selectionCleared: () => void;
  /** Choosing a scene makes it active. */
  sceneChosen: (sceneId: number) => void;
  /** Choosing a slide makes it active and activates its scene. */
  slideChosen: (layerId: number, sceneId: number) => void;
  slidesGone: (layerIds: number[]) => void;
  spokenSlideChanged: (layerId: number | null) => void;
  dragStarted: (dragging: Exclude<Dragging, null>) => void;
  dragEnded: () => void;
  automatchStarted: (at: number) => void;
  editorOpened: () => void;
}

const initial = {
  selected: [] as number[],
  anchor: null,
  activeSceneId: null,
  activeSlideId: null,
  spokenSlideId: null,
  dragging: null as Dragging,
  automatchStartedAt: null as number | null,
};

/** useEditorSelection holds the editor's UI state: the selected slides, the active scene and slide, what is dragged. */
export const useEditorSelection = create<EditorSelectionState>()((set) => ({
  ...initial,
  slideClicked: (layerId, sceneId, mode, order) =>
    set((s) => {
      const active = { activeSlideId: layerId, activeSceneId: sceneId };
      if (mode === 'toggle') {
        const selected = s.selected.includes(layerId) ? s.selected.filter((id) => id !== layerId) : [...s.selected, layerId];
        return { ...active, selected, anchor: layerId };
      }
      if (mode === 'range' && s.anchor !== null) {
        const from = order.indexOf(s.anchor);
        const to = order.indexOf(layerId);
        if (from >= 0 && to >= 0) {
          const run = order.slice(Math.min(from, to), Math.max(from, to) + 1);
          return { ...active, selected: run };
        }
      }
      return { ...active, selected: [layerId], anchor: layerId };
    }),
  sceneSlidesSelected: (sceneId, layerIds) =>
    set({ selected: layerIds, anchor: layerIds[0] ?? null, activeSceneId: sceneId }),
  selectionCleared: () => set({ selected: [], anchor: null }),
  sceneChosen: (sceneId) => set({ activeSceneId: sceneId }),
  slideChosen: (layerId, sceneId) => set({ activeSlideId: layerId, activeSceneId: sceneId }),
  slidesGone: (layerIds) =>
    set((s) => ({
      selected: s.selected.filter((id) => !layerIds.includes(id)),
      anchor: s.anchor !== null && layerIds.includes(s.anchor) ? null : s.anchor,
      activeSlideId: s.activeSlideId !== null && layerIds.includes(s.activeSlideId) ? null : s.activeSlideId,
    })),
  spokenSlideChanged: (layerId) => set({ spokenSlideId: layerId }),
  dragStarted: (dragging) => set({ dragging }),
  dragEnded: () => set({ dragging: null }),
  automatchStarted: (at) => set({ automatchStartedAt: at }),
  editorOpened: () => set(initial),
}));
