import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PrismaClient } from '../server/generated/prisma/client';
import { systemClock } from '../server/lib/clock';
import { SHIPPED_DATASETS, SHIPPED_GEOZONES_DIR } from '../server/zones/shipped-datasets';
import { createZonesRepository } from '../server/zones/zones.repository';
import { createZonesService } from '../server/zones/zones.service';

export interface SeededDataset {
  dataset: string;
  imported: number;
  skipped: number;
  ms: number;
}

export async function hasGeozones(prisma: PrismaClient): Promise<boolean> {
  return (await prisma.geozoneDataset.count()) > 0;
}

/**
 * Imports every shipped geozone file (data-seed/geozones) through the import service, one dataset per file.
 * Idempotent: a dataset already stored is left as it is (an administrator may have replaced it).
 */
export async function seedGeozones(prisma: PrismaClient): Promise<SeededDataset[]> {
  const repository = createZonesRepository(prisma);
  // Its own service: the index it builds after each import is dropped; the server's service loads the result once.
  const service = createZonesService({ repository, clock: systemClock });
  const existing = await repository.datasetNames();
  const seeded: SeededDataset[] = [];
  for (const shipped of SHIPPED_DATASETS) {
    if (existing.has(shipped.dataset)) continue;
    const started = performance.now();
    const text = await readFile(path.join(SHIPPED_GEOZONES_DIR, shipped.file), 'utf8');
    const result = await service.importFile(text, { dataset: shipped.dataset });
    seeded.push({
      dataset: shipped.dataset,
      imported: result.imported,
      skipped: result.skipped,
      ms: Math.round(performance.now() - started),
    });
  }
  return seeded;
}
