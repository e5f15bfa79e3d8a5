import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, type MockHandler } from '@/test/mock-api';
import { currentPath, makeUser, renderApp, signedIn } from '@/test/render-app';

const CAPTCHA_OFF = ok({ captcha: { enabled: false, provider: '', siteKey: '' }, version: '1' });

function field(name: string): HTMLInputElement {
  const el = document.querySelector(`[name="${name}"]`);
  if (!(el instanceof HTMLInputElement)) throw new Error(`no input named ${name}`);
  return el;
}

function type(name: string, value: string) {
  fireEvent.change(field(name), { target: { value } });
}

function fillStep1(password = 'correct-horse-1') {
  type('signupEmail', 'new@example.com');
  type('signupEmailConfirm', 'new@example.com');
  type('signupPassword', password);
}

/** A server whose session flips to signed-in once register or login succeeds. */
function server(extra: Record<string, MockHandler> = {}) {
  let session = false;
  const routes: Record<string, MockHandler> = {
    'GET /api/v2/token': () => {
      document.cookie = 'pagecast_csrf=csrf-1; path=/';
      return ok({ token: 'csrf-1' });
    },
    'GET /api/v2/app/config': CAPTCHA_OFF,
    'GET /api/v2/user/validateSession': () => ok({ status: session }),
    'GET /api/v2/user': () => (session ? ok(makeUser({ email: 'new@example.com' })) : fail(401, 'unauthenticated', 'Sign in')),
    'POST /pub/v1/user/register': () => {
      session = true;
      return ok({ status: true }, 201);
    },
    'POST /pub/v1/user/login': (req) => {
      const body = req.body as { password: string };
      if (body.password !== 'correct-horse-1') return fail(401, 'invalid_credentials', 'Incorrect email or password.');
      session = true;
      return ok({ status: true });
    },
    'GET /logout': () => {
      session = false;
      return ok({ status: true });
    },
    ...extra,
  };
  return { ...mockApi(routes), signOut: () => (session = false) };
}

describe('join (two steps)', () => {
  it('says honestly that captcha is off, validates step 1, then registers and lands on the dashboard', async () => {
    const { find } = server();
    const { router } = renderApp('/join');
    expect((await screen.findByTestId('captcha-disabled')).textContent).toBe('Captcha is not configured on this server.');

    const next = screen.getByTestId('join-next') as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(screen.getByTestId('error-signupEmail').textContent).toBe('Email is required');
    expect(screen.getByTestId('error-signupEmailConfirm').textContent).toBe('Please confirm your email');
    expect(screen.getByTestId('error-signupPassword').textContent).toBe('Password is required');

    type('signupEmail', 'new@example.com');
    type('signupEmailConfirm', 'other@example.com');
    type('signupPassword', 'short');
    fireEvent.click(next);
    expect(screen.getByTestId('error-signupEmailConfirm').textContent).toBe("emails don't match");
    expect(screen.getByTestId('error-signupPassword').textContent).toBe(
      'Password must be between 10 and 20 characters',
    );

    fillStep1();
    fireEvent.submit(field('signupPassword').form!);
    expect(await screen.findByTestId('join-step-2')).toBeTruthy();

    fireEvent.click(screen.getByTestId('join-submit'));
    expect(screen.getByTestId('error-userCategory').textContent).toBe('Please choose a category');

    fireEvent.click(screen.getByLabelText('Business'));
    type('websiteUrl', ' https://example.com ');
    fireEvent.click(screen.getByTestId('join-submit'));

    expect(await screen.findByTestId('dashboard-home')).toBeTruthy();
    expect(currentPath(router)).toBe('/dashboard');
    const [registerCall] = find('POST /pub/v1/user/register');
    expect(registerCall.headers.get('X-CSRF-Token')).toBe('csrf-1');
    expect(registerCall.body).toEqual({
      signupEmail: 'new@example.com',
      signupEmailConfirm: 'new@example.com',
      signupPassword: 'correct-horse-1',
      userCategory: 'Business',
      websiteUrl: 'https://example.com',
      captchaToken: '',
    });
  });

  it('goes to the redirect URL after registering', async () => {
    server({ 'GET /api/v2/user/workspaces': ok([]), 'GET /api/v2/user/email/verify/status': ok({ status: 'verified' }) });
    const { router } = renderApp('/join?redirect=%2Fdashboard%2Faccount');
    await screen.findByTestId('join-next');
    fillStep1();
    fireEvent.click(screen.getByTestId('join-next'));
    fireEvent.click(await screen.findByLabelText('Individual'));
    fireEvent.click(screen.getByTestId('join-submit'));
    await screen.findByTestId('account-page');
    expect(currentPath(router)).toBe('/dashboard/account');
  });

  it('returns to step 1 with the server message under the field', async () => {
    server({
      'POST /pub/v1/user/register': fail(400, 'validation_failed', 'Please check the form.', [
        { field: 'signupPassword', message: 'Password is too common' },
      ]),
    });
    renderApp('/join');
    await screen.findByTestId('join-next');
    fillStep1();
    fireEvent.click(screen.getByTestId('join-next'));
    fireEvent.click(await screen.findByLabelText('Individual'));
    fireEvent.click(screen.getByTestId('join-submit'));
    expect((await screen.findByTestId('error-signupPassword')).textContent).toBe('Password is too common');
    expect(screen.getByTestId('join-step-1')).toBeTruthy();
    // Editing the field clears the server message.
    type('signupPassword', 'another-password');
    expect(screen.queryByTestId('error-signupPassword')).toBeNull();
  });

  it('stays on step 2 when only step-2 fields failed', async () => {
    server({
      'POST /pub/v1/user/register': fail(400, 'validation_failed', 'Please check the form.', [
        { field: 'websiteUrl', message: 'This website cannot be reached' },
      ]),
    });
    renderApp('/join');
    await screen.findByTestId('join-next');
    fillStep1();
    fireEvent.click(screen.getByTestId('join-next'));
    fireEvent.click(await screen.findByLabelText('Individual'));
    type('websiteUrl', 'unreachable.example');
    fireEvent.click(screen.getByTestId('join-submit'));
    expect((await screen.findByTestId('error-websiteUrl')).textContent).toBe('This website cannot be reached');
    expect(screen.getByTestId('join-step-2')).toBeTruthy();
  });

  it('shows email_taken under the email field on step 1', async () => {
    server({ 'POST /pub/v1/user/register': fail(409, 'email_taken', 'This email is already registered.') });
    renderApp('/join');
    await screen.findByTestId('join-next');
    fillStep1();
    fireEvent.click(screen.getByTestId('join-next'));
    fireEvent.click(await screen.findByLabelText('Individual'));
    fireEvent.click(screen.getByTestId('join-submit'));
    expect((await screen.findByTestId('error-signupEmail')).textContent).toBe('This email is already registered.');
  });

  it('shows a captchaFail message and a notification for errors without fields', async () => {
    server({
      'POST /pub/v1/user/register': fail(400, 'validation_failed', 'Check the captcha.', [
        { field: 'captchaFail', message: 'The captcha check failed. Please try again.' },
      ]),
    });
    renderApp('/join');
    await screen.findByTestId('join-next');
    fillStep1();
    fireEvent.click(screen.getByTestId('join-next'));
    fireEvent.click(await screen.findByLabelText('Individual'));
    fireEvent.click(screen.getByTestId('join-submit'));
    expect((await screen.findByTestId('error-captchaFail')).textContent).toBe('The captcha check failed. Please try again.');
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('keeps Next disabled while a configured captcha has not been solved', async () => {
    server({ 'GET /api/v2/app/config': ok({ captcha: { enabled: true, provider: 'turnstile', siteKey: 'site-key' }, version: '' }) });
    renderApp('/join');
    await screen.findByTestId('captcha');
    fillStep1();
    const next = screen.getByTestId('join-next') as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    expect(screen.queryByTestId('captcha-disabled')).toBeNull();
  });
});

describe('login and logout', () => {
  it('shows the server message under the password field for wrong credentials', async () => {
    const { find } = server();
    const { router } = renderApp('/login');
    await screen.findByTestId('login-submit');
    type('email', 'new@example.com');
    type('password', 'wrong-password');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('error-password')).textContent).toBe('Incorrect email or password.');
    expect(currentPath(router)).toBe('/login');
    expect(find('POST /pub/v1/user/login')[0].body).toEqual({ email: 'new@example.com', password: 'wrong-password' });
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('requires both fields before calling the server', async () => {
    const { find } = server();
    renderApp('/login');
    await screen.findByTestId('login-submit');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByTestId('error-email').textContent).toBe('Email is required');
    expect(screen.getByTestId('error-password').textContent).toBe('Password is required');
    expect(find('POST /pub/v1/user/login')).toHaveLength(0);
  });

  it('shows server field errors and too_many_attempts', async () => {
    let call = 0;
    server({
      'POST /pub/v1/user/login': () =>
        ++call === 1
          ? fail(400, 'validation_failed', 'Invalid input', [{ field: 'email', message: 'Unknown domain' }])
          : fail(429, 'too_many_attempts', 'Too many attempts. Try again in a few minutes.'),
    });
    renderApp('/login');
    await screen.findByTestId('login-submit');
    type('email', 'new@example.com');
    type('password', 'whatever-pass');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('error-email')).textContent).toBe('Unknown domain');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toBe('Too many attempts. Try again in a few minutes.');
  });

  it('logs in, honours ?redirect=, logs out to /login and logs in again', async () => {
    const { find } = server({ 'GET /api/v2/user/workspaces': ok([]), 'GET /api/v2/user/email/verify/status': ok({ status: 'verified' }) });
    const { router } = renderApp('/login?redirect=%2Fdashboard%2Faccount');
    await screen.findByTestId('login-submit');
    type('email', 'new@example.com');
    type('password', 'correct-horse-1');
    fireEvent.submit(field('password').form!);
    await screen.findByTestId('account-page');
    expect(currentPath(router)).toBe('/dashboard/account');
    expect(find('POST /pub/v1/user/login')[0].headers.get('X-CSRF-Token')).toBe('csrf-1');

    fireEvent.click(screen.getByTestId('logout'));
    await screen.findByTestId('login-submit');
    expect(currentPath(router)).toBe('/login');
    expect(find('GET /logout')).toHaveLength(1);

    type('email', 'new@example.com');
    type('password', 'correct-horse-1');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('dashboard-home')).toBeTruthy();
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('signed-in users never see the join form', async () => {
    mockApi(signedIn());
    const { router } = renderApp('/join');
    await screen.findByTestId('dashboard-home');
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(screen.queryByTestId('join-next')).toBeNull());
  });
});
