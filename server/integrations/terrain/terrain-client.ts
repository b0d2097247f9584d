import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fromFile, type GeoTIFFImage } from 'geotiff';
import type { AreaGeometry, Position } from '../../../src/shared/geozones/zone';
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

/** TERRAIN_DIR set: its GeoTIFF tiles; unset: no terrain model. */
export function createTerrainClient(options: { directory: string | undefined; logger: Logger }): TerrainClient {
  return options.directory ? createGeoTiffFolderTerrain(options.directory, options.logger) : noTerrain;
}
