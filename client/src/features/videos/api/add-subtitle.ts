import { api } from '@/lib/api-client';
import { subtitlesPath, useSubtitlesChange } from './get-subtitles';
import { normalizeSubtitles } from './normalize';
import type { SubtitleInput, Subtitles } from './types';

/** Wording when the server refuses a new cue without a message. */
export const ADD_SUBTITLE_FAILED = 'We could not add this subtitle.';

/** POST /api/v2/video/{id}/subtitles {startMs, durationMs, text} -> 201 {subtitles, edited} */
export async function addSubtitle(videoId: number, input: SubtitleInput): Promise<Subtitles> {
  const data = await api.post<unknown>(subtitlesPath(videoId), input);
  return normalizeSubtitles(data);
}

/** useAddSubtitle adds a cue and shows the list the server answers. */
export function useAddSubtitle(videoId: number, options?: { onError?: (error: Error) => void }) {
  return useSubtitlesChange(videoId, (input: SubtitleInput) => addSubtitle(videoId, input), options);
}
