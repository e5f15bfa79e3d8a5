import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';

export interface LegalAgreement {
  hasAgreedToTerms: boolean;
  videoProductionAgreementVersionId: number;
}

export const legalKeys = {
  agreement: [...authKeys.user, 'legal-agreement'] as const,
};

/** GET /api/v2/legal/agreement */
export function getAgreement(signal?: AbortSignal): Promise<LegalAgreement> {
  return api.get<LegalAgreement>('/api/v2/legal/agreement', { signal });
}

export const agreementQueryOptions = () =>
  queryOptions({
    queryKey: legalKeys.agreement,
    queryFn: ({ signal }) => getAgreement(signal),
  });

export function useAgreement() {
  return useQuery(agreementQueryOptions());
}
