import { useId } from 'react';
import { FieldErrorText, TextField } from '@/components/form/text-field';
import type { NumberLimit } from '../utils/limits';

interface StyleNumberFieldProps {
  name: string;
  limit: NumberLimit;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Unit or canvas the number is measured in, after the range. */
  unit?: string;
}

/** StyleNumberField: a whole number with the editor's limits as HTML limits too (the spin buttons stop there). */
export function StyleNumberField({ name, limit, value, onChange, error, unit }: StyleNumberFieldProps) {
  return (
    <TextField
      label={limit.label}
      name={name}
      type="number"
      inputMode="numeric"
      min={limit.min}
      max={limit.max}
      step={1}
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={`${limit.min}–${limit.max}${unit ? ` ${unit}` : ''}`}
      error={error}
      data-testid={`style-${name}`}
    />
  );
}

interface StyleColorFieldProps {
  name: string;
  label: string;
  /** As typed: 6 hex digits, with or without '#'. */
  value: string;
  /** What the colour picker shows while the typed value is not a colour. */
  fallback: string;
  onChange: (value: string) => void;
  error?: string;
}

/** StyleColorField: a colour picker and the same colour as 6 hex digits, each changing the other. */
export function StyleColorField({ name, label, value, fallback, onChange, error }: StyleColorFieldProps) {
  const id = `${name}-${useId()}`;
  const typed = value.trim().replace(/^#/, '');
  const swatch = `#${(/^[0-9a-fA-F]{6}$/.test(typed) ? typed : fallback).toLowerCase()}`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="style-color">
        <input
          type="color"
          className="style-color__swatch"
          value={swatch}
          aria-label={`${label}, picker`}
          onChange={(e) => onChange(e.target.value.replace(/^#/, '').toUpperCase())}
          data-testid={`style-${name}-picker`}
        />
        <input
          id={id}
          name={name}
          className="input style-color__hex"
          value={value}
          maxLength={7}
          pattern="#?[0-9A-Fa-f]{6}"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
          data-testid={`style-${name}`}
        />
      </div>
      <FieldErrorText id={`${id}-error`} field={name} message={error} />
    </div>
  );
}
