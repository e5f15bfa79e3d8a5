import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaKeys } from './keys';
import type { Asset } from './types';

export interface ImportAssetInput {
  url: string;
  name?: string;
}

/** POST /api/v2/asset/import: 202 with the new (pending) asset; 400 invalid_media_url for refused URLs. */
export function importAsset(input: ImportAssetInput): Promise<Asset> {
  return api.post<Asset>('/api/v2/asset/import', input);
}

export function useImportAsset(options: { onSuccess?: (asset: Asset) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importAsset,
    meta: { handlesErrors: true },
    onSuccess: async (asset) => {
      options.onSuccess?.(asset);
      await queryClient.invalidateQueries({ queryKey: mediaKeys.lists });
    },
  });
}
