import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PRESET_PAGE_SIZE } from '../utils/constants';
import { presetKeys } from './keys';
import type { Preset, PresetPage, PresetSetting } from './types';

function normalizePreset(raw: Partial<Preset>): Preset {
  return {
    presetId: typeof raw.presetId === 'number' ? raw.presetId : 0,
    name: typeof raw.name === 'string' ? raw.name : '',
    isPublic: raw.isPublic === true,
    settings: Array.isArray(raw.settings)
      ? raw.settings.filter((s): s is PresetSetting => typeof s?.key === 'string' && typeof s?.value === 'string')
      : [],
  };
}

/** GET /api/v2/presets/createvideo?page&pageSize: pages count from 0; public presets come first. */
export async function getPresets(page: number, signal?: AbortSignal): Promise<PresetPage> {
  const data = await api.get<Partial<PresetPage> | null>('/api/v2/presets/createvideo', {
    signal,
    params: { page, pageSize: PRESET_PAGE_SIZE },
  });
  const presets = Array.isArray(data?.presets) ? data.presets.map(normalizePreset) : [];
  return {
    presets,
    page: typeof data?.page === 'number' ? data.page : page,
    pageSize: typeof data?.pageSize === 'number' ? data.pageSize : PRESET_PAGE_SIZE,
    total: typeof data?.total === 'number' ? data.total : presets.length,
  };
}

/** Presets load page by page until the total is reached. */
export const presetsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: presetKeys.list,
    queryFn: ({ pageParam, signal }) => getPresets(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.presets.length, 0);
      return loaded < last.total && last.presets.length > 0 ? last.page + 1 : undefined;
    },
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export function usePresets() {
  return useInfiniteQuery(presetsQueryOptions());
}

/** defaultPreset: the first preset is the default (the server lists public presets first). */
export function defaultPreset(pages: PresetPage[] | undefined): Preset | null {
  return pages?.[0]?.presets[0] ?? null;
}
