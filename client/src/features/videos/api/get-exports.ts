import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import { normalizeExports } from './normalize';
import type { RenderExport } from './types';

/** GET /api/v2/video/{id}/exports -> the signed links of the rendered files (MP4, subtitles, thumbnail). */
export async function getExports(videoId: number, signal?: AbortSignal): Promise<RenderExport[]> {
  const data = await api.get<unknown>(`/api/v2/video/${encodeURIComponent(String(videoId))}/exports`, { signal });
  return normalizeExports(data);
}

export const exportsQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: videoKeys.exports(videoId),
    queryFn: ({ signal }) => getExports(videoId, signal),
    meta: { silent: true },
  });

/** useExports loads the downloads of a rendered video. */
export function useExports(videoId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...exportsQueryOptions(videoId), enabled: enabled && videoId > 0 });
}
