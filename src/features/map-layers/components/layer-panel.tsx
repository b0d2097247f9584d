import { Box, Checkbox, CloseButton, ColorSwatch, Group, Paper, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { RESTRICTIONS } from '@/shared/geozones/zone';
import type { RainRadar } from '../hooks/use-rain-radar';
import type { AerodromeCategories } from '@/shared/contracts/weather';
import { FLIGHT_CATEGORIES } from '@/shared/domain/weather';
import {
  CONTEXT_COLORS,
  LAYER_GROUPS,
  LAYERS_OF_GROUP,
  RESTRICTION_COLORS,
  TAF_CATEGORY_COLORS,
  VOLUME_COLOR,
  type LayerKey,
} from '../layer-catalogue';
import { formatLocale } from '@/lib/format';

export type GeozoneStatus = { kind: 'zoomIn' } | { kind: 'error' } | { kind: 'count'; count: number | undefined };
/** The Deconfliction layer's state, with the map's time it was asked for. */
export type VolumesStatus = { kind: 'zoomIn' } | { kind: 'error' } | { kind: 'count'; count: number | undefined; at: string };

/** The TAF layer's state: the aerodromes in view with their category at the map's time. */
export type AerodromesStatus =
  { kind: 'zoomIn' } | { kind: 'error' } | { kind: 'list'; items: AerodromeCategories['items'] | undefined; at: string };

interface LayerPanelProps {
  visible: Record<LayerKey, boolean>;
  onToggle: (key: LayerKey, visible: boolean) => void;
  geozones: GeozoneStatus;
  volumes: VolumesStatus;
  aerodromes: AerodromesStatus;
  radar: RainRadar;
  /** Whether the server has aerial imagery (AERIAL_TILES_URL): otherwise the layer is offered disabled, with why. */
  aerialAvailable: boolean;
}

function RadarNote({ radar, visible }: { radar: RainRadar; visible: boolean }) {
  const { t, i18n } = useTranslation(['map', 'weather']);
  if (radar.kind === 'unavailable')
    return (
      <Text size="xs" c="dimmed" data-testid="rain-radar-disabled">
        {t('weather:radar.disabled')}
      </Text>
    );
  if (radar.kind !== 'available' || !visible) return null;
  const time = new Intl.DateTimeFormat(formatLocale(i18n.language), { timeStyle: 'short' }).format(radar.slot);
  return (
    <Text size="xs" c="dimmed" data-testid="rain-radar-time" aria-live="polite">
      {t('weather:radar.updated', { time })}
    </Text>
  );
}

function GeozoneNote({ status }: { status: GeozoneStatus }) {
  const { t } = useTranslation('map');
  if (status.kind === 'zoomIn')
    return (
      <Text size="xs" c="dimmed" data-testid="geozone-zoom-in">
        {t('layers.zoomInForGeozones')}
      </Text>
    );
  if (status.kind === 'error')
    return (
      <Text size="xs" c="red">
        {t('layers.loadFailed')}
      </Text>
    );
  return (
    <Text size="xs" c="dimmed" data-testid="geozone-count" data-count={status.count ?? ''} aria-live="polite">
      {status.count === undefined ? '…' : t('layers.geozoneCount', { count: status.count })}
    </Text>
  );
}

/** Why a layer's figures are missing: the view is too wide for it, or its data could not be read. */
function UnavailableNote({ kind, zoomIn }: { kind: 'zoomIn' | 'error'; zoomIn: 'layers.zoomInForVolumes' | 'layers.zoomInForAerodromes' }) {
  const { t } = useTranslation('map');
  return kind === 'zoomIn' ? (
    <Text size="xs" c="dimmed">
      {t(zoomIn)}
    </Text>
  ) : (
    <Text size="xs" c="red">
      {t('layers.loadFailed')}
    </Text>
  );
}

const shortDateTime = (language: string, at: string) =>
  new Intl.DateTimeFormat(formatLocale(language), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(at));

function VolumesNote({ status }: { status: VolumesStatus }) {
  const { t, i18n } = useTranslation('map');
  if (status.kind !== 'count') return <UnavailableNote kind={status.kind} zoomIn="layers.zoomInForVolumes" />;
  const at = shortDateTime(i18n.language, status.at);
  return (
    <Text size="xs" c="dimmed" data-testid="volume-count" data-count={status.count ?? ''} aria-live="polite">
      {status.count === undefined ? '…' : t('layers.volumeCount', { count: status.count, at })}
    </Text>
  );
}

/** Each aerodrome in view with its category, as text: the circles' colours say it on the map. */
function AerodromesNote({ status }: { status: AerodromesStatus }) {
  const { t, i18n } = useTranslation(['map', 'weather']);
  if (status.kind !== 'list') return <UnavailableNote kind={status.kind} zoomIn="layers.zoomInForAerodromes" />;
  if (status.items === undefined) return <Text size="xs">…</Text>;
  const at = shortDateTime(i18n.language, status.at);
  return (
    <Stack gap={2} data-testid="taf-aerodromes" aria-live="polite">
      <Text size="xs" c="dimmed">
        {t('layers.aerodromeCount', { count: status.items.length, at })}
      </Text>
      {status.items.map((aerodrome) => (
        <Text size="xs" key={aerodrome.icao} data-testid={`taf-${aerodrome.icao}`}>
          {t('layers.tafLine', { icao: aerodrome.icao, name: aerodrome.name, category: aerodrome.category ?? t('layers.noTaf') })}
        </Text>
      ))}
    </Stack>
  );
}

function Legend() {
  const { t } = useTranslation('map');
  return (
    <Stack gap={4} data-testid="map-legend">
      <Title order={3} size="sm">
        {t('legend.title')}
      </Title>
      {RESTRICTIONS.map((restriction) => (
        <Group key={restriction} gap="xs" wrap="nowrap">
          <ColorSwatch color={RESTRICTION_COLORS[restriction]} size={14} radius={2} aria-hidden />
          <Text size="xs">{t(`legend.${restriction}`)}</Text>
        </Group>
      ))}
      {(Object.keys(CONTEXT_COLORS) as (keyof typeof CONTEXT_COLORS)[]).map((name) => (
        <Group key={name} gap="xs" wrap="nowrap">
          <ColorSwatch color={CONTEXT_COLORS[name]} size={14} radius={name === 'protected' ? 2 : 7} aria-hidden />
          <Text size="xs">{t(`layers.${name}`)}</Text>
        </Group>
      ))}
      <Group gap="xs" wrap="nowrap">
        <ColorSwatch color={VOLUME_COLOR} size={14} radius={2} aria-hidden />
        <Text size="xs">{t('legend.otherMissions')}</Text>
      </Group>
      {[...FLIGHT_CATEGORIES, 'none' as const].map((category) => (
        <Group key={category} gap="xs" wrap="nowrap">
          <ColorSwatch color={TAF_CATEGORY_COLORS[category]} size={14} radius={7} aria-hidden />
          <Text size="xs">{category === 'none' ? t('legend.noTaf') : t('legend.taf', { category })}</Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Spec shell §1: the layer groups, each with its layers or a note saying why it is empty. */
export function LayerPanel({ visible, onToggle, geozones, volumes, aerodromes, radar, aerialAvailable }: LayerPanelProps) {
  const { t } = useTranslation('map');
  // On a phone the open panel would cover the whole map: it starts closed there.
  const [opened, { toggle }] = useDisclosure(!window.matchMedia('(max-width: 48em)').matches);
  if (!opened) {
    return (
      <Paper pos="absolute" top={10} left={10} shadow="sm" p={6} style={{ zIndex: 2 }}>
        <UnstyledButton onClick={toggle} aria-expanded={false} aria-controls="map-layer-panel" data-testid="layer-panel-open">
          <Text size="sm" fw={600}>
            {t('layers.title')}
          </Text>
        </UnstyledButton>
      </Paper>
    );
  }
  return (
    <Paper
      id="map-layer-panel"
      pos="absolute"
      top={10}
      left={10}
      w={260}
      shadow="sm"
      p="sm"
      style={{ zIndex: 2 }}
      data-testid="layer-panel"
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="md">
          {t('layers.title')}
        </Title>
        <CloseButton onClick={toggle} aria-label={t('layers.show')} aria-expanded aria-controls="map-layer-panel" />
      </Group>
      <ScrollArea.Autosize mah="calc(100dvh - 220px)">
        <Stack gap="sm">
          {LAYER_GROUPS.map((group) => {
            const layers = LAYERS_OF_GROUP[group];
            const note = layers.length === 0 ? 'layers.emptyGroup' : undefined;
            return (
              <Box
                component="fieldset"
                key={group}
                disabled={layers.length === 0}
                data-testid={`layer-group-${group}`}
                m={0}
                p={0}
                style={{ border: 0 }}
              >
                <Text component="legend" size="sm" fw={600} c={layers.length === 0 ? 'dimmed' : undefined}>
                  {t(`layers.groups.${group}`)}
                </Text>
                <Stack gap={4} mt={4}>
                  {layers.map((key) => (
                    <Box key={key}>
                      <Checkbox
                        size="xs"
                        label={key === 'rainRadar' ? t('weather:radar.label') : t(`layers.${key}`)}
                        checked={visible[key]}
                        disabled={(key === 'rainRadar' && radar.kind !== 'available') || (key === 'aerial' && !aerialAvailable)}
                        onChange={(event) => onToggle(key, event.currentTarget.checked)}
                        data-testid={`layer-toggle-${key}`}
                      />
                      {key === 'geozones' && visible.geozones ? <GeozoneNote status={geozones} /> : null}
                      {key === 'otherMissions' && visible.otherMissions ? <VolumesNote status={volumes} /> : null}
                      {key === 'rainRadar' ? <RadarNote radar={radar} visible={visible.rainRadar} /> : null}
                      {key === 'tafCategory' && visible.tafCategory ? <AerodromesNote status={aerodromes} /> : null}
                      {key === 'aerial' && !aerialAvailable ? (
                        <Text size="xs" c="dimmed" data-testid="aerial-disabled">
                          {t('layers.aerialDisabled')}
                        </Text>
                      ) : null}
                    </Box>
                  ))}
                  {note ? (
                    <Text size="xs" c="dimmed">
                      {t(note)}
                    </Text>
                  ) : null}
                </Stack>
              </Box>
            );
          })}
          <Legend />
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
