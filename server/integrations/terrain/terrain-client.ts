import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fromFile, type GeoTIFFImage } from 'geotiff';
import { PNG } from 'pngjs';
import type { AreaGeometry, Position } from '../../../src/shared/geozones/zone';
import { statusFailure, type CallPolicy } from '../../lib/call-policy';
import type { Logger } from '../../lib/logger';

/** The ground under a mission area, in metres above mean sea level. */
export interface TerrainClient {
  /** The highest ground sampled under the area; null where the terrain model does not cover it, or none is configured. */
  groundElevationM(area: AreaGeometry): Promise<number | null>;
}

/** No terrain model configured: the ground comes from the operator's figures or stays unknown. */
export const noTerrain: TerrainClient = { groundElevationM: async () => null };

interface Tile {
  readonly file: string;
  readonly bbox: readonly [number, number, number, number];
  readonly image: GeoTIFFImage;
  readonly noData: number | null;
}

/** The area's vertices and its bounding box's centre: enough for areas of at most 10 km² on a 30 m model. */
function samplePoints(area: AreaGeometry): Position[] {
  const rings = area.type === 'Polygon' ? [area.coordinates[0] ?? []] : area.coordinates.map((polygon) => polygon[0] ?? []);
  const points = rings.flat();
  const lons = points.map((point) => point[0]);
  const lats = points.map((point) => point[1]);
  return [...points, [(Math.min(...lons) + Math.max(...lons)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2]];
}

async function readElevation(tile: Tile, [lon, lat]: Position): Promise<number | null> {
  const [minLon, minLat, maxLon, maxLat] = tile.bbox;
  const x = Math.min(tile.image.getWidth() - 1, Math.floor(((lon - minLon) / (maxLon - minLon)) * tile.image.getWidth()));
  const y = Math.min(tile.image.getHeight() - 1, Math.floor(((maxLat - lat) / (maxLat - minLat)) * tile.image.getHeight()));
  const rasters = await tile.image.readRasters({ window: [x, y, x + 1, y + 1], samples: [0] });
  const value = Number((rasters[0] as ArrayLike<number>)[0]);
  return Number.isFinite(value) && value !== tile.noData ? value : null;
}

/**
 * A folder of single-band GeoTIFF elevation tiles in WGS84 longitude/latitude, metres above mean sea level
 * (Copernicus GLO-30 DEM, SRTM as GeoTIFF), read with the `geotiff` library. Tiles are opened once, on first use.
 */
export function createGeoTiffFolderTerrain(directory: string, logger: Logger): TerrainClient {
  let tiles: Promise<Tile[]> | undefined;
  const load = async (): Promise<Tile[]> => {
    const names = (await readdir(directory)).filter((name) => /\.tiff?$/i.test(name)).sort();
    return Promise.all(
      names.map(async (name) => {
        const file = path.join(directory, name);
        const image = await (await fromFile(file)).getImage();
        const [minLon, minLat, maxLon, maxLat] = image.getBoundingBox();
        const noData = image.getGDALNoData();
        return { file, bbox: [minLon, minLat, maxLon, maxLat] as const, image, noData } as Tile;
      }),
    );
  };
  return {
    async groundElevationM(area) {
      tiles ??= load().catch((error: unknown) => {
        tiles = undefined;
        throw error;
      });
      let loaded: Tile[];
      try {
        loaded = await tiles;
      } catch (error) {
        logger.warn({ err: error, directory }, 'The terrain model could not be read');
        return null;
      }
      const elevations: number[] = [];
      for (const point of samplePoints(area)) {
        const tile = loaded.find(({ bbox }) => point[0] >= bbox[0] && point[0] <= bbox[2] && point[1] >= bbox[1] && point[1] <= bbox[3]);
        // A point the model does not cover leaves the ground unknown rather than half-known.
        if (!tile) return null;
        const elevation = await readElevation(tile, point);
        if (elevation === null) return null;
        elevations.push(elevation);
      }
      return Math.max(...elevations);
    },
  };
}

const TILE_SIZE = 256;
/** Decoded tiles kept in memory (a 256 × 256 tile is 256 kB of RGBA): enough for the areas being saved at once. */
const TILE_CACHE_SIZE = 64;

/** Web Mercator (XYZ) tile and pixel of a point at a zoom. */
function tilePixel([lon, lat]: Position, zoom: number): { x: number; y: number; px: number; py: number } {
  const scale = 2 ** zoom * TILE_SIZE;
  const latRad = (lat * Math.PI) / 180;
  const worldX = ((lon + 180) / 360) * scale;
  const worldY = ((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * scale;
  const x = Math.floor(worldX / TILE_SIZE);
  const y = Math.floor(worldY / TILE_SIZE);
  return { x, y, px: Math.floor(worldX - x * TILE_SIZE), py: Math.floor(worldY - y * TILE_SIZE) };
}

/** Mapbox Terrain-RGB: height = −10000 + (R × 256² + G × 256 + B) × 0.1 metres above mean sea level. */
export function terrainRgbElevation(red: number, green: number, blue: number): number {
  return Math.round((-10_000 + (red * 65_536 + green * 256 + blue) * 0.1) * 10) / 10;
}

/**
 * Terrain-RGB raster tiles (Mapbox, MapTiler and self-hosted sets) from a URL template with `{z}`, `{x}` and `{y}`,
 * decoded with `pngjs`, at one zoom (12: about 25 m pixels at 48° N). Tiles are cached; a tile that cannot be had leaves
 * the ground unknown (null), never fails the save.
 */
export function createTerrainRgbTerrain(options: {
  urlTemplate: string;
  zoom: number;
  logger: Logger;
  /** Retries, time-out and breaker of the tile requests. */
  policy: CallPolicy;
}): TerrainClient {
  const cache = new Map<string, Promise<PNG>>();
  const fetchTile = (x: number, y: number): Promise<PNG> =>
    options.policy.execute(async (signal) => {
      const url = options.urlTemplate.replaceAll('{z}', String(options.zoom)).replaceAll('{x}', String(x)).replaceAll('{y}', String(y));
      const response = await fetch(url, { signal });
      if (!response.ok) throw statusFailure(`Terrain tile ${options.zoom}/${x}/${y}`, response.status);
      return PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    });
  const tile = (x: number, y: number): Promise<PNG> => {
    const key = `${x}/${y}`;
    const cached = cache.get(key);
    if (cached) {
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    const loading = fetchTile(x, y);
    loading.catch(() => cache.delete(key));
    cache.set(key, loading);
    if (cache.size > TILE_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return loading;
  };
  return {
    async groundElevationM(area) {
      try {
        const elevations = await Promise.all(
          samplePoints(area).map(async (point) => {
            const { x, y, px, py } = tilePixel(point, options.zoom);
            const png = await tile(x, y);
            const offset = (py * png.width + px) * 4;
            return terrainRgbElevation(png.data[offset] ?? 0, png.data[offset + 1] ?? 0, png.data[offset + 2] ?? 0);
          }),
        );
        return Math.max(...elevations);
      } catch (error) {
        options.logger.warn({ err: error }, 'The terrain tiles could not be read');
        return null;
      }
    },
  };
}

/** TERRAIN_DIR set: its GeoTIFF tiles; else TERRAIN_RGB_URL: Terrain-RGB tiles; neither: no terrain model. */
export function createTerrainClient(options: {
  directory: string | undefined;
  rgbUrl: string | undefined;
  rgbZoom: number;
  logger: Logger;
  policy: CallPolicy;
}): TerrainClient {
  if (options.directory) return createGeoTiffFolderTerrain(options.directory, options.logger);
  if (options.rgbUrl)
    return createTerrainRgbTerrain({ urlTemplate: options.rgbUrl, zoom: options.rgbZoom, logger: options.logger, policy: options.policy });
  return noTerrain;
}
