import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { WhitelistList } from '@/features/whitelist/components/whitelist-list';

/** /backoffice/whitelistmachine */
export default function WhitelistMachineRoute() {
  const { t } = useTranslation('whitelist');
  return (
    <Stack>
      <PageHeader title={t('title')} />
      <Text c="dimmed" size="sm">
        {t('intro')}
      </Text>
      <WhitelistList />
    </Stack>
  );
}
