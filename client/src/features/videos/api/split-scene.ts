import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { useVideoEdit, videoPath, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses a split without a message. */
export const SPLIT_SCENE_FAILED = 'We could not split this scene.';
/** SPLIT_FIRST_SLIDE: the server's refusal (422 split_first_slide); the button is not offered on a first slide. */
export const SPLIT_FIRST_SLIDE = 'Choose a slide after the first to split the scene.';

export interface SplitSceneInput {
  sceneId: number;
  /** The first slide of the new scene; it and the slides after it move. */
  layerId: number;
}

/** POST /api/v2/video/{id}/scenes/{sceneId}/split {layerId} -> the video; both scenes are narrated again. */
export async function splitScene(videoId: number, { sceneId, layerId }: SplitSceneInput): Promise<Video> {
  const data = await api.post<unknown>(`${videoPath(videoId)}/scenes/${encodeURIComponent(String(sceneId))}/split`, { layerId });
  return normalizeVideo(data);
}

/** useSplitScene splits a scene before a slide; the slide shows "Saving…" until the server answers. */
export function useSplitScene(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit({ videoId, kind: 'split-scene', send: (input: SplitSceneInput) => splitScene(videoId, input) }, options);
}
