import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import { DASHBOARD_RECENT_MACHINES, DASHBOARD_TO_DECIDE } from '../../../src/shared/contracts/dashboard';
import { ACCEPTED_STATUSES } from '../../../src/shared/domain/request-status';
import { ADMIN_RIGHTS } from '../../../src/shared/domain/rights';
import { managedViolationWhere } from '../alerts/alerts.repository';
import { flownBy } from '../missions/missions.repository';

/**
 * Whose violations: the platform's (null), an operator's own traffic (its account or its machines' idents; with
 * `pilotId`, of the operator's missions only those that pilot flies, docs/security.md "Missions a pilot flies"), or the
 * flights filed to a manager's airspaces.
 */
export type ViolationScope = { ownerId: string; idents: string[]; pilotId: string | null } | { managerId: string } | null;

const violationWhere = (scope: ViolationScope): Prisma.ViolationWhereInput => {
  if (!scope) return {};
  if ('managerId' in scope) return managedViolationWhere(scope.managerId);
  return {
    AND: [
      { OR: [{ ident: { in: scope.idents } }, { userId: scope.ownerId }] },
      scope.pilotId ? { OR: [{ missionId: null }, { mission: flownBy(scope.pilotId) }] } : {},
    ],
  };
};

const managedRequests = (managerId: string) => ({ airspace: { managers: { some: { id: managerId } } } }) satisfies Prisma.RequestWhereInput;

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

    /**
     * Distinct idents (per source) tracked in each period: all traffic, one account's, or the flights of missions filed to
     * a manager's airspaces; the BRIN index on time bounds the scan.
     */
    async trackedIdents(periods: { firstDay: Date; monthStart: Date; yearStart: Date }, now: Date, scope: ViolationScope) {
      const { firstDay, monthStart, yearStart } = periods;
      const userId = scope && 'ownerId' in scope ? scope.ownerId : null;
      const managerId = scope && 'managerId' in scope ? scope.managerId : null;
      const from = new Date(Math.min(firstDay.getTime(), monthStart.getTime(), yearStart.getTime()));
      const [row] = await prisma.$queryRaw<{ last7Days: bigint; sinceMonthStart: bigint; sinceYearStart: bigint }[]>`
        SELECT count(DISTINCT (source, ident)) FILTER (WHERE time >= ${firstDay}) AS "last7Days",
               count(DISTINCT (source, ident)) FILTER (WHERE time >= ${monthStart}) AS "sinceMonthStart",
               count(DISTINCT (source, ident)) FILTER (WHERE time >= ${yearStart}) AS "sinceYearStart"
        FROM "Track"
        WHERE time >= ${from} AND time <= ${now} AND (${userId}::uuid IS NULL OR "userId" = ${userId}::uuid)
          AND (${managerId}::uuid IS NULL OR "missionId" IN (
            SELECT r."missionId" FROM "Request" r JOIN "_AirspaceManagers" m ON m."A" = r."airspaceId" WHERE m."B" = ${managerId}::uuid))`;
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

    /**
     * The manager's day: the requests to decide (nearest auto-reject first), accepted requests whose flight window meets
     * [dayStart, dayEnd], flights in the air, open episodes, and the manual decisions taken since `decisionsFrom`.
     */
    async managerDay(managerId: string, window: { dayStart: Date; dayEnd: Date; decisionsFrom: Date; now: Date }) {
      const managed = managedRequests(managerId);
      const toDecide = { ...managed, status: 'submitted' } satisfies Prisma.RequestWhereInput;
      const [items, total, acceptedToday, airborneNow, openViolations, decisions] = await Promise.all([
        prisma.request.findMany({
          where: toDecide,
          orderBy: [{ autoRejectAt: { sort: 'asc', nulls: 'last' } }, { submittedAt: 'asc' }, { number: 'asc' }],
          take: DASHBOARD_TO_DECIDE,
          select: {
            id: true,
            referenceNumber: true,
            submittedAt: true,
            autoRejectAt: true,
            mission: { select: { title: true } },
            airspace: { select: { name: true } },
          },
        }),
        prisma.request.count({ where: toDecide }),
        prisma.request.count({
          where: {
            ...managed,
            status: { in: [...ACCEPTED_STATUSES] },
            mission: { startAt: { lte: window.dayEnd }, endAt: { gte: window.dayStart } },
          },
        }),
        prisma.flight.count({ where: { landedAt: null, mission: { requests: { some: managed } } } }),
        prisma.violation.count({ where: { AND: [managedViolationWhere(managerId), { endedAt: null }] } }),
        prisma.request.findMany({
          where: { ...managed, automatic: false, decidedById: { not: null }, decidedAt: { gte: window.decisionsFrom, lte: window.now } },
          select: { submittedAt: true, decidedAt: true },
        }),
      ]);
      return { toDecide: { items, total }, acceptedToday, airborneNow, openViolations, decisions };
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
