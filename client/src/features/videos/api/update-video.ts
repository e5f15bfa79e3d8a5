import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import { normalizeVideo } from './normalize';
import type { Video } from './types';

export interface UpdateVideoInput {
  videoId: number;
  name?: string;
  description?: string;
  voiceId?: number;
}

/** PUT /api/v2/video/{id} {name?, description?, voiceId?} -> the video */
export async function updateVideo({ videoId, ...patch }: UpdateVideoInput): Promise<Video> {
  const data = await api.put<unknown>(`/api/v2/video/${encodeURIComponent(String(videoId))}`, patch);
  return normalizeVideo(data);
}

export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    meta: { handlesErrors: true },
    onSuccess: (video) => queryClient.setQueryData(videoKeys.detail(video.videoId), video),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoKeys.lists }),
  });
}
