import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GrantedVolume } from '@/shared/contracts/airspace-live';
import { STATE_COLORS, type WatchedFlight } from '../watched-flights';
import { useVolumeFacts } from './granted-volumes-layer';

export interface WatchedFlightListProps {
  flights: readonly WatchedFlight[];
  volumes: readonly GrantedVolume[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
  loading: boolean;
}

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
            <li key={flight.key}>
              <UnstyledButton
                onClick={() => onSelect(flight.key)}
                aria-pressed={flight.key === selectedKey}
                w="100%"
                p={4}
                style={{
                  borderRadius: 4,
                  borderLeft: `4px solid ${STATE_COLORS[flight.state]}`,
                  background: flight.key === selectedKey ? 'var(--mantine-color-blue-light)' : undefined,
                }}
                data-testid="watched-flight"
                data-key={flight.key}
                data-state={flight.state}
              >
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm" fw={600} truncate>
                    {flight.caption}
                  </Text>
                  <Badge size="xs" variant="light" color={STATE_COLORS[flight.state]} style={{ flexShrink: 0 }}>
                    {t(`airspace.states.${flight.state}`)}
                  </Badge>
                </Group>
              </UnstyledButton>
            </li>
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
