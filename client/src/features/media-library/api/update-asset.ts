import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaKeys } from './keys';
import type { Asset, AssetPage } from './types';

export interface UpdateAssetInput {
  assetId: number;
  name: string;
}

/** PUT /api/v2/asset/{id} */
export function updateAsset({ assetId, name }: UpdateAssetInput): Promise<Asset> {
  return api.put<Asset>(`/api/v2/asset/${encodeURIComponent(String(assetId))}`, { name });
}

/** Renames in every cached page at once, then refetches; a failure shows the server's message and reverts. */
export function useUpdateAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAsset,
    onSuccess: (asset, input) => {
      queryClient.setQueriesData<AssetPage>({ queryKey: mediaKeys.lists }, (page) =>
        page
          ? {
              ...page,
              assets: page.assets.map((a) =>
                a.assetId === input.assetId ? { ...a, name: asset?.name ?? input.name } : a,
              ),
            }
          : page,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaKeys.lists }),
  });
}
