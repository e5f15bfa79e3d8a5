import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import { normalizeSubtitles } from './normalize';
import type { Subtitles } from './types';
import { videoPath } from './video-edit';

/** SUBTITLES_LOAD_FAILED: wording when the subtitles cannot be read. */
export const SUBTITLES_LOAD_FAILED = 'We could not load the subtitles of this video.';

/** subtitlesPath: /api/v2/video/{id}/subtitles, and /{subtitleId} for one cue. */
export const subtitlesPath = (videoId: number, subtitleId?: number) =>
  `${videoPath(videoId)}/subtitles${subtitleId === undefined ? '' : `/${encodeURIComponent(String(subtitleId))}`}`;

/** GET /api/v2/video/{id}/subtitles -> {subtitles, edited} */
export async function getSubtitles(videoId: number, signal?: AbortSignal): Promise<Subtitles> {
  const data = await api.get<unknown>(subtitlesPath(videoId), { signal });
  return normalizeSubtitles(data);
}

export const subtitlesQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: videoKeys.subtitles(videoId),
    queryFn: ({ signal }) => getSubtitles(videoId, signal),
    meta: { silent: true },
  });

/** useSubtitles loads the subtitle cues of a video. */
export function useSubtitles(videoId: number) {
  return useQuery({ ...subtitlesQueryOptions(videoId), enabled: videoId > 0 });
}

/**
 * useSubtitlesChange is what every subtitle change shares: changes run one after another, and the answer (the whole
 * list) replaces the cached one, since ids can change on the first edit. A change makes the video a draft.
 */
export function useSubtitlesChange<TInput>(
  videoId: number,
  send: (input: TInput) => Promise<Subtitles>,
  { onError }: { onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: videoKeys.subtitles(videoId),
    scope: { id: `subtitles-${videoId}` },
    meta: { handlesErrors: true },
    mutationFn: send,
    onSuccess: (subtitles) => queryClient.setQueryData(videoKeys.subtitles(videoId), subtitles),
    onError: (error) => onError?.(error),
    onSettled: () => {
      // A subtitle that ends after the video is a problem that keeps it from rendering.
      void queryClient.invalidateQueries({ queryKey: videoKeys.creditsInfo(videoId) });
      void queryClient.invalidateQueries({ queryKey: videoKeys.allValidations(videoId) });
    },
  });
}
