import { Suspense } from 'react';
import { Anchor, Box, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { LoadingState } from '@/components/ui/list-states';
import { paths } from '@/config/paths';
import { MaintenanceBanner } from '@/features/system/components/maintenance-banner';
import { usePublicLanguageSwitch } from './use-public-language';

/** Signed-out screens: brand, language switch, maintenance banner, a centred column. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  const switchLanguage = usePublicLanguageSwitch();
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <MaintenanceBanner />
      <Group component="header" justify="space-between" px="md" py="sm">
        <Anchor component={Link} to={paths.home.getHref()} fw={700} size="lg" c="inherit" underline="never">
          {t('appName')}
        </Anchor>
        <LanguageSwitch onChange={switchLanguage} />
      </Group>
      <Container component="main" size="sm" py="xl">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
