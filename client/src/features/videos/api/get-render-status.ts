import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '@/lib/api-client';
import { isRenderActive } from '../utils/render-progress';
import { videoKeys } from './keys';
import { normalizeRenderProgress } from './normalize';
import type { RenderProgress } from './types';

/** RENDER_POLL_MS: how often the page asks about a RenderAttempt that is waiting or running. */
export const RENDER_POLL_MS = 1000;

/**
 * RENDER_RETRY_MS: how often the page asks again, while the RenderAttempt it last saw runs, after a check failed (the
 * server restarting, its database away for a moment): the render goes on meanwhile, and the page follows it again
 * once the server answers.
 */
export const RENDER_RETRY_MS = 5000;

/** GET /api/v2/video/{id}/renderStatusWithDetails -> the latest RenderAttempt with its stage and progress. */
export async function getRenderStatus(videoId: number, signal?: AbortSignal): Promise<RenderProgress> {
  const data = await api.get<unknown>(`/api/v2/video/${encodeURIComponent(String(videoId))}/renderStatusWithDetails`, {
    signal,
  });
  return normalizeRenderProgress(data);
}

/**
 * renderStatusQueryOptions polls every second while the attempt is pending or rendering, and stops when final. A tab
 * looked at again asks once more: a render started in another tab is then followed here too. A failed check is tried
 * again every RENDER_RETRY_MS while the attempt last seen runs (the panel says the check failed, with a button to
 * check at once); with nothing seen running, a failed check stops the polling.
 */
export const renderStatusQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: videoKeys.renderStatus(videoId),
    queryFn: ({ signal }) => getRenderStatus(videoId, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => {
      if (!isRenderActive(query.state.data?.status)) return false;
      return query.state.status === 'error' ? RENDER_RETRY_MS : RENDER_POLL_MS;
    },
    meta: { silent: true },
  });

/**
 * useRenderStatus follows the latest RenderAttempt. When one ends, the video (new contentUrl), the render gate
 * and the downloads are fetched again.
 */
export function useRenderStatus(videoId: number, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...renderStatusQueryOptions(videoId), enabled: enabled && videoId > 0 });
  const status = query.data?.status;
  const wasActive = useRef(false);

  useEffect(() => {
    if (status === undefined) return;
    const active = isRenderActive(status);
    if (wasActive.current && !active) {
      void queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId), exact: true });
      void queryClient.invalidateQueries({ queryKey: videoKeys.creditsInfo(videoId) });
      void queryClient.invalidateQueries({ queryKey: videoKeys.exports(videoId) });
    }
    wasActive.current = active;
  }, [status, videoId, queryClient]);

  return query;
}
