import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withStyle } from './get-subtitle-styles';
import { subtitleStyleKeys } from './keys';
import { normalizeSubtitleStyle, styleFields } from './normalize';
import type { SubtitleStyleConfig, SubtitleStyleFields } from './types';

/** UPDATE_NEEDS_ID: the spec's words for an update of a style that has no id (a bug of the caller, never sent). */
export const UPDATE_NEEDS_ID = 'Subtitle style config update needs subtitleStyleConfigId';

/** UpdateSubtitleStyleInput: the style to change and all its editable fields (the format cannot change). */
export interface UpdateSubtitleStyleInput extends SubtitleStyleFields {
  subtitleStyleConfigId?: number;
}

/** PUT /api/v2/subtitles/styles/config/{id} {fields} -> the style; a built-in one is 403 subtitle_style_built_in. */
export async function updateSubtitleStyle({ subtitleStyleConfigId, ...fields }: UpdateSubtitleStyleInput): Promise<SubtitleStyleConfig> {
  if (!subtitleStyleConfigId || subtitleStyleConfigId <= 0) throw new Error(UPDATE_NEEDS_ID);
  const data = await api.put<unknown>(
    `/api/v2/subtitles/styles/config/${encodeURIComponent(String(subtitleStyleConfigId))}`,
    styleFields(fields),
  );
  return normalizeSubtitleStyle(data);
}

/**
 * useUpdateSubtitleStyle changes one of the account's styles. The server makes every video that uses it a draft;
 * the screen that shows a video refreshes it itself (this feature does not know the video's keys).
 */
export function useUpdateSubtitleStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubtitleStyle,
    meta: { handlesErrors: true },
    onSuccess: (style) => {
      queryClient.setQueryData<SubtitleStyleConfig[]>(subtitleStyleKeys.list(style.aspectRatio), (list) =>
        list ? withStyle(list, style) : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: subtitleStyleKeys.lists }),
  });
}
