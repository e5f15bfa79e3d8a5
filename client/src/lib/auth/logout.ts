import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /logout clears the session cookie on the server. */
export async function logout(): Promise<boolean> {
  const data = await api.get<{ status?: boolean }>('/logout');
  return data?.status === true;
}

export function useLogout(options: { onSettled?: () => void | Promise<void> } = {}) {
  return useMutation({
    mutationFn: logout,
    // An already-expired session is fine here: the caller goes to the login page anyway.
    meta: { skipAuthRedirect: true, handlesErrors: true },
    onSettled: options.onSettled,
  });
}
