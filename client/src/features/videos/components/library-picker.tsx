import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';

/** PickerChoice is how one library item reads in a LibraryPicker. */
export interface PickerChoice {
  name: string;
  /** thumbnailUrl shows a picture before the name; undefined leaves the column out (audio). */
  thumbnailUrl?: string | null;
  /** detail is the muted text after the name ("Saving…", "Current", a duration); empty shows none. */
  detail: string;
  label: string;
  disabled: boolean;
}

/**
 * LibraryPicker is the dialog that offers media-library items to choose from: focused when it opens (it mounts on
 * open, so its query reads the library afresh), Escape or Close shuts it, with loading, error (Try again), empty and
 * list states. The soundtrack, inserts and editor media pickers are this with their own query and wording.
 */
export function LibraryPicker<T extends { assetId: number }>({
  title,
  query,
  loadingLabel,
  loadFailed,
  empty,
  className,
  choiceClassName,
  testIds,
  choice,
  onChoose,
  onClose,
  before,
}: {
  /** before: more ways to choose, shown above the library's list (the editor's recommended and suggested media). */
  before?: ReactNode;
  title: ReactNode;
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  loadFailed: string;
  empty: ReactNode;
  className: string;
  choiceClassName: string;
  testIds: { root: string; empty: string; choice: string };
  choice: (item: T) => PickerChoice;
  onChoose: (item: T) => void;
  onClose: () => void;
}) {
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
    <div ref={ref} className={className} role="dialog" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown} data-testid={testIds.root}>
      <header className="soundtrack-picker__header">
        <h3 className="soundtrack-picker__title" id={titleId}>
          {title}
        </h3>
        <button type="button" className="button button--ghost button--sm" onClick={onClose}>
          Close
        </button>
      </header>
      {before}
      {query.isPending ? (
        <Spinner size="sm" label={loadingLabel} />
      ) : query.isError ? (
        <p className="muted">
          {errorMessage(query.error, loadFailed)}{' '}
          <button type="button" className="button button--ghost button--sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : query.data.length === 0 ? (
        <p className="muted" data-testid={testIds.empty}>
          {empty}
        </p>
      ) : (
        <ul className="soundtrack-picker__list">
          {query.data.map((item) => {
            const c = choice(item);
            return (
              <li key={item.assetId}>
                <button
                  type="button"
                  className={choiceClassName}
                  disabled={c.disabled}
                  aria-label={c.label}
                  onClick={() => onChoose(item)}
                  data-testid={testIds.choice}
                  data-asset-id={item.assetId}
                >
                  {c.thumbnailUrl !== undefined &&
                    (c.thumbnailUrl ? (
                      <img className="insert-picker__thumb" src={c.thumbnailUrl} alt="" loading="lazy" />
                    ) : (
                      <span className="insert-picker__thumb" aria-hidden="true" />
                    ))}
                  <span className={c.thumbnailUrl !== undefined ? 'insert-picker__name' : undefined}>{c.name}</span>
                  {c.detail && <span className="muted">{c.detail}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
