/** Runtime settings read once from Vite's environment. */
export const env = {
  /** Prefix for every API call; empty string means same origin. */
  apiUrl: (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, ''),
  csrfCookie: 'pagecast_csrf',
  csrfHeader: 'X-CSRF-Token',
  notificationDurationMs: 5000,
} as const;
