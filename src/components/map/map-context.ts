import { createContext, useContext } from 'react';
import type { Map as MlMap } from 'maplibre-gl';

/** The map of the nearest MapView, once its style has loaded; layers wait for it. */
export const MapContext = createContext<MlMap | null>(null);

export function useMap(): MlMap | null {
  return useContext(MapContext);
}
