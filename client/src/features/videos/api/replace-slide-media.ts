import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { layerPath, useVideoEdit, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses new media without a message. */
export const SLIDE_MEDIA_FAILED = 'We could not change the media of this slide.';

export interface ReplaceSlideMediaInput {
  layerId: number;
  assetId: number;
}

/**
 * PUT /api/v2/layer/{layerId}/asset {assetId} -> the video: the slide's picture or video becomes this media-library
 * asset, which may still be importing (state pending or processing).
 */
export async function replaceSlideMedia({ layerId, assetId }: ReplaceSlideMediaInput): Promise<Video> {
  const data = await api.put<unknown>(`${layerPath(layerId)}/asset`, { assetId });
  return normalizeVideo(data);
}

/** useReplaceSlideMedia puts media on a slide; the slide shows "Saving…" until the server answers. */
export function useReplaceSlideMedia(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit({ videoId, kind: 'slide-media', send: replaceSlideMedia }, options);
}
