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
  /** Whether the next render burns the subtitles in. */
  hardcodeSubtitles?: boolean;
}

/** PUT /api/v2/video/{id} {name?, description?, voiceId?, hardcodeSubtitles?} -> the video, now a draft */
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
    onSettled: (_video, _error, { videoId }) => {
      void queryClient.invalidateQueries({ queryKey: videoKeys.lists });
      // An edit makes the video a draft, which can open the render gate ("no changes since the last render").
      return queryClient.invalidateQueries({ queryKey: videoKeys.creditsInfo(videoId) });
    },
  });
}
