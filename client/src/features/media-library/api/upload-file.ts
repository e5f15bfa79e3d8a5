import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { mimeTypeOf } from '../utils/validate-file';
import { confirmUpload } from './confirm-upload';
import { mediaKeys } from './keys';
import { putFile } from './put-file';
import { requestUploadUrl } from './request-upload-url';
import type { Asset } from './types';

export type Uploader = (file: File, onProgress: (fraction: number) => void) => Promise<Asset>;

/**
 * One file, three steps: ask for a presigned URL, PUT the bytes there (with progress), confirm.
 * Width, height and duration are left to the server, which probes the stored file.
 */
export async function uploadFile(file: File, onProgress: (fraction: number) => void = () => {}): Promise<Asset> {
  const type = mimeTypeOf(file);
  const target = await requestUploadUrl({ name: file.name, type, size: file.size });
  await putFile(target.url, file, {
    method: target.method,
    headers: target.headers,
    onProgress,
  });
  return confirmUpload(target.fileUploadId);
}

/** uploadFile, plus a refetch of the media list after each uploaded file. */
export function useUploadFile(): Uploader {
  const queryClient = useQueryClient();
  return useCallback<Uploader>(
    async (file, onProgress) => {
      const asset = await uploadFile(file, onProgress);
      void queryClient.invalidateQueries({ queryKey: mediaKeys.lists });
      return asset;
    },
    [queryClient],
  );
}
