import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import { normalizeLibraryMedia } from './normalize';
import type { LibraryMedia } from './types';
import { layerPath } from './video-edit';

/** MEDIA_HELP_LIMIT: how many recommended or suggested assets the media picker shows. */
export const MEDIA_HELP_LIMIT = 12;

/** RecommendedAsset is a library picture or video ranked for a slide's text. */
export interface RecommendedAsset extends LibraryMedia {
  score: number;
  /** Seconds (videos). */
  duration: number;
}

/** GET /api/v2/layer/{layerId}/recommendedAssets?limit=12 -> [{asset..., score}], best first. */
export async function getRecommendedAssets(layerId: number, signal?: AbortSignal): Promise<RecommendedAsset[]> {
  const data = await api.get<unknown>(`${layerPath(layerId)}/recommendedAssets`, { signal, params: { limit: MEDIA_HELP_LIMIT } });
  const raw = Array.isArray(data) ? (data as Array<Record<string, unknown>>) : [];
  const byId = new Map(raw.map((a) => [a.assetId, a]));
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return normalizeLibraryMedia({ assets: raw }).map((m) => {
    const a = byId.get(m.assetId) ?? {};
    return { ...m, score: n(a.score), duration: n(a.duration) || n(a.length) };
  });
}

export const recommendedAssetsQueryOptions = (layerId: number) =>
  queryOptions({
    queryKey: videoKeys.recommendedAssets(layerId),
    queryFn: ({ signal }) => getRecommendedAssets(layerId, signal),
    staleTime: 0,
    meta: { silent: true },
  });

/** useRecommendedAssets: the media library's best matches for a slide. */
export function useRecommendedAssets(layerId: number) {
  return useQuery({ ...recommendedAssetsQueryOptions(layerId), enabled: layerId > 0 });
}
