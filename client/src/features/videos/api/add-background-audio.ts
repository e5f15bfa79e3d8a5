import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { backgroundAudioPath, soundtrackChanged, soundtrackMutation } from './get-background-audio';
import { videoKeys } from './keys';
import { normalizeBackgroundAudioItem } from './normalize';
import type { BackgroundAudioItem } from './types';

/** Wording when the server refuses without a message. */
export const ADD_AUDIO_FAILED = 'We could not add this music.';

export interface AddBackgroundAudioInput {
  assetId: number;
  /** 0..100; the server uses 20 when it is left out. */
  volume?: number;
}

/** POST /api/v2/video/{id}/backgroundAudio {assetId, volume?} -> 201 the new item, last in the soundtrack. */
export async function addBackgroundAudio(videoId: number, input: AddBackgroundAudioInput): Promise<BackgroundAudioItem> {
  const data = await api.post<unknown>(backgroundAudioPath(videoId), input);
  return normalizeBackgroundAudioItem(data);
}

/** useAddBackgroundAudio adds library audio to the soundtrack; the panel shows refusals through onError. */
export function useAddBackgroundAudio(videoId: number, { onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...soundtrackMutation(videoId),
    mutationFn: (input: AddBackgroundAudioInput) => addBackgroundAudio(videoId, input),
    onSuccess: (item) =>
      queryClient.setQueryData<BackgroundAudioItem[]>(videoKeys.backgroundAudio(videoId), (items = []) =>
        items.some((i) => i.videoBackgroundAudioAssetId === item.videoBackgroundAudioAssetId)
          ? items
          : [...items, { ...item, order: item.order || items.length + 1 }],
      ),
    onError: (error) => onError?.(error),
    onSettled: () => soundtrackChanged(queryClient, videoId),
  });
}
