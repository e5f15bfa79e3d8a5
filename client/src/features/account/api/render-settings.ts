import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './keys';

/** The user's settings (GET /api/v2/user/config): a JSON object, render settings under renderSettings. */
export type UserConfig = Record<string, unknown>;

/** RenderSettings are the spec's render settings the app reads and changes. */
export interface RenderSettings {
  sendEmailOnRender: boolean;
}

/** The spec's default render settings: e-mail on render on. */
export const DEFAULT_RENDER_SETTINGS: RenderSettings = { sendEmailOnRender: true };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** renderSettingsOf reads the render settings from a user config; what is missing or malformed takes its default. */
export function renderSettingsOf(config: UserConfig | undefined): RenderSettings {
  const rs = isRecord(config?.renderSettings) ? config.renderSettings : {};
  return {
    sendEmailOnRender: typeof rs.sendEmailOnRender === 'boolean' ? rs.sendEmailOnRender : DEFAULT_RENDER_SETTINGS.sendEmailOnRender,
  };
}

export async function getUserConfig(): Promise<UserConfig> {
  const data = await api.get<unknown>('/api/v2/user/config');
  return isRecord(data) ? data : {};
}

export function useUserConfig() {
  // The render panel says itself when the settings cannot be read.
  return useQuery({ queryKey: accountKeys.config, queryFn: getUserConfig, meta: { silent: true } });
}

/**
 * updateRenderSettings changes some render settings. The server replaces top-level keys whole, so the other keys of
 * renderSettings (publishVideoOnRender and those this app does not know) are sent back as they are.
 */
export async function updateRenderSettings(change: Partial<RenderSettings>, current: UserConfig | undefined): Promise<UserConfig> {
  const previous = isRecord(current?.renderSettings) ? current.renderSettings : {};
  const data = await api.post<unknown>('/api/v2/user/config', { renderSettings: { ...previous, ...change } });
  return isRecord(data) ? data : {};
}

export function useUpdateRenderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<RenderSettings>) =>
      updateRenderSettings(change, queryClient.getQueryData<UserConfig>(accountKeys.config)),
    meta: { handlesErrors: true },
    // A read of the settings sent before the change was saved must not answer after it with the old values.
    onSuccess: async (config) => {
      await queryClient.cancelQueries({ queryKey: accountKeys.config, exact: true });
      queryClient.setQueryData(accountKeys.config, config);
    },
  });
}
