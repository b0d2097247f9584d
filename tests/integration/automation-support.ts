import { randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '../../server/generated/prisma/client';
import type { MissionSnapshot } from '../../src/shared/contracts/requests';
import { areaKm2 } from '../../src/shared/geo/area';
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

/** A filed mission's snapshot: 0.8 km² near Saclay, 100 m, Wednesday 1 July 2026 10:00–12:00 Paris. */
export function missionFacts(change: Partial<MissionSnapshot> = {}): MissionSnapshot {
  const areas = change.areas ?? areaSquare(2.16, 48.71, 0.01);
  return {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Survey of the plateau',
    startAt: '2026-07-01T08:00:00.000Z',
    endAt: '2026-07-01T10:00:00.000Z',
    maxHeightM: 100,
    maxAltitudeFt: 328,
    areaKm2: areaKm2(areas),
    extentKm: 1.3,
    scenario: null,
    country: 'FR',
    camerawork: false,
    description: null,
    constraints: null,
    referentPilot: null,
    mainMachine: null,
    ...change,
    areas,
  };
}

/** A request already filed in `airspace` by `operatorId`, with its snapshot and stored impact. */
export async function createFiledRequest(
  prisma: PrismaClient,
  refs: { airspaceId: string; operatorId: string },
  fields: { snapshot?: Partial<MissionSnapshot> } & Partial<Prisma.RequestUncheckedCreateInput> = {},
) {
  const { snapshot: change, ...columns } = fields;
  const snapshot = missionFacts(change);
  const mission = await prisma.mission.create({
    data: {
      userId: refs.operatorId,
      title: snapshot.title,
      status: 'validated',
      startAt: new Date(snapshot.startAt),
      endAt: new Date(snapshot.endAt),
    },
  });
  return prisma.request.create({
    data: {
      referenceNumber: `AG-TEST-${randomBytes(4).toString('hex')}`,
      missionId: mission.id,
      airspaceId: refs.airspaceId,
      operatorId: refs.operatorId,
      conditionsAcceptedAt: new Date('2026-06-10T08:00:00Z'),
      submittedAt: new Date('2026-06-10T08:00:00Z'),
      missionSnapshot: { ...snapshot, id: mission.id },
      ...columns,
    },
  });
}
