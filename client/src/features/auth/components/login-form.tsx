import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/text-field';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/stores/notifications';
import { useLogin } from '../api/login';
import { validateLogin, type LoginValues } from '../utils/validation';

const FIELDS = ['email', 'password'] as const;
const INVALID_CREDENTIALS = 'Incorrect email or password.';

interface LoginFormProps {
  redirectTo: string;
  joinHref: string;
}

export function LoginForm({ redirectTo, joinHref }: LoginFormProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof LoginValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof LoginValues, string>>>({});
  const [formError, setFormError] = useState<string>();
  const loginMutation = useLogin();

  const clientErrors = validateLogin(values);
  const shownError = (field: keyof LoginValues) =>
    (submitted || touched[field] ? clientErrors[field] : undefined) ?? serverErrors[field];

  function change(field: keyof LoginValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((errors) => ({ ...errors, [field]: undefined }));
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setSubmitted(true);
    setFormError(undefined);
    const invalid = FIELDS.filter((f) => clientErrors[f]);
    if (invalid.length > 0) {
      (form.elements.namedItem(invalid[0]) as HTMLInputElement | null)?.focus();
      return;
    }
    try {
      await loginMutation.mutateAsync({ email: values.email.trim(), password: values.password });
    } catch (error) {
      handleError(error, form);
      return;
    }
    await navigate(redirectTo, { replace: true });
  }

  function handleError(error: unknown, form: HTMLFormElement) {
    if (!isApiError(error)) {
      notify.error('error receiving data');
      return;
    }
    if (error.status === 401 || error.code === 'invalid_credentials') {
      setServerErrors({ password: error.message || INVALID_CREDENTIALS });
      const password = form.elements.namedItem('password') as HTMLInputElement | null;
      password?.focus();
      password?.select();
      return;
    }
    const fields = error.fieldMap();
    if (Object.keys(fields).length > 0) {
      setServerErrors({ email: fields.email, password: fields.password });
      const other = Object.entries(fields)
        .filter(([f]) => !(FIELDS as readonly string[]).includes(f))
        .map(([, m]) => m);
      if (other.length > 0) setFormError(other.join(' '));
      return;
    }
    if (error.status === 429 || error.code === 'too_many_attempts') {
      setFormError(error.message);
      return;
    }
    notify.error(error.message);
  }

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Log in" data-testid="login-form">
      <FormAlert message={formError} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        value={values.email}
        onChange={(e) => change('email', e.target.value)}
        onBlur={() => setTouched((t) => ({ ...t, email: true }))}
        error={shownError('email')}
        autoFocus
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => change('password', e.target.value)}
        onBlur={() => setTouched((t) => ({ ...t, password: true }))}
        error={shownError('password')}
      />
      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary button--block"
          data-testid="login-submit"
          disabled={loginMutation.isPending}
        >
          {loginMutation.isPending ? 'Logging in…' : 'Log in'}
        </button>
      </div>
      <p className="auth-switch">
        New to Pagecast? <Link to={joinHref}>Create an account</Link>
      </p>
    </form>
  );
}
