import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { backgroundAudioPath, soundtrackChanged, soundtrackMutation } from './get-background-audio';
import { videoKeys } from './keys';
import { normalizeBackgroundAudio } from './normalize';
import type { BackgroundAudioItem } from './types';

/** Wording when the server refuses a new order without a message. */
export const REORDER_FAILED = 'We could not change the order of the music.';

/** PUT /api/v2/video/{id}/backgroundAudio/order {itemIds} (every item, in the new order) -> {items} */
export async function reorderBackgroundAudio(videoId: number, itemIds: number[]): Promise<BackgroundAudioItem[]> {
  const data = await api.put<unknown>(`${backgroundAudioPath(videoId)}/order`, { itemIds });
  return normalizeBackgroundAudio(data);
}

/** inOrder: the items placed as itemIds says, numbered from 1; items the list does not name keep their place after. */
function inOrder(items: BackgroundAudioItem[], itemIds: number[]): BackgroundAudioItem[] {
  const rank = new Map(itemIds.map((id, index) => [id, index]));
  return [...items]
    .sort((a, b) => (rank.get(a.videoBackgroundAudioAssetId) ?? Infinity) - (rank.get(b.videoBackgroundAudioAssetId) ?? Infinity))
    .map((i, index) => ({ ...i, order: index + 1 }));
}

/** useReorderBackgroundAudio shows the new order at once (optimistic) and puts the old one back when refused. */
export function useReorderBackgroundAudio(videoId: number, { onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  const queryKey = videoKeys.backgroundAudio(videoId);
  return useMutation({
    ...soundtrackMutation(videoId),
    mutationFn: (itemIds: number[]) => reorderBackgroundAudio(videoId, itemIds),
    onMutate: async (itemIds) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<BackgroundAudioItem[]>(queryKey)?.map((i) => i.videoBackgroundAudioAssetId);
      queryClient.setQueryData<BackgroundAudioItem[]>(queryKey, (items) => items && inOrder(items, itemIds));
      return { previous };
    },
    onError: (error, _itemIds, context) => {
      const previous = context?.previous;
      if (previous) queryClient.setQueryData<BackgroundAudioItem[]>(queryKey, (items) => items && inOrder(items, previous));
      onError?.(error);
    },
    onSettled: () => soundtrackChanged(queryClient, videoId),
  });
}

/** movedItemIds: the ids of the soundtrack with one item moved by step (-1 up, +1 down), or null at either end. */
export function movedItemIds(items: BackgroundAudioItem[], itemId: number, step: -1 | 1): number[] | null {
  const ids = items.map((i) => i.videoBackgroundAudioAssetId);
  const from = ids.indexOf(itemId);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to], ids[from]];
  return ids;
}
