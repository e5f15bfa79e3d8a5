import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createApp } from '@/app/create-app';
import { AppProvider } from '@/app/provider';
import type { User } from '@/lib/auth';
import { ok, type MockHandler } from './mock-api';

/** Renders the whole app (real routes, guards and query client) at `path` in a memory router. */
export function renderApp(path: string) {
  const { router, queryClient } = createApp((routes) => createMemoryRouter(routes, { initialEntries: [path] }), {
    retry: false,
  });
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    publisherId: 101,
    publisherUserId: 201,
    email: 'ada@example.com',
    firstName: '',
    lastName: '',
    is2FAEnabled: false,
    isHumixEligible: false,
    isHumixEnabled: false,
    isMUA: false,
    isEmailVerified: true,
    isOwner: true,
    isAdmin: false,
    selectedDomainId: 0,
    domain: '',
    featuresEnabled: [],
    userCategory: 'Individual',
    websiteUrl: 'https://example.com',
    ...overrides,
  };
}

/** Handlers for a signed-in session with the given user. */
export function signedIn(user: User = makeUser()): Record<string, MockHandler> {
  return {
    'GET /api/v2/user/validateSession': ok({ status: true }),
    'GET /api/v2/user': ok(user),
  };
}

export const signedOut: Record<string, MockHandler> = {
  'GET /api/v2/user/validateSession': ok({ status: false }),
  'GET /api/v2/app/config': ok({ captcha: { enabled: false, provider: '', siteKey: '' }, version: 'test' }),
};

export function currentPath(router: { state: { location: { pathname: string; search: string } } }) {
  return router.state.location.pathname + router.state.location.search;
}
