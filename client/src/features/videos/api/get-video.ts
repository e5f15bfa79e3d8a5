import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isBuildFinal } from '../utils/build-stage';
import { videoKeys } from './keys';
import { normalizeVideo } from './normalize';
import type { Video } from './types';

/** GET /api/v2/video/{id} */
export async function getVideo(videoId: number, signal?: AbortSignal): Promise<Video> {
  const data = await api.get<unknown>(`/api/v2/video/${encodeURIComponent(String(videoId))}`, { signal });
  return normalizeVideo(data);
}

export interface VideoQueryOptions {
  /** Poll every pollMs while the video is still being built; stops once the build is ready or failed. */
  pollMs?: number;
  /** Poll while this says so instead (the editor polls while narration or media is on its way). */
  pollWhile?: (video: Video) => boolean;
  enabled?: boolean;
}

export const videoQueryOptions = (videoId: number, { pollMs, pollWhile = (v) => !isBuildFinal(v) }: VideoQueryOptions = {}) =>
  queryOptions({
    queryKey: videoKeys.detail(videoId),
    queryFn: ({ signal }) => getVideo(videoId, signal),
    staleTime: pollMs ? 0 : 30_000,
    refetchInterval: (query) => {
      if (!pollMs) return false;
      const video = query.state.data;
      // A failed request also stops the polling: the screen offers a retry instead.
      if (query.state.status === 'error') return false;
      return video && !pollWhile(video) ? false : pollMs;
    },
    meta: { silent: true },
  });

/** useVideo loads one video, optionally polling while it is being generated. */
export function useVideo(videoId: number, options: VideoQueryOptions = {}) {
  return useQuery({ ...videoQueryOptions(videoId, options), enabled: (options.enabled ?? true) && videoId > 0 });
}
