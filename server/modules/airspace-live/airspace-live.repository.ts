import { ACCEPTED_STATUSES } from '../../../src/shared/domain/request-status';
import type { PrismaClient } from '../../generated/prisma/client';

const REQUEST_FIELDS = {
  id: true,
  referenceNumber: true,
  airspaceId: true,
  status: true,
  restrictions: true,
  mission: { select: { id: true, title: true, status: true, areas: true, maxHeightM: true, startAt: true, endAt: true } },
} as const;

const person = { select: { firstName: true, lastName: true, phone: true } } as const;

/** What the manager's live map reads: airspaces, today's accepted requests, a flight's card. */
export function createAirspaceLiveRepository(prisma: PrismaClient) {
  return {
    airspaces(ids: readonly string[]) {
      return prisma.airspace.findMany({
        where: { id: { in: [...ids] } },
        orderBy: { name: 'asc' },
        select: { id: true, name: true, geometry: true },
      });
    },
    managedIds(userId: string) {
      return prisma.airspace
        .findMany({ where: { managers: { some: { id: userId } } }, select: { id: true } })
        .then((rows) => rows.map((row) => row.id));
    },
    /** Accepted requests to these airspaces whose mission is flying or whose dates meet [from, to). */
    grantedBetween(airspaceIds: readonly string[], from: Date, to: Date) {
      return prisma.request.findMany({
        where: {
          airspaceId: { in: [...airspaceIds] },
          status: { in: [...ACCEPTED_STATUSES] },
          OR: [{ mission: { status: 'onGoing' } }, { mission: { startAt: { lt: to }, endAt: { gte: from }, status: { not: 'canceled' } } }],
        },
        orderBy: { referenceNumber: 'asc' },
        take: 1_000,
        select: REQUEST_FIELDS,
      });
    },
    /** The airspaces the mission was filed to (any status but archived): who may read its card. */
    requestAirspaceIds(missionId: string) {
      return prisma.request
        .findMany({ where: { missionId, status: { not: 'archived' } }, select: { airspaceId: true } })
        .then((rows) => rows.map((row) => row.airspaceId));
    },
    card(missionId: string) {
      return prisma.mission.findUnique({
        where: { id: missionId },
        select: {
          id: true,
          title: true,
          maxHeightM: true,
          startAt: true,
          endAt: true,
          owner: { select: { firstName: true, lastName: true, companyName: true, phoneNumber: true } },
          referentPilot: person,
          additionalPilots: person,
          mainMachine: { select: { internalName: true, serialNumber: true, droneModel: { select: { brand: true, name: true } } } },
          additionalMachines: { select: { internalName: true, serialNumber: true, droneModel: { select: { brand: true, name: true } } } },
          requests: {
            where: { status: { not: 'archived' } },
            orderBy: { submittedAt: 'desc' },
            select: { ...REQUEST_FIELDS, operatorPhone: true, airspace: { select: { name: true } } },
          },
        },
      });
    },
  };
}

export type AirspaceLiveRepository = ReturnType<typeof createAirspaceLiveRepository>;
export type GrantedRequestRow = Awaited<ReturnType<AirspaceLiveRepository['grantedBetween']>>[number];
