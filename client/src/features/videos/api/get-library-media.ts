import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import { normalizeLibraryMedia } from './normalize';
import type { LibraryMedia } from './types';

/** LIBRARY_MEDIA_PAGE_SIZE: the slide media picker shows the newest 50 pictures and videos of the library. */
export const LIBRARY_MEDIA_PAGE_SIZE = 50;

/** GET /api/v2/asset/page?assetType=image&assetType=video&page=1&pageSize=50 -> {assets, totalItems}, newest first. */
export async function getLibraryMedia(signal?: AbortSignal): Promise<LibraryMedia[]> {
  const data = await api.get<unknown>('/api/v2/asset/page', {
    signal,
    params: { assetType: ['image', 'video'], page: 1, pageSize: LIBRARY_MEDIA_PAGE_SIZE },
  });
  return normalizeLibraryMedia(data);
}

/** libraryMediaQueryOptions: read again each time the picker opens, since uploads happen on another page. */
export const libraryMediaQueryOptions = () =>
  queryOptions({
    queryKey: videoKeys.libraryMedia,
    queryFn: ({ signal }) => getLibraryMedia(signal),
    staleTime: 0,
    meta: { silent: true },
  });

/** useLibraryMedia loads the pictures and videos the slide media picker offers. */
export function useLibraryMedia() {
  return useQuery(libraryMediaQueryOptions());
}
