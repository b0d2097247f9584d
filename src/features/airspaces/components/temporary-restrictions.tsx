import { useState } from 'react';
import { Alert, Badge, Box, Button, Group, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { FeatureCollection, Geometry, Polygon } from 'geojson';
import { useTranslation } from 'react-i18next';
import { DrawControl } from '@/components/map/draw-control';
import { FitBounds } from '@/components/map/fit-bounds';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { MapView } from '@/components/map/map-view';
import { DateTimeInput } from '@/components/ui/date-fields';
import { formatLocale } from '@/lib/format';
import type { AirspaceDetail } from '@/shared/contracts/airspaces';
import type { AffectedMission, TemporaryRestrictionInput } from '@/shared/contracts/temporary-restrictions';
import {
  useEndTemporaryRestriction,
  usePreviewTemporaryRestriction,
  usePublishTemporaryRestriction,
  useTemporaryRestrictions,
} from '../api/temporary-restrictions';

interface Draft {
  reason: string;
  lowerM: number | '';
  upperM: number | '';
  startAt: string;
  endAt: string;
  area: Polygon | null;
}

const EMPTY: Draft = { reason: '', lowerM: 0, upperM: '', startAt: '', endAt: '', area: null };

/** A `DateTimeInput` value (the reader's time) as an ISO instant; '' stays invalid for the server to name. */
const instant = (local: string) => (local && !Number.isNaN(Date.parse(local)) ? new Date(local).toISOString() : local);

/**
 * "Temporary restrictions" of the manager's airspace (docs/airspace-manager.md): the list with "End now", and the form
 * that draws the area, shows the missions it would meet, then publishes it.
 */
export function TemporaryRestrictions({ airspace }: { airspace: AirspaceDetail }) {
  const { t, i18n } = useTranslation('airspaces');
  const dateTime = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  const list = useTemporaryRestrictions();
  const preview = usePreviewTemporaryRestriction();
  const publish = usePublishTemporaryRestriction();
  const end = useEndTemporaryRestriction();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [affected, setAffected] = useState<AffectedMission[] | null>(null);
  const [formKey, setFormKey] = useState(0);
  const set = (change: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setAffected(null);
  };
  const body = (): TemporaryRestrictionInput => ({
    airspaceId: airspace.id,
    reason: draft.reason,
    area: draft.area as TemporaryRestrictionInput['area'],
    lowerM: draft.lowerM as number,
    upperM: draft.upperM as number,
    startAt: instant(draft.startAt),
    endAt: instant(draft.endAt),
  });
  const restrictions = (list.data ?? []).filter((restriction) => restriction.airspaceId === airspace.id);
  const outline: FeatureCollection | null = airspace.geometry
    ? { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: airspace.geometry as Geometry }] }
    : null;

  return (
    <Paper withBorder p="md" data-testid="temporary-restrictions">
      <Stack>
        <Title order={3}>{t('temporary.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('temporary.hint')}
        </Text>
        {restrictions.length === 0 ? (
          <Text size="sm">{t('temporary.none')}</Text>
        ) : (
          <Table data-testid="temporary-restriction-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('temporary.reason')}</Table.Th>
                <Table.Th>{t('temporary.heights')}</Table.Th>
                <Table.Th>{t('temporary.period')}</Table.Th>
                <Table.Th>{t('temporary.state')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {restrictions.map((restriction) => (
                <Table.Tr key={restriction.id}>
                  <Table.Td>{restriction.reason}</Table.Td>
                  <Table.Td>{t('temporary.heightRange', { lower: restriction.lowerM, upper: restriction.upperM })}</Table.Td>
                  <Table.Td>
                    {dateTime.format(new Date(restriction.startAt))} – {dateTime.format(new Date(restriction.endedAt ?? restriction.endAt))}
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      color={restriction.state === 'active' ? 'red' : restriction.state === 'scheduled' ? 'orange' : 'gray'}
                      variant="light"
                    >
                      {t(`temporary.states.${restriction.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {restriction.state !== 'ended' ? (
                      <Button size="xs" variant="light" color="red" loading={end.isPending} onClick={() => end.mutate(restriction.id)}>
                        {t('temporary.end')}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}

        <Title order={4}>{t('temporary.new')}</Title>
        <TextInput
          label={t('temporary.reason')}
          required
          value={draft.reason}
          onChange={(event) => set({ reason: event.currentTarget.value })}
          data-testid="temporary-reason"
        />
        <Group grow>
          <NumberInput
            label={t('temporary.lowerM')}
            min={0}
            value={draft.lowerM}
            onChange={(value) => set({ lowerM: value === '' ? '' : Number(value) })}
            data-testid="temporary-lower"
          />
          <NumberInput
            label={t('temporary.upperM')}
            min={1}
            value={draft.upperM}
            onChange={(value) => set({ upperM: value === '' ? '' : Number(value) })}
            data-testid="temporary-upper"
          />
        </Group>
        <Group grow align="flex-start">
          <DateTimeInput
            label={t('temporary.startAt')}
            value={draft.startAt}
            onChange={(startAt) => set({ startAt })}
            data-testid="temporary-start"
          />
          <DateTimeInput
            label={t('temporary.endAt')}
            value={draft.endAt}
            onChange={(endAt) => set({ endAt })}
            data-testid="temporary-end"
          />
        </Group>
        <Text size="sm" fw={500}>
          {t('temporary.area')}
        </Text>
        <Box h={320} pos="relative" data-testid="temporary-map">
          <MapView key={formKey} label={t('temporary.mapLabel')} zoom={12}>
            {outline ? (
              <>
                <GeoJsonLayer
                  id="temporary-airspace-outline"
                  type="line"
                  data={outline}
                  paint={{ 'line-color': '#4c6ef5', 'line-width': 2, 'line-dasharray': [2, 2] }}
                />
                <FitBounds data={[outline]} />
              </>
            ) : null}
            <DrawControl onChange={(shapes) => set({ area: shapes.areas[0]?.geometry ?? null })} />
          </MapView>
        </Box>
        <Text size="xs" data-testid="temporary-area-state">
          {draft.area ? t('temporary.areaDrawn') : t('temporary.areaNone')}
        </Text>
        <Group>
          <Button
            variant="default"
            loading={preview.isPending}
            onClick={() => preview.mutate(body(), { onSuccess: (result) => setAffected(result.missions) })}
            data-testid="temporary-preview"
          >
            {t('temporary.preview')}
          </Button>
          <Button
            color="red"
            disabled={affected === null}
            loading={publish.isPending}
            onClick={() =>
              publish.mutate(body(), {
                onSuccess: () => {
                  setDraft(EMPTY);
                  setAffected(null);
                  setFormKey((key) => key + 1);
                },
              })
            }
            data-testid="temporary-publish"
          >
            {t('temporary.publish')}
          </Button>
        </Group>
        {affected !== null ? (
          <Alert color={affected.length > 0 ? 'orange' : 'green'} data-testid="temporary-affected">
            <Text size="sm" fw={500}>
              {t('temporary.affected', { count: affected.length })}
            </Text>
            {affected.map((mission) => (
              <Text size="sm" key={mission.requestId}>
                {mission.referenceNumber} · {mission.title} · {t(`requests:statuses.${mission.status}`)} ·{' '}
                {dateTime.format(new Date(mission.startAt))} – {dateTime.format(new Date(mission.endAt))}
              </Text>
            ))}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
