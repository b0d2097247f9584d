import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

export interface PlaceholderPageProps {
  /** Key of the screen in `navigation:screens`. */
  screen: string;
  /** Key of the feature that will build it, in `navigation:features`. */
  feature: string;
}

/** An honest stand-in for a screen a later issue builds: its title and what it waits for, no fake data. */
export function PlaceholderPage({ screen, feature }: PlaceholderPageProps) {
  const { t } = useTranslation('navigation');
  return (
    <Stack data-testid={`placeholder-${screen}`}>
      <PageHeader title={t(`screens.${screen}`)} />
      <Paper withBorder p="lg">
        <Text>{t('placeholder', { feature: t(`features.${feature}`) })}</Text>
      </Paper>
    </Stack>
  );
}
