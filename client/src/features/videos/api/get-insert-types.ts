import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import { normalizeVideoInsertTypes } from './normalize';
import type { VideoInsertType } from './types';

/** GET /api/v2/video/insert/types -> {types: [{videoInsertTypeId, name}]} */
export async function getInsertTypes(signal?: AbortSignal): Promise<VideoInsertType[]> {
  const data = await api.get<unknown>('/api/v2/video/insert/types', { signal });
  return normalizeVideoInsertTypes(data);
}

/** insertTypesQueryOptions: the kinds of insert only change with a server release, so they are read once. */
export const insertTypesQueryOptions = () =>
  queryOptions({
    queryKey: videoKeys.insertTypes,
    queryFn: ({ signal }) => getInsertTypes(signal),
    staleTime: Infinity,
    meta: { silent: true },
  });

/** useInsertTypes loads the kinds of insert; the panel shows its own three rows until (or unless) they arrive. */
export function useInsertTypes() {
  return useQuery(insertTypesQueryOptions());
}
