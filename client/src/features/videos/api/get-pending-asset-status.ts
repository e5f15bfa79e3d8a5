import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import { videoPath } from './video-edit';

/** PENDING_ASSETS_POLL_MS: while media of the video is importing, its status is read again this often. */
export const PENDING_ASSETS_POLL_MS = 2000;
/** PENDING_ASSETS_FAILED: spec 000 section 8 notice, with advice to refresh. */
export const PENDING_ASSETS_FAILED = 'Failed to check for pending assets';
export const PENDING_ASSETS_ADVICE = 'Refresh the page to check again.';

/** PendingAsset is one import of the video's media that is not final yet. */
export interface PendingAsset {
  assetId: number;
  layerId: number | null;
  status: string;
}

/** PendingAssetStatus is GET /api/v2/video/{id}/pendingAssetStatus. */
export interface PendingAssetStatus {
  pending: boolean;
  assets: PendingAsset[];
}

type Raw = Record<string, unknown>;

/** normalizePendingAssetStatus: pending is also true when any asset is listed. */
export function normalizePendingAssetStatus(raw: unknown): PendingAssetStatus {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Raw;
  const assets = (Array.isArray(r.assets) ? r.assets : [])
    .filter((a): a is Raw => typeof a === 'object' && a !== null)
    .map((a) => ({
      assetId: typeof a.assetId === 'number' ? a.assetId : 0,
      layerId: typeof a.layerId === 'number' ? a.layerId : null,
      status: typeof a.status === 'string' ? a.status : String(a.status ?? ''),
    }));
  return { pending: r.pending === true || assets.length > 0, assets };
}

/** GET /api/v2/video/{id}/pendingAssetStatus */
export async function getPendingAssetStatus(videoId: number, signal?: AbortSignal): Promise<PendingAssetStatus> {
  return normalizePendingAssetStatus(await api.get<unknown>(`${videoPath(videoId)}/pendingAssetStatus`, { signal }));
}

/** Polls every 2 s while something is pending; a failure stops the polling (the screen says to refresh). */
export const pendingAssetStatusQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: videoKeys.pendingAssets(videoId),
    queryFn: ({ signal }) => getPendingAssetStatus(videoId, signal),
    refetchInterval: (query) => (query.state.status !== 'error' && query.state.data?.pending ? PENDING_ASSETS_POLL_MS : false),
    retry: false,
    meta: { silent: true },
  });

/** usePendingAssetStatus reads which of the video's media imports are still on their way. */
export function usePendingAssetStatus(videoId: number) {
  return useQuery({ ...pendingAssetStatusQueryOptions(videoId), enabled: videoId > 0 });
}
