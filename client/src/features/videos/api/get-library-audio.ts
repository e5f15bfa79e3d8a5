import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import { normalizeLibraryAudio } from './normalize';
import type { LibraryAudio } from './types';

/** LIBRARY_AUDIO_PAGE_SIZE: the picker shows the newest 50 audio files of the library. */
export const LIBRARY_AUDIO_PAGE_SIZE = 50;

/**
 * GET /api/v2/asset/page?assetType=audio&page=1&pageSize=50 -> {assets, totalItems, page, pageSize}, newest first.
 * The media library feature has its own fetcher; features do not share code, so the soundtrack asks for itself.
 */
export async function getLibraryAudio(signal?: AbortSignal): Promise<LibraryAudio[]> {
  const data = await api.get<unknown>('/api/v2/asset/page', {
    signal,
    params: { assetType: 'audio', page: 1, pageSize: LIBRARY_AUDIO_PAGE_SIZE },
  });
  return normalizeLibraryAudio(data);
}

/** libraryAudioQueryOptions: read again each time the picker opens, since uploads happen on another page. */
export const libraryAudioQueryOptions = () =>
  queryOptions({
    queryKey: videoKeys.libraryAudio,
    queryFn: ({ signal }) => getLibraryAudio(signal),
    staleTime: 0,
    meta: { silent: true },
  });

/** useLibraryAudio loads the audio the soundtrack picker offers. */
export function useLibraryAudio({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...libraryAudioQueryOptions(), enabled });
}
