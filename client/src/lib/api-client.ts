import { env } from './env';

/** One message about one input, as sent by the server on validation errors. */
export interface FieldError {
  field: string;
  message: string;
}

export const FALLBACK_ERROR_MESSAGE = 'error receiving data';

/** Every failed call ends up as an ApiError with a stable code, a human message and optional field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldError[];

  constructor(status: number, code: string, message: string, fields: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /** Field errors as a map (first message per field wins). */
  fieldMap(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const f of this.fields) {
      if (!(f.field in out)) out[f.field] = f.message;
    }
    return out;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Human message of any error, with the product's fallback wording. */
export function errorMessage(error: unknown, fallback = FALLBACK_ERROR_MESSAGE): string {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Turns an error response body (already parsed JSON, or undefined when the body was not JSON)
 * into an ApiError. Unknown shapes keep the HTTP status and get the fallback message.
 */
export function parseApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) ? body.error : undefined;
  if (isRecord(error)) {
    const code = typeof error.code === 'string' && error.code ? error.code : `http_${status}`;
    const message =
      typeof error.message === 'string' && error.message ? error.message : FALLBACK_ERROR_MESSAGE;
    const fields: FieldError[] = Array.isArray(error.fields)
      ? error.fields
          .filter(isRecord)
          .filter((f) => typeof f.field === 'string')
          .map((f) => ({
            field: f.field as string,
            message: typeof f.message === 'string' && f.message ? f.message : 'Invalid value',
          }))
      : [];
    return new ApiError(status, code, message, fields);
  }
  return new ApiError(status, `http_${status}`, FALLBACK_ERROR_MESSAGE);
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let tokenRequest: Promise<string> | null = null;

/** Asks the server for a CSRF token (it also sets the cookie). Concurrent callers share one request. */
function fetchCsrfToken(): Promise<string> {
  tokenRequest ??= (async () => {
    try {
      const data = await send<{ token?: string }>('GET', '/api/v2/token');
      return readCookie(env.csrfCookie) ?? data?.token ?? '';
    } finally {
      tokenRequest = null;
    }
  })();
  return tokenRequest;
}

/** Cookie value if present, otherwise a fresh token from GET /api/v2/token. */
export async function getCsrfToken(forceRefresh = false): Promise<string> {
  if (!forceRefresh) {
    const fromCookie = readCookie(env.csrfCookie);
    if (fromCookie) return fromCookie;
  }
  return fetchCsrfToken();
}

export type QueryParams = Record<string, string | number | boolean | undefined | null | Array<string | number>>;

export interface RequestOptions {
  params?: QueryParams;
  signal?: AbortSignal;
}

function buildUrl(path: string, params?: QueryParams): string {
  let url = env.apiUrl + path;
  if (params) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) value.forEach((v) => search.append(key, String(v)));
      else search.append(key, String(value));
    }
    const qs = search.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function send<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
  csrfRetried = false,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (MUTATING.has(method)) headers[env.csrfHeader] = await getCsrfToken(csrfRetried);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', FALLBACK_ERROR_MESSAGE);
  }

  const parsed = await readBody(response);
  if (!response.ok) {
    const error = parseApiError(response.status, parsed);
    // A stale or missing CSRF token: get a fresh one and try exactly once more.
    if (MUTATING.has(method) && response.status === 403 && error.code.includes('csrf') && !csrfRetried) {
      return send<T>(method, path, body, options, true);
    }
    throw error;
  }
  if (parsed !== undefined && isRecord(parsed) && 'data' in parsed) return parsed.data as T;
  return parsed as T;
}

/** Thin JSON client: unwraps `{data}` on success and throws ApiError on failure. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => send<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => send<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => send<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => send<T>('PATCH', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions) => send<T>('DELETE', path, undefined, options),
};
