import { useUser } from '@/lib/auth';
import { EmailVerificationPanel } from './email-verification-panel';

export function VerifyEmailPage() {
  const user = useUser();
  return (
    <section className="page" data-testid="verify-email-page">
      <header className="page__header">
        <h1 className="page__title">Verify your email</h1>
        <p className="page__subtitle">We send render notices and account messages to this address.</p>
      </header>
      <EmailVerificationPanel email={user.data?.email} />
    </section>
  );
}
