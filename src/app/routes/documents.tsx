import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { DocumentList } from '@/features/documents/components/document-list';
import { useCan } from '@/lib/authorization';

/** /backoffice/documents */
export default function DocumentsRoute() {
  const { t } = useTranslation('documents');
  const canAdd = useCan('DOCUMENTATION_EDIT_ADMIN');
  return (
    <Stack>
      <PageHeader
        title={t('title')}
        actions={
          canAdd && (
            <Button component={Link} to={paths.documentAdd.getHref()} data-testid="document-add">
              {t('add')}
            </Button>
          )
        }
      />
      <DocumentList />
    </Stack>
  );
}
