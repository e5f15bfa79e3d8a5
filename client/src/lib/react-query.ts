import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage, isApiError } from './api-client';

export interface AppQueryMeta extends Record<string, unknown> {
  /** Do not show a notification when this query fails (the screen shows its own state). */
  silent?: boolean;
  /** A 401 from this call is an expected answer, not an expired session. */
  skipAuthRedirect?: boolean;
}

export interface AppMutationMeta extends Record<string, unknown> {
  /** The form shows the error itself; no global notification. */
  handlesErrors?: boolean;
  skipAuthRedirect?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error;
    queryMeta: AppQueryMeta;
    mutationMeta: AppMutationMeta;
  }
}

export interface QueryClientHooks {
  /** Called when a protected call answers 401. */
  onUnauthorized: () => void;
  /** Called with the human message of any other failure that is not handled locally. */
  onError: (message: string, error: unknown) => void;
}

function isUnauthorized(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 401;
}

export function createQueryClient(hooks: QueryClientHooks, overrides: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const meta = query.meta ?? {};
        if (isUnauthorized(error) && !meta.skipAuthRedirect) {
          hooks.onUnauthorized();
          return;
        }
        if (!meta.silent) hooks.onError(errorMessage(error), error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const meta = mutation.meta ?? {};
        if (isUnauthorized(error) && !meta.skipAuthRedirect) {
          hooks.onUnauthorized();
          return;
        }
        if (!meta.handlesErrors) hooks.onError(errorMessage(error), error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry:
          overrides.retry === false
            ? false
            : (failureCount, error) => {
                // Client errors will not get better by asking again.
                if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
                return failureCount < 2;
              },
      },
      mutations: { retry: false },
    },
  });
}
