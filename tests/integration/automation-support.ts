import { randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '../../server/generated/prisma/client';
import type { ClassifiedMission } from '../../src/shared/domain/request-impact';
import type { MultiPolygon } from '../../src/shared/geozones/zone';

/** A square of `side` degrees with its south-west corner at (lon, lat), as flight areas. */
export function areaSquare(lon: number, lat: number, side: number): MultiPolygon {
  return {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [lon, lat],
          [lon + side, lat],
          [lon + side, lat + side],
          [lon, lat + side],
          [lon, lat],
        ],
      ],
    ],
  };
}

/** Next to Orly aerodrome (LFPO), about 0.2 km². */
export const NEAR_ORLY = areaSquare(2.35, 48.74, 0.005);

/** An airspace over the Saclay plateau, managed by `managerIds`. */
export function createAirspace(prisma: PrismaClient, managerIds: string[] = [], fields: Partial<Prisma.AirspaceCreateInput> = {}) {
  return prisma.airspace.create({
    data: {
      name: 'Saclay plateau',
      internalCode: `SAC-${randomBytes(4).toString('hex')}`,
      geometry: areaSquare(2.1, 48.68, 0.1),
      minLon: 2.1,
      minLat: 48.68,
      maxLon: 2.2,
      maxLat: 48.78,
      managers: { connect: managerIds.map((id) => ({ id })) },
      ...fields,
    },
  });
}

/** The facts of a filed mission the evaluation reads: 0.8 km² near Saclay, 100 m, Wednesday 1 July 2026 10:00–12:00 Paris. */
export function missionFacts(change: Partial<ClassifiedMission> = {}): ClassifiedMission {
  return {
    areas: areaSquare(2.16, 48.71, 0.01),
    maxHeightM: 100,
    startAt: '2026-07-01T08:00:00.000Z',
    endAt: '2026-07-01T10:00:00.000Z',
    ...change,
  };
}
