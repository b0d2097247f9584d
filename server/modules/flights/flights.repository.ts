import type { PrismaClient } from '../../generated/prisma/client';
import type { MissionStatus } from '../../../src/shared/domain/mission-status';

/** A pilot as take-off reads him: his account (who may fly), his name and documents (the go/no-go check). */
const pilotAccount = {
  select: {
    supervisedUserId: true,
    firstName: true,
    lastName: true,
    documents: { select: { skillType: true, validFrom: true, validUntil: true } },
  },
} as const;

export function createFlightsRepository(prisma: PrismaClient) {
  return {
    /** What take-off and landing decide on: status, owner, pilots (accounts and documents), main machine, areas. */
    mission(id: string) {
      return prisma.mission.findUnique({
        where: { id },
        select: {
          id: true,
          userId: true,
          status: true,
          areas: true,
          mainMachine: { select: { internalName: true, serialNumber: true, deletedAt: true } },
          referentPilot: pilotAccount,
          additionalPilots: pilotAccount,
        },
      });
    },

    /** The mission's latest request in each airspace, archived ones aside, with its activations. */
    async latestRequests(missionId: string) {
      const requests = await prisma.request.findMany({
        where: { missionId, status: { not: 'archived' } },
        orderBy: { submittedAt: 'desc' },
        select: {
          airspaceId: true,
          status: true,
          impactLevel: true,
          restrictions: true,
          missionSnapshot: true,
          activations: { where: { status: 'accepted' }, select: { startAt: true, endAt: true } },
        },
      });
      const latest = new Map<string, (typeof requests)[number]>();
      for (const request of requests) if (!latest.has(request.airspaceId)) latest.set(request.airspaceId, request);
      return latest;
    },

    /** validated → onGoing with its history and a new open flight, only if the status is still validated. */
    takeOff(missionId: string, actorId: string, at: Date, reason: string | null) {
      return prisma.$transaction(async (tx) => {
        const { count } = await tx.mission.updateMany({ where: { id: missionId, status: 'validated' }, data: { status: 'onGoing' } });
        if (count === 0) return false;
        await tx.missionHistory.create({ data: { missionId, from: 'validated', to: 'onGoing', action: 'takeOff', actorId, at, reason } });
        await tx.flight.create({ data: { missionId, takenOffBy: actorId, takeoffAt: at, lastPingAt: at } });
        return true;
      });
    },

    /** A repeated take-off of a flying mission: its open flight's last ping, or a flight opened now if it has none. */
    async ping(missionId: string, actorId: string, at: Date) {
      const { count } = await prisma.flight.updateMany({ where: { missionId, landedAt: null }, data: { lastPingAt: at } });
      if (count === 0) await prisma.flight.create({ data: { missionId, takenOffBy: actorId, takeoffAt: at, lastPingAt: at } });
    },

    /** onGoing → validated with its history, closing the open flight, only if the status is still onGoing. */
    land(missionId: string, actorId: string, at: Date, reason: string | null) {
      return prisma.$transaction(async (tx) => {
        const from: MissionStatus = 'onGoing';
        const { count } = await tx.mission.updateMany({ where: { id: missionId, status: from }, data: { status: 'validated' } });
        if (count === 0) return false;
        await tx.missionHistory.create({ data: { missionId, from, to: 'validated', action: 'land', actorId, at, reason } });
        await tx.flight.updateMany({ where: { missionId, landedAt: null }, data: { landedAt: at, lastPingAt: at } });
        return true;
      });
    },

    flights(missionId: string) {
      return prisma.flight.findMany({ where: { missionId }, orderBy: { takeoffAt: 'asc' } });
    },
  };
}

export type FlightsRepository = ReturnType<typeof createFlightsRepository>;
