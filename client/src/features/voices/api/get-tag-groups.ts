import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { voiceKeys } from './keys';
import type { TagGroup } from './types';

/** GET /api/v2/tag/group: tag groups with their categories and tags (with counts). */
export async function getTagGroups(signal?: AbortSignal): Promise<TagGroup[]> {
  const data = await api.get<TagGroup[] | null>('/api/v2/tag/group', { signal });
  return Array.isArray(data)
    ? data.map((g) => ({
        ...g,
        categories: Array.isArray(g.categories)
          ? g.categories.map((c) => ({ ...c, tags: Array.isArray(c.tags) ? c.tags : [] }))
          : [],
      }))
    : [];
}

export const tagGroupsQueryOptions = () =>
  queryOptions({
    queryKey: voiceKeys.tagGroups,
    queryFn: ({ signal }) => getTagGroups(signal),
    staleTime: 5 * 60_000,
  });

export function useTagGroups() {
  return useQuery(tagGroupsQueryOptions());
}
