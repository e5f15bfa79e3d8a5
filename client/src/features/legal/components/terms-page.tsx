import { Spinner } from '@/components/spinner';
import { notify } from '@/stores/notifications';
import { useAgreement } from '../api/get-agreement';
import { useSignAgreement } from '../api/sign-agreement';

export function TermsPage() {
  const agreement = useAgreement();
  const sign = useSignAgreement({ onSuccess: () => notify.success('Thank you. Your agreement has been recorded.') });

  return (
    <section className="page" data-testid="terms-page">
      <header className="page__header">
        <h1 className="page__title">Terms of use</h1>
        <p className="page__subtitle">The video production agreement that applies to videos you create with Pagecast.</p>
      </header>
      <div className="panel">
        {agreement.isPending ? (
          <Spinner label="Loading the agreement…" />
        ) : agreement.isError ? (
          <p className="field__error">The agreement status could not be loaded.</p>
        ) : agreement.data.hasAgreedToTerms ? (
          <p data-testid="terms-agreed">
            You have agreed to version {agreement.data.videoProductionAgreementVersionId} of the video production
            agreement.
          </p>
        ) : (
          <>
            <p>
              Version {agreement.data.videoProductionAgreementVersionId} of the video production agreement has not been
              accepted on this account yet.
            </p>
            <button
              type="button"
              className="button button--primary"
              disabled={sign.isPending}
              data-testid="terms-agree"
              onClick={() =>
                sign.mutate({
                  hasAgreedToTerms: true,
                  videoProductionAgreementVersionId: agreement.data.videoProductionAgreementVersionId,
                })
              }
            >
              {sign.isPending ? 'Saving…' : 'I agree to the terms'}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
