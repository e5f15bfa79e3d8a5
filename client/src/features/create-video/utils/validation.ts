import { PROMPT_MAX_CHARS, PROMPT_MIN_CHARS } from './constants';

/** Messages shared with the server (domain/script.go); the server's answer is the final word. */
export const PROMPT_TOO_SHORT = 'prompt too short: write at least 20 characters';
export const PROMPT_TOO_LONG = 'too long: a prompt has at most 500 characters';
export const INVALID_PAGE_URL = 'invalid page URL';
export const SCRIPT_REQUIRED = 'invalid text: please enter some text';

/** charCount counts characters as the server does (code points, not UTF-16 units). */
export function charCount(text: string): number {
  return Array.from(text).length;
}

/** normalizePrompt collapses every run of white space to one space and trims the ends. */
export function normalizePrompt(prompt: string): string {
  return prompt.split(/\s+/).filter(Boolean).join(' ');
}

/** validatePrompt: an empty prompt is no error (yet); otherwise 20 to 500 characters once collapsed. */
export function validatePrompt(prompt: string): string | undefined {
  const n = charCount(normalizePrompt(prompt));
  if (n === 0) return undefined;
  if (n < PROMPT_MIN_CHARS) return PROMPT_TOO_SHORT;
  if (n > PROMPT_MAX_CHARS) return PROMPT_TOO_LONG;
  return undefined;
}

/** normalizePageUrl trims the address and adds https:// when it has no scheme ("example.com/a"). */
export function normalizePageUrl(raw: string): string {
  const value = raw.trim();
  if (!value || /^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  return `https://${value.replace(/^\/+/, '')}`;
}

/**
 * validatePageUrl: an http(s) address of a named host (a missing scheme means https). Whether it belongs to the
 * user's domain is the server's call ('URL must be from {domain}'), since admins may use any domain.
 */
export function validatePageUrl(raw: string): string | undefined {
  const value = normalizePageUrl(raw);
  if (!value || /\s/.test(value)) return INVALID_PAGE_URL;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return INVALID_PAGE_URL;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return INVALID_PAGE_URL;
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return INVALID_PAGE_URL;
  return undefined;
}

/** scriptTooLong: the server's wording for a script over the plan's limit. */
export function scriptTooLongMessage(limit: number): string {
  return `Script is too long: your plan allows at most ${limit.toLocaleString('en-US')} characters.`;
}

/** validateScript: some text, and no more than the plan allows. */
export function validateScript(text: string, limit: number): string | undefined {
  if (text.trim() === '') return SCRIPT_REQUIRED;
  if (charCount(text) > limit) return scriptTooLongMessage(limit);
  return undefined;
}
