import { create } from 'zustand';
import { env } from '@/lib/env';

export type NotificationType = 'error' | 'success' | 'info';

export interface Notification {
  id: string;
  type: NotificationType;
  title: string;
  message?: string;
}

interface NotificationsState {
  notifications: Notification[];
  /** Shows a notification and schedules its removal; returns its id. */
  add: (notification: Omit<Notification, 'id'>, durationMs?: number) => string;
  dismiss: (id: string) => void;
  clear: () => void;
}

let counter = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export const useNotifications = create<NotificationsState>()((set, get) => ({
  notifications: [],
  add: (notification, durationMs = env.notificationDurationMs) => {
    counter += 1;
    const id = `n${counter}`;
    set((state) => ({ notifications: [...state.notifications, { ...notification, id }] }));
    if (durationMs > 0) {
      timers.set(
        id,
        setTimeout(() => get().dismiss(id), durationMs),
      );
    }
    return id;
  },
  dismiss: (id) => {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    set((state) => ({ notifications: state.notifications.filter((n) => n.id !== id) }));
  },
  clear: () => {
    timers.forEach((timer) => clearTimeout(timer));
    timers.clear();
    set({ notifications: [] });
  },
}));

/** Shortcuts usable outside React (query cache callbacks, mutations). */
export const notify = {
  error: (message: string, title = 'Error') => useNotifications.getState().add({ type: 'error', title, message }),
  success: (message: string, title = 'Success') =>
    useNotifications.getState().add({ type: 'success', title, message }),
  info: (message: string, title = 'Notice') => useNotifications.getState().add({ type: 'info', title, message }),
};
