import { authKeys } from '@/lib/auth';

/** Presets include the user's own, so their keys live under ['user', ...]. */
export const presetKeys = {
  all: [...authKeys.user, 'presets', 'createvideo'] as const,
  list: [...authKeys.user, 'presets', 'createvideo', 'list'] as const,
  metadata: [...authKeys.user, 'presets', 'createvideo', 'metadata'] as const,
};
