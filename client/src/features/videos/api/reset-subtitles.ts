import { api } from '@/lib/api-client';
import { subtitlesPath, useSubtitlesChange } from './get-subtitles';
import { normalizeSubtitles } from './normalize';
import type { Subtitles } from './types';

/** Wording when the server refuses a reset without a message. */
export const RESET_SUBTITLES_FAILED = 'We could not reset the subtitles.';

/** DELETE /api/v2/video/{id}/subtitles -> {subtitles, edited: false}: the cues follow the narration's timing again. */
export async function resetSubtitles(videoId: number): Promise<Subtitles> {
  const data = await api.delete<unknown>(subtitlesPath(videoId));
  return normalizeSubtitles(data);
}

/** useResetSubtitles drops every edit of the subtitles. */
export function useResetSubtitles(videoId: number, options?: { onError?: (error: Error) => void }) {
  return useSubtitlesChange(videoId, () => resetSubtitles(videoId), options);
}
