import { Button, Stack, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '@/components/ui/password-input';
import { applyServerFieldErrors, contractResolver, useFieldErrorText } from '@/lib/forms';
import { useSession } from '@/lib/session';
import { changePasswordBodySchema } from '@/shared/contracts/auth';
import { useChangePassword, type ChangePasswordBody } from '../api/change-password';
import { NewPasswordFields } from './new-password-fields';

export interface ChangePasswordFormProps {
  /** Signed out (expired password): the e-mail identifies the account. */
  signedIn: boolean;
  defaultEmail?: string;
  onDone: () => void;
}

const FIELDS = ['email', 'currentPassword', 'password', 'passwordConfirmation'];
const resolver = contractResolver(changePasswordBodySchema, { toInput: (values: ChangePasswordBody) => values });

export function ChangePasswordForm({ signedIn, defaultEmail = '', onDone }: ChangePasswordFormProps) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: { email: signedIn ? undefined : defaultEmail, currentPassword: '', password: '', passwordConfirmation: '' },
  });
  const [password = '', email] = useWatch({ control, name: ['password', 'email'] });
  const session = useSession();
  // Signed in, the session names the user: the live list checks the identity rule as the server will.
  const [firstName = '', ...lastNames] = (session?.name ?? '').split(' ');
  const sessionIdentity = { email: session?.email, firstName, lastName: lastNames.join(' ') };

  const submit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(signedIn ? { ...values, email: undefined } : values);
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('changePassword.title')}>
      <Stack>
        {!signedIn && (
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            required
            error={errorText(errors.email?.message)}
            {...register('email')}
          />
        )}
        <PasswordInput
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          required
          error={errorText(errors.currentPassword?.message)}
          {...register('currentPassword')}
        />
        <NewPasswordFields
          password={register('password')}
          confirmation={register('passwordConfirmation')}
          value={password}
          passwordError={errors.password?.message}
          confirmationError={errors.passwordConfirmation?.message}
          identity={signedIn ? sessionIdentity : { email }}
        />
        <Button type="submit" loading={change.isPending} data-testid="change-password-submit">
          {t('changePassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
