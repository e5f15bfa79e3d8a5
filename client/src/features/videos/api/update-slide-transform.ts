import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { SlideTransform, Video } from './types';
import { layerPath, mapSlide, useVideoEdit, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses a picture fit without a message. */
export const SLIDE_TRANSFORM_FAILED = 'We could not change how the picture fits.';

export interface UpdateSlideTransformInput extends SlideTransform {
  layerId: number;
}

/** PUT /api/v2/layer/{layerId}/transform {fit, crop} -> the video; the render honours it. */
export async function updateSlideTransform({ layerId, fit, crop }: UpdateSlideTransformInput): Promise<Video> {
  const data = await api.put<unknown>(`${layerPath(layerId)}/transform`, { fit, crop });
  return normalizeVideo(data);
}

/** useUpdateSlideTransform shows the new fit at once and puts the old one back when refused. */
export function useUpdateSlideTransform(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit(
    {
      videoId,
      kind: 'slide-transform',
      send: updateSlideTransform,
      optimistic: (video, { layerId, fit, crop }) => mapSlide(video, layerId, (s) => ({ ...s, transform: { fit, crop } })),
    },
    options,
  );
}
