import { lazy, Suspense } from 'react';
import { Alert, Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PublicCard } from '@/components/ui/public-card';
import { homepageHref, paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';

export type LoginNotice = 'passwordChanged' | 'passwordReset';

// Only the activation link shows it: /login itself loads no react-query nor axios (docs/navigation.md, "Bundle").
const AccountActivation = lazy(() =>
  import('@/features/auth/components/account-activation').then((module) => ({ default: module.AccountActivation })),
);

/** /login and /activate-account/{token}: one screen (spec §2). */
export default function LoginRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { token } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const state = location.state as { notice?: LoginNotice; email?: string } | null;
  const expired = searchParams.get('expired') === '1';

  return (
    <PublicCard
      title={t('login.title')}
      footer={
        <Group justify="space-between">
          <Anchor component={Link} to={paths.forgottenPassword.getHref()} size="sm" data-testid="link-forgotten-password">
            {t('links.forgottenPassword')}
          </Anchor>
          <Anchor component={Link} to={paths.signup.getHref()} size="sm" data-testid="link-signup">
            {t('links.signup')}
          </Anchor>
        </Group>
      }
    >
      {expired && (
        <Alert color="yellow" role="status" data-testid="session-expired">
          {t('login.sessionExpired')}
        </Alert>
      )}
      {state?.notice && (
        <Alert color="teal" role="status" data-testid="login-notice">
          {t(`login.notices.${state.notice}`)}
        </Alert>
      )}
      {token && (
        <Suspense fallback={null}>
          <AccountActivation token={token} />
        </Suspense>
      )}
      <LoginForm
        defaultEmail={state?.email}
        onSignedIn={(response) => navigate(homepageHref(response.homepage), { replace: true })}
        onPasswordExpired={(email) => navigate(paths.changePassword.getHref(), { state: { email, expired: true } })}
      />
    </PublicCard>
  );
}
