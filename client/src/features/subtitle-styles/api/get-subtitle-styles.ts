import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subtitleStyleKeys } from './keys';
import { normalizeSubtitleStyle } from './normalize';
import type { StyleAspectRatio, SubtitleStyleConfig } from './types';

/** GET /api/v2/subtitles/styles/config?aspectRatio= -> the built-in styles by id, then the account's own, newest first. */
export async function getSubtitleStyles(aspectRatio: StyleAspectRatio, signal?: AbortSignal): Promise<SubtitleStyleConfig[]> {
  const data = await api.get<{ subtitleStyleConfigs?: unknown } | null>('/api/v2/subtitles/styles/config', {
    params: { aspectRatio },
    signal,
  });
  const list = Array.isArray(data?.subtitleStyleConfigs) ? data.subtitleStyleConfigs : [];
  return list.map(normalizeSubtitleStyle).filter((s) => s.subtitleStyleConfigId > 0);
}

/** subtitleStylesQueryOptions: the styles of one format. The chooser shows its own error, so failures are silent. */
export const subtitleStylesQueryOptions = (aspectRatio: StyleAspectRatio) =>
  queryOptions({
    queryKey: subtitleStyleKeys.list(aspectRatio),
    queryFn: ({ signal }) => getSubtitleStyles(aspectRatio, signal),
    meta: { silent: true },
  });

/** useSubtitleStyles loads the subtitle styles a video of the given format can use. */
export function useSubtitleStyles(aspectRatio: StyleAspectRatio) {
  return useQuery(subtitleStylesQueryOptions(aspectRatio));
}

/**
 * withStyle: the list with a saved style in its place: an edited one where it was, a new one first among the
 * account's own (after the built-ins), as the server orders them.
 */
export function withStyle(list: SubtitleStyleConfig[], style: SubtitleStyleConfig): SubtitleStyleConfig[] {
  if (list.some((s) => s.subtitleStyleConfigId === style.subtitleStyleConfigId)) {
    return list.map((s) => (s.subtitleStyleConfigId === style.subtitleStyleConfigId ? style : s));
  }
  const builtIns = list.filter((s) => s.isBuiltIn);
  return [...builtIns, style, ...list.filter((s) => !s.isBuiltIn)];
}
