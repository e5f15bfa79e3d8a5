import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { inOrder, mapScenes, useVideoEdit, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses a new slide order without a message. */
export const REORDER_SLIDES_FAILED = 'We could not change the order of the slides.';

export interface ReorderSlidesInput {
  sceneId: number;
  /** Every slide of the scene, in the new order. */
  layerIds: number[];
}

/** PUT /api/v2/scene/{sceneId}/layers/order {layerIds} -> the video; 409 video_changed when made from an older view. */
export async function reorderSlides({ sceneId, layerIds }: ReorderSlidesInput): Promise<Video> {
  const data = await api.put<unknown>(`/api/v2/scene/${encodeURIComponent(String(sceneId))}/layers/order`, { layerIds });
  return normalizeVideo(data);
}

/** useReorderSlides shows the new order of a scene's slides at once and puts the old one back when refused. */
export function useReorderSlides(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit(
    {
      videoId,
      kind: 'reorder-slides',
      send: reorderSlides,
      optimistic: (video, { sceneId, layerIds }) =>
        mapScenes(video, (scene) =>
          scene.sceneId === sceneId ? { ...scene, layerList: inOrder(scene.layerList, (s) => s.layerId, layerIds) } : scene,
        ),
    },
    options,
  );
}
