import { ApiError, FALLBACK_ERROR_MESSAGE, getCsrfToken, parseApiError } from '@/lib/api-client';
import { env } from '@/lib/env';
import { SCRIPT_THROTTLE_MS } from '../utils/constants';

/** ThrottledError: a 429; retryAfterMs comes from the Retry-After header (the default delay without one). */
export class ThrottledError extends ApiError {
  readonly retryAfterMs: number;

  constructor(error: ApiError, retryAfterMs: number) {
    super(error.status, error.code, error.message, error.fields);
    this.name = 'ThrottledError';
    this.retryAfterMs = retryAfterMs;
  }
}

export function isThrottledError(error: unknown): error is ThrottledError {
  return error instanceof ThrottledError;
}

/** retryAfterMs reads Retry-After as seconds or as an HTTP date. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds) * 1000;
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  return SCRIPT_THROTTLE_MS;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * sendWithHeaders is the api client's POST/PUT for the two cases it does not cover: multipart bodies, and answers
 * whose headers matter (Retry-After on 429). CSRF is handled the same way: a stale token is refreshed once.
 */
export async function sendWithHeaders<T>(method: 'POST' | 'PUT', path: string, body: FormData | object): Promise<T> {
  const multipart = body instanceof FormData;
  for (let attempt = 0; ; attempt++) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [env.csrfHeader]: await getCsrfToken(attempt > 0),
    };
    if (!multipart) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(env.apiUrl + path, {
        method,
        headers,
        body: multipart ? body : JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiError(0, 'network_error', FALLBACK_ERROR_MESSAGE);
    }
    const parsed = await readJson(response);
    if (response.ok) {
      return (typeof parsed === 'object' && parsed !== null && 'data' in parsed ? (parsed as { data: T }).data : parsed) as T;
    }
    const error = parseApiError(response.status, parsed);
    if (response.status === 403 && error.code.includes('csrf') && attempt === 0) continue;
    if (response.status === 429) throw new ThrottledError(error, retryAfterMs(response.headers.get('Retry-After')));
    throw error;
  }
}
