import { useSearchParams } from 'react-router';
import { BlankLayout } from '@/components/layouts/blank-layout';
import { safeRedirect } from '@/lib/auth';
import { JoinForm, LoginForm } from '@/features/auth';

function useRedirectTarget() {
  const [params] = useSearchParams();
  const raw = params.get('redirect');
  const target = safeRedirect(raw);
  const query = raw && target === raw ? `?redirect=${encodeURIComponent(raw)}` : '';
  return { target, query };
}

export function JoinRoute() {
  const { target, query } = useRedirectTarget();
  return (
    <BlankLayout title="Create your Pagecast account">
      <JoinForm redirectTo={target} loginHref={`/login${query}`} />
    </BlankLayout>
  );
}

export function LoginRoute() {
  const { target, query } = useRedirectTarget();
  return (
    <BlankLayout title="Log in to Pagecast">
      <LoginForm redirectTo={target} joinHref={`/join${query}`} />
    </BlankLayout>
  );
}

export function MaintenanceRoute() {
  return (
    <BlankLayout title="We’ll be right back">
      <p data-testid="maintenance">
        Pagecast is undergoing scheduled maintenance. Please try again in a few minutes.
      </p>
      <p>
        <a className="button button--secondary" href="/">
          Try again
        </a>
      </p>
    </BlankLayout>
  );
}
