import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './keys';

/** POST /api/v2/user/email/verify: sends the verification email. */
export async function sendVerificationEmail(): Promise<string> {
  const data = await api.post<{ status?: string }>('/api/v2/user/email/verify');
  return data?.status ?? 'sent';
}

export function useSendVerificationEmail(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendVerificationEmail,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.emailVerification });
      options.onSuccess?.();
    },
  });
}
