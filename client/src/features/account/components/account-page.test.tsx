import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, type MockHandler } from '@/test/mock-api';
import { makeUser, renderApp, signedIn } from '@/test/render-app';
import { emailVerificationStatusQueryOptions, EMAIL_STATUS_POLL_MS } from '../api/get-email-verification-status';
import { validateChangePassword } from '../utils/validation';

function account(extra: Record<string, MockHandler> = {}) {
  document.cookie = 'pagecast_csrf=c1; path=/';
  return mockApi({
    ...signedIn(makeUser({ email: 'ada@example.com', userCategory: 'Business', websiteUrl: 'ada.example', isEmailVerified: false })),
    'GET /api/v2/user/workspaces': ok([{ workspaceId: 1, name: 'Main', isDefault: true }]),
    'GET /api/v2/user/email/verify/status': ok({ status: 'unverified' }),
    ...extra,
  });
}

function input(form: HTMLElement, name: string) {
  return form.querySelector(`[name="${name}"]`) as HTMLInputElement;
}

describe('account page', () => {
  it('shows the profile and the verification status', async () => {
    account();
    renderApp('/dashboard/account');
    expect((await screen.findByTestId('profile-email')).textContent).toBe('ada@example.com');
    expect(screen.getByTestId('profile-category').textContent).toBe('Business');
    expect(screen.getByTestId('profile-website').textContent).toBe('ada.example');
    expect((await screen.findByTestId('email-verification-status')).textContent).toBe('Not verified');
    expect(screen.getByTestId('email-banner')).toBeTruthy();
  });

  it('sends the verification email with the CSRF header and starts waiting', async () => {
    const { find } = account({ 'POST /api/v2/user/email/verify': ok({ status: 'sent' }) });
    renderApp('/dashboard/account');
    fireEvent.click(await screen.findByTestId('send-verification-email'));
    await waitFor(() => expect(find('POST /api/v2/user/email/verify')).toHaveLength(1));
    expect(find('POST /api/v2/user/email/verify')[0].headers.get('X-CSRF-Token')).toBe('c1');
    expect((await screen.findByTestId('notification')).textContent).toContain('Verification email sent');
    expect((await screen.findByTestId('send-verification-email')).textContent).toBe('Send the email again');
  });

  it('polls the status every 5 s until verified', () => {
    const interval = emailVerificationStatusQueryOptions(true).refetchInterval as (q: { state: { data?: string } }) => number | false;
    expect(EMAIL_STATUS_POLL_MS).toBe(5000);
    expect(interval({ state: { data: 'pending' } })).toBe(5000);
    expect(interval({ state: { data: 'unverified' } })).toBe(5000);
    expect(interval({ state: { data: 'verified' } })).toBe(false);
    // Without a fresh request, only a "pending" answer keeps polling.
    const idle = emailVerificationStatusQueryOptions(false).refetchInterval as typeof interval;
    expect(idle({ state: { data: 'pending' } })).toBe(5000);
    expect(idle({ state: { data: 'unverified' } })).toBe(false);
    expect(idle({ state: { data: 'verified' } })).toBe(false);
  });

  it('changes the password and shows the server message', async () => {
    const { find } = account({ 'PUT /api/v2/account/password': ok({ message: 'Password has been updated.' }) });
    renderApp('/dashboard/account');
    const form = await screen.findByTestId('change-password-form');
    fireEvent.click(within(form).getByTestId('change-password-submit'));
    expect(within(form).getByTestId('error-currentPassword').textContent).toBe('Current password is required');
    fireEvent.change(input(form, 'currentPassword'), { target: { value: 'old-password-1' } });
    fireEvent.change(input(form, 'newPassword'), { target: { value: 'new-password-22' } });
    fireEvent.change(input(form, 'confirmPassword'), { target: { value: 'new-password-22' } });
    fireEvent.click(within(form).getByTestId('change-password-submit'));
    expect((await screen.findByTestId('notification')).textContent).toContain('Password has been updated.');
    expect(find('PUT /api/v2/account/password')[0].body).toEqual({
      currentPassword: 'old-password-1',
      newPassword: 'new-password-22',
    });
    expect(input(form, 'currentPassword').value).toBe('');
  });

  it('shows a wrong current password under its field', async () => {
    account({
      'PUT /api/v2/account/password': fail(400, 'validation_failed', 'Invalid input', [
        { field: 'currentPassword', message: 'The current password is not correct.' },
      ]),
    });
    renderApp('/dashboard/account');
    const form = await screen.findByTestId('change-password-form');
    fireEvent.change(input(form, 'currentPassword'), { target: { value: 'bad-password-1' } });
    fireEvent.change(input(form, 'newPassword'), { target: { value: 'new-password-22' } });
    fireEvent.change(input(form, 'confirmPassword'), { target: { value: 'new-password-22' } });
    fireEvent.submit(form);
    expect((await within(form).findByTestId('error-currentPassword')).textContent).toBe(
      'The current password is not correct.',
    );
  });

  it('creates and renames workspaces', async () => {
    let workspaces = [{ workspaceId: 1, name: 'Main', isDefault: true }];
    const { find } = account({
      'GET /api/v2/user/workspaces': () => ok(workspaces),
      'POST /api/v2/user/workspaces': (req) => {
        const created = { workspaceId: 2, name: (req.body as { name: string }).name, isDefault: false };
        workspaces = [...workspaces, created];
        return ok(created, 201);
      },
      'PUT /api/v2/user/workspaces/2': (req) => {
        workspaces = workspaces.map((w) => (w.workspaceId === 2 ? { ...w, name: (req.body as { name: string }).name } : w));
        return ok(workspaces[1]);
      },
    });
    renderApp('/dashboard/account');
    const panel = await screen.findByTestId('workspaces');
    await within(panel).findByText('Main');
    const createForm = within(panel).getByRole('form', { name: 'Create a workspace' });
    fireEvent.change(input(createForm, 'name'), { target: { value: '  Blog videos ' } });
    fireEvent.submit(createForm);
    await within(panel).findByText('Blog videos');
    expect(find('POST /api/v2/user/workspaces')[0].body).toEqual({ name: 'Blog videos' });

    fireEvent.click(within(panel).getByRole('button', { name: 'Rename Blog videos' }));
    const renameForm = within(panel).getByRole('form', { name: 'Rename Blog videos' });
    fireEvent.change(input(renameForm, 'name'), { target: { value: 'Product videos' } });
    fireEvent.submit(renameForm);
    await within(panel).findByText('Product videos');
    expect(find('PUT /api/v2/user/workspaces/2')[0].body).toEqual({ name: 'Product videos' });
  });
});

describe('validateChangePassword', () => {
  const good = { currentPassword: 'old-password-1', newPassword: 'new-password-2', confirmPassword: 'new-password-2' };
  it.each([
    ['valid', good, {}],
    ['empty', { currentPassword: '', newPassword: '', confirmPassword: '' }, {
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm the new password',
    }],
    ['too short', { ...good, newPassword: 'short', confirmPassword: 'short' }, { newPassword: 'Password must be between 10 and 20 characters' }],
    ['too long', { ...good, newPassword: 'x'.repeat(21), confirmPassword: 'x'.repeat(21) }, { newPassword: 'Password must be between 10 and 20 characters' }],
    ['mismatch', { ...good, confirmPassword: 'new-password-3' }, { confirmPassword: "Passwords don't match" }],
    ['unchanged', { ...good, newPassword: good.currentPassword, confirmPassword: good.currentPassword }, {
      newPassword: 'The new password must be different from the current one',
    }],
  ])('%s', (_name, values, expected) => {
    expect(validateChangePassword(values)).toEqual(expected);
  });
});
