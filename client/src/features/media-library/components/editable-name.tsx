import { useRef, useState } from 'react';

export const NAME_MAX_LENGTH = 255;

interface EditableNameProps {
  name: string;
  onCommit: (name: string) => void;
  disabled?: boolean;
}

/**
 * Spec 000 §5 "Editable text": Enter or blur commits, Escape cancels. An empty (after trimming) or unchanged
 * value is reverted without calling the server.
 */
export function EditableName({ name, onCommit, disabled = false }: EditableNameProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const finished = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  function start() {
    finished.current = false;
    setDraft(name);
    setEditing(true);
  }

  function end(commit: boolean) {
    if (finished.current) return;
    finished.current = true;
    setEditing(false);
    const value = draft.trim();
    if (commit && value && value !== name) onCommit(value);
    // Keep keyboard users where they were.
    requestAnimationFrame(() => buttonRef.current?.focus());
  }

  if (editing) {
    return (
      <input
        className="media-tile__name-input"
        aria-label="Asset name"
        value={draft}
        maxLength={NAME_MAX_LENGTH}
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            end(true);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            end(false);
          }
        }}
        onBlur={() => end(true)}
        data-testid="media-name-input"
      />
    );
  }

  return (
    <button
      ref={buttonRef}
      type="button"
      className="media-tile__name"
      title={`${name} (click to rename)`}
      aria-label={`Rename ${name}`}
      onClick={start}
      disabled={disabled}
      data-testid="media-name"
    >
      {name}
    </button>
  );
}
