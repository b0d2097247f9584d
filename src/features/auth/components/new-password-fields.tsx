import { SimpleGrid } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '@/components/ui/password-input';
import { useFieldErrorText } from '@/lib/forms';
import type { PasswordIdentity } from '@/shared/domain/password-policy';
import { PasswordRules } from './password-rules';

interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  /** The password typed so far, checked live against the policy. */
  value: string;
  passwordError?: string;
  confirmationError?: string;
  identity?: PasswordIdentity;
  columns?: 1 | 2;
}

/** A new password, its confirmation and the policy checklist: sign-up, reset and change share them. */
export function NewPasswordFields({
  password,
  confirmation,
  value,
  passwordError,
  confirmationError,
  identity,
  columns = 1,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: columns }}>
        <PasswordInput
          label={t('fields.newPassword')}
          autoComplete="new-password"
          required
          aria-describedby="password-rules-title"
          error={errorText(passwordError)}
          {...password}
        />
        <PasswordInput
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
          required
          error={errorText(confirmationError)}
          {...confirmation}
        />
      </SimpleGrid>
      <PasswordRules password={value} identity={identity} />
    </>
  );
}
