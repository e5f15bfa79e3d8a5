export { AccountPage } from './components/account-page';
export { VerifyEmailPage } from './components/verify-email-page';
export { DEFAULT_RENDER_SETTINGS, renderSettingsOf, useUpdateRenderSettings, useUserConfig } from './api/render-settings';
export type { RenderSettings } from './api/render-settings';
