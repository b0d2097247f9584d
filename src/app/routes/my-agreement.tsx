import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { AgreementPanel } from '@/features/agreements/components/agreement-panel';
import { AttachmentUploader } from '@/features/attachments/components/attachment-uploader';
import { useCan } from '@/lib/authorization';
import { OPERATOR_DOCUMENT_KINDS } from '@/shared/domain/attachments';

/**
 * /backoffice/myagreement: the operator's own agreement file. With `?userId=` and a user administration right it is
 * the administrators' panel on that user's file (reached from the validation queue; docs/agreements.md).
 */
export default function MyAgreementRoute() {
  const { t } = useTranslation('agreements');
  const [search] = useSearchParams();
  const isAdmin = useCan(['USER_LIST_ADMIN', 'USER_EDIT_ADMIN']);
  const userId = isAdmin ? (search.get('userId') ?? undefined) : undefined;
  return (
    <Stack>
      <PageHeader title={t(userId ? 'adminTitle' : 'title')} />
      <AgreementPanel
        key={userId ?? 'mine'}
        mode={userId ? 'admin' : 'operator'}
        userId={userId}
        documents={(recordId, canEdit) => (
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {OPERATOR_DOCUMENT_KINDS.map((kind) => (
              <AttachmentUploader key={kind} recordType="user" recordId={recordId} kind={kind} canEdit={canEdit} />
            ))}
          </SimpleGrid>
        )}
      />
    </Stack>
  );
}
