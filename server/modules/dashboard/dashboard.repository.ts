import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import { DASHBOARD_RECENT_MACHINES } from '../../../src/shared/contracts/dashboard';
import { ADMIN_RIGHTS } from '../../../src/shared/domain/rights';
import { flownBy } from '../missions/missions.repository';

/**
 * Whose violations: the platform's (null), or an operator's own traffic (its account or its machines' idents); with
 * `pilotId`, of the operator's missions only those that pilot flies (docs/security.md "Missions a pilot flies").
 */
export type ViolationScope = { ownerId: string; idents: string[]; pilotId: string | null } | null;

const violationWhere = (scope: ViolationScope): Prisma.ViolationWhereInput =>
  scope
    ? {
        AND: [
          { OR: [{ ident: { in: scope.idents } }, { userId: scope.ownerId }] },
          scope.pilotId ? { OR: [{ missionId: null }, { mission: flownBy(scope.pilotId) }] } : {},
        ],
      }
    : {};

const counted = <T extends { _count: { _all: number } }>(rows: T[], key: (row: T) => string | null) =>
  rows.map((row) => ({ key: key(row) ?? '', count: row._count._all }));

/**
 * An operator account: a top-level account that prepares missions (PREFLIGHT_EDIT) and administers nothing. Managers,
 * administrators and supervised pilots have no agreement of their own to count.
 */
const OPERATOR_ACCOUNT = {
  parentId: null,
  groups: { some: { rights: { has: 'PREFLIGHT_EDIT' } } },
  NOT: { groups: { some: { rights: { hasSome: [...ADMIN_RIGHTS] } } } },
} satisfies Prisma.UserWhereInput;

export function createDashboardRepository(prisma: PrismaClient) {
  return {
    /** The models of the platform's latest machines. */
    recentMachineModels() {
      return prisma.machine.findMany({
        where: { deletedAt: null },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: DASHBOARD_RECENT_MACHINES,
        select: { droneModel: { select: { brand: true, name: true, personal: true, ownerId: true } } },
      });
    },

    /** Distinct idents (per source) tracked in each period, all traffic or one account's; the BRIN index on time bounds the scan. */
    async trackedIdents(periods: { firstDay: Date; monthStart: Date; yearStart: Date }, now: Date, userId: string | null) {
      const { firstDay, monthStart, yearStart } = periods;
      const from = new Date(Math.min(firstDay.getTime(), monthStart.getTime(), yearStart.getTime()));
      const [row] = await prisma.$queryRaw<{ last7Days: bigint; sinceMonthStart: bigint; sinceYearStart: bigint }[]>`
        SELECT count(DISTINCT (source, ident)) FILTER (WHERE time >= ${firstDay}) AS "last7Days",
               count(DISTINCT (source, ident)) FILTER (WHERE time >= ${monthStart}) AS "sinceMonthStart",
               count(DISTINCT (source, ident)) FILTER (WHERE time >= ${yearStart}) AS "sinceYearStart"
        FROM "Track"
        WHERE time >= ${from} AND time <= ${now} AND (${userId}::uuid IS NULL OR "userId" = ${userId}::uuid)`;
      return {
        last7Days: Number(row?.last7Days ?? 0),
        sinceMonthStart: Number(row?.sinceMonthStart ?? 0),
        sinceYearStart: Number(row?.sinceYearStart ?? 0),
      };
    },

    /** When each violation of the scope started between `from` and `to`. */
    violationStarts(scope: ViolationScope, from: Date, to: Date) {
      return prisma.violation.findMany({
        where: { AND: [violationWhere(scope), { startedAt: { gte: from, lte: to } }] },
        select: { startedAt: true },
      });
    },

    countViolations(scope: ViolationScope, from: Date, to: Date) {
      return prisma.violation.count({ where: { AND: [violationWhere(scope), { startedAt: { gte: from, lte: to } }] } });
    },

    /** The administrators' counts, each as keys and counts in no order. */
    async adminCounts() {
      const [operators, trackers, violations, machines] = await Promise.all([
        prisma.user.groupBy({ by: ['agreementStatus'], where: OPERATOR_ACCOUNT, _count: { _all: true } }),
        prisma.tracker.groupBy({ by: ['vehicle'], _count: { _all: true } }),
        prisma.$queryRaw<{ type: string; count: bigint }[]>`
          SELECT a.type::text AS type, count(*) AS count FROM "Violation" v JOIN "Alert" a ON a.id = v."alertId" GROUP BY a.type`,
        prisma.$queryRaw<{ class: string; count: bigint }[]>`
          SELECT coalesce(c::text, '') AS class, count(*) AS count
          FROM "Machine" m LEFT JOIN LATERAL unnest(m.classes) AS c ON true
          WHERE m."deletedAt" IS NULL GROUP BY 1`,
      ]);
      return {
        operatorsByAgreement: counted(operators, (row) => row.agreementStatus),
        trackersByVehicle: counted(trackers, (row) => row.vehicle),
        violationsByType: violations.map((row) => ({ key: row.type, count: Number(row.count) })),
        machinesByClass: machines.map((row) => ({ key: row.class, count: Number(row.count) })),
      };
    },

    async platformProfile() {
      const [pilots, machines, missions] = await Promise.all([
        prisma.pilot.count({ where: { deletedAt: null } }),
        prisma.machine.count({ where: { deletedAt: null } }),
        prisma.mission.count(),
      ]);
      return { pilots, machines, missions };
    },

    ownMachineIdents(ownerId: string) {
      return prisma.machine.findMany({
        where: { userId: ownerId, deletedAt: null },
        select: { serialNumber: true, remoteIdentificationNumber: true },
      });
    },

    async operatorCounts(ownerId: string) {
      const [pilots, missions] = await Promise.all([
        prisma.pilot.count({ where: { userId: ownerId, deletedAt: null } }),
        prisma.mission.count({ where: { userId: ownerId } }),
      ]);
      return { pilots, missions };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
