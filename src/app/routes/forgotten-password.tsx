import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PublicCard } from '@/components/ui/public-card';
import { paths } from '@/config/paths';
import { ForgottenPasswordForm } from '@/features/auth/components/forgotten-password-form';

export default function ForgottenPasswordRoute() {
  const { t } = useTranslation('auth');
  return (
    <PublicCard
      title={t('forgottenPassword.title')}
      footer={
        <Anchor component={Link} to={paths.login.getHref()} size="sm">
          {t('links.backToLogin')}
        </Anchor>
      }
    >
      <Text size="sm" c="dimmed">
        {t('forgottenPassword.intro')}
      </Text>
      <ForgottenPasswordForm />
    </PublicCard>
  );
}
