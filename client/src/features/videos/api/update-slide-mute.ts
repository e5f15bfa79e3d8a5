import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { layerPath, mapSlide, useVideoEdit, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses to (un)mute without a message. */
export const SLIDE_MUTE_FAILED = 'We could not change whether this slide is muted.';

export interface UpdateSlideMuteInput {
  layerId: number;
  muted: boolean;
}

/** PUT /api/v2/layer/{layerId}/mute {muted} -> the video. */
export async function updateSlideMute({ layerId, muted }: UpdateSlideMuteInput): Promise<Video> {
  const data = await api.put<unknown>(`${layerPath(layerId)}/mute`, { muted });
  return normalizeVideo(data);
}

/** useUpdateSlideMute (un)mutes a slide at once and puts it back when refused. */
export function useUpdateSlideMute(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit(
    {
      videoId,
      kind: 'slide-mute',
      send: updateSlideMute,
      optimistic: (video, { layerId, muted }) => mapSlide(video, layerId, (s) => ({ ...s, muted })),
    },
    options,
  );
}
