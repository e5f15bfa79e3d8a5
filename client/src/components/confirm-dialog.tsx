import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { dialogKeyDown } from '@/lib/dialog-keys';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  /** Shown on the confirm button while busy. */
  busyLabel?: string;
  /** data-testid of the dialog and of its confirm button. */
  testId?: string;
  confirmTestId?: string;
  /** danger (the default: most confirmations delete) or primary, for a confirmation that goes ahead with something. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Modal confirmation: focus starts on Cancel (the safe choice), Tab stays inside, Escape or a click on the
 * backdrop cancels, and focus returns to where it was when the dialog closes.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy = false,
  busyLabel = 'Deleting…',
  testId = 'confirm-dialog',
  confirmTestId = 'confirm-delete',
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  function onKeyDown(e: KeyboardEvent) {
    dialogKeyDown(e, dialogRef.current, onCancel, busy);
  }

  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !busy) onCancel();
      }}
    >
      <div
        ref={dialogRef}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div id={bodyId} className="dialog__body">
          {children}
        </div>
        <div className="dialog__actions">
          <button ref={cancelRef} type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className={`button button--${tone}`}
            onClick={onConfirm}
            disabled={busy}
            data-testid={confirmTestId}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
