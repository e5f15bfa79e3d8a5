import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/test/mock-api';
import { currentPath, makeUser, renderApp, signedIn, signedOut } from '@/test/render-app';

const NOT_ALLOWED = 'Sorry, you are not allowed to access this page';

describe('router guards', () => {
  it('sends an unauthenticated visitor of a dashboard page to /login?redirect=<path>', async () => {
    mockApi(signedOut);
    const { router } = renderApp('/dashboard/account?tab=security');
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
    expect(currentPath(router)).toBe('/login?redirect=%2Fdashboard%2Faccount%3Ftab%3Dsecurity');
  });

  it('does not load the user when there is no session', async () => {
    const { find } = mockApi(signedOut);
    renderApp('/dashboard');
    await screen.findByTestId('login-submit');
    expect(find('GET /api/v2/user')).toHaveLength(0);
  });

  it('renders the dashboard home with the user email when signed in', async () => {
    mockApi(signedIn(makeUser({ email: 'owner@example.com' })));
    const { router } = renderApp('/dashboard');
    const home = await screen.findByTestId('dashboard-home');
    expect(home.textContent).toContain('owner@example.com');
    expect(screen.getByTestId('user-email').textContent).toBe('owner@example.com');
    expect(screen.getByTestId('create-video-cta').getAttribute('href')).toBe('/dashboard/create-video');
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('redirects to login when a protected call answers 401', async () => {
    mockApi({
      'GET /api/v2/user/validateSession': ok({ status: true }),
      'GET /api/v2/user': fail(401, 'unauthenticated', 'Please sign in.'),
      'GET /api/v2/app/config': ok({ captcha: { enabled: false, provider: '', siteKey: '' }, version: '' }),
    });
    const { router } = renderApp('/dashboard/manage-videos');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Fmanage-videos');
  });

  it.each(['/dashboard/plans', '/dashboard/verify-email', '/dashboard/access/share/new', '/dashboard/access/share/edit/7'])(
    'blocks %s for a non-owner',
    async (path) => {
      mockApi(signedIn(makeUser({ isOwner: false, isMUA: true })));
      renderApp(path);
      expect((await screen.findByTestId('not-allowed')).textContent).toContain(NOT_ALLOWED);
    },
  );

  it('lets the owner through an owner-only page', async () => {
    mockApi(signedIn(makeUser({ isOwner: true })));
    renderApp('/dashboard/plans');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Plans');
    expect(screen.queryByText(NOT_ALLOWED)).toBeNull();
  });

  it('lets a non-owner use pages that are not owner-only', async () => {
    mockApi(signedIn(makeUser({ isOwner: false })));
    renderApp('/dashboard/access/shared/edit/3');
    expect(await screen.findByTestId('coming-soon')).toBeTruthy();
    expect(screen.queryByText(NOT_ALLOWED)).toBeNull();
  });

  it.each([
    ['/join', '/dashboard'],
    ['/join-sso', '/dashboard'],
    ['/login', '/dashboard'],
    ['/login?redirect=%2Fdashboard%2Faccount', '/dashboard/account'],
    ['/login?redirect=https%3A%2F%2Fevil.example', '/dashboard'],
    ['/', '/dashboard'],
    ['/error/404', '/dashboard'],
    ['/dashboard/does-not-exist', '/dashboard'],
    ['/dashboard/video/abc', '/dashboard'],
    ['/dashboard/automation/task/rename/4', '/dashboard/automation'],
  ])('signed in: %s ends at %s', async (start, end) => {
    mockApi({ ...signedIn(), 'GET /api/v2/user/workspaces': ok([]), 'GET /api/v2/user/email/verify/status': ok({ status: 'verified' }) });
    const { router } = renderApp(start);
    await waitFor(() => expect(router.state.location.pathname).toBe(end));
    await waitFor(() => expect(screen.queryByTestId('page-loader')).toBeNull());
  });

  it.each([
    ['/', '/join'],
    ['/some/unknown/page', '/join'],
    ['/error/404', '/login'],
  ])('signed out: %s ends at %s', async (start, end) => {
    mockApi(signedOut);
    const { router } = renderApp(start);
    await waitFor(() => expect(router.state.location.pathname).toBe(end));
  });

  it('shows a digits-only video id inside the layout', async () => {
    mockApi({ ...signedIn(), 'GET /api/v2/video/42': ok({ videoId: 42, name: 'Launch recap', buildStage: 4, buildStep: 'ready', scenes: [] }) });
    renderApp('/dashboard/video/42');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain('Launch recap');
    expect(screen.getByTestId('video-preview')).toBeTruthy();
  });

  it('shows the maintenance page without a session check', async () => {
    const { calls } = mockApi({});
    renderApp('/maintenance');
    expect(await screen.findByTestId('maintenance')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
