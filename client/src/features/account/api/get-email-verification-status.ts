import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './keys';

export type EmailVerificationStatus = 'verified' | 'pending' | 'unverified';

export const EMAIL_STATUS_POLL_MS = 5000;

/** GET /api/v2/user/email/verify/status */
export async function getEmailVerificationStatus(signal?: AbortSignal): Promise<EmailVerificationStatus> {
  const data = await api.get<{ status?: string }>('/api/v2/user/email/verify/status', { signal });
  const status = data?.status;
  return status === 'verified' || status === 'pending' ? status : 'unverified';
}

/**
 * `poll`: the user just asked for an email. Polling runs while `poll` is set or the server says
 * "pending", and stops as soon as the answer is "verified".
 */
export const emailVerificationStatusQueryOptions = (poll = false) =>
  queryOptions({
    queryKey: accountKeys.emailVerification,
    queryFn: ({ signal }) => getEmailVerificationStatus(signal),
    refetchInterval: (query) => {
      const status = query.state.data;
      if (status === 'verified') return false;
      return poll || status === 'pending' ? EMAIL_STATUS_POLL_MS : false;
    },
    refetchIntervalInBackground: false,
  });

export function useEmailVerificationStatus({ poll = false }: { poll?: boolean } = {}) {
  return useQuery(emailVerificationStatusQueryOptions(poll));
}
