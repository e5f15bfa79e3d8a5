import type { KeyboardEvent } from 'react';

/** FOCUSABLE: what Tab may reach inside a dialog. */
export const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/**
 * dialogKeyDown is a modal's key handler: Escape calls close (unless busy), and Tab and Shift+Tab wrap around the
 * focusable elements of the dialog, so focus never leaves it. Shift+Tab from the dialog itself goes to its last one.
 */
export function dialogKeyDown(e: KeyboardEvent, dialog: HTMLElement | null, close: () => void, busy = false) {
  if (e.key === 'Escape') {
    e.stopPropagation();
    if (!busy) close();
    return;
  }
  if (e.key !== 'Tab' || !dialog) return;
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hidden);
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (e.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
