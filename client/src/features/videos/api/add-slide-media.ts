import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { layerPath, useVideoEdit, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses media without a message. */
export const ADD_SLIDE_MEDIA_FAILED = 'We could not add this media to the slide.';

export interface AddSlideMediaInput {
  layerId: number;
  /** A picture or video of the media library (it may still be importing). */
  assetId?: number;
  /** The text of a text slide instead of media. */
  text?: string;
}

/** POST /api/v2/layer/{layerId}/assets {assetId} or {text} -> the video. */
export async function addSlideMedia({ layerId, assetId, text }: AddSlideMediaInput): Promise<Video> {
  const data = await api.post<unknown>(`${layerPath(layerId)}/assets`, assetId !== undefined ? { assetId } : { text });
  return normalizeVideo(data);
}

/** useAddSlideMedia puts media on a slide that has none; the slide shows "Saving…" until the server answers. */
export function useAddSlideMedia(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit({ videoId, kind: 'slide-media-add', send: addSlideMedia }, options);
}
