import { useId, type ReactNode } from 'react';
import { FieldErrorText } from './text-field';

interface SelectFieldProps<T extends string | number> {
  label: string;
  name: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  error?: string;
  hint?: ReactNode;
  testId?: string;
}

/** SelectField: one of a few values, as a labelled select with its hint and error. */
export function SelectField<T extends string | number>({ label, name, value, options, onChange, error, hint, testId }: SelectFieldProps<T>) {
  const id = `${name}-${useId()}`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="input"
        value={String(value)}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const picked = options.find((o) => String(o.value) === e.target.value);
          if (picked) onChange(picked.value);
        }}
        data-testid={testId}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && <p className="field__hint">{hint}</p>}
      <FieldErrorText field={name} message={error} />
    </div>
  );
}
