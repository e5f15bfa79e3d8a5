import { create } from 'zustand';

interface SamplePlayerState {
  /** Key of the one sample playing now ("scope:voiceId"), or null. */
  playing: string | null;
  play: (key: string) => void;
  stop: (key?: string) => void;
}

/** One sample plays at a time: starting one stops the other. */
export const useSamplePlayer = create<SamplePlayerState>()((set, get) => ({
  playing: null,
  play: (key) => set({ playing: key }),
  stop: (key) => {
    if (key === undefined || get().playing === key) set({ playing: null });
  },
}));
