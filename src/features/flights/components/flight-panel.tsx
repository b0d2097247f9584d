import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { MissionDetail } from '@/shared/contracts/missions';
import { useFlightConformance } from '../conformance-store';
import { usePositionStatus, type PositionStatus } from '../position-poster';
import { useTakeoffs } from '../takeoff-store';
import type { RefreshMission } from '../use-flight';
import { FlightActions } from './flight-actions';
import { formatElapsed } from './flight-format';
import { FlightMap } from './flight-map';
import { FlightReadout } from './flight-readout';

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const POSITION_COLORS: Record<PositionStatus['state'], string> = {
  off: 'gray',
  waiting: 'yellow',
  stale: 'yellow',
  ok: 'teal',
  denied: 'red',
  unavailable: 'red',
};

/** One mission in the compact flight view: status, elapsed time, position status and the big buttons. */
export function FlightCard({ mission, refresh }: { mission: MissionDetail; refresh: RefreshMission }) {
  const { t } = useTranslation(['flights', 'missions']);
  const record = useTakeoffs().find((takeoff) => takeoff.id === mission.id);
  const position = usePositionStatus();
  const now = useNow(1000);
  const flying = mission.status === 'onGoing';
  const shared = useFlightConformance();
  // The state the server answered for this mission's positions (any tab's), else the device's own fix.
  const conformance = shared?.missionId === mission.id ? shared : null;
  const own = conformance ?? (position.state === 'ok' ? position : null);
  return (
    <Stack gap="sm" data-testid="flight-card" data-mission={mission.id}>
      <Title order={3} size="h4">
        {mission.title}
      </Title>
      <Group gap="xs">
        <Badge size="lg" color={flying ? 'red' : 'blue'} data-testid="flight-status" data-status={mission.status}>
          {t(`missions:statuses.${mission.status}`)}
        </Badge>
        {flying && record ? (
          <Text fw={700} size="xl" ff="monospace" aria-label={t('elapsed')} data-testid="flight-elapsed">
            {formatElapsed(now - record.first)}
          </Text>
        ) : null}
      </Group>
      {flying ? (
        <Group gap="xs" data-testid="flight-position" data-state={position.state}>
          <Badge color={POSITION_COLORS[position.state]} variant="dot">
            {t('position.label')}
          </Badge>
          <Text size="sm">
            {position.state === 'ok'
              ? t('position.ok', { seconds: Math.max(0, Math.round((now - position.at) / 1000)), accuracy: Math.round(position.accuracy) })
              : position.state === 'stale'
                ? t('position.stale', { seconds: Math.max(0, Math.round((record ? record.first - position.at : 0) / 1000)) })
                : t(`position.${position.state}`)}
          </Text>
        </Group>
      ) : null}
      {flying ? <FlightReadout mission={mission} conformance={conformance} now={now} /> : null}
      <FlightMap
        mission={mission}
        position={flying && own ? { lat: own.lat, lon: own.lon } : null}
        state={conformance?.state === 'unidentified' ? null : (conformance?.state ?? null)}
      />
      <FlightActions mission={mission} refresh={refresh} large />
    </Stack>
  );
}

export interface FlightPanelProps {
  opened: boolean;
  onClose: () => void;
  /** FlightCards, or the empty text when nothing is shown. */
  children: ReactNode;
}

/** The compact flight view (docs/flight.md): a drawer from the bottom on a phone, from the side otherwise. */
export function FlightPanel({ opened, onClose, children }: FlightPanelProps) {
  const { t } = useTranslation('flights');
  const phone = useMediaQuery('(max-width: 48em)');
  // The conformance banner lies along the bottom of the screen: the buttons scroll above it.
  const banner = useFlightConformance()?.state;
  const underBanner = banner === 'warning' || banner === 'violating';
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('panel.title')}
      position={phone ? 'bottom' : 'right'}
      size={phone ? '85%' : 'md'}
      closeButtonProps={{ 'aria-label': t('panel.close') }}
      data-testid="flight-panel"
    >
      <Stack gap="xl" pb={underBanner ? '7rem' : undefined}>
        {children}
      </Stack>
    </Drawer>
  );
}
