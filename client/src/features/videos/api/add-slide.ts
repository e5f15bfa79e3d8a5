import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { useVideoEdit, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses a new slide without a message. */
export const ADD_SLIDE_FAILED = 'We could not add a slide.';

export interface AddSlideInput {
  sceneId: number;
  /** Insert after this slide (null = first); absent appends the slide at the end of the scene. */
  afterLayerId?: number | null;
  text?: string;
  /** The slide the new one follows, so it shows "Saving…" meanwhile (not sent). */
  layerId?: number;
}

/** POST /api/v2/scene/{sceneId}/layers {text?, afterLayerId?} -> the video; an empty text gets the default text. */
export async function addSlide({ sceneId, afterLayerId, text }: AddSlideInput): Promise<Video> {
  const body: Record<string, unknown> = {};
  if (afterLayerId !== undefined) body.afterLayerId = afterLayerId;
  if (text !== undefined) body.text = text;
  const data = await api.post<unknown>(`/api/v2/scene/${encodeURIComponent(String(sceneId))}/layers`, body);
  return normalizeVideo(data);
}

/** useAddSlide adds or inserts a slide; the scene shows it when the server answers (it gives the id). */
export function useAddSlide(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit({ videoId, kind: 'add-slide', send: addSlide }, options);
}
