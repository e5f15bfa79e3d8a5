import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/api-client';
import { voiceKeys } from './keys';
import type { Voice, VoiceFilters, VoicePage } from './types';

/** Spec 000 business constants: voice list page 1000. */
export const VOICE_PAGE_SIZE = 1000;

/** Query parameters of GET /api/v2/voice for the given filters and page. */
export function buildVoiceParams(filters: VoiceFilters, page = 1): QueryParams {
  const tagIds = Object.values(filters.tags).flat();
  const search = filters.search.trim();
  return {
    recommendedOnly: filters.recommendedOnly ? 'true' : 'false',
    tags: tagIds.length ? tagIds : undefined,
    search: search || undefined,
    cloned: filters.cloned === undefined ? undefined : String(filters.cloned),
    page,
    pageSize: VOICE_PAGE_SIZE,
  };
}

function normalizeVoice(raw: Voice): Voice {
  return { ...raw, name: raw.name ?? '', tags: Array.isArray(raw.tags) ? raw.tags : [] };
}

/** GET /api/v2/voice */
export async function getVoices(filters: VoiceFilters, page = 1, signal?: AbortSignal): Promise<VoicePage> {
  const data = await api.get<Partial<VoicePage> | null>('/api/v2/voice', {
    signal,
    params: buildVoiceParams(filters, page),
  });
  const voices = Array.isArray(data?.voices) ? data.voices.map(normalizeVoice) : [];
  return {
    voices,
    page: typeof data?.page === 'number' ? data.page : page,
    pageSize: typeof data?.pageSize === 'number' ? data.pageSize : VOICE_PAGE_SIZE,
    total: typeof data?.total === 'number' ? data.total : voices.length,
  };
}

export const voicesQueryOptions = (filters: VoiceFilters) =>
  infiniteQueryOptions({
    queryKey: voiceKeys.list(filters),
    queryFn: ({ signal, pageParam }) => getVoices(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.voices.length, 0);
      return loaded < last.total && last.voices.length > 0 ? last.page + 1 : undefined;
    },
    staleTime: 30_000,
  });

export function useVoices(filters: VoiceFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...voicesQueryOptions(filters), enabled: options.enabled ?? true });
}
