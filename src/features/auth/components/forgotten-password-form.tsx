import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, useFieldErrorText } from '@/lib/forms';
import { forgottenPasswordBodySchema } from '@/shared/contracts/auth';
import { useForgottenPassword } from '../api/forgotten-password';

export function ForgottenPasswordForm() {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const request = useForgottenPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: zodResolver(forgottenPasswordBodySchema), defaultValues: { email: '' } });

  const submit = handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
    } catch (error) {
      applyServerFieldErrors(error, setError, ['email']);
    }
  });

  if (request.isSuccess) {
    return (
      <Alert color="teal" role="status" data-testid="forgotten-password-success">
        {t('forgottenPassword.success')}
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('forgottenPassword.title')}>
      <Stack>
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          error={errorText(errors.email?.message)}
          {...register('email')}
        />
        <Button type="submit" loading={request.isPending}>
          {t('forgottenPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
