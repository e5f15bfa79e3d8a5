import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { layerPath, mapSlide, useVideoEdit, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses a voice without a message. */
export const SLIDE_VOICE_FAILED = 'We could not change the voice of this slide.';

export interface UpdateSlideVoiceInput {
  layerId: number;
  /** null: the video's default narrator. */
  voiceId: number | null;
}

/** PUT /api/v2/layer/{layerId}/voice {voiceId} -> the video; the slide's scene is narrated again. */
export async function updateSlideVoice({ layerId, voiceId }: UpdateSlideVoiceInput): Promise<Video> {
  const data = await api.put<unknown>(`${layerPath(layerId)}/voice`, { voiceId });
  return normalizeVideo(data);
}

/** useUpdateSlideVoice shows the new voice at once and puts the old one back when refused. */
export function useUpdateSlideVoice(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit(
    {
      videoId,
      kind: 'slide-voice',
      send: updateSlideVoice,
      optimistic: (video, { layerId, voiceId }) => mapSlide(video, layerId, (s) => ({ ...s, voiceId })),
    },
    options,
  );
}
