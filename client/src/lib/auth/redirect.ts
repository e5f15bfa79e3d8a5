export const DEFAULT_AFTER_LOGIN = '/dashboard';

/**
 * Accepts only same-site absolute paths ("/dashboard/account?x=1"); anything else
 * (other origins, protocol-relative "//host", backslash tricks, auth pages) falls back to the dashboard.
 */
export function safeRedirect(target: string | null | undefined, fallback = DEFAULT_AFTER_LOGIN): string {
  if (!target) return fallback;
  const value = target.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  const path = value.split(/[?#]/)[0];
  if (path === '/login' || path === '/join' || path === '/join-sso' || path === '/logout') return fallback;
  return value;
}

/** The login URL that brings the user back to `currentPath` afterwards. */
export function loginPath(currentPath?: string): string {
  if (!currentPath || currentPath === '/' || safeRedirect(currentPath, '') === '') return '/login';
  return `/login?redirect=${encodeURIComponent(currentPath)}`;
}
