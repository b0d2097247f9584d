import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useDocument } from '@/features/documents/api/documents';
import { DocumentForm } from '@/features/documents/components/document-form';

/** /backoffice/documents/add and documents/edit/{id}. */
export default function DocumentFormRoute() {
  const { t } = useTranslation('documents');
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: document, isPending, isError } = useDocument(id);
  const onSaved = () => void navigate(paths.documents.getHref());
  return (
    <Stack>
      <PageHeader title={t(id ? 'editTitle' : 'addTitle')} />
      {!id ? (
        <DocumentForm onSaved={onSaved} />
      ) : isPending ? (
        <LoadingState />
      ) : isError ? (
        <Alert color="red" role="alert">
          {t('loadOneFailed')}
        </Alert>
      ) : (
        <DocumentForm key={document.id} document={document} onSaved={onSaved} />
      )}
    </Stack>
  );
}
