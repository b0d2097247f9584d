import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PublicCard } from '@/components/ui/public-card';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  const { t } = useTranslation('common');
  return (
    <PublicCard title={t('notFound.title')}>
      <Text>{t('notFound.text')}</Text>
      <Anchor component={Link} to={paths.home.getHref()}>
        {t('notFound.home')}
      </Anchor>
    </PublicCard>
  );
}
