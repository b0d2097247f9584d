import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMission } from '@/features/missions/api/get-mission';
import { MissionEditor } from '@/features/missions/editor/mission-editor';
import { MapLayers } from '@/features/map-layers/components/map-layers';
import { MissionNotifications } from '@/features/notifications/components/mission-notifications';
import { MissionRequests } from '@/features/requests/components/mission-requests';

/** /backoffice/preflights/add and preflights/edit/{id}: the pre-flight editor on the map. */
export default function PreflightFormRoute() {
  const { t } = useTranslation('missions');
  const { id } = useParams();
  const { data: mission, isPending, isError } = useMission(id);

  if (!id) return <MissionEditor mapLayers={<MapLayers />} />;
  if (isPending)
    return (
      <Center h="100%">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  if (isError)
    return (
      <Alert color="red" role="alert" m="md">
        {t('loadFailed')}
      </Alert>
    );
  return (
    <MissionEditor
      key={mission.id}
      mission={mission}
      mapLayers={<MapLayers />}
      tabs={{
        notification: <MissionNotifications missionId={mission.id} />,
        flightAuthorization: <MissionRequests missionId={mission.id} />,
      }}
    />
  );
}
