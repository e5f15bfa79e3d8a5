/** Kinds of media the library lists ("text" assets exist but are not shown as media tiles). */
export type AssetType = 'video' | 'image' | 'audio' | 'text';

/** Import/processing state of an asset (status numbers 1..5 in the same order). */
export type AssetState = 'created' | 'pending' | 'processing' | 'complete' | 'error';

/** One media asset as the API returns it. Fields other than id, name, type and state may be missing. */
export interface Asset {
  assetId: number;
  name: string;
  type: AssetType;
  assetTypeId?: number;
  source?: number;
  /** Bytes. */
  size?: number;
  /** Seconds (float). */
  duration?: number;
  length?: number;
  width?: number;
  height?: number;
  url?: string;
  previewUrl?: string;
  thumbnailUrl?: string;
  state: AssetState;
  status?: number;
  errorMessage?: string;
  text?: string;
  parentAssetId?: number | null;
  isPublic?: boolean;
  createdAt?: string;
}

/** Type filter of the library; "all" sends no assetType. */
export type AssetTypeFilter = 'all' | 'video' | 'image' | 'audio';

export interface AssetListParams {
  page: number;
  type: AssetTypeFilter;
  /** Name search, already trimmed; empty means no filter. */
  name: string;
}

export interface AssetPage {
  assets: Asset[];
  totalItems: number;
  page: number;
  pageSize: number;
}
