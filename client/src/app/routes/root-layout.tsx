import { useEffect } from 'react';
import { Outlet, isRouteErrorResponse, useMatches, useRouteError } from 'react-router';
import { BlankLayout } from '@/components/layouts/blank-layout';

export interface RouteHandle {
  title?: string;
}

/** Sets the document title from the deepest route that names one. */
export function RootLayout() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  useEffect(() => {
    document.title = title?.title ? `${title.title} · Pagecast` : 'Pagecast';
  }, [title?.title]);
  return <Outlet />;
}

export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <BlankLayout title="Something went wrong">
      <div role="alert" data-testid="route-error">
        <p>The page could not be displayed{detail ? ` (${detail})` : ''}. Reloading usually helps.</p>
        <p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </p>
      </div>
    </BlankLayout>
  );
}
