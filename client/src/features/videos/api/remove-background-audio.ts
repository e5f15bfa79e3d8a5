import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { backgroundAudioPath, soundtrackChanged, soundtrackMutation } from './get-background-audio';
import { videoKeys } from './keys';
import type { BackgroundAudioItem } from './types';

/** Wording when the server refuses a removal without a message. */
export const REMOVE_AUDIO_FAILED = 'We could not remove this music.';

/** DELETE /api/v2/video/{id}/backgroundAudio/{itemId} -> 204 */
export async function removeBackgroundAudio(videoId: number, itemId: number): Promise<void> {
  await api.delete<unknown>(`${backgroundAudioPath(videoId)}/${encodeURIComponent(String(itemId))}`);
}

/** useRemoveBackgroundAudio takes an item out of the soundtrack once the server has removed it. */
export function useRemoveBackgroundAudio(videoId: number, { onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...soundtrackMutation(videoId),
    mutationFn: (itemId: number) => removeBackgroundAudio(videoId, itemId),
    onSuccess: (_data, itemId) =>
      queryClient.setQueryData<BackgroundAudioItem[]>(videoKeys.backgroundAudio(videoId), (items) =>
        items?.filter((i) => i.videoBackgroundAudioAssetId !== itemId).map((i, index) => ({ ...i, order: index + 1 })),
      ),
    onError: (error) => onError?.(error),
    onSettled: () => soundtrackChanged(queryClient, videoId),
  });
}
