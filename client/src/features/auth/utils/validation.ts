export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 20;

export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  confirmRequired: 'Please confirm your email',
  emailsDontMatch: "emails don't match",
  passwordRequired: 'Password is required',
  passwordLength: `Password must be between ${PASSWORD_MIN} and ${PASSWORD_MAX} characters`,
  categoryRequired: 'Please choose a category',
  websiteInvalid: 'Please enter a valid website URL',
} as const;

export type UserCategory = 'Individual' | 'Business';
export const USER_CATEGORIES: readonly UserCategory[] = ['Individual', 'Business'];

export interface LoginInfoValues {
  signupEmail: string;
  signupEmailConfirm: string;
  signupPassword: string;
}

export interface AboutYouValues {
  userCategory: UserCategory | '';
  websiteUrl: string;
}

export type Errors<T> = Partial<Record<keyof T, string>>;

// One "@", no spaces, a dot in the domain part, no empty labels.
const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= 254 && EMAIL_RE.test(v);
}

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export function charLength(value: string): number {
  return Array.from(value).length;
}

export function validateEmail(value: string): string | undefined {
  if (!value.trim()) return messages.emailRequired;
  if (!isValidEmail(value)) return messages.emailInvalid;
  return undefined;
}

export function validateEmailConfirm(email: string, confirm: string): string | undefined {
  if (!confirm.trim()) return messages.confirmRequired;
  if (!isValidEmail(confirm)) return messages.emailInvalid;
  if (email.trim().toLowerCase() !== confirm.trim().toLowerCase()) return messages.emailsDontMatch;
  return undefined;
}

export function validatePassword(value: string): string | undefined {
  if (!value) return messages.passwordRequired;
  const n = charLength(value);
  if (n < PASSWORD_MIN || n > PASSWORD_MAX) return messages.passwordLength;
  return undefined;
}

export function validateCategory(value: string): string | undefined {
  return (USER_CATEGORIES as readonly string[]).includes(value) ? undefined : messages.categoryRequired;
}

/** Optional; when given it must be an http(s) address or a bare domain such as "example.com". */
export function validateWebsiteUrl(value: string): string | undefined {
  const v = value.trim();
  if (!v) return undefined;
  if (/\s/.test(v)) return messages.websiteInvalid;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return messages.websiteInvalid;
    const host = url.hostname;
    if (!/^[^.]+(\.[^.]+)+$/.test(host)) return messages.websiteInvalid;
    return undefined;
  } catch {
    return messages.websiteInvalid;
  }
}

function compact<T>(errors: Errors<T>): Errors<T> {
  const out: Errors<T> = {};
  for (const key of Object.keys(errors) as Array<keyof T>) {
    if (errors[key]) out[key] = errors[key];
  }
  return out;
}

export function validateLoginInfo(values: LoginInfoValues): Errors<LoginInfoValues> {
  return compact<LoginInfoValues>({
    signupEmail: validateEmail(values.signupEmail),
    signupEmailConfirm: validateEmailConfirm(values.signupEmail, values.signupEmailConfirm),
    signupPassword: validatePassword(values.signupPassword),
  });
}

export function validateAboutYou(values: AboutYouValues): Errors<AboutYouValues> {
  return compact<AboutYouValues>({
    userCategory: validateCategory(values.userCategory),
    websiteUrl: validateWebsiteUrl(values.websiteUrl),
  });
}

export interface LoginValues {
  email: string;
  password: string;
}

/** Sign-in only checks presence and shape; the server decides whether the password is right. */
export function validateLogin(values: LoginValues): Errors<LoginValues> {
  return compact<LoginValues>({
    email: validateEmail(values.email),
    password: values.password ? undefined : messages.passwordRequired,
  });
}

export const STEP2_FIELDS = ['userCategory', 'websiteUrl'] as const;

/**
 * After a failed registration: stay on step 2 only when every failing field belongs to step 2,
 * otherwise go back to step 1 (spec: "on failure return to step 1").
 */
export function stepForServerErrors(fields: string[]): 1 | 2 {
  if (fields.length === 0) return 1;
  return fields.every((f) => (STEP2_FIELDS as readonly string[]).includes(f)) ? 2 : 1;
}
