import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/test/mock-api';
import { api, ApiError, errorMessage, getCsrfToken, parseApiError, readCookie } from './api-client';

function setCookie(value: string) {
  document.cookie = `pagecast_csrf=${value}; path=/`;
}

describe('api client: CSRF', () => {
  it('does not send a CSRF header on GET and unwraps {data}', async () => {
    const { calls } = mockApi({ 'GET /api/v2/user/workspaces': ok([{ workspaceId: 1, name: 'Main', isDefault: true }]) });
    const data = await api.get('/api/v2/user/workspaces');
    expect(data).toEqual([{ workspaceId: 1, name: 'Main', isDefault: true }]);
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get('X-CSRF-Token')).toBeNull();
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)('attaches the cookie value on %s', async (method) => {
    setCookie('tok-123');
    const key = `${method.toUpperCase()} /api/v2/thing`;
    const { calls } = mockApi({ [key]: ok({ done: true }) });
    const result = method === 'delete' ? await api.delete('/api/v2/thing') : await api[method]('/api/v2/thing', { a: 1 });
    expect(result).toEqual({ done: true });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([key]);
    expect(calls[0].headers.get('X-CSRF-Token')).toBe('tok-123');
  });

  it('sends JSON with a content type and same-origin credentials', async () => {
    setCookie('tok');
    const { fetchMock, calls } = mockApi({ 'POST /pub/v1/user/login': ok({ status: true }) });
    await api.post('/pub/v1/user/login', { email: 'a@b.co', password: 'x' });
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    expect(calls[0].body).toEqual({ email: 'a@b.co', password: 'x' });
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'same-origin', method: 'POST' });
  });

  it('fetches /api/v2/token first when the cookie is missing and uses the cookie it sets', async () => {
    const { calls } = mockApi({
      'GET /api/v2/token': () => {
        setCookie('fresh-cookie');
        return ok({ token: 'fresh-cookie' });
      },
      'POST /api/v2/user/email/verify': ok({ status: 'sent' }),
    });
    await api.post('/api/v2/user/email/verify');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v2/token', 'POST /api/v2/user/email/verify']);
    expect(calls[1].headers.get('X-CSRF-Token')).toBe('fresh-cookie');
  });

  it('falls back to the token in the body when no cookie could be read', async () => {
    const { calls } = mockApi({
      'GET /api/v2/token': ok({ token: 'body-token' }),
      'PUT /api/v2/account/password': ok({ message: 'Password has been updated.' }),
    });
    await api.put('/api/v2/account/password', { currentPassword: 'a', newPassword: 'b' });
    expect(calls[1].headers.get('X-CSRF-Token')).toBe('body-token');
  });

  it('shares one token request between concurrent calls', async () => {
    const { find } = mockApi({
      'GET /api/v2/token': () => {
        setCookie('shared');
        return ok({ token: 'shared' });
      },
      'POST /api/v2/a': ok(1),
      'POST /api/v2/b': ok(2),
    });
    await Promise.all([getCsrfToken(), getCsrfToken(), api.post('/api/v2/a'), api.post('/api/v2/b')]);
    expect(find('GET /api/v2/token')).toHaveLength(1);
  });

  it('refreshes the token and retries once after a CSRF rejection', async () => {
    setCookie('stale');
    let attempts = 0;
    const { calls } = mockApi({
      'GET /api/v2/token': () => {
        setCookie('renewed');
        return ok({ token: 'renewed' });
      },
      'POST /api/v2/user/workspaces': (req) => {
        attempts += 1;
        return req.headers.get('X-CSRF-Token') === 'renewed'
          ? ok({ workspaceId: 2, name: 'B', isDefault: false }, 201)
          : fail(403, 'csrf_invalid', 'Invalid CSRF token');
      },
    });
    await expect(api.post('/api/v2/user/workspaces', { name: 'B' })).resolves.toMatchObject({ workspaceId: 2 });
    expect(attempts).toBe(2);
    expect(calls.map((c) => c.path)).toEqual(['/api/v2/user/workspaces', '/api/v2/token', '/api/v2/user/workspaces']);
  });

  it('reads URL-encoded cookie values', () => {
    document.cookie = 'pagecast_csrf=a%2Fb%3D; path=/';
    expect(readCookie('pagecast_csrf')).toBe('a/b=');
    expect(readCookie('missing')).toBeUndefined();
  });
});

describe('api client: errors', () => {
  it('parses a validation error into {code, message, fields}', async () => {
    setCookie('t');
    mockApi({
      'POST /pub/v1/user/register': fail(400, 'validation_failed', 'Please check the form.', [
        { field: 'signupPassword', message: 'Password must be between 10 and 20 characters' },
        { field: 'captchaFail', message: 'Captcha failed' },
      ]),
    });
    const error = await api.post('/pub/v1/user/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect({ status: e.status, code: e.code, message: e.message, fields: e.fields }).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'Please check the form.',
      fields: [
        { field: 'signupPassword', message: 'Password must be between 10 and 20 characters' },
        { field: 'captchaFail', message: 'Captcha failed' },
      ],
    });
    expect(e.fieldMap()).toEqual({
      signupPassword: 'Password must be between 10 and 20 characters',
      captchaFail: 'Captcha failed',
    });
  });

  it.each([
    [401, fail(401, 'invalid_credentials', 'Incorrect email or password.'), 'invalid_credentials', 'Incorrect email or password.'],
    [409, fail(409, 'email_taken', 'This email is already registered.'), 'email_taken', 'This email is already registered.'],
    [429, fail(429, 'too_many_attempts', 'Too many attempts.'), 'too_many_attempts', 'Too many attempts.'],
    [502, { status: 502, text: '<html>Bad gateway</html>' }, 'http_502', 'error receiving data'],
    [500, { status: 500, body: { unexpected: true } }, 'http_500', 'error receiving data'],
    [404, { status: 404, body: { error: { code: 'not_found' } } }, 'not_found', 'error receiving data'],
  ])('HTTP %i becomes code %s', async (status, reply, code, message) => {
    mockApi({ 'GET /api/v2/x': reply });
    const error = (await api.get('/api/v2/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.fields).toEqual([]);
  });

  it('turns a network failure into network_error with the fallback message', async () => {
    const { fetchMock } = mockApi({});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = (await api.get('/api/v2/user').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
    expect(errorMessage(error)).toBe('error receiving data');
  });

  it('ignores malformed field entries', () => {
    const e = parseApiError(400, {
      error: { code: 'bad', message: 'Bad', fields: [{ field: 'email' }, 'junk', { message: 'no field' }, null] },
    });
    expect(e.fields).toEqual([{ field: 'email', message: 'Invalid value' }]);
  });

  it('errorMessage falls back for non-API errors', () => {
    expect(errorMessage(new Error('boom'))).toBe('error receiving data');
  });
});
