import { lazy, Suspense } from 'react';
import { Alert, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PublicCard } from '@/components/ui/public-card';
import { ScreenLink, type Navigate } from '@/components/ui/screen-link';
import { homepageHref, paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';

type LoginNotice = 'passwordChanged' | 'passwordReset';

/** What the login screen is shown with: the activation link's token, `?expired=1`, the notice and e-mail of the screen before. */
export interface LoginScreenProps {
  navigate: Navigate;
  token?: string;
  expired: boolean;
  state: { notice?: LoginNotice; email?: string } | null;
}

// Only the activation link shows it: /login itself loads no react-query nor axios (docs/navigation.md, "Bundle").
const AccountActivation = lazy(() =>
  import('@/features/auth/components/account-activation').then((module) => ({ default: module.AccountActivation })),
);

/**
 * /login and /activate-account/{token}: one screen (spec §2), drawn by the router's route (`login.tsx`) or, on a first
 * visit to /login, without the router (`first-screen.tsx`).
 */
export function LoginScreen({ navigate, token, expired, state }: LoginScreenProps) {
  const { t } = useTranslation('auth');
  return (
    <PublicCard
      title={t('login.title')}
      footer={
        <Group justify="space-between">
          <ScreenLink navigate={navigate} to={paths.forgottenPassword.getHref()} size="sm" data-testid="link-forgotten-password">
            {t('links.forgottenPassword')}
          </ScreenLink>
          <ScreenLink navigate={navigate} to={paths.signup.getHref()} size="sm" data-testid="link-signup">
            {t('links.signup')}
          </ScreenLink>
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
