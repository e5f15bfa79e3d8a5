import type { Asset, AssetState } from '../api/types';

/** How often the list is fetched again while an asset on screen is still being imported or processed. */
export const MEDIA_POLL_MS = 5000;

export const PROCESSING_TEXT = 'Processing asset';
export const ERROR_TEXT = 'Error Processing Asset';

const STATES_BY_STATUS: Record<number, AssetState> = {
  1: 'created',
  2: 'pending',
  3: 'processing',
  4: 'complete',
  5: 'error',
};

/** The state string, falling back to the numeric status when the string is missing. */
export function stateOf(asset: Pick<Asset, 'state' | 'status'>): string {
  if (typeof asset.state === 'string' && asset.state) return asset.state;
  return (asset.status !== undefined && STATES_BY_STATUS[asset.status]) || '';
}

/** Pending or processing: the server is still working on it. */
export function isInProgress(state: string): boolean {
  return state === 'pending' || state === 'processing';
}

export type TileOverlay = 'processing' | 'error' | null;

/**
 * Spec 000 §4 "Media asset display": pending or processing shows 'Processing asset'; any other state
 * that is neither complete nor created shows 'Error Processing Asset'.
 */
export function overlayFor(state: string): TileOverlay {
  if (isInProgress(state)) return 'processing';
  if (state === 'complete' || state === 'created') return null;
  return 'error';
}

/** refetchInterval for the list: poll while any listed asset is in progress, stop when none is. */
export function pollInterval(assets: ReadonlyArray<Pick<Asset, 'state' | 'status'>> | undefined): number | false {
  return assets?.some((a) => isInProgress(stateOf(a))) ? MEDIA_POLL_MS : false;
}
