import { create } from 'zustand';
import type { Voice } from '../api/types';

interface NarratorVoiceState {
  /** The chosen voice; null when none is chosen yet or when AI chooses. */
  voice: Voice | null;
  aiChooses: boolean;
  choose: (voice: Voice) => void;
  letAiChoose: () => void;
  reset: () => void;
}

/** UI state of the narrator-voice panel (the create flow will hold its own copy later). */
export const useNarratorVoice = create<NarratorVoiceState>()((set) => ({
  voice: null,
  aiChooses: false,
  choose: (voice) => set({ voice, aiChooses: false }),
  letAiChoose: () => set({ voice: null, aiChooses: true }),
  reset: () => set({ voice: null, aiChooses: false }),
}));
