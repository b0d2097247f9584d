import { Suspense, type ReactNode } from 'react';
import { Box, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { LoadingState } from '@/components/ui/list-states';
import { ScreenLink, type Navigate } from '@/components/ui/screen-link';
import { paths } from '@/config/paths';
import { MaintenanceBanner } from '@/features/system/components/maintenance-banner';
import { usePublicLanguageSwitch } from './use-public-language';

/**
 * Signed-out screens: brand, language switch, maintenance banner, a centred column. The router's `PublicLayout` draws
 * its routes in it, the first screen its login page (`first-screen.tsx`).
 */
export function PublicFrame({ navigate, children }: { navigate: Navigate; children: ReactNode }) {
  const { t } = useTranslation('common');
  const switchLanguage = usePublicLanguageSwitch();
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <MaintenanceBanner />
      <Group component="header" justify="space-between" px="md" py="sm">
        <ScreenLink navigate={navigate} to={paths.home.getHref()} fw={700} size="lg" c="inherit" underline="never">
          {t('appName')}
        </ScreenLink>
        <LanguageSwitch onChange={switchLanguage} />
      </Group>
      <Container component="main" size="sm" py="xl">
        <Suspense fallback={<LoadingState />}>{children}</Suspense>
      </Container>
    </Box>
  );
}
