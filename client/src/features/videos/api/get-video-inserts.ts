import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import { normalizeVideoInserts } from './normalize';
import type { VideoInsert } from './types';

/** insertsPath: /api/v2/video/{id}/inserts, the intro, outro and scene clips of one video. */
export const insertsPath = (videoId: number) => `/api/v2/video/${encodeURIComponent(String(videoId))}/inserts`;

/** insertPath: /api/v2/video/{id}/inserts/{videoInsertId}, one of them. */
export const insertPath = (videoId: number, videoInsertId: number) =>
  `${insertsPath(videoId)}/${encodeURIComponent(String(videoInsertId))}`;

/** GET /api/v2/video/{id}/inserts -> {inserts}, at most one of each type. */
export async function getVideoInserts(videoId: number, signal?: AbortSignal): Promise<VideoInsert[]> {
  const data = await api.get<unknown>(insertsPath(videoId), { signal });
  return normalizeVideoInserts(data);
}

export const videoInsertsQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: videoKeys.inserts(videoId),
    queryFn: ({ signal }) => getVideoInserts(videoId, signal),
    meta: { silent: true },
  });

/** useVideoInserts loads the inserts of a video. */
export function useVideoInserts(videoId: number) {
  return useQuery({ ...videoInsertsQueryOptions(videoId), enabled: videoId > 0 });
}

/** withInsert puts an insert in the list in place of the one of its type (there is at most one of each). */
export const withInsert = (inserts: VideoInsert[] = [], insert: VideoInsert) => [
  ...inserts.filter((i) => i.videoInsertTypeId !== insert.videoInsertTypeId && i.videoInsertId !== insert.videoInsertId),
  insert,
];

/**
 * insertMutation: what every insert change shares. The changes of one video run one after another (scope), and
 * they share a key so the last one to settle can fetch the inserts again.
 */
export const insertMutation = (videoId: number) => ({
  mutationKey: videoKeys.inserts(videoId),
  scope: { id: `inserts-${videoId}` },
  meta: { handlesErrors: true },
});

/**
 * insertsChanged runs when an insert change settles. Any change makes the video a draft again, so the render gate
 * and the video are read again. The inserts themselves are read again only when no other change is still on its way.
 */
export async function insertsChanged(queryClient: QueryClient, videoId: number) {
  void queryClient.invalidateQueries({ queryKey: videoKeys.creditsInfo(videoId) });
  void queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId), exact: true });
  void queryClient.invalidateQueries({ queryKey: videoKeys.lists });
  if (queryClient.isMutating({ mutationKey: videoKeys.inserts(videoId) }) === 1) {
    await queryClient.invalidateQueries({ queryKey: videoKeys.inserts(videoId), exact: true });
  }
}
