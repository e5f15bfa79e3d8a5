import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/text-field';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/stores/notifications';
import { useChangePassword } from '../api/change-password';
import { validateChangePassword, type ChangePasswordValues } from '../utils/validation';

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof ChangePasswordValues, string>>>({});
  const [formError, setFormError] = useState<string>();
  const mutation = useChangePassword();

  const errors = validateChangePassword(values);
  const shown = (f: keyof ChangePasswordValues) => (submitted ? errors[f] : undefined) ?? serverErrors[f];

  function change(field: keyof ChangePasswordValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setSubmitted(true);
    setFormError(undefined);
    const invalid = FIELDS.filter((f) => errors[f]);
    if (invalid.length > 0) {
      (form.elements.namedItem(invalid[0]) as HTMLInputElement | null)?.focus();
      return;
    }
    try {
      const message = await mutation.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      setValues(EMPTY);
      setSubmitted(false);
      notify.success(message);
    } catch (error) {
      if (isApiError(error) && error.fields.length > 0) {
        const map = error.fieldMap();
        setServerErrors({ currentPassword: map.currentPassword, newPassword: map.newPassword });
        const other = Object.entries(map)
          .filter(([f]) => f !== 'currentPassword' && f !== 'newPassword')
          .map(([, m]) => m);
        if (other.length > 0) setFormError(other.join(' '));
      } else {
        setFormError(isApiError(error) ? error.message : 'error receiving data');
      }
    }
  }

  return (
    <section className="panel" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="panel__title">
        Change password
      </h2>
      <form className="form form--narrow" noValidate onSubmit={submit} data-testid="change-password-form">
        <FormAlert message={formError} />
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(e) => change('currentPassword', e.target.value)}
          error={shown('currentPassword')}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint="10 to 20 characters."
          value={values.newPassword}
          onChange={(e) => change('newPassword', e.target.value)}
          error={shown('newPassword')}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(e) => change('confirmPassword', e.target.value)}
          error={shown('confirmPassword')}
        />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={mutation.isPending} data-testid="change-password-submit">
            {mutation.isPending ? 'Updating…' : 'Update password'}
          </button>
        </div>
      </form>
    </section>
  );
}
