import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { presetKeys } from './keys';
import type { Preset, PresetSetting } from './types';

export interface SavePresetInput {
  name: string;
  settings: PresetSetting[];
}

/** POST /api/v2/presets/createvideo {name, isPublic: false, settings} -> the new preset. */
export async function savePreset({ name, settings }: SavePresetInput): Promise<Preset> {
  return api.post<Preset>('/api/v2/presets/createvideo', { name: name.trim(), isPublic: false, settings });
}

export function useSavePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreset,
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: presetKeys.all }),
  });
}
