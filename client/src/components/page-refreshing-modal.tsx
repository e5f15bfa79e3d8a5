import { useEffect, useId, useRef, useState } from 'react';

/** CHUNK_RELOAD_MS: spec 000 section 9, after a chunk-load failure the page reloads after 5 seconds. */
export const CHUNK_RELOAD_MS = 5000;

/** pageReload reloads the page; tests replace reload. */
export const pageReload = {
  reload: () => window.location.reload(),
};

/**
 * PageRefreshingModal says the app was updated (a part of it could not be loaded: it was replaced by a newer one)
 * and reloads the page after a countdown, or at once with "Reload now".
 */
export function PageRefreshingModal({ delayMs = CHUNK_RELOAD_MS }: { delayMs?: number }) {
  const titleId = useId();
  const bodyId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [left, setLeft] = useState(Math.ceil(delayMs / 1000));

  useEffect(() => {
    buttonRef.current?.focus();
    const started = Date.now();
    const reload = window.setTimeout(() => pageReload.reload(), delayMs);
    const tick = window.setInterval(() => setLeft(Math.max(0, Math.ceil((delayMs - (Date.now() - started)) / 1000))), 1000);
    return () => {
      window.clearTimeout(reload);
      window.clearInterval(tick);
    };
  }, [delayMs]);

  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId} data-testid="page-refreshing">
        <h2 id={titleId} className="dialog__title">
          Pagecast was updated
        </h2>
        <div id={bodyId} className="dialog__body">
          <p>A newer version is available, so this page will reload.</p>
          <p aria-live="polite" data-testid="page-refreshing-countdown">
            Reloading in {left} {left === 1 ? 'second' : 'seconds'}…
          </p>
        </div>
        <div className="dialog__actions">
          <button ref={buttonRef} type="button" className="button button--primary" onClick={() => pageReload.reload()} data-testid="page-refreshing-reload">
            Reload now
          </button>
        </div>
      </div>
    </div>
  );
}
