import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/components/spinner';
import { authKeys } from '@/lib/auth';
import { notify } from '@/stores/notifications';
import { useEmailVerificationStatus } from '../api/get-email-verification-status';
import { useSendVerificationEmail } from '../api/send-verification-email';

const LABEL = {
  verified: 'Verified',
  pending: 'Waiting for confirmation',
  unverified: 'Not verified',
} as const;

export function EmailVerificationPanel({ email }: { email?: string }) {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState(false);
  const status = useEmailVerificationStatus({ poll: sent });
  const waiting = sent || status.data === 'pending';
  const send = useSendVerificationEmail({
    onSuccess: () => {
      setSent(true);
      notify.success('Verification email sent. Open the link in it to verify your address.', 'Email sent');
    },
  });

  const value = status.data;
  useEffect(() => {
    // The user record carries isEmailVerified too; refresh it once the address is confirmed.
    if (value === 'verified' && waiting) {
      void queryClient.invalidateQueries({ queryKey: authKeys.user, exact: true });
    }
  }, [value, waiting, queryClient]);

  return (
    <section className="panel" aria-labelledby="email-verification-title" data-testid="email-verification">
      <h2 id="email-verification-title" className="panel__title">
        Email verification
      </h2>
      {status.isPending ? (
        <Spinner label="Checking verification status…" />
      ) : status.isError ? (
        <p className="field__error">The verification status could not be loaded.</p>
      ) : (
        <>
          <p>
            {email ? <strong>{email}</strong> : 'Your address'}{' '}
            <span className={`badge badge--${value}`} data-testid="email-verification-status" data-status={value}>
              {value ? LABEL[value] : ''}
            </span>
          </p>
          {value === 'verified' ? (
            <p className="muted">Your email address is confirmed.</p>
          ) : (
            <>
              <p className="muted">
                {waiting
                  ? 'We sent you an email with a link. This page updates by itself once you open it.'
                  : 'Confirm your address so we can send you notifications about your videos.'}
              </p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => send.mutate()}
                disabled={send.isPending}
                data-testid="send-verification-email"
              >
                {send.isPending ? 'Sending…' : waiting ? 'Send the email again' : 'Send verification email'}
              </button>
            </>
          )}
        </>
      )}
    </section>
  );
}
