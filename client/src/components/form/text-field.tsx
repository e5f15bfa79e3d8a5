import type { InputHTMLAttributes, Ref } from 'react';
import { useId } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  label: string;
  /** Also the API field name; the error element gets data-testid="error-<name>". */
  name: string;
  error?: string;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ label, name, error, hint, inputRef, className, ...input }: TextFieldProps) {
  const id = `${name}-${useId()}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        name={name}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={errorId} field={name} message={error} />
    </div>
  );
}

export function FieldErrorText({ field, message, id }: { field: string; message?: string; id?: string }) {
  if (!message) return null;
  return (
    <p className="field__error" id={id} data-testid={`error-${field}`}>
      {message}
    </p>
  );
}
