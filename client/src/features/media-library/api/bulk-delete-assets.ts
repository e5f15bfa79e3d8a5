import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaKeys } from './keys';

/** POST /api/v2/asset/bulkDelete {assetIds} -> {deleted: [...]} */
export async function bulkDeleteAssets(assetIds: number[]): Promise<number[]> {
  const data = await api.post<{ deleted?: number[] }>('/api/v2/asset/bulkDelete', { assetIds });
  return Array.isArray(data?.deleted) ? data.deleted : [];
}

export function useBulkDeleteAssets(options: { onSuccess?: (deleted: number[]) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteAssets,
    onSuccess: (deleted) => options.onSuccess?.(deleted),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaKeys.lists }),
  });
}
