import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { insertMutation, insertPath, insertsChanged, withInsert } from './get-video-inserts';
import { videoKeys } from './keys';
import { normalizeVideoInsert } from './normalize';
import type { VideoInsert } from './types';

/** Wording when the server refuses a replacement without a message. */
export const REPLACE_INSERT_FAILED = 'We could not replace this video.';

export interface ReplaceVideoInsertInput {
  videoInsertId: number;
  videoInsertTypeId: number;
  assetId: number;
}

/** PUT /api/v2/video/{id}/inserts/{videoInsertId} {videoInsertTypeId, assetId} -> the insert with its new clip. */
export async function replaceVideoInsert(
  videoId: number,
  { videoInsertId, videoInsertTypeId, assetId }: ReplaceVideoInsertInput,
): Promise<VideoInsert> {
  const data = await api.put<unknown>(insertPath(videoId, videoInsertId), { videoInsertTypeId, assetId });
  return normalizeVideoInsert(data);
}

/** useReplaceVideoInsert swaps the clip of an insert; the panel shows refusals through onError. */
export function useReplaceVideoInsert(videoId: number, { onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...insertMutation(videoId),
    mutationFn: (input: ReplaceVideoInsertInput) => replaceVideoInsert(videoId, input),
    onSuccess: (insert) => queryClient.setQueryData<VideoInsert[]>(videoKeys.inserts(videoId), (inserts) => withInsert(inserts, insert)),
    onError: (error) => onError?.(error),
    onSettled: () => insertsChanged(queryClient, videoId),
  });
}
