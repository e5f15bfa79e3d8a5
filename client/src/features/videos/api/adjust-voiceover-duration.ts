import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Video } from './types';
import { useVideoEdit, videoPath, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses a duration without a message. */
export const VOICEOVER_DURATION_FAILED = 'We could not change the duration of this slide.';
/** VOICEOVER_MIN_MS: every slide of a voiceover keeps at least half a second. */
export const VOICEOVER_MIN_MS = 500;
/** VOICEOVER_DURATION_INVALID: shown before sending a duration below the minimum. */
export const VOICEOVER_DURATION_INVALID = 'Duration must be at least 0.5 seconds.';

export interface AdjustVoiceoverDurationInput {
  layerId: number;
  durationMs: number;
}

/**
 * PUT /api/v2/video/{id}/voiceover/duration {layerId, durationMs} -> the video: the slide's share of the voiceover;
 * the next slide (the previous for the last) takes up the difference, so the total stays the voiceover's length.
 */
export async function adjustVoiceoverDuration(videoId: number, input: AdjustVoiceoverDurationInput): Promise<Video> {
  const data = await api.put<unknown>(`${videoPath(videoId)}/voiceover/duration`, input);
  return normalizeVideo(data);
}

/** useAdjustVoiceoverDuration changes a voiceover slide's duration; the slide shows "Saving…" until answered. */
export function useAdjustVoiceoverDuration(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit(
    { videoId, kind: 'voiceover-duration', send: (input: AdjustVoiceoverDurationInput) => adjustVoiceoverDuration(videoId, input) },
    options,
  );
}
