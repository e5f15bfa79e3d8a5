import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';

export interface LoginInput {
  email: string;
  password: string;
}

/** POST /pub/v1/user/login: sets the session cookie on success. */
export async function login(input: LoginInput): Promise<boolean> {
  const data = await api.post<{ status?: boolean }>('/pub/v1/user/login', input);
  return data?.status === true;
}

export function useLogin(options: { onSuccess?: () => void | Promise<void> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // 401 here means wrong credentials, shown by the form, not an expired session.
    meta: { handlesErrors: true, skipAuthRedirect: true },
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: authKeys.user });
      queryClient.setQueryData(authKeys.session, true);
      await options.onSuccess?.();
    },
  });
}
