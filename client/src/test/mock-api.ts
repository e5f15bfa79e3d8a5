import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  /** Raw text body instead of JSON. */
  text?: string;
}

export type MockHandler = MockReply | ((req: MockRequest) => MockReply | Promise<MockReply>);

/**
 * Replaces global fetch with a tiny router keyed by "METHOD /path". Unknown routes answer 404.
 * Every request is recorded in `calls`.
 */
export function mockApi(routes: Record<string, MockHandler>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost:5173');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const req: MockRequest = { method, path: url.pathname, url, headers, body };
    calls.push(req);
    const handler = routes[`${method} ${url.pathname}`];
    const reply: MockReply = handler
      ? typeof handler === 'function'
        ? await handler(req)
        : handler
      : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    const status = reply.status ?? 200;
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'Content-Type': reply.text !== undefined ? 'text/plain' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, find: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

export const ok = (data: unknown, status = 200): MockReply => ({ status, body: { data } });
export const fail = (
  status: number,
  code: string,
  message: string,
  fields?: Array<{ field: string; message: string }>,
): MockReply => ({ status, body: { error: { code, message, ...(fields ? { fields } : {}) } } });
