import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import { normalizeLibraryVideos } from './normalize';
import type { LibraryVideo } from './types';

/** LIBRARY_VIDEOS_PAGE_SIZE: the insert picker shows the newest 50 videos of the library. */
export const LIBRARY_VIDEOS_PAGE_SIZE = 50;

/**
 * GET /api/v2/asset/page?assetType=video&page=1&pageSize=50 -> {assets, totalItems, page, pageSize}, newest first.
 * The media library feature has its own fetcher; features do not share code, so the inserts ask for themselves.
 */
export async function getLibraryVideos(signal?: AbortSignal): Promise<LibraryVideo[]> {
  const data = await api.get<unknown>('/api/v2/asset/page', {
    signal,
    params: { assetType: 'video', page: 1, pageSize: LIBRARY_VIDEOS_PAGE_SIZE },
  });
  return normalizeLibraryVideos(data);
}

/** libraryVideosQueryOptions: read again each time the picker opens, since uploads happen on another page. */
export const libraryVideosQueryOptions = () =>
  queryOptions({
    queryKey: videoKeys.libraryVideos,
    queryFn: ({ signal }) => getLibraryVideos(signal),
    staleTime: 0,
    meta: { silent: true },
  });

/** useLibraryVideos loads the videos the insert picker offers. */
export function useLibraryVideos({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...libraryVideosQueryOptions(), enabled });
}
