import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { DocumentList } from '@/features/documents/components/document-list';

/** /backoffice/documents */
export default function DocumentsRoute() {
  const { t } = useTranslation('documents');
  return (
    <ListPage
      title={t('title')}
      add={{ permission: 'DOCUMENTATION_EDIT_ADMIN', to: paths.documentAdd.getHref(), label: t('add'), testId: 'document-add' }}
    >
      <DocumentList />
    </ListPage>
  );
}
