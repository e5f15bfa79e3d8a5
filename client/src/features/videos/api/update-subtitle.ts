import { api } from '@/lib/api-client';
import { subtitlesPath, useSubtitlesChange } from './get-subtitles';
import { normalizeSubtitles } from './normalize';
import type { SubtitleInput, Subtitles } from './types';

/** Wording when the server refuses a cue change without a message. */
export const UPDATE_SUBTITLE_FAILED = 'We could not change this subtitle.';

export interface UpdateSubtitleInput extends SubtitleInput {
  subtitleId: number;
}

/** PUT /api/v2/video/{id}/subtitles/{subtitleId} {startMs, durationMs, text} -> {subtitles, edited} */
export async function updateSubtitle(videoId: number, { subtitleId, ...cue }: UpdateSubtitleInput): Promise<Subtitles> {
  const data = await api.put<unknown>(subtitlesPath(videoId, subtitleId), cue);
  return normalizeSubtitles(data);
}

/** useUpdateSubtitle changes one cue and shows the list the server answers. */
export function useUpdateSubtitle(videoId: number, options?: { onError?: (error: Error) => void }) {
  return useSubtitlesChange(videoId, (input: UpdateSubtitleInput) => updateSubtitle(videoId, input), options);
}
