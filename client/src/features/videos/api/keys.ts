import { authKeys } from '@/lib/auth';
import type { VideoListParams } from './types';

/** Videos belong to the signed-in user, so their keys live under ['user', ...]. */
export const videoKeys = {
  all: [...authKeys.user, 'videos'] as const,
  lists: [...authKeys.user, 'videos', 'list'] as const,
  list: (params: VideoListParams) => [...authKeys.user, 'videos', 'list', params] as const,
  details: [...authKeys.user, 'videos', 'detail'] as const,
  detail: (videoId: number) => [...authKeys.user, 'videos', 'detail', videoId] as const,
};
