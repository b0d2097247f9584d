import type { StyleSpecification } from 'maplibre-gl';

/** Land colour of the offline style. */
export const BACKGROUND_COLOR = '#eef1ea';

/**
 * The offline style: a plain background, with every other layer ours (context layers, geozones, drawings), so the map
 * works with no tile server. No text layers, so no glyphs are needed.
 */
export function offlineStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {},
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': BACKGROUND_COLOR } }],
  };
}
