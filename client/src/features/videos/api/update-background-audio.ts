import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { backgroundAudioPath, soundtrackChanged, soundtrackMutation } from './get-background-audio';
import { videoKeys } from './keys';
import { normalizeBackgroundAudioItem } from './normalize';
import type { BackgroundAudioItem } from './types';

/** Wording when the server refuses a volume change without a message. */
export const VOLUME_FAILED = 'We could not change the volume.';

export interface UpdateBackgroundAudioInput {
  itemId: number;
  /** 0..100 */
  volume: number;
}

/** PUT /api/v2/video/{id}/backgroundAudio/{itemId} {volume} -> the item. */
export async function updateBackgroundAudio(
  videoId: number,
  { itemId, volume }: UpdateBackgroundAudioInput,
): Promise<BackgroundAudioItem> {
  const data = await api.put<unknown>(`${backgroundAudioPath(videoId)}/${encodeURIComponent(String(itemId))}`, { volume });
  return normalizeBackgroundAudioItem(data);
}

const setVolume = (items: BackgroundAudioItem[] | undefined, itemId: number, volume: number) =>
  items?.map((i) => (i.videoBackgroundAudioAssetId === itemId ? { ...i, volume } : i));

/**
 * useUpdateBackgroundAudio changes the volume of one item at once (optimistic) and puts the old volume back when
 * the server refuses; onError lets the panel say so.
 */
export function useUpdateBackgroundAudio(videoId: number, { onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  const queryKey = videoKeys.backgroundAudio(videoId);
  return useMutation({
    ...soundtrackMutation(videoId),
    mutationFn: (input: UpdateBackgroundAudioInput) => updateBackgroundAudio(videoId, input),
    onMutate: async ({ itemId, volume }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient
        .getQueryData<BackgroundAudioItem[]>(queryKey)
        ?.find((i) => i.videoBackgroundAudioAssetId === itemId)?.volume;
      queryClient.setQueryData<BackgroundAudioItem[]>(queryKey, (items) => setVolume(items, itemId, volume));
      return { previous };
    },
    onError: (error, { itemId }, context) => {
      if (context?.previous !== undefined) {
        const previous = context.previous;
        queryClient.setQueryData<BackgroundAudioItem[]>(queryKey, (items) => setVolume(items, itemId, previous));
      }
      onError?.(error);
    },
    onSettled: () => soundtrackChanged(queryClient, videoId),
  });
}
