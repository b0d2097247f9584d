import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PublicCard } from '@/components/ui/public-card';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';

/** Signed in, or signed out after PASSWORD_EXPIRED with the e-mail carried over from the login screen. */
export default function ChangePasswordRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const session = useSession();
  const state = useLocation().state as { email?: string; expired?: boolean } | null;
  const signedIn = session !== null;

  const onDone = () => {
    if (signedIn) {
      showToast({ color: 'teal', message: t('changePassword.success') });
      navigate(paths.account.getHref());
    } else {
      navigate(paths.login.getHref(), { replace: true, state: { notice: 'passwordChanged', email: state?.email } });
    }
  };

  return (
    <PublicCard
      title={t('changePassword.title')}
      footer={
        <Anchor component={Link} to={signedIn ? paths.account.getHref() : paths.login.getHref()} size="sm">
          {signedIn ? t('links.backToAccount') : t('links.backToLogin')}
        </Anchor>
      }
    >
      {state?.expired && (
        <Alert color="yellow" role="status" data-testid="password-expired">
          {t('changePassword.expired')}
        </Alert>
      )}
      <ChangePasswordForm signedIn={signedIn} defaultEmail={state?.email ?? session?.email} onDone={onDone} />
    </PublicCard>
  );
}
