import { Box } from '@mantine/core';
import type { FeatureCollection } from 'geojson';
import { useTranslation } from 'react-i18next';
import { FitBounds } from '@/components/map/fit-bounds';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { MapView } from '@/components/map/map-view';
import type { Violation } from '@/shared/contracts/alerts';

/** Open episodes in red, ended ones in grey: colours no basemap feature uses at these zooms. */
const OPEN = '#e03131';
const ENDED = '#495057';

/** The last offending position of each episode of the page, fitted in view. */
export function ViolationMap({ violations }: { violations: readonly Violation[] }) {
  const { t } = useTranslation('alerts');
  const points: FeatureCollection = {
    type: 'FeatureCollection',
    features: violations.map((violation) => ({
      type: 'Feature',
      properties: { open: violation.endedAt === null, ident: violation.ident },
      geometry: { type: 'Point', coordinates: [violation.longitude, violation.latitude] },
    })),
  };
  return (
    <Box h={300} pos="relative" data-testid="violation-map" data-points={violations.length}>
      <MapView label={t('violations.map')} center={[2.17, 48.71]} zoom={10}>
        <GeoJsonLayer
          id="violation-positions"
          type="circle"
          data={points}
          paint={{
            'circle-radius': 7,
            'circle-color': ['case', ['get', 'open'], OPEN, ENDED],
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 2,
          }}
        />
        <FitBounds data={[points]} />
      </MapView>
    </Box>
  );
}
