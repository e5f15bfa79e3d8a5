import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { authKeys, loginPath } from '@/lib/auth';
import { createQueryClient } from '@/lib/react-query';
import { notify } from '@/stores/notifications';
import { routes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

const AUTH_PAGES = new Set(['/login', '/join', '/join-sso']);

/** A 401 from a protected call: forget the session and go to /login?redirect=<where the user was>. */
export function redirectToLogin(router: AppRouter, queryClient: QueryClient) {
  const { pathname, search, hash } = router.state.location;
  queryClient.setQueryData(authKeys.session, false);
  queryClient.removeQueries({ queryKey: authKeys.user });
  if (AUTH_PAGES.has(pathname)) return;
  void router.navigate(loginPath(pathname + search + hash), { replace: true });
}

/** Wires the query client and the router together (browser router by default; tests pass a memory router). */
export function createApp(
  makeRouter: (routes: RouteObject[]) => AppRouter = (r) => createBrowserRouter(r),
  options: { retry?: boolean } = {},
) {
  let router: AppRouter | undefined;
  const queryClient: QueryClient = createQueryClient(
    {
      onUnauthorized: () => {
        if (router) redirectToLogin(router, queryClient);
      },
      onError: (message) => notify.error(message),
    },
    options,
  );
  router = makeRouter(routes);
  return { router, queryClient };
}
