import { DASHBOARD_DAYS, DASHBOARD_DECISION_DAYS, type Dashboard } from '../../../src/shared/contracts/dashboard';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import { pilotScope } from '../missions/mission-reach';
import type { RecordOwners } from '../users/record-owner';
import type { DashboardRepository, ViolationScope } from './dashboard.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const ordered = [...values].sort((a, b) => a - b);
  const middle = Math.floor(ordered.length / 2);
  return ordered.length % 2 === 1 ? (ordered[middle] as number) : ((ordered[middle - 1] as number) + (ordered[middle] as number)) / 2;
}

const sorted = (rows: { key: string; count: number }[]) => rows.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));

export interface DashboardServiceDeps {
  repository: DashboardRepository;
  owners: RecordOwners;
  clock: Clock;
}

/**
 * GET /api/dashboard: one answer per caller. DASHBOARD_ADMIN sees the platform; an airspace manager
 * (PREFLIGHTPROCEDURE_LIST) his day and, as detections, the episodes of flights filed to his airspaces; anyone else its
 * operator's records, and as detections the violation episodes of its own traffic (its account, or its machines matched
 * on remote identification or serial; a supervised pilot's, outside the missions it may not read).
 */
export function createDashboardService({ repository, owners, clock }: DashboardServiceDeps) {
  /**
   * The models of the platform's latest machines. A personal model is its owner's own record: another operator sees it
   * counted without its name, like a machine without a model (the administrators see every name).
   */
  async function popularity(viewerId: string | null) {
    const recent = await repository.recentMachineModels();
    const byModel = new Map<string, number>();
    for (const machine of recent) {
      const model = machine.droneModel;
      const named = model && (viewerId === null || !model.personal || model.ownerId === viewerId);
      const key = named ? `${model.brand} ${model.name}` : '';
      byModel.set(key, (byModel.get(key) ?? 0) + 1);
    }
    return { machines: recent.length, models: sorted([...byModel].map(([key, count]) => ({ key, count }))) };
  }

  async function detections(scope: ViolationScope) {
    const now = clock.now();
    const today = utcDay(now);
    const firstDay = new Date(today.getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const yearStart = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
    const [recent, sinceMonthStart, sinceYearStart, tracks] = await Promise.all([
      repository.violationStarts(scope, firstDay, now),
      repository.countViolations(scope, monthStart, now),
      repository.countViolations(scope, yearStart, now),
      repository.trackedIdents({ firstDay, monthStart, yearStart }, now, scope),
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
    const counts = await repository.adminCounts();
    return {
      operatorsByAgreement: sorted(counts.operatorsByAgreement),
      trackersByVehicle: sorted(counts.trackersByVehicle),
      violationsByType: sorted(counts.violationsByType),
      machinesByClass: sorted(counts.machinesByClass),
    };
  }

  async function managerView(managerId: string): Promise<NonNullable<Dashboard['manager']>> {
    const now = clock.now();
    const dayStart = utcDay(now);
    const day = await repository.managerDay(managerId, {
      dayStart,
      dayEnd: new Date(dayStart.getTime() + DAY_MS - 1),
      decisionsFrom: new Date(now.getTime() - DASHBOARD_DECISION_DAYS * DAY_MS),
      now,
    });
    const minutes = day.decisions.flatMap(({ submittedAt, decidedAt }) =>
      decidedAt ? [(decidedAt.getTime() - submittedAt.getTime()) / 60_000] : [],
    );
    const middle = median(minutes);
    return {
      toDecide: {
        total: day.toDecide.total,
        items: day.toDecide.items.map((request) => ({
          id: request.id,
          referenceNumber: request.referenceNumber,
          missionTitle: request.mission.title,
          airspaceName: request.airspace.name,
          submittedAt: request.submittedAt.toISOString(),
          autoRejectAt: request.autoRejectAt?.toISOString() ?? null,
        })),
      },
      acceptedToday: day.acceptedToday,
      airborneNow: day.airborneNow,
      openViolations: day.openViolations,
      medianDecisionMinutes: middle === null ? null : Math.round(middle),
      decisions: minutes.length,
    };
  }

  return {
    async get(actor: AuthUser): Promise<Dashboard> {
      if (actor.rights.has('DASHBOARD_ADMIN')) {
        const profile = await repository.platformProfile();
        return {
          scope: 'platform',
          popularity: await popularity(null),
          detections: await detections(null),
          profile,
          manager: null,
          admin: await adminView(),
        };
      }
      const ownerId = await owners.ownerId(actor, { kind: 'own' });
      const own = await repository.ownMachineIdents(ownerId);
      const { pilots, missions } = await repository.operatorCounts(ownerId);
      const profile = { pilots, machines: own.length, missions };
      if (actor.rights.has('PREFLIGHTPROCEDURE_LIST')) {
        const scope = { managerId: actor.id };
        return {
          scope: 'manager',
          popularity: await popularity(ownerId),
          detections: await detections(scope),
          profile,
          manager: await managerView(actor.id),
          admin: null,
        };
      }
      const idents = own.flatMap((machine) =>
        [machine.serialNumber, machine.remoteIdentificationNumber].filter((ident) => !!ident),
      ) as string[];
      return {
        scope: 'operator',
        popularity: await popularity(ownerId),
        detections: await detections({ ownerId, idents, pilotId: pilotScope(actor, 'read') }),
        profile,
        manager: null,
        admin: null,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
