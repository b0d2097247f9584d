import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { AttachmentViewer } from '@/features/attachments/components/attachment-viewer';

/** /attachements/read/{type}/{id}: shows or downloads an attachment the reader may see (the server decides). */
export default function AttachmentReadRoute() {
  const { t } = useTranslation('attachments');
  const { id } = useParams();
  return (
    <Stack>
      <PageHeader title={t('readTitle')} />
      {id && <AttachmentViewer id={id} />}
    </Stack>
  );
}
