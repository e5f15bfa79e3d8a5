import { useId, type ReactNode } from 'react';

interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  /** Shown as a switch (role="switch"). */
  asSwitch?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** CheckboxField is a labelled checkbox, or a switch with asSwitch, with an optional hint under it. */
export function CheckboxField({ label, checked, onChange, hint, asSwitch = false, disabled, testId }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="check-field">
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          role={asSwitch ? 'switch' : undefined}
          aria-checked={asSwitch ? checked : undefined}
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hint ? `${id}-hint` : undefined}
          data-testid={testId}
        />
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
