import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useLibraryMedia } from '../api/get-library-media';
import type { LibraryMedia } from '../api/types';

export const LIBRARY_MEDIA_LOAD_FAILED = 'We could not load your media.';

const isImporting = (state: string) => state === 'pending' || state === 'processing';

/**
 * MediaPicker lists the pictures and videos of the media library (those still importing too: the slide shows
 * "Importing…" until they are ready); choosing one puts it on the slide. It mounts when it opens, so the library is
 * read afresh each time. Escape or Close shuts it.
 */
export function MediaPicker({
  currentAssetId,
  choosing,
  onChoose,
  onClose,
}: {
  currentAssetId: number | undefined;
  choosing: number | null;
  onChoose: (media: LibraryMedia) => void;
  onClose: () => void;
}) {
  const library = useLibraryMedia();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    ref.current?.focus();
  }, []);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    onClose();
  }

  return (
    <div
      ref={ref}
      className="soundtrack-picker insert-picker media-picker"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="media-picker"
    >
      <header className="soundtrack-picker__header">
        <h3 className="soundtrack-picker__title" id={titleId}>
          Choose a picture or video
        </h3>
        <button type="button" className="button button--ghost button--sm" onClick={onClose}>
          Close
        </button>
      </header>
      {library.isPending ? (
        <Spinner size="sm" label="Loading your media…" />
      ) : library.isError ? (
        <p className="muted">
          {errorMessage(library.error, LIBRARY_MEDIA_LOAD_FAILED)}{' '}
          <button type="button" className="button button--ghost button--sm" onClick={() => void library.refetch()}>
            Try again
          </button>
        </p>
      ) : library.data.length === 0 ? (
        <p className="muted" data-testid="media-empty">
          No pictures or videos in your media library yet. Upload some in the <Link to="/dashboard/media-library">Media library</Link>.
        </p>
      ) : (
        <ul className="soundtrack-picker__list">
          {library.data.map((media) => {
            const name = media.name || (media.type === 'video' ? 'Untitled video' : 'Untitled picture');
            const isCurrent = currentAssetId === media.assetId;
            return (
              <li key={media.assetId}>
                <button
                  type="button"
                  className="soundtrack-picker__choice insert-picker__choice"
                  disabled={choosing !== null || isCurrent}
                  aria-label={isCurrent ? `${name} (current media)` : `Use ${name}`}
                  onClick={() => onChoose(media)}
                  data-testid="media-choice"
                  data-asset-id={media.assetId}
                >
                  {media.thumbnailUrl ? (
                    <img className="insert-picker__thumb" src={media.thumbnailUrl} alt="" loading="lazy" />
                  ) : (
                    <span className="insert-picker__thumb" aria-hidden="true" />
                  )}
                  <span className="insert-picker__name">{name}</span>
                  <span className="muted">
                    {choosing === media.assetId
                      ? 'Saving…'
                      : isCurrent
                        ? 'Current'
                        : isImporting(media.state)
                          ? 'Importing…'
                          : media.type === 'video'
                            ? 'Video'
                            : 'Picture'}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
