import { useRef, useState, type KeyboardEvent } from 'react';

interface EditableFieldProps {
  value: string;
  label: string;
  /** A text area where Shift+Enter starts a new line; otherwise a one-line input. */
  multiline?: boolean;
  maxLength: number;
  /** An empty value is refused with invalidMessage when true (it is sent as "" otherwise). */
  required?: boolean;
  invalidMessage: string;
  placeholder?: string;
  disabled?: boolean;
  testId: string;
  /** Saves the trimmed value; called only when it differs from value. */
  onCommit: (value: string) => void;
}

/**
 * EditableField edits one text of a slide in place. Enter or leaving the field commits, Escape puts the saved
 * text back; until then the field holds the draft, and afterwards it shows the slide again (the new text, or the
 * old one when the server refused it).
 */
export function EditableField({
  value,
  label,
  multiline = false,
  maxLength,
  required = false,
  invalidMessage,
  placeholder,
  disabled,
  testId,
  onCommit,
}: EditableFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState('');
  // Escape blurs the field; the blur that follows must not commit.
  const cancelled = useRef(false);

  function commit() {
    if (draft === null) return;
    const next = draft.trim();
    setDraft(null);
    if (next === value.trim()) {
      setError('');
      return;
    }
    if ((required && next.length === 0) || next.length > maxLength) {
      setError(invalidMessage);
      return;
    }
    setError('');
    onCommit(next);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      cancelled.current = true;
      setDraft(null);
      setError('');
      e.currentTarget.blur();
      return;
    }
    if (e.key === 'Enter' && !(multiline && e.shiftKey)) {
      e.preventDefault();
      commit();
    }
  }

  const props = {
    value: draft ?? value,
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    maxLength,
    placeholder,
    disabled,
    'data-testid': testId,
    onKeyDown,
    onChange: (e: { currentTarget: { value: string } }) => {
      setDraft(e.currentTarget.value);
      setError('');
    },
    onBlur: () => {
      if (cancelled.current) {
        cancelled.current = false;
        return;
      }
      commit();
    },
  };
  return (
    <span className="editable-field">
      {multiline ? <textarea className="input editable-field__input" rows={3} {...props} /> : <input className="input editable-field__input" {...props} />}
      {error && (
        <span className="field__error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </span>
      )}
    </span>
  );
}
