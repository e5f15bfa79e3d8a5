import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { layerPath, useVideoEdit, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses a text slide without a message. */
export const TEXT_SLIDE_FAILED = 'We could not make this a text slide.';

export interface SetTextSlideInput {
  layerId: number;
  text: string;
  /** Whether the slide has media now: it is replaced (PUT); a slide without media gets the text added (POST). */
  hasMedia: boolean;
}

/** PUT /api/v2/layer/{layerId}/asset {text} (replace the media) or POST .../assets {text} -> the video. */
export async function setTextSlide({ layerId, text, hasMedia }: SetTextSlideInput): Promise<Video> {
  const data = hasMedia
    ? await api.put<unknown>(`${layerPath(layerId)}/asset`, { text })
    : await api.post<unknown>(`${layerPath(layerId)}/assets`, { text });
  return normalizeVideo(data);
}

/** useSetTextSlide shows the slide's text instead of a picture or video. */
export function useSetTextSlide(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit({ videoId, kind: 'slide-text-media', send: setTextSlide }, options);
}
