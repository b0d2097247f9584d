import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { useMyAirspaces } from '@/features/airspaces/api/get-my-airspaces';
import { MissionRequests } from '@/features/requests/components/mission-requests';
import { RequestList } from '@/features/requests/components/request-list';
import { useCan } from '@/lib/authorization';

/**
 * The manager's list filters by the airspaces they manage: `airspaces/mine` needs the same right that scopes the list
 * to them (PREFLIGHTPROCEDURE_LIST), where `managed-airspaces` needs a rule or activation right.
 */
function ManagerRequestList() {
  const airspaces = useMyAirspaces();
  return <RequestList airspaces={airspaces.data ?? []} />;
}

/**
 * /backoffice/procedures: the manager's requests (airspaces they manage) or the operator's own. With ?missionId= an
 * operator also files that mission to the airspaces it touches (docs/requests.md).
 */
export default function ProceduresRoute() {
  const { t } = useTranslation('requests');
  const [params] = useSearchParams();
  const missionId = params.get('missionId');
  const canFile = useCan('PREFLIGHT_EDIT');
  const isManager = useCan('PREFLIGHTPROCEDURE_LIST');
  return (
    <Stack p="md">
      <PageHeader title={t('title')} />
      {missionId && canFile && <MissionRequests missionId={missionId} />}
      {isManager ? <ManagerRequestList /> : <RequestList />}
    </Stack>
  );
}
