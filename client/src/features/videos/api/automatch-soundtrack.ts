import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { soundtrackChanged, soundtrackMutation } from './get-background-audio';
import { videoPath } from './video-edit';

/** Wording when no soundtrack could be picked without a message. */
export const AUTOMATCH_SOUNDTRACK_FAILED = 'We could not pick a soundtrack.';

/** POST /api/v2/video/{id}/automatchSoundtrack: the best recommended music of the library becomes background audio. */
export async function automatchSoundtrack(videoId: number): Promise<unknown> {
  return api.post<unknown>(`${videoPath(videoId)}/automatchSoundtrack`, {});
}

/** useAutomatchSoundtrack picks a soundtrack; it is a soundtrack change, so the soundtrack panel reads it again. */
export function useAutomatchSoundtrack(videoId: number, { onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...soundtrackMutation(videoId),
    mutationFn: () => automatchSoundtrack(videoId),
    onError: (error) => onError?.(error),
    onSettled: () => soundtrackChanged(queryClient, videoId),
  });
}
