import { useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FieldErrorText } from '@/components/form/text-field';
import { stepPath } from './paths';

interface TextAreaFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  /** "12 / 500" under the field; over the limit it turns red. */
  count?: { used: number; limit: number };
  rows?: number;
  placeholder?: string;
  testId?: string;
  autoFocus?: boolean;
}

export function TextAreaField({ label, name, value, onChange, onBlur, error, hint, count, rows = 6, placeholder, testId, autoFocus }: TextAreaFieldProps) {
  const id = `${name}-${useId()}`;
  const over = count ? count.used > count.limit : false;
  const describedBy = [count ? `${id}-count` : '', hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className="input cv-textarea"
        rows={rows}
        value={value}
        placeholder={placeholder}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={describedBy || undefined}
        data-testid={testId}
      />
      <div className="cv-field-foot">
        {hint ? (
          <p className="field__hint" id={`${id}-hint`}>
            {hint}
          </p>
        ) : (
          <span />
        )}
        {count && (
          <span id={`${id}-count`} className={`cv-count${over ? ' cv-count--over' : ''}`} data-testid={testId ? `${testId}-count` : undefined}>
            {count.used.toLocaleString('en-US')} / {count.limit.toLocaleString('en-US')}
          </span>
        )}
      </div>
      <FieldErrorText id={`${id}-error`} field={name} message={error} />
    </div>
  );
}

/** StepActions: Back on the left, the step's main action on the right. */
export function StepActions({ children }: { children: ReactNode }) {
  return <div className="form__actions form__actions--split cv-actions">{children}</div>;
}

interface ContentStepActionsProps {
  /** Shows "Transform script" (enabled when there is a script to transform). */
  canTransform: boolean;
  /** Called by Continue; without it Continue submits the step's form. */
  onContinue?: () => void;
  continueDisabled?: boolean;
}

/** Back / Transform script / Continue under a content step (page, script, AI topic). */
export function ContentStepActions({ canTransform, onContinue, continueDisabled = false }: ContentStepActionsProps) {
  const navigate = useNavigate();
  return (
    <StepActions>
      <button type="button" className="button button--ghost" onClick={() => navigate(stepPath('aspect-ratio'))}>
        Back
      </button>
      <span className="cv-actions__right">
        <button
          type="button"
          className="button button--ghost"
          disabled={!canTransform}
          onClick={() => navigate(stepPath('script-transform'))}
        >
          Transform script
        </button>
        <button
          type={onContinue ? 'button' : 'submit'}
          className="button button--primary"
          disabled={continueDisabled}
          onClick={onContinue}
          data-testid="step-next"
        >
          Continue
        </button>
      </span>
    </StepActions>
  );
}
