import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { legalKeys, type LegalAgreement } from './get-agreement';

/** POST /api/v2/legal/agreement/sign */
export function signAgreement(input: LegalAgreement): Promise<unknown> {
  return api.post<unknown>('/api/v2/legal/agreement/sign', input);
}

export function useSignAgreement(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signAgreement,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: legalKeys.agreement });
      options.onSuccess?.();
    },
  });
}
