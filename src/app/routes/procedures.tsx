import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { MissionRequests } from '@/features/requests/components/mission-requests';
import { RequestList } from '@/features/requests/components/request-list';
import { useCan } from '@/lib/authorization';

/**
 * /backoffice/procedures: the manager's requests (airspaces they manage) or the operator's own. With ?missionId= an
 * operator also files that mission to the airspaces it touches (docs/requests.md).
 */
export default function ProceduresRoute() {
  const { t } = useTranslation('requests');
  const [params] = useSearchParams();
  const missionId = params.get('missionId');
  const canFile = useCan('PREFLIGHT_EDIT');
  return (
    <Stack>
      <PageHeader title={t('title')} />
      {missionId && canFile && <MissionRequests missionId={missionId} />}
      <RequestList />
    </Stack>
  );
}
