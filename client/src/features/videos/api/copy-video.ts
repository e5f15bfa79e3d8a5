import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';

export const COPY_SUCCESS = 'Video copied successfully';
export const COPY_FAILED = 'Failed to copy video';

export interface CopiedVideo {
  videoId: number;
  message: string;
}

/** POST /api/v2/video/{id}/copy -> 201 {videoId, message} */
export async function copyVideo(videoId: number): Promise<CopiedVideo> {
  const data = await api.post<Partial<CopiedVideo> | null>(`/api/v2/video/${encodeURIComponent(String(videoId))}/copy`);
  return {
    videoId: typeof data?.videoId === 'number' ? data.videoId : 0,
    message: typeof data?.message === 'string' && data.message ? data.message : COPY_SUCCESS,
  };
}

/** The page shows the product's own copy messages, so the global error notification is off. */
export function useCopyVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyVideo,
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoKeys.lists }),
  });
}
