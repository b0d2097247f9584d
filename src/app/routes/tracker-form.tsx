import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useTracker } from '@/features/trackers/api/trackers';
import { TrackerForm } from '@/features/trackers/components/tracker-form';

/** /backoffice/trackers/add and trackers/edit/{id}. */
export default function TrackerFormRoute() {
  const { t } = useTranslation('trackers');
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: tracker, isPending, isError } = useTracker(id);
  const onSaved = () => void navigate(paths.trackers.getHref());
  return (
    <Stack>
      <PageHeader title={t(id ? 'editTitle' : 'addTitle')} />
      {!id ? (
        <TrackerForm onSaved={onSaved} />
      ) : isPending ? (
        <LoadingState />
      ) : isError ? (
        <Alert color="red" role="alert">
          {t('loadOneFailed')}
        </Alert>
      ) : (
        <TrackerForm key={tracker.id} tracker={tracker} onSaved={onSaved} />
      )}
    </Stack>
  );
}
