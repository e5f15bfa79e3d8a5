import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { getVideoInserts, insertMutation, insertsChanged, insertsPath, withInsert } from './get-video-inserts';
import { videoKeys } from './keys';
import { normalizeVideoInsert } from './normalize';
import { replaceVideoInsert } from './replace-video-insert';
import type { VideoInsert } from './types';

/** Wording when the server refuses without a message. */
export const ADD_INSERT_FAILED = 'We could not add this video.';

export interface AddVideoInsertInput {
  videoInsertTypeId: number;
  assetId: number;
}

/** POST /api/v2/video/{id}/inserts {videoInsertTypeId, assetId} -> 201 the new insert; 409 insert_exists when that type is set. */
export async function addVideoInsert(videoId: number, input: AddVideoInsertInput): Promise<VideoInsert> {
  const data = await api.post<unknown>(insertsPath(videoId), input);
  return normalizeVideoInsert(data);
}

/**
 * setVideoInsert adds the insert; when the type was set meanwhile (another tab: 409 insert_exists) it replaces the
 * clip of the insert that is there, which is what the person asked for.
 */
export async function setVideoInsert(videoId: number, input: AddVideoInsertInput): Promise<VideoInsert> {
  try {
    return await addVideoInsert(videoId, input);
  } catch (error) {
    if (!isApiError(error) || error.code !== 'insert_exists') throw error;
    const existing = (await getVideoInserts(videoId)).find((i) => i.videoInsertTypeId === input.videoInsertTypeId);
    if (!existing) throw error;
    return replaceVideoInsert(videoId, { videoInsertId: existing.videoInsertId, ...input });
  }
}

/** useAddVideoInsert sets an insert type that had none; the panel shows refusals through onError. */
export function useAddVideoInsert(videoId: number, { onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...insertMutation(videoId),
    mutationFn: (input: AddVideoInsertInput) => setVideoInsert(videoId, input),
    onSuccess: (insert) => queryClient.setQueryData<VideoInsert[]>(videoKeys.inserts(videoId), (inserts) => withInsert(inserts, insert)),
    onError: (error) => onError?.(error),
    onSettled: () => insertsChanged(queryClient, videoId),
  });
}
