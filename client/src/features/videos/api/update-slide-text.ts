import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { layerPath, mapScenes, useVideoEdit, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses a slide text without a message. */
export const SLIDE_TEXT_FAILED = 'We could not change the text of this slide.';
/** SLIDE_TEXT_MAX mirrors the server's limit (characters, after trimming). */
export const SLIDE_TEXT_MAX = 1000;
export const SLIDE_TEXT_INVALID = `Slide text must be 1 to ${SLIDE_TEXT_MAX} characters.`;

export interface UpdateSlideTextInput {
  layerId: number;
  text: string;
}

/** PUT /api/v2/layer/{layerId}/text {text} -> the video; the scene is narrated again (needsAudio). */
export async function updateSlideText({ layerId, text }: UpdateSlideTextInput): Promise<Video> {
  const data = await api.put<unknown>(`${layerPath(layerId)}/text`, { text });
  return normalizeVideo(data);
}

/** useUpdateSlideText shows the new text at once (its scene waiting for narration) and puts the old one back when refused. */
export function useUpdateSlideText(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit(
    {
      videoId,
      kind: 'slide-text',
      send: updateSlideText,
      optimistic: (video, { layerId, text }) =>
        mapScenes(video, (scene) =>
          scene.layerList.some((s) => s.layerId === layerId)
            ? { ...scene, needsAudio: true, layerList: scene.layerList.map((s) => (s.layerId === layerId ? { ...s, text } : s)) }
            : scene,
        ),
    },
    options,
  );
}
