import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withStyle } from './get-subtitle-styles';
import { subtitleStyleKeys } from './keys';
import { normalizeSubtitleStyle, styleFields } from './normalize';
import type { StyleAspectRatio, SubtitleStyleConfig, SubtitleStyleFields } from './types';

/** CreateSubtitleStyleInput: every editable field, and the format the style is for (fixed from then on). */
export interface CreateSubtitleStyleInput extends SubtitleStyleFields {
  aspectRatio: StyleAspectRatio;
}

/** POST /api/v2/subtitles/styles/config {fields, aspectRatio} -> 201 the new style. */
export async function createSubtitleStyle(input: CreateSubtitleStyleInput): Promise<SubtitleStyleConfig> {
  const data = await api.post<unknown>('/api/v2/subtitles/styles/config', {
    ...styleFields(input),
    aspectRatio: input.aspectRatio,
  });
  return normalizeSubtitleStyle(data);
}

/** useCreateSubtitleStyle saves a new style; it shows in its format's list at once. The form shows the errors. */
export function useCreateSubtitleStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubtitleStyle,
    meta: { handlesErrors: true },
    onSuccess: (style) => {
      queryClient.setQueryData<SubtitleStyleConfig[]>(subtitleStyleKeys.list(style.aspectRatio), (list) =>
        list ? withStyle(list, style) : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: subtitleStyleKeys.lists }),
  });
}
