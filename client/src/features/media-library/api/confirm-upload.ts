import { api } from '@/lib/api-client';
import type { Asset } from './types';

/** POST /api/v2/upload/confirmUpload: turns the stored file into an asset (201 {data: asset}). */
export function confirmUpload(fileUploadId: string | number): Promise<Asset> {
  return api.post<Asset>('/api/v2/upload/confirmUpload', { fileUploadId });
}
