import { api } from '@/lib/api-client';
import { subtitlesPath, useSubtitlesChange } from './get-subtitles';
import { normalizeSubtitles } from './normalize';
import type { Subtitles } from './types';

/** Wording when the server refuses to delete a cue without a message. */
export const DELETE_SUBTITLE_FAILED = 'We could not delete this subtitle.';

/** DELETE /api/v2/video/{id}/subtitles/{subtitleId} -> {subtitles, edited} */
export async function deleteSubtitle(videoId: number, subtitleId: number): Promise<Subtitles> {
  const data = await api.delete<unknown>(subtitlesPath(videoId, subtitleId));
  return normalizeSubtitles(data);
}

/** useDeleteSubtitle deletes one cue and shows the list the server answers. */
export function useDeleteSubtitle(videoId: number, options?: { onError?: (error: Error) => void }) {
  return useSubtitlesChange(videoId, (subtitleId: number) => deleteSubtitle(videoId, subtitleId), options);
}
