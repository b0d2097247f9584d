import { memo } from 'react';
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GrantedVolume } from '@/shared/contracts/airspace-live';
import type { ConformanceState } from '@/shared/contracts/conformance';
import { STATE_COLORS, type WatchedFlight } from '../watched-flights';
import { useVolumeFacts } from './granted-volumes-layer';

export interface WatchedFlightListProps {
  flights: readonly WatchedFlight[];
  volumes: readonly GrantedVolume[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
  loading: boolean;
}

interface WatchedFlightRowProps {
  flightKey: string;
  state: ConformanceState;
  caption: string;
  selected: boolean;
  onSelect: (key: string) => void;
}

/**
 * One flight of the list, drawn again only when its state, caption or selection changes: the stream moves every flight
 * several times a second, and 500 rows drawn at each delta made the manager's page the bottleneck (docs/performance.md
 * "The flight in the browser").
 */
const WatchedFlightRow = memo(function WatchedFlightRow({ flightKey, state, caption, selected, onSelect }: WatchedFlightRowProps) {
  const { t } = useTranslation('live');
  return (
    <li>
      <UnstyledButton
        onClick={() => onSelect(flightKey)}
        aria-pressed={selected}
        w="100%"
        p={4}
        style={{
          borderRadius: 4,
          borderLeft: `4px solid ${STATE_COLORS[state]}`,
          background: selected ? 'var(--mantine-color-blue-light)' : undefined,
        }}
        data-testid="watched-flight"
        data-key={flightKey}
        data-state={state}
      >
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" fw={600} truncate>
            {caption}
          </Text>
          <Badge size="xs" variant="light" color={STATE_COLORS[state]} style={{ flexShrink: 0 }}>
            {t(`airspace.states.${state}`)}
          </Badge>
        </Group>
      </UnstyledButton>
    </li>
  );
});

/** The flights in the watched airspaces, violating first, then today's granted volumes. */
export function WatchedFlightList({ flights, volumes, selectedKey, onSelect, loading }: WatchedFlightListProps) {
  const { t } = useTranslation('live');
  const facts = useVolumeFacts();
  return (
    <Stack gap="xs">
      {loading ? (
        <Text size="sm" c="dimmed">
          {t('spots.loading')}
        </Text>
      ) : flights.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="watched-flights-empty">
          {t('airspace.noFlights')}
        </Text>
      ) : (
        <ul aria-label={t('airspace.flights')} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="watched-flights">
          {flights.map((flight) => (
            <WatchedFlightRow
              key={flight.key}
              flightKey={flight.key}
              state={flight.state}
              caption={flight.caption}
              selected={flight.key === selectedKey}
              onSelect={onSelect}
            />
          ))}
        </ul>
      )}
      <Text size="xs" fw={700}>
        {t('airspace.granted', { count: volumes.length })}
      </Text>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="granted-volumes">
        {volumes.map((volume) => (
          <li key={volume.requestId} data-testid="granted-volume" data-reference={volume.referenceNumber}>
            <Text size="xs">
              <strong>{volume.title}</strong> · {volume.referenceNumber} · {facts(volume)}
            </Text>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
