import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MEDIA_HELP_LIMIT } from './get-recommended-assets';
import { videoKeys } from './keys';
import { layerPath } from './video-edit';

/** SuggestedAsset is one search result for a slide: from the media library (assetId) or a stock provider (url). */
export interface SuggestedAsset {
  source: string;
  assetId: number | null;
  url: string;
  thumbnailUrl: string;
  name: string;
  type: 'image' | 'video';
}

type Raw = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** normalizeSuggestedAssets keeps pictures and videos that can be shown or chosen. */
export function normalizeSuggestedAssets(raw: unknown): SuggestedAsset[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((a): a is Raw => typeof a === 'object' && a !== null && (a.type === 'image' || a.type === 'video'))
    .map((a) => ({
      source: str(a.source) || 'library',
      assetId: typeof a.assetId === 'number' && a.assetId > 0 ? a.assetId : null,
      url: str(a.url),
      thumbnailUrl: str(a.thumbnailUrl),
      name: str(a.name),
      type: a.type as 'image' | 'video',
    }))
    .filter((a) => a.assetId !== null || a.url !== '');
}

/** GET /api/v2/layer/{layerId}/suggestedAssets?query=&limit=12; an empty query searches by the slide's keywords. */
export async function getSuggestedAssets(layerId: number, query: string, signal?: AbortSignal): Promise<SuggestedAsset[]> {
  const data = await api.get<unknown>(`${layerPath(layerId)}/suggestedAssets`, {
    signal,
    params: { query: query || undefined, limit: MEDIA_HELP_LIMIT },
  });
  return normalizeSuggestedAssets(data);
}

export const suggestedAssetsQueryOptions = (layerId: number, query: string) =>
  queryOptions({
    queryKey: videoKeys.suggestedAssets(layerId, query),
    queryFn: ({ signal }) => getSuggestedAssets(layerId, query, signal),
    staleTime: 30_000,
    meta: { silent: true },
  });

/** useSuggestedAssets searches media for a slide once a search is asked for (enabled). */
export function useSuggestedAssets(layerId: number, query: string, enabled: boolean) {
  return useQuery({ ...suggestedAssetsQueryOptions(layerId, query), enabled: enabled && layerId > 0 });
}
