import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subtitleStyleKeys } from './keys';

/** GET /api/v2/font/fontFamilies -> the font families the renderer has; a style may use only these. */
export async function getFontFamilies(signal?: AbortSignal): Promise<string[]> {
  const data = await api.get<{ fontFamilies?: unknown } | null>('/api/v2/font/fontFamilies', { signal });
  const list = Array.isArray(data?.fontFamilies) ? data.fontFamilies : [];
  return list.filter((f): f is string => typeof f === 'string' && f.trim() !== '');
}

/** fontFamiliesQueryOptions: the list changes only with a new renderer image, so it is read once a session. */
export const fontFamiliesQueryOptions = () =>
  queryOptions({
    queryKey: subtitleStyleKeys.fontFamilies,
    queryFn: ({ signal }) => getFontFamilies(signal),
    staleTime: Infinity,
    meta: { silent: true },
  });

/** useFontFamilies loads the fonts the style editor offers. */
export function useFontFamilies() {
  return useQuery(fontFamiliesQueryOptions());
}
