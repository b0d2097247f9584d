import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import { flownBy } from '../missions/missions.repository';

const pilot = { select: { id: true, firstName: true, lastName: true } } as const;
const machine = { select: { id: true, internalName: true, serialNumber: true } } as const;

const logged = {
  id: true,
  title: true,
  startAt: true,
  referentPilot: pilot,
  additionalPilots: pilot,
  mainMachine: machine,
  additionalMachines: machine,
  postFlight: { select: { flightTimeMin: true, activity: true } },
  flights: { select: { takeoffAt: true, landedAt: true }, orderBy: { takeoffAt: 'asc' } },
} satisfies Prisma.MissionSelect;

export type LoggedMission = Prisma.MissionGetPayload<{ select: typeof logged }>;

type Period = { from?: Date; to?: Date };

function flown(userId: string | null, period: Period, pilotId: string | null): Prisma.MissionWhereInput {
  const within = { gte: period.from, lt: period.to };
  return {
    ...(userId ? { userId } : {}),
    ...(pilotId ? { AND: [flownBy(pilotId)] } : {}),
    status: { in: ['validated', 'onGoing', 'archived'] },
    OR: [
      { flights: { some: { takeoffAt: within } } },
      { flights: { none: {} }, postFlight: { flightTimeMin: { not: null } }, startAt: within },
    ],
  };
}

export function createLogbookRepository(prisma: PrismaClient) {
  return {
    /**
     * The missions of an account (every account: null) that were flown — taken off, or with a flight time written
     * in their diary — whose first take-off, else start, falls in the period; with `pilotId`, only those it flies.
     */
    flownMissions(userId: string | null, period: Period, pilotId: string | null): Promise<LoggedMission[]> {
      return prisma.mission.findMany({ where: flown(userId, period, pilotId), select: logged, orderBy: { startAt: 'asc' } });
    },

    /** The same missions, each with its first take-off and start only: the order of a logbook read page by page. */
    flownMissionDates(userId: string | null, period: Period, pilotId: string | null) {
      return prisma.mission.findMany({
        where: flown(userId, period, pilotId),
        select: { id: true, startAt: true, flights: { select: { takeoffAt: true }, orderBy: { takeoffAt: 'asc' }, take: 1 } },
        orderBy: { startAt: 'asc' },
      });
    },

    /** The missions of `ids`, in no given order. */
    loggedMissions(ids: string[]): Promise<LoggedMission[]> {
      return prisma.mission.findMany({ where: { id: { in: ids } }, select: logged });
    },

    /** Accounts owning at least one mission whose name or e-mail contains `search`, by name, at most `limit`. */
    missionOwners(search: string | undefined, limit: number) {
      return prisma.user.findMany({
        where: {
          missions: { some: {} },
          ...(search
            ? {
                OR: [
                  { email: { contains: search, mode: 'insensitive' } },
                  { lastName: { contains: search, mode: 'insensitive' } },
                  { firstName: { contains: search, mode: 'insensitive' } },
                ],
              }
            : {}),
        },
        select: { id: true, email: true, firstName: true, lastName: true },
        orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
        take: limit,
      });
    },
  };
}

export type LogbookRepository = ReturnType<typeof createLogbookRepository>;
