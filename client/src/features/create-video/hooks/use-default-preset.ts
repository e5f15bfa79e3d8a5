import { useEffect } from 'react';
import { defaultPreset, usePresets } from '../api/get-presets';
import { useCreateVideoDraft } from '../stores/create-video-draft';

/** useDefaultPreset gives a new draft the default preset's settings once presets are known (none on failure). */
export function useDefaultPreset() {
  const checked = useCreateVideoDraft((s) => s.presetChecked);
  const loaded = useCreateVideoDraft((s) => s.defaultPresetLoaded);
  const presets = usePresets();
  useEffect(() => {
    if (checked) return;
    if (presets.isSuccess) loaded(defaultPreset(presets.data.pages));
    else if (presets.isError) loaded(null);
  }, [checked, presets.isSuccess, presets.isError, presets.data, loaded]);
  return presets;
}
