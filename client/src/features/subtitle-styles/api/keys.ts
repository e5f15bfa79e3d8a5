import { authKeys } from '@/lib/auth';
import type { StyleAspectRatio } from './types';

/** An account sees its own subtitle styles next to the built-in ones, so the keys live under ['user', ...]. */
export const subtitleStyleKeys = {
  all: [...authKeys.user, 'subtitle-styles'] as const,
  lists: [...authKeys.user, 'subtitle-styles', 'list'] as const,
  list: (aspectRatio: StyleAspectRatio) => [...authKeys.user, 'subtitle-styles', 'list', aspectRatio] as const,
  /** The fonts the renderer has; the same for everyone, asked for by the style editor only. */
  fontFamilies: [...authKeys.user, 'subtitle-styles', 'font-families'] as const,
};
