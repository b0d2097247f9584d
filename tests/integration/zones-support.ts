import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { SHIPPED_GEOZONES_DIR } from '../../server/zones/shipped-datasets';
import type { Polygon } from '../../src/shared/geozones/zone';
import type { TestApp } from '../setup/test-app';

export type Auth = { Authorization: string };

export function seedFilePath(name: string): string {
  return path.join(SHIPPED_GEOZONES_DIR, name);
}

/** A shipped geozone file, byte for byte (data-seed/geozones/ATTRIBUTION.md). */
export function readSeedFile(name: string): string {
  return readFileSync(seedFilePath(name), 'utf8');
}

/** POST /api/zones/import with the file as the raw application/json body. */
export function importJson(t: TestApp, auth: Auth | undefined, text: string, dataset?: string) {
  const call = request(t.app).post('/api/zones/import');
  if (dataset !== undefined) void call.query({ dataset });
  if (auth) void call.set(auth);
  return call.type('application/json').send(text);
}

/** Everything the store holds, per dataset: what a refused import must leave untouched. */
export async function storeState(t: TestApp) {
  const datasets = await t.db.prisma.geozoneDataset.findMany({
    orderBy: { name: 'asc' },
    select: { name: true, zoneCount: true, id: true, zones: { select: { id: true }, orderBy: { position: 'asc' } } },
  });
  const revision = await t.db.prisma.geozoneRevision.findUnique({ where: { id: 1 } });
  return { revision: revision?.revision ?? 0, datasets };
}

export function square(lon: number, lat: number, halfSideDeg: number): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon - halfSideDeg, lat - halfSideDeg],
        [lon + halfSideDeg, lat - halfSideDeg],
        [lon + halfSideDeg, lat + halfSideDeg],
        [lon - halfSideDeg, lat + halfSideDeg],
        [lon - halfSideDeg, lat - halfSideDeg],
      ],
    ],
  };
}
