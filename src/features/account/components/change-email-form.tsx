import { Alert, Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '@/components/ui/password-input';
import { apiErrorCode } from '@/lib/api-client';
import { applyServerFieldErrors, useFieldErrorText } from '@/lib/forms';
import { changeEmailBodySchema } from '@/shared/contracts/auth';
import { useChangeEmail, type ChangeEmailBody } from '../api/change-email';

const EMAIL_CODES = new Set(['EMAIL_NOT_AVAILABLE', 'EMAIL_PROVIDER_NOT_ALLOWED', 'INVALID_EMAIL']);

/** The e-mail changes only once the link sent to the new address is followed. */
export function ChangeEmailForm() {
  const { t } = useTranslation('account');
  const errorText = useFieldErrorText();
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangeEmailBody>({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { email: '', emailConfirmation: '', currentPassword: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      reset();
    } catch (error) {
      const code = apiErrorCode(error);
      if (code && EMAIL_CODES.has(code)) setError('email', { type: 'server', message: `errors:${code}` });
      else applyServerFieldErrors(error, setError, ['email', 'emailConfirmation', 'currentPassword']);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('changeEmail.title')} data-testid="change-email-form">
      <Stack>
        {change.isSuccess && (
          <Alert color="teal" role="status" data-testid="change-email-sent">
            {t('changeEmail.sent', { email: change.variables?.email ?? '' })}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('changeEmail.email')}
            type="email"
            autoComplete="email"
            required
            error={errorText(errors.email?.message)}
            {...register('email')}
          />
          <TextInput
            label={t('changeEmail.emailConfirmation')}
            type="email"
            autoComplete="email"
            required
            error={errorText(errors.emailConfirmation?.message)}
            {...register('emailConfirmation')}
          />
        </SimpleGrid>
        <PasswordInput
          label={t('changeEmail.currentPassword')}
          autoComplete="current-password"
          required
          error={errorText(errors.currentPassword?.message)}
          {...register('currentPassword')}
        />
        <Button type="submit" variant="light" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('changeEmail.submit')}
        </Button>
      </Stack>
    </form>
  );
}
