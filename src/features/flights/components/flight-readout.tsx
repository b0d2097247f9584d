import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FlightConformance } from '@/shared/contracts/conformance';
import type { MissionDetail } from '@/shared/contracts/missions';
import { formatElapsed } from './flight-format';

const STATE_COLORS = { conforming: 'teal', unidentified: 'gray', warning: 'yellow', violating: 'red' } as const;

/** When the current slot ends: the server's (slot, activation, mission end) when it answered, else the mission's end. */
export function slotEnd(mission: Pick<MissionDetail, 'endAt'>, conformance: FlightConformance | null): number | null {
  const end = conformance?.slotEndsAt ?? mission.endAt;
  return end ? Date.parse(end) : null;
}

function Fact({ label, value, tone, testId }: { label: string; value: string; tone?: string | undefined; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={tone}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * What the pilot reads at a glance (docs/flight.md "Flight view"): the state of the flight, the distance to the nearest
 * edge of the allowed area, the height against the limit and the time left in the slot.
 */
export function FlightReadout({
  mission,
  conformance,
  now,
}: {
  mission: MissionDetail;
  conformance: FlightConformance | null;
  now: number;
}) {
  const { t } = useTranslation('flights');
  const state = conformance?.state ?? null;
  const edge = conformance?.edgeDistanceM ?? null;
  const limit = conformance?.maxHeightM ?? mission.maxHeightM;
  const height = conformance?.heightM ?? null;
  const end = slotEnd(mission, conformance);
  const broken = (rule: 'area' | 'height' | 'slot') =>
    conformance?.violations.includes(rule) ? 'red' : conformance?.warnings.includes(rule) ? 'yellow.8' : undefined;
  return (
    <Stack gap="xs" data-testid="flight-readout" data-state={state ?? 'unknown'}>
      <Group gap="xs">
        <Badge size="lg" color={state ? STATE_COLORS[state] : 'gray'} data-testid="flight-state">
          {t(`view.states.${state ?? 'unknown'}`)}
        </Badge>
      </Group>
      <SimpleGrid cols={3} spacing="xs">
        <Fact
          testId="flight-edge"
          label={t('view.edge')}
          tone={broken('area')}
          value={
            edge === null
              ? '—'
              : edge < 0
                ? t('view.beyond', { metres: Math.round(-edge) })
                : t('view.metres', { metres: Math.round(edge) })
          }
        />
        <Fact
          testId="flight-height"
          label={t('view.height')}
          tone={broken('height')}
          value={
            limit === null
              ? height === null
                ? '—'
                : t('view.metres', { metres: Math.round(height) })
              : height === null
                ? t('view.heightUnknown', { limit: Math.round(limit) })
                : t('view.heightOf', { height: Math.round(height), limit: Math.round(limit) })
          }
        />
        <Fact
          testId="flight-time-left"
          label={t('view.timeLeft')}
          tone={broken('slot')}
          value={end === null ? '—' : end <= now ? t('view.slotOver') : formatElapsed(end - now)}
        />
      </SimpleGrid>
    </Stack>
  );
}
