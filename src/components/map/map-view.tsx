import { lazy, Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import type { MapCanvasProps } from './map-canvas';

// maplibre (≈ 290 kB gzip) and its worker load with the first map, never with the login page.
const MapCanvas = lazy(() => import('./map-canvas'));

export type MapViewProps = MapCanvasProps & { children?: ReactNode };

/** The one owner of a MapLibre map: declarative layers go in as children (GeoJsonLayer). */
export function MapView(props: MapViewProps) {
  return (
    <Suspense
      fallback={
        <Center h="100%">
          <Loader aria-hidden />
        </Center>
      }
    >
      <MapCanvas {...props} />
    </Suspense>
  );
}
