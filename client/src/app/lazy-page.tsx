import { lazy, Suspense, type ComponentType } from 'react';
import { PageRefreshingModal } from '@/components/page-refreshing-modal';
import { PageLoader } from '@/components/spinner';

/** ChunkLoadFailed stands in for a page whose code could not be loaded: the app was updated, so it reloads. */
function ChunkLoadFailed() {
  return <PageRefreshingModal />;
}

/**
 * lazyPage loads a heavy page's code only when its route is opened (React.lazy), with a loader meanwhile. When the
 * code cannot be loaded (a deploy replaced the old chunks) the page-refreshing modal shows and the page reloads.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, label = 'Loading…'): ComponentType<P> {
  const Lazy = lazy(() => load().then((page) => ({ default: page }), () => ({ default: ChunkLoadFailed as ComponentType<P> })));
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<PageLoader label={label} />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyPage;
}
