import { useUser } from '@/lib/auth';
import { FALLBACK_SCRIPT_MAX_LENGTH } from '../utils/constants';

/** scriptLimitOf reads the plan's script limit from GET /api/v2/user (top level or under limits). */
export function scriptLimitOf(user: unknown): number {
  if (typeof user !== 'object' || user === null) return FALLBACK_SCRIPT_MAX_LENGTH;
  const u = user as { scriptMaxLength?: unknown; limits?: { scriptMaxLength?: unknown } };
  const limit = u.scriptMaxLength ?? u.limits?.scriptMaxLength;
  return typeof limit === 'number' && limit > 0 ? limit : FALLBACK_SCRIPT_MAX_LENGTH;
}

/** useScriptLimit: the longest script, in characters, the user's plan allows. */
export function useScriptLimit(): number {
  const user = useUser();
  return scriptLimitOf(user.data);
}
