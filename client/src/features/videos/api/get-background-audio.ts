import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import { normalizeBackgroundAudio } from './normalize';
import type { BackgroundAudioItem } from './types';

/** backgroundAudioPath: /api/v2/video/{id}/backgroundAudio, the soundtrack of one video. */
export const backgroundAudioPath = (videoId: number) => `/api/v2/video/${encodeURIComponent(String(videoId))}/backgroundAudio`;

/** GET /api/v2/video/{id}/backgroundAudio -> {items} in soundtrack order. */
export async function getBackgroundAudio(videoId: number, signal?: AbortSignal): Promise<BackgroundAudioItem[]> {
  const data = await api.get<unknown>(backgroundAudioPath(videoId), { signal });
  return normalizeBackgroundAudio(data);
}

export const backgroundAudioQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: videoKeys.backgroundAudio(videoId),
    queryFn: ({ signal }) => getBackgroundAudio(videoId, signal),
    meta: { silent: true },
  });

/** useBackgroundAudio loads the soundtrack of a video. */
export function useBackgroundAudio(videoId: number) {
  return useQuery({ ...backgroundAudioQueryOptions(videoId), enabled: videoId > 0 });
}

/**
 * soundtrackMutation: what every soundtrack change shares. The changes of one video run one after another
 * (scope), so a reorder never overtakes the change before it, and they share a key so the last one to settle
 * can fetch the soundtrack again.
 */
export const soundtrackMutation = (videoId: number) => ({
  mutationKey: videoKeys.backgroundAudio(videoId),
  scope: { id: `soundtrack-${videoId}` },
  meta: { handlesErrors: true },
});

/**
 * soundtrackChanged runs when a soundtrack change settles. Any change makes the video a draft again, so the render
 * gate and the video are read again. The soundtrack itself is read again only when no other change is still on its
 * way, so an answer never undoes an optimistic change that is still pending.
 */
export async function soundtrackChanged(queryClient: QueryClient, videoId: number) {
  void queryClient.invalidateQueries({ queryKey: videoKeys.creditsInfo(videoId) });
  void queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId), exact: true });
  void queryClient.invalidateQueries({ queryKey: videoKeys.lists });
  if (queryClient.isMutating({ mutationKey: videoKeys.backgroundAudio(videoId) }) === 1) {
    await queryClient.invalidateQueries({ queryKey: videoKeys.backgroundAudio(videoId), exact: true });
  }
}
