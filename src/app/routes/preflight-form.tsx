import { Alert, Center, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { useParams } from 'react-router-dom';
import { useCan } from '@/lib/authorization';
import { MISSION_DOCUMENT_KINDS } from '@/shared/domain/attachments';
import { useMission } from '@/features/missions/api/get-mission';
import { MissionEditor } from '@/features/missions/editor/mission-editor';
import { AttachmentUploader } from '@/features/attachments/components/attachment-uploader';
import { MapLayers } from '@/features/map-layers/components/map-layers';
import { MissionNotifications } from '@/features/notifications/components/mission-notifications';
import { MissionRequests } from '@/features/requests/components/mission-requests';
import { MissionWeather } from '@/features/weather/components/mission-weather';
import { PostFlightDiary } from '@/features/post-flights/components/post-flight-diary';
import { MissionFlight } from '../flight/mission-flight';

/** /backoffice/preflights/add and preflights/edit/{id}: the pre-flight editor on the map. */
export default function PreflightFormRoute() {
  const { t } = useTranslation('missions');
  const { id } = useParams();
  const { data: mission, isPending, isError } = useMission(id);
  const canEdit = useCan(['PREFLIGHT_EDIT', 'PREFLIGHT_EDIT_ADMIN']);

  if (!id) return <MissionEditor mapLayers={<MapLayers />} />;
  if (isPending)
    return (
      <Center h="100%">
        <LoadingIndicator label={t('loading')} />
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
      mapLayers={<MapLayers at={mission.startAt ?? undefined} missionId={mission.id} />}
      weather={<MissionWeather missionId={mission.id} updatedAt={mission.updatedAt} />}
      flight={({ dirty }) => <MissionFlight mission={mission} dirty={dirty} />}
      tabs={{
        documentation: (
          <Stack data-testid="mission-documents">
            {MISSION_DOCUMENT_KINDS.map((kind) => (
              <AttachmentUploader key={kind} recordType="mission" recordId={mission.id} kind={kind} canEdit={canEdit} />
            ))}
          </Stack>
        ),
        notification: <MissionNotifications missionId={mission.id} />,
        flightAuthorization: <MissionRequests missionId={mission.id} />,
        flightReport: <PostFlightDiary missionId={mission.id} />,
      }}
    />
  );
}
