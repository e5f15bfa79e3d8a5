import { authKeys } from '@/lib/auth';
import type { AssetListParams } from './types';

/** Media belongs to the signed-in user, so its keys live under ['user', ...]. */
export const mediaKeys = {
  all: [...authKeys.user, 'media'] as const,
  lists: [...authKeys.user, 'media', 'list'] as const,
  list: (params: AssetListParams) => [...authKeys.user, 'media', 'list', params] as const,
};
