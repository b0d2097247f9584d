import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeArrayBuffer } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGeoTiffFolderTerrain,
  createTerrainRgbTerrain,
  noTerrain,
  terrainRgbElevation,
} from '../../../server/integrations/terrain/terrain-client';
import { createCallPolicy } from '../../../server/lib/call-policy';
import { createLogger } from '../../../server/lib/logger';
import { countriesOfArea, regulationOf } from '../../../server/modules/regulation/area-countries';
import type { Polygon } from '../../../src/shared/geozones/zone';
import { serveTiles, terrainRgbTile } from '../../factories/terrain-tiles';

const square = (lon: number, lat: number, side: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + side, lat],
      [lon + side, lat + side],
      [lon, lat + side],
      [lon, lat],
    ],
  ],
});

describe('GeoTIFF terrain folder', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'terrain-'));
    // A 10 × 10 tile over [-2, 48]–[-1, 49], 0.1° pixels, the ground rising 10 m a column eastwards from 20 m.
    const values = Array.from({ length: 100 }, (_, index) => 20 + (index % 10) * 10);
    const tiff = writeArrayBuffer(values, {
      width: 10,
      height: 10,
      ModelPixelScale: [0.1, 0.1, 0],
      ModelTiepoint: [0, 0, 0, -2, 49, 0],
      GeographicTypeGeoKey: 4326,
      GTModelTypeGeoKey: 2,
      GTRasterTypeGeoKey: 1,
    });
    await writeFile(path.join(directory, 'N48W002.tif'), Buffer.from(tiff));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('answers the highest ground sampled under the area, in m AMSL', async () => {
    const terrain = createGeoTiffFolderTerrain(directory, createLogger('silent'));
    // Columns 3 (−1.70) to 4 (−1.55): 50 m and 60 m.
    expect(await terrain.groundElevationM(square(-1.68, 48.5, 0.1))).toBe(60);
    expect(await terrain.groundElevationM(square(-1.98, 48.5, 0.01))).toBe(20);
  });

  it('answers null where no tile covers the area, and without a terrain model', async () => {
    const terrain = createGeoTiffFolderTerrain(directory, createLogger('silent'));
    expect(await terrain.groundElevationM(square(2.3, 48.8, 0.01))).toBeNull();
    expect(await noTerrain.groundElevationM(square(-1.68, 48.5, 0.01))).toBeNull();
  });
});

describe('Terrain-RGB tiles', () => {
  const logger = createLogger('silent');
  it.each([
    [1, 134, 160, 0],
    [1, 134, 240, 8],
    [1, 173, 176, 1000],
    [0, 0, 0, -10_000],
  ])('R %i G %i B %i is %d m AMSL', (red, green, blue, metres) => {
    expect(terrainRgbElevation(red, green, blue)).toBe(metres);
  });

  // Tile 2072/1411 at zoom 12, over Saclay: the ground rises 1 m a pixel eastwards from 100 m.
  let tiles: Awaited<ReturnType<typeof serveTiles>>;
  beforeAll(async () => {
    tiles = await serveTiles({ '/12/2072/1411.png': terrainRgbTile((px) => 100 + px) });
  });
  afterAll(async () => {
    await tiles.close();
  });

  it('reads the highest ground under the area from the tiles over HTTP, fetching each tile once', async () => {
    const terrain = createTerrainRgbTerrain({
      urlTemplate: tiles.urlTemplate,
      zoom: 12,
      logger,
      policy: createCallPolicy('terrain', { logger }),
    });
    // Tile 2072/1411 at zoom 12 spans lon 2.109375–2.197266; 2.168° E is pixel 170, 2.172° E pixel 182: 270 m and 282 m.
    const area = square(2.168, 48.728, 0.004);
    expect(await terrain.groundElevationM(area)).toBe(282);
    expect(await terrain.groundElevationM(area)).toBe(282);
    expect(tiles.requested.filter((url) => url === '/12/2072/1411.png')).toHaveLength(1);
  });

  it('leaves the ground unknown where a tile cannot be had', async () => {
    const terrain = createTerrainRgbTerrain({
      urlTemplate: tiles.urlTemplate,
      zoom: 12,
      logger,
      policy: createCallPolicy('terrain', { logger }),
    });
    expect(await terrain.groundElevationM(square(-1.68, 48.1, 0.004))).toBeNull();
  });
});

describe('the country of an area (offline boundaries)', () => {
  it.each([
    ['FR', 'FR'],
    ['RE', 'FR'],
    ['LU', 'LU'],
    ['MC', 'MC'],
    ['JP', 'JP'],
    ['DE', 'EU'],
    ['IT', 'EU'],
    ['CH', null],
    ['PF', null],
    ['US', null],
  ])('%s → regulation %s', (territory, regulation) => {
    expect(regulationOf(territory)).toBe(regulation);
  });

  it('finds both countries of an area across a border, the larger share first', () => {
    // 49.492° N is the French–Luxembourg border at 6.13° E; this square is mostly French.
    expect(countriesOfArea(square(6.125, 49.46, 0.035)).map((country) => country.code)).toEqual(['FR', 'LU']);
    expect(countriesOfArea(square(13.4, 52.52, 0.01))).toEqual([{ code: 'DE', regulation: 'EU' }]);
    expect(countriesOfArea(square(-20, 45, 0.01))).toEqual([]);
  });
});
