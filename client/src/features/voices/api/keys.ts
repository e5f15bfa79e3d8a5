import { authKeys } from '@/lib/auth';
import type { VoiceFilters } from './types';

/** Voice lists include the caller's clones, so the keys live under ['user', ...]. */
export const voiceKeys = {
  all: [...authKeys.user, 'voices'] as const,
  lists: [...authKeys.user, 'voices', 'list'] as const,
  list: (filters: VoiceFilters) => [...authKeys.user, 'voices', 'list', filters] as const,
  tagGroups: [...authKeys.user, 'voices', 'tag-groups'] as const,
};
