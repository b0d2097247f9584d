import { Box } from '@mantine/core';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useTranslation } from 'react-i18next';
import { FitBounds } from '@/components/map/fit-bounds';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { MapView } from '@/components/map/map-view';
import type { RequestDetail } from '@/shared/contracts/requests';

const collection = (geometries: Geometry[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: geometries.map((geometry): Feature => ({ type: 'Feature', properties: {}, geometry })),
});

/** The first vertex of the mission's areas: where the map opens. */
export function centerOf(request: Pick<RequestDetail, 'missionSnapshot'>): [number, number] {
  const first = request.missionSnapshot.areas.coordinates[0]?.[0]?.[0];
  return first ? [first[0], first[1]] : [2.35, 48.8];
}

/**
 * The map's colours, said by its legend: the mission's areas blue, the reduced area of the decision green, the other
 * active missions of the airspace teal (as the map's "Deconfliction" layer draws other missions' volumes) and, in red,
 * where other requests' volumes meet this one's. No basemap feature uses them (docs/map.md).
 */
export const REQUEST_MAP_COLORS = {
  missionAreas: '#1c7ed6',
  reducedArea: '#2f9e44',
  activeMissions: '#0c8599',
  conflicts: '#e03131',
} as const;

/** The request's map: the mission's areas, the reduced area granted, the airspace's other active missions, the conflicts. */
export function RequestMap({ request }: { request: RequestDetail }) {
  const { t } = useTranslation('requests');
  const reduced = request.restrictions.flatMap((restriction) => (restriction.kind === 'reducedArea' ? [restriction.area as Geometry] : []));
  return (
    <Box
      h={360}
      pos="relative"
      data-testid="request-map"
      data-reduced-areas={reduced.length}
      data-conflict-areas={request.conflicts.length}
    >
      <MapView label={t('map.label')} center={centerOf(request)} zoom={13}>
        <GeoJsonLayer
          id="request-active-missions"
          type="line"
          data={collection(request.activeMissions.map((mission) => mission.areas))}
          paint={{ 'line-color': REQUEST_MAP_COLORS.activeMissions, 'line-width': 2 }}
        />
        <GeoJsonLayer
          id="request-mission-areas"
          type="fill"
          data={collection([request.missionSnapshot.areas])}
          paint={{ 'fill-color': REQUEST_MAP_COLORS.missionAreas, 'fill-opacity': 0.25 }}
        />
        <GeoJsonLayer
          id="request-reduced-area"
          type="fill"
          data={collection(reduced)}
          paint={{ 'fill-color': REQUEST_MAP_COLORS.reducedArea, 'fill-opacity': 0.45 }}
        />
        <GeoJsonLayer
          id="request-conflict-areas"
          type="fill"
          data={collection(request.conflicts.map((conflict) => conflict.overlap.areas))}
          paint={{ 'fill-color': REQUEST_MAP_COLORS.conflicts, 'fill-opacity': 0.55 }}
        />
        <FitBounds data={[request.missionSnapshot.areas, ...reduced]} />
      </MapView>
    </Box>
  );
}
