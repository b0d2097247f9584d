import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '@/components/ui/password-input';
import type { LoginResult } from '@/shared/contracts/auth';
import type { LoginErrors, LoginField } from './login-submission';

export interface LoginFormProps {
  onSignedIn: (response: LoginResult) => void;
  /** PASSWORD_EXPIRED: the caller sends the user to change it, with the e-mail pre-filled. */
  onPasswordExpired: (email: string) => void;
  defaultEmail?: string;
}

// zod, the shared schema, axios and the form's texts load on the first interaction with the form rather than before
// the page can show; the form keeps its own state for the same reason (docs/navigation.md, "Bundle").
const loadSubmission = () => import('./login-submission');
const preloadSubmission = () =>
  void loadSubmission()
    .then((submission) => submission.loadLoginTexts())
    .catch(() => undefined);

type LoginValues = Record<LoginField, string>;

export function LoginForm({ onSignedIn, onPasswordExpired, defaultEmail = '' }: LoginFormProps) {
  const { t, i18n } = useTranslation('auth');
  const [values, setValues] = useState<LoginValues>({ email: defaultEmail, password: '', code: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [codeRequested, setCodeRequested] = useState(false);
  const [pending, setPending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (codeRequested) codeRef.current?.focus();
  }, [codeRequested]);

  const errorText = (message: string | undefined) => {
    if (!message) return undefined;
    return i18n.exists(message) ? t(message) : t('validation:invalid');
  };

  const toValidate = (current: LoginValues) => ({ ...current, code: codeRequested ? current.code : undefined });

  // After a first submission each change checks its field again (as react-hook-form's default re-validation did).
  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    if (!submitted) return;
    void loadSubmission().then(({ validateLogin }) => {
      const message = validateLogin(toValidate(next)).errors[field];
      setErrors((current) => ({ ...current, [field]: message }));
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const submission = await loadSubmission();
    await submission.loadLoginTexts();
    const { body, errors: invalid } = submission.validateLogin(toValidate(values));
    setErrors(invalid);
    if (!body) {
      const first = submission.LOGIN_FIELDS.find((field) => invalid[field]);
      ({ email: emailRef, password: passwordRef, code: codeRef })[first ?? 'email'].current?.focus();
      return;
    }
    setPending(true);
    const outcome = await submission.submitLogin(body);
    setPending(false);
    if (outcome.kind === 'signedIn') onSignedIn(outcome.response);
    else if (outcome.kind === 'codeRequired') setCodeRequested(true);
    else if (outcome.kind === 'passwordExpired') onPasswordExpired(body.email);
    else setErrors(outcome.errors);
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('login.title')}
      onFocusCapture={preloadSubmission}
      onPointerEnter={preloadSubmission}
    >
      <Stack>
        <TextInput
          ref={emailRef}
          name="email"
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          required
          value={values.email}
          onChange={change('email')}
          error={errorText(errors.email)}
        />
        <PasswordInput
          ref={passwordRef}
          name="password"
          label={t('fields.password')}
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
          error={errorText(errors.password)}
        />
        {codeRequested && (
          <>
            <Alert color="blue" data-testid="double-factor-notice">
              {t('login.codeSent')}
            </Alert>
            <TextInput
              ref={codeRef}
              name="code"
              label={t('fields.code')}
              description={t('login.codeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              data-testid="login-code"
              value={values.code}
              onChange={change('code')}
              error={errorText(errors.code)}
            />
          </>
        )}
        <Button type="submit" loading={pending} data-testid="login-submit">
          {codeRequested ? t('login.verify') : t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
