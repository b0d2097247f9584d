import type { GeozoneFormat as StoredFormat, Prisma, PrismaClient } from '../generated/prisma/client';
import type { GeozoneFormat } from '../../src/shared/geozones';
import type { Zone } from '../../src/shared/geozones/zone';

export interface ZoneToStore {
  zone: Zone;
  bbox: [minLon: number, minLat: number, maxLon: number, maxLat: number];
}

export interface StoredZone {
  id: string;
  dataset: string;
  zone: Zone;
}

const FORMATS: Readonly<Record<GeozoneFormat, StoredFormat>> = { 'ED-269': 'ED269', 'ED-318': 'ED318' };

// Rows per INSERT: a thousand French zones are about 2 MB of JSON.
const INSERT_CHUNK = 1_000;
// Reading back in pages bounds the memory of one result set on the embedded database.
const READ_PAGE = 2_000;
// An import of the French file on the embedded database takes seconds; Prisma's default of 5 s is too short.
const IMPORT_TIMEOUT_MS = 5 * 60_000;

/** The only Prisma user of the geozone store. */
export function createZonesRepository(prisma: PrismaClient) {
  return {
    /**
     * Replaces the dataset `name` (its zones and its row) with `zones`, and bumps the store revision, in one
     * transaction: readers see the old dataset or the new one, never a mix.
     */
    async replaceDataset(input: {
      name: string;
      format: GeozoneFormat;
      zones: readonly ZoneToStore[];
      rejectedCount: number;
      importedById?: string;
    }): Promise<number> {
      return prisma.$transaction(
        async (tx) => {
          // Bumped first: the row lock it takes makes concurrent imports (other instances, the CLI) wait their turn.
          const revision = await bumpRevision(tx);
          await tx.geozoneDataset.deleteMany({ where: { name: input.name } });
          const dataset = await tx.geozoneDataset.create({
            data: {
              name: input.name,
              format: FORMATS[input.format],
              zoneCount: input.zones.length,
              rejectedCount: input.rejectedCount,
              importedById: input.importedById ?? null,
            },
          });
          for (let start = 0; start < input.zones.length; start += INSERT_CHUNK) {
            const rows = input.zones.slice(start, start + INSERT_CHUNK).map(({ zone, bbox }, offset) => ({
              position: start + offset,
              identifier: zone.identifier,
              country: zone.country,
              name: zone.name,
              restriction: zone.restriction,
              zone,
              minLon: bbox[0],
              minLat: bbox[1],
              maxLon: bbox[2],
              maxLat: bbox[3],
            }));
            // One statement per chunk, rows sent as one JSON parameter: createMany took 4 s for the French file, this 0.5 s.
            await tx.$executeRaw`
              INSERT INTO "Geozone" ("id", "datasetId", "position", "identifier", "country", "name", "restriction", "zone", "minLon", "minLat", "maxLon", "maxLat")
              SELECT gen_random_uuid(), ${dataset.id}::uuid, r."position", r."identifier", r."country", r."name", r."restriction"::"GeozoneRestriction",
                     r."zone", r."minLon", r."minLat", r."maxLon", r."maxLat"
              FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r("position" int, "identifier" text, "country" text, "name" text,
                   "restriction" text, "zone" jsonb, "minLon" float8, "minLat" float8, "maxLon" float8, "maxLat" float8)`;
          }
          return revision;
        },
        { timeout: IMPORT_TIMEOUT_MS, maxWait: IMPORT_TIMEOUT_MS },
      );
    },

    async revision(): Promise<number> {
      const row = await prisma.geozoneRevision.findUnique({ where: { id: 1 }, select: { revision: true } });
      return row?.revision ?? 0;
    },

    /** Every stored zone, by dataset name then file order, with the revision they belong to. */
    async loadAll(): Promise<{ revision: number; zones: StoredZone[] }> {
      return prisma.$transaction(
        async (tx) => {
          const revision = (await tx.geozoneRevision.findUnique({ where: { id: 1 }, select: { revision: true } }))?.revision ?? 0;
          const datasets = await tx.geozoneDataset.findMany({ select: { id: true, name: true }, orderBy: { name: 'asc' } });
          const zones: StoredZone[] = [];
          for (const dataset of datasets) {
            for (let position = 0; ; position += READ_PAGE) {
              const rows = await tx.geozone.findMany({
                where: { datasetId: dataset.id, position: { gte: position, lt: position + READ_PAGE } },
                select: { id: true, zone: true },
                orderBy: { position: 'asc' },
              });
              for (const row of rows) zones.push({ id: row.id, dataset: dataset.name, zone: row.zone as unknown as Zone });
              if (rows.length < READ_PAGE) break;
            }
          }
          return { revision, zones };
        },
        // Repeatable read: the revision and the rows come from the same snapshot, even while another instance imports.
        { isolationLevel: 'RepeatableRead', timeout: IMPORT_TIMEOUT_MS, maxWait: IMPORT_TIMEOUT_MS },
      );
    },

    async datasetNames(): Promise<Set<string>> {
      const rows = await prisma.geozoneDataset.findMany({ select: { name: true } });
      return new Set(rows.map((row) => row.name));
    },
  };
}

/**
 * The reserved dataset of the temporary restrictions managers publish (docs/airspace-manager.md): one zone per
 * published restriction, added and removed one at a time; a file cannot be imported under this name.
 */
export const TEMPORARY_RESTRICTIONS_DATASET = 'Temporary restrictions';

/** Bumps the store revision inside `tx`: every instance rebuilds its index at its next check. */
export async function bumpRevision(tx: Prisma.TransactionClient): Promise<number> {
  const row = await tx.geozoneRevision.upsert({
    where: { id: 1 },
    create: { id: 1, revision: 1 },
    update: { revision: { increment: 1 } },
    select: { revision: true },
  });
  return row.revision;
}

export type ZonesRepository = ReturnType<typeof createZonesRepository>;
