import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { useVideoEdit, videoPath, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses to delete a scene without a message. */
export const DELETE_SCENE_FAILED = 'We could not delete this scene.';

export interface DeleteSceneInput {
  sceneId: number;
}

/** DELETE /api/v2/video/{id}/scenes/{sceneId} -> the video; 409 last_scene for the video's only scene. */
export async function deleteScene(videoId: number, { sceneId }: DeleteSceneInput): Promise<Video> {
  const data = await api.delete<unknown>(`${videoPath(videoId)}/scenes/${encodeURIComponent(String(sceneId))}`);
  return normalizeVideo(data);
}

/** useDeleteScene deletes a scene; the scene shows "Deleting…" until the server answers (nothing is removed early). */
export function useDeleteScene(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit({ videoId, kind: 'delete-scene', send: (input: DeleteSceneInput) => deleteScene(videoId, input) }, options);
}
