import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import type { UserCategory } from '../utils/validation';

export interface RegisterInput {
  signupEmail: string;
  signupEmailConfirm: string;
  signupPassword: string;
  userCategory: UserCategory;
  websiteUrl: string;
  captchaToken: string;
}

/** POST /pub/v1/user/register: 201 and a session cookie on success. */
export async function register(input: RegisterInput): Promise<boolean> {
  const data = await api.post<{ status?: boolean }>('/pub/v1/user/register', input);
  return data?.status === true;
}

export function useRegister(options: { onSuccess?: () => void | Promise<void> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    meta: { handlesErrors: true, skipAuthRedirect: true },
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: authKeys.user });
      queryClient.setQueryData(authKeys.session, true);
      await options.onSuccess?.();
    },
  });
}
