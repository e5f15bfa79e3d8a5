import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

export const PASSWORD_UPDATED = 'Password has been updated.';

/** PUT /api/v2/account/password; resolves with the server's confirmation message. */
export async function changePassword(input: ChangePasswordInput): Promise<string> {
  const data = await api.put<{ message?: string }>('/api/v2/account/password', input);
  return data?.message || PASSWORD_UPDATED;
}

export function useChangePassword(options: { onSuccess?: (message: string) => void } = {}) {
  return useMutation({
    mutationFn: changePassword,
    meta: { handlesErrors: true },
    onSuccess: options.onSuccess,
  });
}
