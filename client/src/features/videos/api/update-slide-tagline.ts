import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { layerPath, mapSlide, useVideoEdit, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses a tagline without a message. */
export const SLIDE_TAGLINE_FAILED = 'We could not change the tagline of this slide.';
/** SLIDE_TAGLINE_MAX mirrors the server's limit; an empty tagline removes it. */
export const SLIDE_TAGLINE_MAX = 100;

export interface UpdateSlideTaglineInput {
  layerId: number;
  tagline: string;
}

/** PUT /api/v2/layer/{layerId}/tagline {tagline} -> the video; "" removes the tagline. */
export async function updateSlideTagline({ layerId, tagline }: UpdateSlideTaglineInput): Promise<Video> {
  const data = await api.put<unknown>(`${layerPath(layerId)}/tagline`, { tagline });
  return normalizeVideo(data);
}

/** useUpdateSlideTagline shows the new tagline at once and puts the old one back when refused. */
export function useUpdateSlideTagline(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit(
    {
      videoId,
      kind: 'slide-tagline',
      send: updateSlideTagline,
      optimistic: (video, { layerId, tagline }) => mapSlide(video, layerId, (s) => ({ ...s, tagline })),
    },
    options,
  );
}
