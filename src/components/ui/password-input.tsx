import type { Ref } from 'react';
import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's PasswordInput, its show/hide button named in the interface language (Mantine names it in English). */
export function PasswordInput({ visibilityToggleButtonProps, ...props }: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation('common');
  return (
    <MantinePasswordInput
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': t('togglePasswordVisibility'), ...visibilityToggleButtonProps }}
    />
  );
}
