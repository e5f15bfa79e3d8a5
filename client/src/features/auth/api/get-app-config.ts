import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CaptchaProvider = 'turnstile' | 'hcaptcha' | 'recaptcha' | '';

export interface AppConfig {
  captcha: { enabled: boolean; provider: CaptchaProvider; siteKey: string };
  version: string;
}

/** GET /api/v2/app/config: public settings the sign-up page needs (captcha). */
export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return api.get<AppConfig>('/api/v2/app/config', { signal });
}

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: Infinity,
    meta: { silent: true },
  });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
