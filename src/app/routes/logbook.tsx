import { Box, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LogbookView } from '@/features/post-flights/components/logbook-view';

/** /backoffice/logbook: the operator's flights with totals per pilot and machine (docs/post-flight.md "Logbook"). */
export default function LogbookRoute() {
  const { t } = useTranslation('postFlights');
  return (
    <Box p="md" maw={1100} mx="auto">
      <Stack>
        <Title order={1} size="h2">
          {t('logbook.title')}
        </Title>
        <LogbookView />
      </Stack>
    </Box>
  );
}
