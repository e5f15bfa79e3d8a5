import { useLoadingOverlay } from '@/stores/loading-overlay';
import { Spinner } from './spinner';

/** Full-screen blocking overlay, shown while the loading-overlay store count is above zero. */
export function LoadingOverlay() {
  const count = useLoadingOverlay((s) => s.count);
  const message = useLoadingOverlay((s) => s.message);
  if (count === 0) return null;
  return (
    <div className="loading-overlay" aria-busy="true" data-testid="loading-overlay">
      <div className="loading-overlay__box">
        <Spinner size="lg" label={message ?? 'Loading…'} />
        {message ? <p aria-hidden="true">{message}</p> : null}
      </div>
    </div>
  );
}
