import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { layerPath, mapSlide, useVideoEdit, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses to remove media without a message. */
export const REMOVE_SLIDE_MEDIA_FAILED = 'We could not remove the media of this slide.';

export interface RemoveSlideMediaInput {
  layerId: number;
  layerAssetId: number;
}

/** DELETE /api/v2/layer/{layerId}/assets/{layerAssetId} -> the video; the slide then has no media (validation lists it). */
export async function removeSlideMedia({ layerId, layerAssetId }: RemoveSlideMediaInput): Promise<Video> {
  const data = await api.delete<unknown>(`${layerPath(layerId)}/assets/${encodeURIComponent(String(layerAssetId))}`);
  return normalizeVideo(data);
}

/** useRemoveSlideMedia takes the media off a slide at once and puts it back when the server refuses. */
export function useRemoveSlideMedia(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit(
    {
      videoId,
      kind: 'slide-media-remove',
      send: removeSlideMedia,
      optimistic: (video, { layerId, layerAssetId }) =>
        mapSlide(video, layerId, (s) => ({ ...s, assetList: s.assetList.filter((a) => (a.layerAssetId ?? a.assetId) !== layerAssetId) })),
    },
    options,
  );
}
