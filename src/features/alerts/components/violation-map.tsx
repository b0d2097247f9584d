import { useMemo } from 'react';
import { Box, Group, Text } from '@mantine/core';
import type { FeatureCollection } from 'geojson';
import type { CircleLayerSpecification, FilterSpecification } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import { FitBounds } from '@/components/map/fit-bounds';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { MapView } from '@/components/map/map-view';
import type { Violation, ViolationTrack } from '@/shared/contracts/alerts';

/** Open episodes in red, ended ones in grey: colours no basemap feature uses at these zooms. */
const OPEN = '#e03131';
const ENDED = '#495057';
/** The selected episode: its path in dark red, the alert's area red, a mission's area blue (as on the Flight view). */
const PATH = '#a61e4d';
const ALERT_AREA = '#e03131';
const MISSION_AREA = '#1864ab';
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

// Constant paints: a new object at each render would restyle the map each time.
const POINT_PAINT: CircleLayerSpecification['paint'] = {
  'circle-radius': 7,
  'circle-color': ['case', ['get', 'open'], OPEN, ENDED],
  'circle-stroke-color': '#ffffff',
  'circle-stroke-width': 2,
};
const LINES: FilterSpecification = ['==', ['geometry-type'], 'LineString'];
const POINTS: FilterSpecification = ['==', ['geometry-type'], 'Point'];
const PATH_LINE = { 'line-color': PATH, 'line-width': 3 };
const PATH_DOTS = { 'circle-radius': 3, 'circle-color': PATH, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 };
const areaFill = (color: string) => ({ 'fill-color': color, 'fill-opacity': 0.15 });
const areaLine = (color: string) => ({ 'line-color': color, 'line-width': 2 });
const ALERT_FILL = areaFill(ALERT_AREA);
const ALERT_LINE = areaLine(ALERT_AREA);
const MISSION_FILL = areaFill(MISSION_AREA);
const MISSION_LINE = areaLine(MISSION_AREA);

export interface ViolationMapProps {
  violations: readonly Violation[];
  /** The episode chosen in the list: its positions and area are drawn and the view fits them. */
  selected?: Violation | null;
  track?: ViolationTrack;
}

/**
 * The last offending position of each episode of the page, fitted in view; with an episode chosen, its positions while
 * it lasted as a path and the area it is about (the alert's, or the mission's for the flight conformance check).
 */
export function ViolationMap({ violations, selected = null, track }: ViolationMapProps) {
  const { t } = useTranslation('alerts');
  const points = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: violations.map((violation) => ({
        type: 'Feature',
        properties: { open: violation.endedAt === null, ident: violation.ident },
        geometry: { type: 'Point', coordinates: [violation.longitude, violation.latitude] },
      })),
    }),
    [violations],
  );
  const path = useMemo<FeatureCollection>(() => {
    if (!selected || !track) return EMPTY;
    const coordinates = track.positions.map((position) => [position.longitude, position.latitude]);
    return {
      type: 'FeatureCollection',
      features: [
        ...(coordinates.length > 1
          ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates } }]
          : []),
        ...coordinates.map((position) => ({
          type: 'Feature' as const,
          properties: {},
          geometry: { type: 'Point' as const, coordinates: position },
        })),
      ],
    };
  }, [selected, track]);
  const area = useMemo<FeatureCollection>(
    () =>
      selected && track?.area
        ? { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: track.area }] }
        : EMPTY,
    [selected, track],
  );
  const ofAlert = selected?.alert !== null;
  const last: FeatureCollection | null = selected
    ? {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [selected.longitude, selected.latitude] } }],
      }
    : null;

  return (
    <Box>
      <Box
        h={300}
        pos="relative"
        data-testid="violation-map"
        data-points={violations.length}
        data-selected={selected?.id}
        data-track-positions={selected && track ? track.positions.length : undefined}
        data-area={selected && track ? (track.area ? (ofAlert ? 'alert' : 'mission') : 'none') : undefined}
      >
        <MapView label={t('violations.map')} center={[2.17, 48.71]} zoom={10}>
          <GeoJsonLayer id="violation-area-fill" type="fill" data={area} paint={ofAlert ? ALERT_FILL : MISSION_FILL} />
          <GeoJsonLayer id="violation-area-line" type="line" data={area} paint={ofAlert ? ALERT_LINE : MISSION_LINE} />
          <GeoJsonLayer id="violation-positions" type="circle" data={points} paint={POINT_PAINT} />
          <GeoJsonLayer id="violation-path" type="line" data={path} paint={PATH_LINE} filter={LINES} />
          <GeoJsonLayer id="violation-path-points" type="circle" data={path} paint={PATH_DOTS} filter={POINTS} />
          <FitBounds data={selected ? [path, area, last] : [points]} />
        </MapView>
      </Box>
      {selected ? (
        <Group gap="xs" mt={4} data-testid="violation-map-legend">
          <Text size="sm">
            {t('violations.episodeOnMap', { ident: selected.ident, count: track?.positions.length ?? 0 })}
            {track?.truncated ? ` ${t('violations.episodeTruncated')}` : ''}
          </Text>
          {track ? (
            <Text size="sm" c="dimmed">
              {track.area ? t(ofAlert ? 'violations.areaOfAlert' : 'violations.areaOfMission') : t('violations.noArea')}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Box>
  );
}
