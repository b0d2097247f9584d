import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { DeviceList } from '@/features/devices/components/device-list';

/** /backoffice/devices: offered to the staff of the DEVICES_EMAIL_DOMAIN; the server lists each user's own terminals, all to administrators. */
export default function DevicesRoute() {
  const { t } = useTranslation('devices');
  return (
    <Stack>
      <PageHeader title={t('title')} />
      <DeviceList />
    </Stack>
  );
}
