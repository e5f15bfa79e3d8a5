export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 20;
export const WORKSPACE_NAME_MAX = 100;

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validateChangePassword(values: ChangePasswordValues): Partial<Record<keyof ChangePasswordValues, string>> {
  const errors: Partial<Record<keyof ChangePasswordValues, string>> = {};
  if (!values.currentPassword) errors.currentPassword = 'Current password is required';
  const n = Array.from(values.newPassword).length;
  if (!values.newPassword) errors.newPassword = 'New password is required';
  else if (n < PASSWORD_MIN || n > PASSWORD_MAX)
    errors.newPassword = `Password must be between ${PASSWORD_MIN} and ${PASSWORD_MAX} characters`;
  else if (values.newPassword === values.currentPassword)
    errors.newPassword = 'The new password must be different from the current one';
  if (!values.confirmPassword) errors.confirmPassword = 'Please confirm the new password';
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = "Passwords don't match";
  return errors;
}

export function validateWorkspaceName(name: string): string | undefined {
  const v = name.trim();
  if (!v) return 'Workspace name is required';
  if (Array.from(v).length > WORKSPACE_NAME_MAX) return `Workspace name must be at most ${WORKSPACE_NAME_MAX} characters`;
  return undefined;
}
