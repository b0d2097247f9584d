import type { FilterSpecification, StyleSpecification } from 'maplibre-gl';

/** Sea colour of the offline style: the background, with land drawn over it. */
export const BACKGROUND_COLOR = '#c6dbe9';
const LAND_COLOR = '#f3f1ea';
/**
 * Roads in a warm grey, darker than the land: orange is the legends' (authorisation zones, other active missions on a
 * request's map), so no basemap feature may be drawn in it (issue 22).
 */
const ROAD_COLOR = '#b3a99b';
/** The font shipped in public/basemap/glyphs (scripts/build-basemap.ts). */
export const BASEMAP_FONT = 'Noto Sans Regular';
/** Layers of the offline basemap are prefixed so they are told from ours (docs/map.md "Offline basemap"). */
export const BASEMAP_LAYER_PREFIX = 'basemap-';

const GEONAMES = '© <a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)';
const NATURAL_EARTH = '<a href="https://www.naturalearthdata.com/">Natural Earth</a>';
const GSHHG = '<a href="https://www.soest.hawaii.edu/pwessel/gshhg/">GSHHG</a> (LGPL)';
/** The OpenStreetMap credit when no translated one is given (map-texts.ts `openStreetMapCredit`). */
const OSM = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors, ODbL 1.0';

/** Town labels by rank (scripts/basemap-sources.ts): the zoom from which a rank is named, and its text size. */
const TOWN_RANKS: readonly { rank: number; minzoom: number; size: number }[] = [
  { rank: 1, minzoom: 0, size: 15 },
  { rank: 2, minzoom: 5, size: 13 },
  { rank: 3, minzoom: 7, size: 12 },
  { rank: 4, minzoom: 9, size: 11 },
  { rank: 5, minzoom: 10, size: 11 },
];

/**
 * The offline basemap's vector tilesets (scripts/basemap-tiles.ts cuts them when the SPA is built): `world` holds land
 * and borders to zoom 6 (their sources are no finer), `detail` water, roads, railways and towns to zoom 10 in Europe;
 * MapLibre over-zooms both beyond.
 */
export type BasemapTileset = 'world' | 'detail';
export const BASEMAP_TILESETS: Record<BasemapTileset, { maxzoom: number; bounds: [number, number, number, number] }> = {
  world: { maxzoom: 6, bounds: [-180, -85, 180, 85] },
  detail: { maxzoom: 10, bounds: [-11, 35, 25, 60] },
};

/** Rivers of WDBII levels 1–2 (the major ones) show from zoom 7, the others (3–4) from 9. */
const MAJOR_RIVER_LEVEL = 2;
const MIN_ZOOMS = { coast: 6, lake: 6, majorRiver: 7, river: 9, roads: 6, rail: 7 } as const;

/** The zoom from which a feature of a tile layer is drawn: tiles carry nothing their zoom does not draw. */
export function minZoomOf(layer: string, properties: Record<string, unknown>): number {
  switch (layer) {
    case 'towns':
      return TOWN_RANKS.find((each) => each.rank === properties.rank)?.minzoom ?? 0;
    case 'water':
      if (properties.kind === 'river') return Number(properties.level) <= MAJOR_RIVER_LEVEL ? MIN_ZOOMS.majorRiver : MIN_ZOOMS.river;
      return properties.kind === 'lake' ? MIN_ZOOMS.lake : MIN_ZOOMS.coast;
    case 'roads':
      return MIN_ZOOMS.roads;
    case 'rail':
      return MIN_ZOOMS.rail;
    default:
      return 0;
  }
}

const WATER_COLOR = '#6f9fd8';

/**
 * The offline style: the basemap's vector tiles (land and sea, borders, coasts, lakes and rivers, towns with names,
 * Île-de-France's motorways and main railways) and glyphs, static files of the built app, drawn under our own layers.
 */
export function offlineStyle(origin: string = window.location.origin, openStreetMapCredit = OSM): StyleSpecification {
  const tiles = (tileset: BasemapTileset, attribution: string) => ({
    type: 'vector' as const,
    tiles: [`${origin}/basemap/tiles/${tileset}/{z}/{x}/{y}.pbf`],
    ...BASEMAP_TILESETS[tileset],
    attribution,
  });
  return {
    version: 8,
    glyphs: `${origin}/basemap/glyphs/{fontstack}/{range}.pbf`,
    sources: {
      world: tiles('world', NATURAL_EARTH),
      detail: tiles('detail', `${GEONAMES} · ${GSHHG} · ${openStreetMapCredit}`),
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': BACKGROUND_COLOR } },
      { id: 'basemap-land', type: 'fill', source: 'world', 'source-layer': 'land', paint: { 'fill-color': LAND_COLOR } },
      {
        id: 'basemap-water',
        type: 'line',
        source: 'detail',
        'source-layer': 'water',
        minzoom: MIN_ZOOMS.coast,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': WATER_COLOR,
          'line-width': [
            'interpolate',
            ['linear'],
            ['zoom'],
            6,
            ['match', ['get', 'kind'], 'river', 0.6, 0.8],
            14,
            ['match', ['get', 'kind'], 'river', 3, 2],
          ],
        },
      },
      {
        id: 'basemap-borders',
        type: 'line',
        source: 'world',
        'source-layer': 'borders',
        paint: { 'line-color': '#9e8fb2', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.8, 10, 2], 'line-dasharray': [3, 2] },
      },
      {
        id: 'basemap-rail',
        type: 'line',
        source: 'detail',
        'source-layer': 'rail',
        minzoom: MIN_ZOOMS.rail,
        paint: { 'line-color': '#8a8a8a', 'line-width': ['interpolate', ['linear'], ['zoom'], 7, 0.6, 14, 1.6], 'line-dasharray': [4, 2] },
      },
      {
        id: 'basemap-roads',
        type: 'line',
        source: 'detail',
        'source-layer': 'roads',
        minzoom: MIN_ZOOMS.roads,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': ROAD_COLOR, 'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.8, 10, 2, 14, 5] },
      },
      // Symbols of upper layers are placed first: the biggest towns last, so Paris wins over the villages around it.
      ...[...TOWN_RANKS].reverse().map(({ rank, minzoom, size }) => ({
        id: `basemap-towns-${rank}`,
        type: 'symbol' as const,
        source: 'detail',
        'source-layer': 'towns',
        minzoom,
        filter: ['==', ['get', 'rank'], rank] as FilterSpecification,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [BASEMAP_FONT],
          'text-size': size,
          'text-max-width': 8,
        },
        paint: { 'text-color': '#212529', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      })),
    ],
  } as StyleSpecification;
}

/** The keyless public vector basemap used when `VITE_BASEMAP_STYLE_URL` is unset (docs/map.md "Basemap"). */
export const ONLINE_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
/** How long the online style may take before the offline one is used instead. */
export const ONLINE_STYLE_TIMEOUT_MS = 3000;

export type BasemapKind = 'online' | 'offline';

/**
 * The style to draw: the online one when its style document loads within the time-out, else the offline one (its
 * OpenStreetMap credit as given, translated). `url` 'offline' (or 'none') skips the attempt, for an installation known
 * to have no internet access.
 */
export async function resolveBasemap(
  url: string,
  timeoutMs = ONLINE_STYLE_TIMEOUT_MS,
  openStreetMapCredit?: string,
): Promise<{ kind: BasemapKind; style: StyleSpecification }> {
  const offline = () => offlineStyle(window.location.origin, openStreetMapCredit);
  if (url === 'offline' || url === 'none') return { kind: 'offline', style: offline() };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { signal: controller.signal });
    if (!response.ok) throw new Error(`basemap style: HTTP ${response.status}`);
    const style = (await response.json()) as StyleSpecification;
    if (style.version !== 8 || !Array.isArray(style.layers)) throw new Error('basemap style: not a MapLibre style');
    return { kind: 'online', style };
  } catch {
    return { kind: 'offline', style: offline() };
  } finally {
    clearTimeout(timer);
  }
}
