import { useEffect, useRef } from 'react';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { useActivateAccount } from '../api/activate-account';

/** /activate-account/{token}: activates once, then tells the user to sign in (or why it failed). */
export function AccountActivation({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const { mutate, isPending, isSuccess, isError } = useActivateAccount();
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // The token is single use: StrictMode's second effect run must not send it twice.
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  if (isPending) return <LoadingIndicator size="sm" label={t('activation.pending')} />;
  if (isSuccess) {
    return (
      <Alert color="teal" data-testid="activation-success" role="status">
        {t('activation.success')}
      </Alert>
    );
  }
  if (isError) {
    return (
      <Alert color="red" data-testid="activation-failure" role="alert">
        {t('activation.failure')}
      </Alert>
    );
  }
  return null;
}
