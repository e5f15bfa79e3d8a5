import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';

/** DELETE /api/v2/video/{id} */
export async function deleteVideo(videoId: number): Promise<void> {
  await api.delete<unknown>(`/api/v2/video/${encodeURIComponent(String(videoId))}`);
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_data, videoId) => queryClient.removeQueries({ queryKey: videoKeys.detail(videoId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoKeys.lists }),
  });
}
