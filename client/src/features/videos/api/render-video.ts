import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import { normalizeRenderStarted } from './normalize';
import type { RenderProgress, RenderStarted } from './types';

/** Wording for refusals the server sends without a message (503 render_unavailable most of all). */
export const RENDER_FAILED = 'We could not start the render. Please try again in a moment.';

/** PUT /api/v2/video/{id}/render -> 202 {videoId, attempt, renderStatus}; 409, 402 and 503 are refusals. */
export async function renderVideo(videoId: number): Promise<RenderStarted> {
  const data = await api.put<unknown>(`/api/v2/video/${encodeURIComponent(String(videoId))}/render`);
  return normalizeRenderStarted(data, videoId);
}

/**
 * useRenderVideo starts a RenderAttempt. The panel shows refusals itself; on success the attempt is shown as
 * queued at once, which starts the status polling.
 */
export function useRenderVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renderVideo,
    meta: { handlesErrors: true },
    onSuccess: async (started, videoId) => {
      // An answer about the previous attempt still on its way must not overwrite the new one.
      await queryClient.cancelQueries({ queryKey: videoKeys.renderStatus(videoId) });
      queryClient.setQueryData<RenderProgress>(videoKeys.renderStatus(videoId), (previous) => ({
        videoId,
        renderStatus: started.renderStatus || 'in progress',
        attempt: started.attempt,
        status: 'pending',
        stage: 'queued',
        progress: 0,
        scenesTotal: previous?.scenesTotal ?? 0,
        scenesDone: 0,
        scenesReused: 0,
        retrying: false,
        error: '',
        contentUrl: '',
        thumbnailUrl: '',
      }));
      void queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId), exact: true });
      void queryClient.invalidateQueries({ queryKey: videoKeys.lists });
    },
    // A refusal (409) usually means the gate changed, so it is read again either way. It may be a render started in
    // another tab: the status and the video are read again too, so this one follows it.
    onError: (_error, videoId) => {
      void queryClient.invalidateQueries({ queryKey: videoKeys.renderStatus(videoId) });
      void queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId), exact: true });
    },
    onSettled: (_data, _error, videoId) => queryClient.invalidateQueries({ queryKey: videoKeys.creditsInfo(videoId) }),
  });
}
