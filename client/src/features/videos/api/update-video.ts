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
  /** The subtitle style of the next render: one the account sees, of the video's format. */
  subtitleStyleConfigId?: number;
}

/**
 * PUT /api/v2/video/{id} {name?, description?, voiceId?, hardcodeSubtitles?, subtitleStyleConfigId?} -> the video, now
 * a draft. A style of the other format, or one the account cannot see, is 400 with a field error on
 * subtitleStyleConfigId.
 */
export async function updateVideo({ videoId, ...patch }: UpdateVideoInput): Promise<Video> {
  const data = await api.put<unknown>(`/api/v2/video/${encodeURIComponent(String(videoId))}`, patch);
  return normalizeVideo(data);
}

export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    meta: { handlesErrors: true },
    // A read of the video sent before the change was saved (a poll, the refresh after a render) must not answer
    // after it and put the old values back: it is cancelled, and the answer to the change is the video.
    onSuccess: async (video) => {
      await queryClient.cancelQueries({ queryKey: videoKeys.detail(video.videoId), exact: true });
      queryClient.setQueryData(videoKeys.detail(video.videoId), video);
    },
    // An edit makes the video a draft, which can open the render gate ("no changes since the last render"): the
    // render panel reads it again when it sees the video change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoKeys.lists }),
  });
}
