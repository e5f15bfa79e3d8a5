import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { NotAllowed } from '@/components/not-allowed';
import { PageLoader } from '@/components/spinner';
import { isApiError } from '@/lib/api-client';
import { loginPath, safeRedirect, useSession, useUser } from '@/lib/auth';

function ServiceUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="page-loader" role="alert" data-testid="session-error">
      <div className="panel panel--warning">
        <p>We could not reach Pagecast. Check your connection and try again.</p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      </div>
    </div>
  );
}

/** Signed-in area: unknown session → /login?redirect=<current path>. Renders once the user is loaded. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const signedIn = session.data === true;
  const user = useUser({ enabled: signedIn });

  if (session.isPending) return <PageLoader label="Checking your session…" />;
  if (session.isError) return <ServiceUnavailable onRetry={() => void session.refetch()} />;
  if (!signedIn) {
    return <Navigate to={loginPath(location.pathname + location.search + location.hash)} replace />;
  }
  if (user.isPending) return <PageLoader label="Loading your account…" />;
  if (user.isError) {
    if (isApiError(user.error) && user.error.status === 401) {
      return <Navigate to={loginPath(location.pathname + location.search + location.hash)} replace />;
    }
    return <ServiceUnavailable onRetry={() => void user.refetch()} />;
  }
  return children ?? <Outlet />;
}

/**
 * Sign-in and sign-up pages: a signed-in visitor goes to ?redirect= (when safe) or the dashboard.
 * The session is always re-checked on arrival so a fresh logout never bounces back.
 */
export function RedirectIfAuthenticated({ children }: { children?: ReactNode }) {
  const [params] = useSearchParams();
  const session = useSession({ revalidateOnMount: true });
  if (session.isFetching && session.data !== false) return <PageLoader />;
  if (session.data === true) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return children ?? <Outlet />;
}

/** Blocks pages reserved to the account owner (not to shared-access members). */
export function OwnerOnly({ children }: { children?: ReactNode }) {
  const user = useUser();
  if (user.isPending) return <PageLoader />;
  if (!user.data?.isOwner) return <NotAllowed />;
  return children ?? <Outlet />;
}

/** "/": dashboard when signed in, otherwise the join page (there is no separate landing site). */
export function RootRedirect() {
  const session = useSession();
  if (session.isPending) return <PageLoader />;
  return <Navigate to={session.data === true ? '/dashboard' : '/join'} replace />;
}
