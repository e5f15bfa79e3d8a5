import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';

/** GET /api/v2/user/validateSession: 200 either way, `status` tells whether a session exists. */
export async function validateSession(signal?: AbortSignal): Promise<boolean> {
  const data = await api.get<{ status?: boolean }>('/api/v2/user/validateSession', { signal });
  return data?.status === true;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.session,
    queryFn: ({ signal }) => validateSession(signal),
    staleTime: 60_000,
    retry: 1,
    meta: { silent: true },
  });

export function useSession(options: { revalidateOnMount?: boolean } = {}) {
  return useQuery({
    ...sessionQueryOptions(),
    ...(options.revalidateOnMount ? { refetchOnMount: 'always' as const } : {}),
  });
}
