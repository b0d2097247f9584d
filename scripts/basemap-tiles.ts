import { GeoJSONVT, type GeoJSONVTFeature, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { FeatureCollection } from 'geojson';
import { BASEMAP_TILESETS, minZoomOf, type BasemapTileset } from '../src/components/map/default-style';
import { landAndBorders, networks, towns, water } from './basemap-sources';

// Cuts the offline basemap into Mapbox vector tiles (docs/map.md "Basemap"): `world` (land and borders, to zoom 6,
// over-zoomed beyond) and `detail` (water, roads, railways and towns, to zoom 10 where there is data). Each tile holds
// only the features its zoom draws (towns by rank, small rivers from closer in). The built app serves them as static
// files (vite.config.ts writes them into dist/basemap/tiles); a tile that is not there has nothing to draw.

const EXTENT = 4096;

/** `z/x/y` of a tile, as in the style's tile URL template. */
export type TileKey = `${BasemapTileset}/${number}/${number}/${number}`;

function sourcesOf(tileset: BasemapTileset): Record<string, FeatureCollection> {
  if (tileset === 'world') return landAndBorders();
  return { water: water(), ...networks(), towns: towns() };
}

/** Every non-empty tile of one tileset, encoded (protobuf, uncompressed). */
function cut(tileset: BasemapTileset): Map<TileKey, Uint8Array> {
  const { maxzoom } = BASEMAP_TILESETS[tileset];
  const layers = Object.entries(sourcesOf(tileset)).map(
    ([name, data]) => [name, new GeoJSONVT(data, { maxZoom: maxzoom, indexMaxZoom: 4, tolerance: 3, extent: EXTENT, buffer: 64 })] as const,
  );
  const tiles = new Map<TileKey, Uint8Array>();
  const visit = (z: number, x: number, y: number) => {
    const found = layers.flatMap(([name, index]) => {
      const tile = index.getTile(z, x, y);
      return tile && tile.features.length > 0 ? [[name, tile] as const] : [];
    });
    if (found.length === 0) return;
    const drawn: Record<string, GeoJSONVTTile> = {};
    for (const [name, tile] of found) {
      const features = tile.features.filter((each: GeoJSONVTFeature) => minZoomOf(name, each.tags ?? {}) <= z);
      if (features.length > 0) drawn[name] = { ...tile, features } as GeoJSONVTTile;
    }
    if (Object.keys(drawn).length > 0) tiles.set(`${tileset}/${z}/${x}/${y}`, fromGeojsonVt(drawn, { version: 2, extent: EXTENT }));
    if (z < maxzoom)
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ])
        visit(z + 1, x * 2 + dx, y * 2 + dy);
  };
  visit(0, 0, 0);
  return tiles;
}

/** Both tilesets' tiles by `tileset/z/x/y`. */
export function basemapTiles(): Map<TileKey, Uint8Array> {
  return new Map([...cut('world'), ...cut('detail')]);
}
