import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import { normalizeCreditsInfo } from './normalize';
import type { CreditsInfo } from './types';

/** GET /api/v2/video/{id}/credits-info -> price of a render, credits left and the render gate. */
export async function getCreditsInfo(videoId: number, signal?: AbortSignal): Promise<CreditsInfo> {
  const data = await api.get<unknown>(`/api/v2/video/${encodeURIComponent(String(videoId))}/credits-info`, { signal });
  return normalizeCreditsInfo(data);
}

/**
 * creditsInfoQueryOptions: always fresh on mount and when the tab is looked at again, because edits and renders
 * elsewhere (another tab, a teammate) change the gate and the balance.
 */
export const creditsInfoQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: videoKeys.creditsInfo(videoId),
    queryFn: ({ signal }) => getCreditsInfo(videoId, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
    meta: { silent: true },
  });

/** useCreditsInfo loads whether the video can be rendered now and what it costs. */
export function useCreditsInfo(videoId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...creditsInfoQueryOptions(videoId), enabled: enabled && videoId > 0 });
}
