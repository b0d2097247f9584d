import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { AttachmentQueue } from '@/features/attachments/components/attachment-queue';

/** /backoffice/validateattachements: the validation queue (ATTACHEMENT_VALIDATE). */
export default function ValidateAttachmentsRoute() {
  const { t } = useTranslation('attachments');
  return (
    <Stack>
      <PageHeader title={t('queueTitle')} />
      <AttachmentQueue />
    </Stack>
  );
}
