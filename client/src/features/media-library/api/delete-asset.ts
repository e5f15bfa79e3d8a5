import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaKeys } from './keys';

/** DELETE /api/v2/asset/{id} -> {deleted: [id]} */
export async function deleteAsset(assetId: number): Promise<number[]> {
  const data = await api.delete<{ deleted?: number[] }>(`/api/v2/asset/${encodeURIComponent(String(assetId))}`);
  return Array.isArray(data?.deleted) ? data.deleted : [assetId];
}

export function useDeleteAsset(options: { onSuccess?: (deleted: number[]) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAsset,
    onSuccess: (deleted) => options.onSuccess?.(deleted),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaKeys.lists }),
  });
}
