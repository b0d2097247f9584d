import type pg from 'pg';
import type { MissionSnapshot, Restriction } from '../../../src/shared/contracts/requests';
import type { RequestStatus } from '../../../src/shared/domain/request-status';
import type { MultiPolygon, Zone } from '../../../src/shared/geozones/zone';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import { bumpRevision, TEMPORARY_RESTRICTIONS_DATASET } from '../../zones/zones.repository';

const SELECT = {
  id: true,
  airspaceId: true,
  airspace: { select: { name: true } },
  reason: true,
  area: true,
  lowerM: true,
  upperM: true,
  startAt: true,
  endAt: true,
  endedAt: true,
  geozoneId: true,
  recheckedAt: true,
  createdAt: true,
  createdBy: { select: { firstName: true, lastName: true } },
} satisfies Prisma.TemporaryRestrictionSelect;

export type RestrictionRow = Prisma.TemporaryRestrictionGetPayload<{ select: typeof SELECT }>;

export interface CandidateRow {
  id: string;
  missionId: string;
  referenceNumber: string;
  status: RequestStatus;
  missionSnapshot: MissionSnapshot;
  restrictions: Restriction[];
}

/** The airspace's requests whose filed 4D volume's box meets the restriction's: the deconfliction index's candidates. */
const CANDIDATES = `
  SELECT r.id, r."missionId", r."referenceNumber", r.status::text AS status, r."missionSnapshot", r.restrictions
    FROM "Request" r
   WHERE r."volumeBox" && box(point($1, $2), point($3, $4))
     AND r."volumeWindow" && tstzrange($5::timestamptz, $6::timestamptz)
     AND r."volumeHeights" && numrange($7::numeric, $8::numeric, '[]')
     AND r."airspaceId" = $9::uuid AND r.status::text = ANY($10::text[])
   ORDER BY r."submittedAt"
   LIMIT 1000`;

export interface NewRestriction {
  airspaceId: string;
  createdById: string;
  reason: string;
  area: MultiPolygon;
  lowerM: number;
  upperM: number;
  startAt: Date;
  endAt: Date;
  zone: Zone;
  bbox: [number, number, number, number];
}

/** The only Prisma user of temporary restrictions; a restriction and its geozone are written in one transaction. */
export function createTemporaryRestrictionsRepository(prisma: PrismaClient, pool: pg.Pool) {
  return {
    managedIds(userId: string) {
      return prisma.airspace
        .findMany({ where: { managers: { some: { id: userId } } }, select: { id: true } })
        .then((rows) => rows.map((row) => row.id));
    },

    airspace(id: string) {
      return prisma.airspace.findUnique({ where: { id }, select: { id: true, name: true, geometry: true, authorityName: true } });
    },

    find(id: string) {
      return prisma.temporaryRestriction.findUnique({ where: { id }, select: SELECT });
    },

    /** The restrictions of these airspaces (all with null), the latest start first. */
    list(airspaceIds: readonly string[] | null) {
      return prisma.temporaryRestriction.findMany({
        where: airspaceIds ? { airspaceId: { in: [...airspaceIds] } } : {},
        orderBy: [{ startAt: 'desc' }, { createdAt: 'desc' }],
        take: 500,
        select: SELECT,
      });
    },

    async candidates(
      airspaceId: string,
      box: [number, number, number, number],
      volume: { lowerM: number; upperM: number; startAt: Date; endAt: Date },
      statuses: readonly RequestStatus[],
    ): Promise<CandidateRow[]> {
      const { rows } = await pool.query<CandidateRow & pg.QueryResultRow>(CANDIDATES, [
        ...box,
        volume.startAt.toISOString(),
        volume.endAt.toISOString(),
        volume.lowerM,
        volume.upperM,
        airspaceId,
        statuses,
      ]);
      return rows;
    },

    /** Stores the restriction and its zone in the reserved dataset; answers it and the store's new revision. */
    async publish(input: NewRestriction): Promise<{ row: RestrictionRow; revision: number }> {
      return prisma.$transaction(async (tx) => {
        const revision = await bumpRevision(tx);
        const dataset =
          (await tx.geozoneDataset.findUnique({ where: { name: TEMPORARY_RESTRICTIONS_DATASET }, select: { id: true } })) ??
          (await tx.geozoneDataset.create({
            data: { name: TEMPORARY_RESTRICTIONS_DATASET, format: 'ED269', zoneCount: 0 },
            select: { id: true },
          }));
        const last = await tx.geozone.findFirst({
          where: { datasetId: dataset.id },
          orderBy: { position: 'desc' },
          select: { position: true },
        });
        const { zone, bbox } = input;
        const geozone = await tx.geozone.create({
          data: {
            datasetId: dataset.id,
            position: (last?.position ?? -1) + 1,
            identifier: zone.identifier,
            country: zone.country,
            name: zone.name,
            restriction: zone.restriction,
            zone: zone as unknown as Prisma.InputJsonValue,
            minLon: bbox[0],
            minLat: bbox[1],
            maxLon: bbox[2],
            maxLat: bbox[3],
          },
          select: { id: true },
        });
        await tx.geozoneDataset.update({ where: { id: dataset.id }, data: { zoneCount: { increment: 1 } } });
        const row = await tx.temporaryRestriction.create({
          data: {
            airspaceId: input.airspaceId,
            createdById: input.createdById,
            reason: input.reason,
            area: input.area as unknown as Prisma.InputJsonValue,
            lowerM: input.lowerM,
            upperM: input.upperM,
            startAt: input.startAt,
            endAt: input.endAt,
            geozoneId: geozone.id,
          },
          select: SELECT,
        });
        return { row, revision };
      });
    },

    /** Ends the restriction at `at` and removes its zone; null when it had already ended (another manager, at once). */
    async end(id: string, at: Date): Promise<{ row: RestrictionRow; revision: number } | null> {
      return prisma.$transaction(async (tx) => {
        const revision = await bumpRevision(tx);
        const ended = await tx.temporaryRestriction.updateMany({ where: { id, endedAt: null, endAt: { gt: at } }, data: { endedAt: at } });
        if (ended.count === 0) return null;
        const geozoneId = (await tx.temporaryRestriction.findUnique({ where: { id }, select: { geozoneId: true } }))?.geozoneId;
        if (geozoneId) {
          const removed = await tx.geozone.delete({ where: { id: geozoneId }, select: { datasetId: true } });
          await tx.geozoneDataset.update({ where: { id: removed.datasetId }, data: { zoneCount: { decrement: 1 } } });
        }
        const row = await tx.temporaryRestriction.update({ where: { id }, data: { geozoneId: null }, select: SELECT });
        return { row, revision };
      });
    },

    /** Published restrictions whose missions are still to re-check, oldest first. */
    toRecheck() {
      return prisma.temporaryRestriction.findMany({
        where: { recheckedAt: null, endedAt: null },
        orderBy: { createdAt: 'asc' },
        take: 20,
        select: SELECT,
      });
    },

    markRechecked(id: string, at: Date) {
      return prisma.temporaryRestriction.update({ where: { id }, data: { recheckedAt: at }, select: { id: true } });
    },

    async revision(): Promise<number> {
      const row = await prisma.geozoneRevision.findUnique({ where: { id: 1 }, select: { revision: true } });
      return row?.revision ?? 0;
    },

    /** The mission to re-classify and whom to tell: its owner's address, language and push terminals. */
    mission(id: string) {
      return prisma.mission.findUnique({
        where: { id },
        select: {
          id: true,
          title: true,
          owner: {
            select: {
              id: true,
              email: true,
              lang: true,
              pushSubscriptions: { select: { endpoint: true, p256dh: true, auth: true }, orderBy: { createdAt: 'asc' } },
            },
          },
        },
      });
    },
  };
}

export type TemporaryRestrictionsRepository = ReturnType<typeof createTemporaryRestrictionsRepository>;
