/**
 * Query keys of the signed-in session. Everything tied to the current user lives under ['user', ...]
 * so that signing in, out or switching account can drop it in one call.
 */
export const authKeys = {
  session: ['session'] as const,
  user: ['user'] as const,
};
