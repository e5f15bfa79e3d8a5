import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { layerPath, useVideoEdit, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses to delete a slide without a message. */
export const DELETE_SLIDE_FAILED = 'We could not delete this slide.';

export interface DeleteSlideInput {
  layerId: number;
}

/**
 * DELETE /api/v2/layer/{layerId} -> the video. A scene's last slide takes the scene with it; the video's last slide
 * is refused (409 last_scene).
 */
export async function deleteSlide({ layerId }: DeleteSlideInput): Promise<Video> {
  const data = await api.delete<unknown>(layerPath(layerId));
  return normalizeVideo(data);
}

/** useDeleteSlide deletes a slide; it shows "Deleting…" until the server answers. */
export function useDeleteSlide(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit({ videoId, kind: 'delete-slide', send: deleteSlide }, options);
}
