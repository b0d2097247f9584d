import { Alert, Button, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/lib/api-client';
import { applyServerFieldErrors, useFieldErrorText } from '@/lib/forms';
import { resetPasswordBodySchema } from '@/shared/contracts/auth';
import { useResetPassword, type ResetPasswordBody } from '../api/reset-password';
import { NewPasswordFields } from './new-password-fields';

const TOKEN_CODES = new Set(['RESET_TOKEN_INVALID', 'RESET_TOKEN_EXPIRED']);

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ResetPasswordBody>({
    resolver: zodResolver(resetPasswordBodySchema),
    defaultValues: { token, password: '', passwordConfirmation: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const submit = handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ ...values, token });
      onDone();
    } catch (error) {
      const code = apiErrorCode(error);
      if (code && TOKEN_CODES.has(code)) setError('root', { type: 'server', message: `errors:${code}` });
      else applyServerFieldErrors(error, setError, ['password', 'passwordConfirmation']);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('resetPassword.title')}>
      <Stack>
        {errors.root?.message && (
          <Alert color="red" role="alert">
            {errorText(errors.root.message)}
          </Alert>
        )}
        <NewPasswordFields
          password={register('password')}
          confirmation={register('passwordConfirmation')}
          value={password}
          passwordError={errors.password?.message}
          confirmationError={errors.passwordConfirmation?.message}
        />
        <Button type="submit" loading={reset.isPending}>
          {t('resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
