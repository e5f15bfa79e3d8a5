import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import { videoPath } from './video-edit';

/** Wording when automatch cannot start without a message. */
export const AUTOMATCH_FAILED = 'We could not start finding media.';

/** POST /api/v2/video/{id}/automatch {overwrite?} -> 202 {workflowId}: slides without media are filled in the background. */
export async function automatchVideo(videoId: number, overwrite = false): Promise<{ workflowId: string }> {
  const data = await api.post<{ workflowId?: string } | undefined>(`${videoPath(videoId)}/automatch`, overwrite ? { overwrite } : {});
  return { workflowId: data?.workflowId ?? '' };
}

/**
 * useAutomatchVideo starts filling slides without media. Its progress shows as the slides change and imports start,
 * so the video and its pending imports are read again (the editor polls both while anything is on its way).
 */
export function useAutomatchVideo(videoId: number, { onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...videoKeys.detail(videoId), 'automatch'],
    meta: { handlesErrors: true },
    mutationFn: (overwrite: boolean = false) => automatchVideo(videoId, overwrite),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId), exact: true });
      void queryClient.invalidateQueries({ queryKey: videoKeys.pendingAssets(videoId) });
    },
    onError: (error) => onError?.(error),
  });
}
