import { useEffect, useRef } from 'react';
import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { Link, useParams } from 'react-router-dom';
import { PublicCard } from '@/components/ui/public-card';
import { paths } from '@/config/paths';
import { useActivateNewEmail } from '@/features/auth/api/activate-new-email';
import { useSession } from '@/lib/session';

/** /activate-new-email/{token}: the confirmation link sent to the new address. */
export default function ActivateNewEmailRoute() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const session = useSession();
  const { mutate, isPending, isSuccess, isError } = useActivateNewEmail();
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // Single-use token: StrictMode's second effect run must not send it again.
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  return (
    <PublicCard
      title={t('newEmail.title')}
      footer={
        <Anchor component={Link} to={session ? paths.account.getHref() : paths.login.getHref()} size="sm">
          {session ? t('links.backToAccount') : t('links.backToLogin')}
        </Anchor>
      }
    >
      {isPending && <LoadingIndicator size="sm" label={t('newEmail.pending')} />}
      {isSuccess && (
        <Alert color="teal" role="status" data-testid="new-email-success">
          {t('newEmail.success')}
        </Alert>
      )}
      {isError && (
        <Alert color="red" role="alert" data-testid="new-email-failure">
          {t('newEmail.failure')}
        </Alert>
      )}
    </PublicCard>
  );
}
