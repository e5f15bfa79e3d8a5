import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { presetKeys } from './keys';
import type { PresetMetadata } from './types';

const count = (v: unknown) => (typeof v === 'number' && v > 0 ? v : 0);

/** GET /api/v2/presets/createvideo/metadata -> public and own preset counts (never below zero). */
export async function getPresetsMetadata(signal?: AbortSignal): Promise<PresetMetadata> {
  const data = await api.get<Partial<PresetMetadata> | null>('/api/v2/presets/createvideo/metadata', { signal });
  return { totalPublicPresets: count(data?.totalPublicPresets), totalUserPresets: count(data?.totalUserPresets) };
}

export const presetsMetadataQueryOptions = () =>
  queryOptions({
    queryKey: presetKeys.metadata,
    queryFn: ({ signal }) => getPresetsMetadata(signal),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export function usePresetsMetadata() {
  return useQuery(presetsMetadataQueryOptions());
}
