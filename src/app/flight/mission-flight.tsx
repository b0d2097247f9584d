import { useCallback, useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { FlightActions } from '@/features/flights/components/flight-actions';
import { FlightCard, FlightPanel } from '@/features/flights/components/flight-panel';
import { canFly, type RefreshMission } from '@/features/flights/use-flight';
import { missionsKey } from '@/features/missions/api/base';
import { missionQueryOptions, useMission } from '@/features/missions/api/get-mission';
import { useSession } from '@/lib/session';
import type { MissionDetail } from '@/shared/contracts/missions';

/** The mission read again from the server after a flight step: every mission query is invalidated (list, calendar). */
export function useMissionRefresh(missionId: string): RefreshMission {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: missionsKey });
    return queryClient.fetchQuery(missionQueryOptions(missionId)).catch(() => null);
  }, [queryClient, missionId]);
}

/** The compact view's card of one mission, loaded by id (the live map knows only the recorded take-offs). */
function MissionFlightCard({ missionId }: { missionId: string }) {
  const { t } = useTranslation('flights');
  const { data: mission, isPending, isError } = useMission(missionId);
  const refresh = useMissionRefresh(missionId);
  if (isPending) return <LoadingIndicator label={t('loading')} />;
  if (isError)
    return (
      <Alert color="red" role="alert">
        {t('loadFailed')}
      </Alert>
    );
  return <FlightCard mission={mission} refresh={refresh} />;
}

/** The compact flight view over a list of missions; empty when nothing is recorded. */
export function FlightsPanel({ opened, onClose, missionIds }: { opened: boolean; onClose: () => void; missionIds: readonly string[] }) {
  const { t } = useTranslation('flights');
  return (
    <FlightPanel opened={opened} onClose={onClose}>
      {missionIds.length ? (
        missionIds.map((id) => <MissionFlightCard key={id} missionId={id} />)
      ) : (
        <Text c="dimmed" data-testid="flight-panel-empty">
          {t('panel.empty')}
        </Text>
      )}
    </FlightPanel>
  );
}

/** On the mission screen: take off, land, request end, and the compact flight view of this mission. */
export function MissionFlight({ mission, dirty }: { mission: MissionDetail; dirty: boolean }) {
  const { t } = useTranslation('flights');
  const session = useSession();
  const refresh = useMissionRefresh(mission.id);
  const [opened, setOpened] = useState(false);
  if (!canFly(mission, session) || (mission.status !== 'validated' && mission.status !== 'onGoing')) return null;
  return (
    <Group gap="xs" align="flex-start" data-testid="mission-flight">
      <FlightActions mission={mission} refresh={refresh} disabled={dirty} />
      <Button variant="subtle" onClick={() => setOpened(true)} data-testid="open-flight-panel">
        {t('panel.open')}
      </Button>
      <FlightPanel opened={opened} onClose={() => setOpened(false)}>
        <FlightCard mission={mission} refresh={refresh} />
      </FlightPanel>
    </Group>
  );
}
