import { useUploadQueue, type UploadItem } from '../stores/upload-queue';
import { formatSize } from '../utils/format';

function statusText(item: UploadItem): string {
  switch (item.status) {
    case 'queued':
      return 'Waiting';
    case 'uploading':
      return `Uploading ${Math.round(item.progress * 100)}%`;
    case 'done':
      return 'Uploaded';
    default:
      return item.error ?? 'Failed to upload file';
  }
}

/** One row per file: name, size, progress while uploading, and the message of a refused or failed file. */
export function UploadQueue() {
  const items = useUploadQueue((s) => s.items);
  const clearFinished = useUploadQueue((s) => s.clearFinished);
  if (items.length === 0) return null;

  const active = items.filter((i) => i.status === 'queued' || i.status === 'uploading').length;
  const finished = items.length - active;

  return (
    <section className="upload-queue" aria-labelledby="upload-queue-title" data-testid="upload-queue">
      <div className="upload-queue__header">
        <h2 id="upload-queue-title" className="upload-queue__title">
          Uploads
        </h2>
        <p className="muted upload-queue__summary" aria-live="polite">
          {active > 0 ? `${active} file${active === 1 ? '' : 's'} left` : 'All done'}
        </p>
        {finished > 0 ? (
          <button type="button" className="button button--ghost button--sm" onClick={clearFinished}>
            Clear finished
          </button>
        ) : null}
      </div>
      <ul className="upload-queue__list">
        {items.map((item) => {
          const problem = item.status === 'refused' || item.status === 'failed';
          return (
            <li
              key={item.id}
              className={`upload-queue__item upload-queue__item--${item.status}`}
              data-testid="upload-queue-item"
              data-status={item.status}
            >
              <div className="upload-queue__row">
                <span className="upload-queue__name" title={item.name}>
                  {item.name}
                </span>
                <span className="upload-queue__size muted">{formatSize(item.size)}</span>
              </div>
              {item.status === 'uploading' || item.status === 'queued' ? (
                <progress
                  className="upload-queue__progress"
                  max={100}
                  value={Math.round(item.progress * 100)}
                  aria-label={`Upload progress of ${item.name}`}
                />
              ) : null}
              <p
                className={problem ? 'upload-queue__status field__error' : 'upload-queue__status muted'}
                role={problem ? 'alert' : undefined}
                data-testid="upload-queue-status"
              >
                {statusText(item)}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
