import { authKeys } from '@/lib/auth';

/** Account data belongs to the signed-in user, so its keys live under ['user', ...]. */
export const accountKeys = {
  workspaces: [...authKeys.user, 'workspaces'] as const,
  emailVerification: [...authKeys.user, 'email-verification'] as const,
  config: [...authKeys.user, 'config'] as const,
};
