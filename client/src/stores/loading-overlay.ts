import { create } from 'zustand';

interface LoadingOverlayState {
  /** Number of callers currently asking for the overlay; it shows while above zero. */
  count: number;
  message?: string;
  show: (message?: string) => void;
  hide: () => void;
}

export const useLoadingOverlay = create<LoadingOverlayState>()((set) => ({
  count: 0,
  message: undefined,
  show: (message) => set((state) => ({ count: state.count + 1, message: message ?? state.message })),
  hide: () =>
    set((state) => {
      const count = Math.max(0, state.count - 1);
      return { count, message: count === 0 ? undefined : state.message };
    }),
}));

/** Runs `task` with the overlay shown, hiding it however the task ends. */
export async function withLoadingOverlay<T>(task: () => Promise<T>, message?: string): Promise<T> {
  const { show, hide } = useLoadingOverlay.getState();
  show(message);
  try {
    return await task();
  } finally {
    hide();
  }
}
