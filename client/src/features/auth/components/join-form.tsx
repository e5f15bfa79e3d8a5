import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FieldErrorText, TextField } from '@/components/form/text-field';
import { FormAlert } from '@/components/form/form-alert';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/stores/notifications';
import { withLoadingOverlay } from '@/stores/loading-overlay';
import { useAppConfig } from '../api/get-app-config';
import { useRegister } from '../api/register';
import { useJoinDraft, type JoinValues } from '../stores/join-draft';
import {
  stepForServerErrors,
  USER_CATEGORIES,
  validateAboutYou,
  validateLoginInfo,
  type UserCategory,
} from '../utils/validation';
import { Captcha, captchaRequired } from './captcha';

const STEP1_FIELDS = ['signupEmail', 'signupEmailConfirm', 'signupPassword'] as const;
/** Server fields this form can show next to an input; any other field goes to the form alert. */
const SHOWN_FIELDS = new Set<string>([...STEP1_FIELDS, 'userCategory', 'websiteUrl', 'captchaFail', 'captchaToken']);

interface JoinFormProps {
  /** Where to go after a successful registration. */
  redirectTo: string;
  loginHref: string;
}

export function JoinForm({ redirectTo, loginHref }: JoinFormProps) {
  const navigate = useNavigate();
  const { step, values, serverErrors, setStep, setValue, setServerErrors, clearServerError, reset } = useJoinDraft();
  const config = useAppConfig();
  const [captchaToken, setCaptchaToken] = useState('');
  const [captchaReset, setCaptchaReset] = useState(0);
  const [submitted, setSubmitted] = useState<{ 1: boolean; 2: boolean }>({ 1: false, 2: false });
  const [touched, setTouched] = useState<Partial<Record<keyof JoinValues, boolean>>>({});
  const [formError, setFormError] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const registerMutation = useRegister();

  const needsCaptcha = captchaRequired(config.data);
  const captchaReady = !needsCaptcha || captchaToken !== '';
  const configLoading = config.isPending;

  const step1Errors = validateLoginInfo(values);
  const step2Errors = validateAboutYou(values);

  function shownError(field: keyof JoinValues): string | undefined {
    const s: 1 | 2 = (STEP1_FIELDS as readonly string[]).includes(field) ? 1 : 2;
    const client = s === 1 ? step1Errors[field as keyof typeof step1Errors] : step2Errors[field as keyof typeof step2Errors];
    if (client && (submitted[s] || touched[field])) return client;
    return serverErrors[field];
  }

  function change<K extends keyof JoinValues>(field: K, value: JoinValues[K]) {
    setValue(field, value);
    clearServerError(field);
  }

  function blur(field: keyof JoinValues) {
    setTouched((t) => ({ ...t, [field]: true }));
  }

  // Move focus to the new step's heading so keyboard and screen-reader users follow the wizard.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  function focusFirstInvalid(form: HTMLFormElement, fields: string[]) {
    for (const f of fields) {
      const el = form.elements.namedItem(f);
      if (el instanceof HTMLInputElement) {
        el.focus();
        return;
      }
      if (el instanceof RadioNodeList && el[0] instanceof HTMLInputElement) {
        el[0].focus();
        return;
      }
    }
  }

  function submitStep1(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted((s) => ({ ...s, 1: true }));
    const invalid = STEP1_FIELDS.filter((f) => step1Errors[f] || serverErrors[f]);
    if (invalid.length > 0) {
      focusFirstInvalid(e.currentTarget, invalid);
      return;
    }
    if (!captchaReady || configLoading) return;
    setFormError(undefined);
    setStep(2);
  }

  async function submitStep2(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted((s) => ({ ...s, 2: true }));
    const form = e.currentTarget;
    const invalid = (['userCategory', 'websiteUrl'] as const).filter((f) => step2Errors[f]);
    if (invalid.length > 0) {
      focusFirstInvalid(form, invalid);
      return;
    }
    if (Object.keys(validateLoginInfo(values)).length > 0) {
      setStep(1);
      return;
    }
    setFormError(undefined);
    try {
      await withLoadingOverlay(
        () =>
          registerMutation.mutateAsync({
            signupEmail: values.signupEmail.trim(),
            signupEmailConfirm: values.signupEmailConfirm.trim(),
            signupPassword: values.signupPassword,
            userCategory: values.userCategory as UserCategory,
            websiteUrl: values.websiteUrl.trim(),
            captchaToken,
          }),
        'Creating your account…',
      );
    } catch (error) {
      handleRegisterError(error);
      return;
    }
    reset();
    await navigate(redirectTo, { replace: true });
  }

  function handleRegisterError(error: unknown) {
    const fieldErrors = isApiError(error) ? error.fieldMap() : {};
    if (isApiError(error) && error.code === 'email_taken' && !fieldErrors.signupEmail) {
      fieldErrors.signupEmail = error.message;
    }
    if (fieldErrors.captchaToken && !fieldErrors.captchaFail) fieldErrors.captchaFail = fieldErrors.captchaToken;
    const fields = Object.keys(fieldErrors);
    const nextStep = stepForServerErrors(fields);
    // Captcha tokens are single-use: going back to step 1 always asks for a fresh one.
    if (fieldErrors.captchaFail || nextStep === 1) {
      setCaptchaToken('');
      setCaptchaReset((n) => n + 1);
    }
    const unshown = fields.filter((f) => !SHOWN_FIELDS.has(f)).map((f) => fieldErrors[f]);
    setServerErrors(fieldErrors);
    setFormError(unshown.length > 0 ? unshown.join(' ') : undefined);
    if (fields.length === 0) {
      notify.error(isApiError(error) && error.message ? error.message : 'Error registering user');
    }
    setStep(nextStep);
  }

  return (
    <div className="join">
      <ol className="steps" aria-label="Registration steps">
        <li className={step === 1 ? 'steps__item steps__item--current' : 'steps__item steps__item--done'} aria-current={step === 1 ? 'step' : undefined}>
          <span className="steps__number">1</span> Login info
        </li>
        <li className={step === 2 ? 'steps__item steps__item--current' : 'steps__item'} aria-current={step === 2 ? 'step' : undefined}>
          <span className="steps__number">2</span> About you
        </li>
      </ol>

      {step === 1 ? (
        <form className="form" noValidate onSubmit={submitStep1} aria-labelledby="join-step1-title" data-testid="join-step-1">
          <h2 id="join-step1-title" className="form__title" tabIndex={-1} ref={headingRef}>
            Login info
          </h2>
          <FormAlert message={formError} />
          <TextField
            label="Email"
            name="signupEmail"
            type="email"
            autoComplete="email"
            value={values.signupEmail}
            onChange={(e) => change('signupEmail', e.target.value)}
            onBlur={() => blur('signupEmail')}
            error={shownError('signupEmail')}
            autoFocus
          />
          <TextField
            label="Confirm email"
            name="signupEmailConfirm"
            type="email"
            autoComplete="email"
            value={values.signupEmailConfirm}
            onChange={(e) => change('signupEmailConfirm', e.target.value)}
            onBlur={() => blur('signupEmailConfirm')}
            error={shownError('signupEmailConfirm')}
          />
          <TextField
            label="Password"
            name="signupPassword"
            type="password"
            autoComplete="new-password"
            hint="10 to 20 characters."
            value={values.signupPassword}
            onChange={(e) => change('signupPassword', e.target.value)}
            onBlur={() => blur('signupPassword')}
            error={shownError('signupPassword')}
          />

          {configLoading ? (
            <p className="field__hint">Checking sign-up settings…</p>
          ) : needsCaptcha && config.data ? (
            <Captcha
              config={config.data.captcha}
              onToken={(token) => {
                setCaptchaToken(token);
                if (token) clearServerError('captchaFail');
              }}
              resetSignal={captchaReset}
              error={serverErrors.captchaFail}
            />
          ) : (
            <div className="captcha captcha--off">
              <p className="note" data-testid="captcha-disabled">
                {config.isError
                  ? 'The captcha settings could not be loaded; you can continue without it.'
                  : 'Captcha is not configured on this server.'}
              </p>
              <FieldErrorText field="captchaFail" message={serverErrors.captchaFail} />
            </div>
          )}

          <div className="form__actions">
            <button
              type="submit"
              className="button button--primary button--block"
              data-testid="join-next"
              disabled={configLoading || !captchaReady}
            >
              Next
            </button>
          </div>
        </form>
      ) : (
        <form className="form" noValidate onSubmit={submitStep2} aria-labelledby="join-step2-title" data-testid="join-step-2">
          <h2 id="join-step2-title" className="form__title" tabIndex={-1} ref={headingRef}>
            About you
          </h2>
          <FormAlert message={formError} />
          <fieldset
            className={shownError('userCategory') ? 'field field--invalid fieldset' : 'field fieldset'}
            aria-describedby={shownError('userCategory') ? 'userCategory-error' : undefined}
          >
            <legend className="field__label">Who are you creating videos for?</legend>
            <div className="radio-group">
              {USER_CATEGORIES.map((category) => (
                <label key={category} className="radio">
                  <input
                    type="radio"
                    name="userCategory"
                    value={category}
                    checked={values.userCategory === category}
                    onChange={() => change('userCategory', category)}
                    onBlur={() => blur('userCategory')}
                  />
                  <span>{category}</span>
                </label>
              ))}
            </div>
            <FieldErrorText id="userCategory-error" field="userCategory" message={shownError('userCategory')} />
          </fieldset>
          <TextField
            label="Website URL"
            name="websiteUrl"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com"
            hint="Optional. The site whose pages you want to turn into videos."
            value={values.websiteUrl}
            onChange={(e) => change('websiteUrl', e.target.value)}
            onBlur={() => blur('websiteUrl')}
            error={shownError('websiteUrl')}
          />
          <div className="form__actions form__actions--split">
            <button type="button" className="button button--ghost" onClick={() => setStep(1)}>
              Back
            </button>
            <button
              type="submit"
              className="button button--primary"
              data-testid="join-submit"
              disabled={registerMutation.isPending}
            >
              {registerMutation.isPending ? 'Creating account…' : 'Create account'}
            </button>
          </div>
        </form>
      )}

      <p className="auth-switch">
        Already have an account? <Link to={loginHref}>Log in</Link>
      </p>
    </div>
  );
}
