import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { inOrder, useVideoEdit, videoPath, type EditTarget, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses a new scene order without a message. */
export const REORDER_SCENES_FAILED = 'We could not change the order of the scenes.';

export interface ReorderScenesInput extends EditTarget {
  /** Every scene of the video, in the new order. */
  sceneIds: number[];
}

/** PUT /api/v2/video/{id}/scenes/order {sceneIds} -> the video; 409 video_changed when made from an older view. */
export async function reorderScenes(videoId: number, { sceneIds }: ReorderScenesInput): Promise<Video> {
  const data = await api.put<unknown>(`${videoPath(videoId)}/scenes/order`, { sceneIds });
  return normalizeVideo(data);
}

/** useReorderScenes shows the new order at once and puts the old one back when refused. */
export function useReorderScenes(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit(
    {
      videoId,
      kind: 'reorder-scenes',
      send: (input: ReorderScenesInput) => reorderScenes(videoId, input),
      optimistic: (video, { sceneIds }) => ({ ...video, scenes: inOrder(video.scenes, (s) => s.sceneId, sceneIds) }),
    },
    options,
  );
}
