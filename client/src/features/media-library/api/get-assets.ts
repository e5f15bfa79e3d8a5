import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pollInterval, stateOf } from '../utils/asset-state';
import { mediaKeys } from './keys';
import type { Asset, AssetListParams, AssetPage, AssetState } from './types';

/** Spec 001 business constants: asset list page size 20. */
export const MEDIA_PAGE_SIZE = 20;

function normalizeAsset(raw: Asset): Asset {
  return { ...raw, name: raw.name ?? '', state: stateOf(raw) as AssetState };
}

/** GET /api/v2/asset/page: newest first. */
export async function getAssets(params: AssetListParams, signal?: AbortSignal): Promise<AssetPage> {
  const data = await api.get<Partial<AssetPage> | null>('/api/v2/asset/page', {
    signal,
    params: {
      page: params.page,
      limit: MEDIA_PAGE_SIZE,
      assetType: params.type === 'all' ? undefined : params.type,
      assetName: params.name || undefined,
    },
  });
  const assets = Array.isArray(data?.assets) ? data.assets.map(normalizeAsset) : [];
  return {
    assets,
    totalItems: typeof data?.totalItems === 'number' ? data.totalItems : assets.length,
    page: typeof data?.page === 'number' ? data.page : params.page,
    pageSize: typeof data?.pageSize === 'number' && data.pageSize > 0 ? data.pageSize : MEDIA_PAGE_SIZE,
  };
}

/** The list polls itself while any asset on the page is pending or processing, and stops when none is. */
export const assetsQueryOptions = (params: AssetListParams) =>
  queryOptions({
    queryKey: mediaKeys.list(params),
    queryFn: ({ signal }) => getAssets(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => pollInterval(query.state.data?.assets),
    refetchIntervalInBackground: false,
    meta: { silent: true },
  });

export function useAssets(params: AssetListParams) {
  return useQuery(assetsQueryOptions(params));
}
