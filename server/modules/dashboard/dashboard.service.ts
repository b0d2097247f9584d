import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import { DASHBOARD_DAYS, DASHBOARD_RECENT_MACHINES, type Dashboard } from '../../../src/shared/contracts/dashboard';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { RecordOwners } from '../users/record-owner';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

const counted = <T extends { _count: { _all: number } }>(rows: T[], key: (row: T) => string | null) =>
  rows.map((row) => ({ key: key(row) ?? '', count: row._count._all })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));

/**
 * GET /api/dashboard: one answer per caller. DASHBOARD_ADMIN sees the platform; anyone else sees its operator's
 * records, and as detections the violation episodes of its own traffic (its account, or its machines matched on remote
 * identification or serial).
 */
export function createDashboardService({ prisma, owners, clock }: { prisma: PrismaClient; owners: RecordOwners; clock: Clock }) {
  /**
   * The models of the platform's latest machines. A personal model is its owner's own record: another operator sees it
   * counted without its name, like a machine without a model (the administrators see every name).
   */
  async function popularity(viewerId: string | null) {
    const recent = await prisma.machine.findMany({
      where: { deletedAt: null },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: DASHBOARD_RECENT_MACHINES,
      select: { droneModel: { select: { brand: true, name: true, personal: true, ownerId: true } } },
    });
    const byModel = new Map<string, number>();
    for (const machine of recent) {
      const model = machine.droneModel;
      const named = model && (viewerId === null || !model.personal || model.ownerId === viewerId);
      const key = named ? `${model.brand} ${model.name}` : '';
      byModel.set(key, (byModel.get(key) ?? 0) + 1);
    }
    const models = [...byModel].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
    return { machines: recent.length, models };
  }

  /** Distinct idents (per source) tracked in each period, all traffic or one account's; the BRIN index on time bounds the scan. */
  async function trackedIdents(firstDay: Date, monthStart: Date, yearStart: Date, now: Date, userId: string | null) {
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
  }

  async function detections(where: Prisma.ViolationWhereInput, trackUserId: string | null) {
    const now = clock.now();
    const today = utcDay(now);
    const firstDay = new Date(today.getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const yearStart = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
    const since = (from: Date) => prisma.violation.count({ where: { AND: [where, { startedAt: { gte: from, lte: now } }] } });
    const [recent, sinceMonthStart, sinceYearStart, tracks] = await Promise.all([
      prisma.violation.findMany({ where: { AND: [where, { startedAt: { gte: firstDay, lte: now } }] }, select: { startedAt: true } }),
      since(monthStart),
      since(yearStart),
      trackedIdents(firstDay, monthStart, yearStart, now, trackUserId),
    ]);
    const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) => ({
      day: new Date(firstDay.getTime() + index * DAY_MS).toISOString().slice(0, 10),
      count: 0,
    }));
    for (const violation of recent) {
      const index = Math.floor((utcDay(violation.startedAt).getTime() - firstDay.getTime()) / DAY_MS);
      if (days[index]) days[index].count += 1;
    }
    return { days, last7Days: recent.length, sinceMonthStart, sinceYearStart, tracks };
  }

  async function adminView() {
    const [operators, trackers, violations, machines] = await Promise.all([
      prisma.user.groupBy({ by: ['agreementStatus'], where: { parentId: null }, _count: { _all: true } }),
      prisma.tracker.groupBy({ by: ['vehicle'], _count: { _all: true } }),
      prisma.$queryRaw<{ type: string; count: bigint }[]>`
        SELECT a.type::text AS type, count(*) AS count FROM "Violation" v JOIN "Alert" a ON a.id = v."alertId" GROUP BY a.type`,
      prisma.$queryRaw<{ class: string; count: bigint }[]>`
        SELECT coalesce(c::text, '') AS class, count(*) AS count
        FROM "Machine" m LEFT JOIN LATERAL unnest(m.classes) AS c ON true
        WHERE m."deletedAt" IS NULL GROUP BY 1`,
    ]);
    const sorted = (rows: { key: string; count: number }[]) => rows.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
    return {
      operatorsByAgreement: counted(operators, (row) => row.agreementStatus),
      trackersByVehicle: counted(trackers, (row) => row.vehicle),
      violationsByType: sorted(violations.map((row) => ({ key: row.type, count: Number(row.count) }))),
      machinesByClass: sorted(machines.map((row) => ({ key: row.class, count: Number(row.count) }))),
    };
  }

  return {
    async get(actor: AuthUser): Promise<Dashboard> {
      if (actor.rights.has('DASHBOARD_ADMIN')) {
        const [pilots, machines, missions] = await Promise.all([
          prisma.pilot.count({ where: { deletedAt: null } }),
          prisma.machine.count({ where: { deletedAt: null } }),
          prisma.mission.count(),
        ]);
        return {
          scope: 'platform',
          popularity: await popularity(null),
          detections: await detections({}, null),
          profile: { pilots, machines, missions },
          admin: await adminView(),
        };
      }
      const ownerId = await owners.ownerId(actor, { kind: 'own' });
      const own = await prisma.machine.findMany({
        where: { userId: ownerId, deletedAt: null },
        select: { serialNumber: true, remoteIdentificationNumber: true },
      });
      const idents = own.flatMap((machine) =>
        [machine.serialNumber, machine.remoteIdentificationNumber].filter((ident) => !!ident),
      ) as string[];
      const [pilots, missions] = await Promise.all([
        prisma.pilot.count({ where: { userId: ownerId, deletedAt: null } }),
        prisma.mission.count({ where: { userId: ownerId } }),
      ]);
      return {
        scope: 'operator',
        popularity: await popularity(ownerId),
        detections: await detections({ OR: [{ ident: { in: idents } }, { userId: ownerId }] }, ownerId),
        profile: { pilots, machines: own.length, missions },
        admin: null,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
