import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';

export type UserCategory = 'Individual' | 'Business';

export interface User {
  publisherId: number;
  publisherUserId: number;
  email: string;
  firstName: string;
  lastName: string;
  is2FAEnabled: boolean;
  isHumixEligible: boolean;
  isHumixEnabled: boolean;
  isMUA: boolean;
  isEmailVerified: boolean;
  isOwner: boolean;
  isAdmin: boolean;
  selectedDomainId: number;
  domain: string;
  featuresEnabled: string[];
  userCategory: UserCategory | '';
  websiteUrl: string;
}

/** GET /api/v2/user: the signed-in user (401 `unauthenticated` otherwise). */
export function getUser(signal?: AbortSignal): Promise<User> {
  return api.get<User>('/api/v2/user', { signal });
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user,
    queryFn: ({ signal }) => getUser(signal),
    staleTime: 60_000,
  });

export function useUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...userQueryOptions(), enabled: options.enabled ?? true });
}
