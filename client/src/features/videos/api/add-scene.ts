import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { useVideoEdit, videoPath, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses a new scene without a message. */
export const ADD_SCENE_FAILED = 'We could not add a scene.';

export interface AddSceneInput {
  /** The scene the new one follows; null puts it first. */
  prevSceneId: number | null;
  text?: string;
}

/** POST /api/v2/video/{id}/scenes {prevSceneId, text?} -> the video with the new scene (one slide, default text). */
export async function addScene(videoId: number, input: AddSceneInput): Promise<Video> {
  const data = await api.post<unknown>(`${videoPath(videoId)}/scenes`, input);
  return normalizeVideo(data);
}

/** useAddScene adds a scene after another; the new scene appears when the server answers (it gives the ids). */
export function useAddScene(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit(
    {
      videoId,
      kind: 'add-scene',
      send: (input: AddSceneInput & { sceneId?: number }) => addScene(videoId, { prevSceneId: input.prevSceneId, text: input.text }),
    },
    options,
  );
}
