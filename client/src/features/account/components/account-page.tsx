import { PageLoader } from '@/components/spinner';
import { useUser } from '@/lib/auth';
import { ChangePasswordForm } from './change-password-form';
import { EmailVerificationPanel } from './email-verification-panel';
import { ProfilePanel } from './profile-panel';
import { WorkspacesPanel } from './workspaces-panel';

export function AccountPage() {
  const user = useUser();
  if (!user.data) return <PageLoader />;
  return (
    <section className="page" data-testid="account-page">
      <header className="page__header">
        <h1 className="page__title">Account</h1>
        <p className="page__subtitle">Your profile, sign-in settings and workspaces.</p>
      </header>
      <div className="grid grid--2">
        <ProfilePanel user={user.data} />
        <EmailVerificationPanel email={user.data.email} />
        <ChangePasswordForm />
        <WorkspacesPanel />
      </div>
    </section>
  );
}
