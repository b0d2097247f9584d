import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { TrackerList } from '@/features/trackers/components/tracker-list';
import { useCan } from '@/lib/authorization';

/** /backoffice/trackers */
export default function TrackersRoute() {
  const { t } = useTranslation('trackers');
  const canAdd = useCan('TRACKER_EDIT_ADMIN');
  return (
    <Stack>
      <PageHeader
        title={t('title')}
        actions={
          canAdd && (
            <Button component={Link} to={paths.trackerAdd.getHref()} data-testid="tracker-add">
              {t('add')}
            </Button>
          )
        }
      />
      <TrackerList />
    </Stack>
  );
}
