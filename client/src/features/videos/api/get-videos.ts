import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { VIDEO_PAGE_SIZE } from '../utils/list-refresh';
import { videoKeys } from './keys';
import { normalizeVideoListItem } from './normalize';
import type { VideoListParams, VideoPage } from './types';

/** Dates are days in the user's time zone; the API gets the instants that bound them. */
function dayStart(day: string): string | undefined {
  if (!day) return undefined;
  const d = new Date(`${day}T00:00:00`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

function dayEnd(day: string): string | undefined {
  if (!day) return undefined;
  const d = new Date(`${day}T00:00:00`);
  if (Number.isNaN(d.getTime())) return undefined;
  d.setDate(d.getDate() + 1);
  return d.toISOString();
}

/** GET /api/v2/video: newest first, 12 a page. */
export async function getVideos(params: VideoListParams, signal?: AbortSignal): Promise<VideoPage> {
  const data = await api.get<Partial<VideoPage> | null>('/api/v2/video', {
    signal,
    params: {
      page: params.page,
      pageSize: VIDEO_PAGE_SIZE,
      search: params.search || undefined,
      createdByMe: params.createdByMe ? 'true' : undefined,
      renderStatus: params.renderStatus || undefined,
      createdAfter: dayStart(params.createdAfter),
      createdBefore: dayEnd(params.createdBefore),
    },
  });
  const videos = Array.isArray(data?.videos) ? data.videos.map(normalizeVideoListItem) : [];
  return {
    videos,
    page: typeof data?.page === 'number' ? data.page : params.page,
    pageSize: typeof data?.pageSize === 'number' && data.pageSize > 0 ? data.pageSize : VIDEO_PAGE_SIZE,
    total: typeof data?.total === 'number' ? data.total : videos.length,
  };
}

export const videosQueryOptions = (params: VideoListParams) =>
  queryOptions({
    queryKey: videoKeys.list(params),
    queryFn: ({ signal }) => getVideos(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });

/** useVideos loads one page of the list; refetchInterval is the page's auto-refresh policy. */
export function useVideos(params: VideoListParams, refetchInterval: number | false) {
  return useQuery({ ...videosQueryOptions(params), refetchInterval, refetchIntervalInBackground: false });
}
