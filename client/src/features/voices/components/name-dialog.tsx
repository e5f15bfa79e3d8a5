import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { dialogKeyDown } from '@/lib/dialog-keys';

interface NameDialogProps {
  busy: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** Asks for the cloned voice's name. Escape cancels; Tab stays inside. */
export function NameDialog({ busy, error, onSubmit, onCancel }: NameDialogProps) {
  const titleId = useId();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  const missing = touched && !name.trim();

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (name.trim()) onSubmit(name.trim());
  }

  function onKeyDown(e: KeyboardEvent) {
    dialogKeyDown(e, ref.current, onCancel, busy);
  }

  return (
    <div className="dialog-backdrop">
      <form
        ref={ref}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onSubmit={submit}
        onKeyDown={onKeyDown}
        data-testid="voice-clone-name-dialog"
      >
        <h2 id={titleId} className="dialog__title">
          Name your cloned voice
        </h2>
        <div className="dialog__body">
          <input
            ref={inputRef}
            className="input"
            name="name"
            aria-label="Voice name"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            data-testid="voice-clone-name"
          />
          {missing && (
            <p className="field-error" data-testid="error-name">
              Please enter a name.
            </p>
          )}
          {error && (
            <p className="field-error" role="alert" data-testid="voice-clone-error">
              {error}
            </p>
          )}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy} data-testid="voice-clone-submit">
            {busy ? 'Cloning…' : 'Clone voice'}
          </button>
        </div>
      </form>
    </div>
  );
}
