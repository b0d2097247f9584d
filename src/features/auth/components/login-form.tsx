import { useEffect, useState } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/lib/api-client';
import { loadErrorTexts } from '@/lib/i18n';
import { applyServerFieldErrors, useFieldErrorText } from '@/lib/forms';
import type { LoginRequest, LoginResponse } from '@/shared/contracts/auth';
import { useLogin } from '../api/login';

export interface LoginFormProps {
  onSignedIn: (response: LoginResponse) => void;
  /** PASSWORD_EXPIRED: the caller sends the user to change it, with the e-mail pre-filled. */
  onPasswordExpired: (email: string) => void;
  defaultEmail?: string;
}

const FIELDS = ['email', 'password', 'code'] as const;

// zod and the shared schema are a third of the login page's JavaScript: they load on the first
// interaction with the form rather than before the page can show (docs/navigation.md, "Bundle").
const loadResolver = () => import('./login-resolver').then((module) => module.loginResolver);
const preloadResolver = () => void Promise.all([loadResolver(), loadErrorTexts()]);
const loginResolver: Resolver<LoginRequest> = async (values, context, options) => (await loadResolver())(values, context, options);

export function LoginForm({ onSignedIn, onPasswordExpired, defaultEmail = '' }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const [codeRequested, setCodeRequested] = useState(false);
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<LoginRequest>({
    resolver: loginResolver,
    defaultValues: { email: defaultEmail, password: '', code: undefined },
  });

  useEffect(() => {
    if (codeRequested) setFocus('code');
  }, [codeRequested, setFocus]);

  const submit = handleSubmit(async (values) => {
    try {
      const response = await login.mutateAsync(codeRequested ? values : { ...values, code: undefined });
      onSignedIn(response);
    } catch (error) {
      await loadErrorTexts();
      const code = apiErrorCode(error);
      if (code === 'DOUBLE_FACTOR_REQUIRED') setCodeRequested(true);
      else if (code === 'PASSWORD_EXPIRED') onPasswordExpired(values.email);
      else if (code === 'INVALID_CODE' || code === 'EXPIRED_CODE') setError('code', { type: 'server', message: `errors:${code}` });
      else applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('login.title')} onFocusCapture={preloadResolver} onPointerEnter={preloadResolver}>
      <Stack>
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          required
          error={errorText(errors.email?.message)}
          {...register('email')}
        />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          required
          error={errorText(errors.password?.message)}
          {...register('password')}
        />
        {codeRequested && (
          <>
            <Alert color="blue" data-testid="double-factor-notice">
              {t('login.codeSent')}
            </Alert>
            <TextInput
              label={t('fields.code')}
              description={t('login.codeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              data-testid="login-code"
              error={errorText(errors.code?.message)}
              {...register('code')}
            />
          </>
        )}
        <Button type="submit" loading={login.isPending} data-testid="login-submit">
          {codeRequested ? t('login.verify') : t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
