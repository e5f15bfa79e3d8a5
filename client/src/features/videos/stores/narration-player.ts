import { create } from 'zustand';

/** A run of slides to play one after another: one slide, or every narrated slide of a scene. */
export interface PlayRun {
  /** The scene being played as a whole, or null for a single slide. */
  sceneId: number | null;
  slideIds: number[];
  index: number;
}

interface NarrationPlayerState {
  run: PlayRun | null;
  slidePlayPressed: (slideId: number) => void;
  scenePlayPressed: (sceneId: number, slideIds: number[]) => void;
  narrationEnded: () => void;
  stopPressed: () => void;
}

/** Which slide narration the preview is playing; one plays at a time. */
export const useNarrationPlayer = create<NarrationPlayerState>()((set) => ({
  run: null,
  slidePlayPressed: (slideId) => set({ run: { sceneId: null, slideIds: [slideId], index: 0 } }),
  scenePlayPressed: (sceneId, slideIds) =>
    set({ run: slideIds.length > 0 ? { sceneId, slideIds, index: 0 } : null }),
  narrationEnded: () =>
    set((s) => {
      if (!s.run || s.run.index + 1 >= s.run.slideIds.length) return { run: null };
      return { run: { ...s.run, index: s.run.index + 1 } };
    }),
  stopPressed: () => set({ run: null }),
}));

/** currentSlideId: the slide whose narration is playing now. */
export function currentSlideId(run: PlayRun | null): number | null {
  return run ? (run.slideIds[run.index] ?? null) : null;
}
