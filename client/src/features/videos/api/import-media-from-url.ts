import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';

/** Wording when a stock picture cannot be brought into the library without a message. */
export const IMPORT_MEDIA_FAILED = 'We could not bring this picture into your media library.';

export interface ImportMediaInput {
  url: string;
  name: string;
}

/** POST /api/v2/asset/import {url, name} -> 202 the new asset (pending: the library imports it in the background). */
export async function importMediaFromUrl(input: ImportMediaInput): Promise<{ assetId: number }> {
  const data = await api.post<{ assetId?: number } | undefined>('/api/v2/asset/import', input);
  if (!data?.assetId) throw new Error(IMPORT_MEDIA_FAILED);
  return { assetId: data.assetId };
}

/** useImportMediaFromUrl brings a stock suggestion into the media library, so a slide can use it. */
export function useImportMediaFromUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importMediaFromUrl,
    meta: { handlesErrors: true },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: videoKeys.libraryMedia }),
  });
}
