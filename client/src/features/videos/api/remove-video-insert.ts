import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { insertMutation, insertPath, insertsChanged } from './get-video-inserts';
import { videoKeys } from './keys';
import type { VideoInsert } from './types';

/** Wording when the server refuses a removal without a message. */
export const REMOVE_INSERT_FAILED = 'We could not remove this video.';

/** DELETE /api/v2/video/{id}/inserts/{videoInsertId} -> 204 */
export async function removeVideoInsert(videoId: number, videoInsertId: number): Promise<void> {
  await api.delete<unknown>(insertPath(videoId, videoInsertId));
}

/** useRemoveVideoInsert takes an insert off the video once the server has removed it. */
export function useRemoveVideoInsert(videoId: number, { onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...insertMutation(videoId),
    mutationFn: (videoInsertId: number) => removeVideoInsert(videoId, videoInsertId),
    onSuccess: (_data, videoInsertId) =>
      queryClient.setQueryData<VideoInsert[]>(videoKeys.inserts(videoId), (inserts) =>
        inserts?.filter((i) => i.videoInsertId !== videoInsertId),
      ),
    onError: (error) => onError?.(error),
    onSettled: () => insertsChanged(queryClient, videoId),
  });
}
