import type { Prisma, PrismaClient, TrafficSource } from '../../generated/prisma/client';
import type { AlertInput, AlertListQuery, ViolationListQuery } from '../../../src/shared/contracts/alerts';

export const userBrief = { select: { id: true, email: true, firstName: true, lastName: true } } as const;
const withDetail = { linkedUsers: userBrief, _count: { select: { violations: true } } } satisfies Prisma.AlertInclude;
const withCount = { _count: { select: { violations: true } } } satisfies Prisma.AlertInclude;

export type AlertWithDetail = Prisma.AlertGetPayload<{ include: typeof withDetail }>;
export type AlertWithCount = Prisma.AlertGetPayload<{ include: typeof withCount }>;
const withAlert = {
  alert: { select: { id: true, name: true, type: true } },
  mission: { select: { id: true, title: true, requests: { select: { referenceNumber: true }, orderBy: { number: 'asc' } } } },
} satisfies Prisma.ViolationInclude;
export type ViolationWithAlert = Prisma.ViolationGetPayload<{ include: typeof withAlert }>;

/**
 * The episodes an airspace manager reads: those of flights whose mission was filed (any request) to an airspace he
 * manages (docs/airspace-manager.md). Third-party traffic without a mission belongs to the administrators' list.
 */
export const managedViolationWhere = (managerId: string): Prisma.ViolationWhereInput => ({
  mission: { requests: { some: { airspace: { managers: { some: { id: managerId } } } } } },
});

/** Whose violations a user without VIOLATION_LIST_ADMIN reads: those of his flights (docs/alerts.md). */
export interface ViolationReaders {
  accountId: string;
  /** An operator reads those of the missions it owns; a supervised pilot only those he flies. */
  owner: boolean;
}

function readableBy({ accountId, owner }: ViolationReaders): Prisma.ViolationWhereInput {
  const pilotOf = { supervisedUserId: accountId };
  const missions: Prisma.MissionWhereInput[] = [{ referentPilot: pilotOf }, { additionalPilots: { some: pilotOf } }];
  if (owner) missions.push({ userId: accountId });
  return { OR: [{ userId: accountId }, { mission: { OR: missions } }] };
}

/**
 * Whose episodes a reader sees: everyone's (null, VIOLATION_LIST_ADMIN), those of the flights filed to a manager's
 * airspaces, or those of the reader's own flights.
 */
export type ViolationScope = null | { managerId: string } | ViolationReaders;

const scopeWhere = (scope: ViolationScope): Prisma.ViolationWhereInput =>
  scope === null ? {} : 'managerId' in scope ? managedViolationWhere(scope.managerId) : readableBy(scope);

function fields(input: AlertInput) {
  const { linkedUserIds: _linked, geometry, ...rest } = input;
  return { ...rest, geometry: geometry as Prisma.InputJsonValue };
}

const ALERT_ORDER: Record<AlertListQuery['sort'], (order: 'asc' | 'desc') => Prisma.AlertOrderByWithRelationInput> = {
  name: (order) => ({ name: order }),
  type: (order) => ({ type: order }),
  createdAt: (order) => ({ createdAt: order }),
};

export function createAlertsRepository(prisma: PrismaClient) {
  return {
    async list(query: AlertListQuery) {
      const where: Prisma.AlertWhereInput = {
        ...(query.type ? { type: query.type } : {}),
        ...(query.isDisplayed !== undefined ? { isDisplayed: query.isDisplayed } : {}),
        ...(query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {}),
      };
      const [items, total] = await Promise.all([
        prisma.alert.findMany({
          where,
          include: withCount,
          orderBy: [ALERT_ORDER[query.sort](query.order), { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.alert.count({ where }),
      ]);
      return { items, total };
    },
    /**
     * The displayed alerts a user may see drawn (those for linked users only when he is one), with their geometry:
     * at most `take`, the box test is the caller's (an alert's geometry is JSON).
     */
    displayedFor(userId: string, take: number) {
      return prisma.alert.findMany({
        where: { isDisplayed: true, OR: [{ showForUsersOnly: false }, { linkedUsers: { some: { id: userId } } }] },
        select: { id: true, name: true, type: true, lowerLimitM: true, upperLimitM: true, geometry: true },
        orderBy: { id: 'asc' },
        take,
      });
    },
    find(id: string) {
      return prisma.alert.findUnique({ where: { id }, include: withDetail });
    },
    countUsers(ids: string[]) {
      return prisma.user.count({ where: { id: { in: ids } } });
    },
    create(input: AlertInput) {
      return prisma.alert.create({
        data: { ...fields(input), linkedUsers: { connect: input.linkedUserIds.map((id) => ({ id })) } },
        include: withDetail,
      });
    },
    update(id: string, input: AlertInput) {
      return prisma.alert.update({
        where: { id },
        data: { ...fields(input), linkedUsers: { set: input.linkedUserIds.map((userId) => ({ id: userId })) } },
        include: withDetail,
      });
    },
    /** The violations go with their alert (foreign key ON DELETE CASCADE). */
    remove(id: string) {
      return prisma.alert.delete({ where: { id } });
    },
    /** A page of episodes (`take` rows from `skip`) the scope may read. */
    async violations(query: ViolationListQuery, scope: ViolationScope, page: { skip: number; take: number }) {
      const where: Prisma.ViolationWhereInput = {
        AND: [
          scopeWhere(scope),
          query.id ? { id: query.id } : {},
          query.alertId ? { alertId: query.alertId } : {},
          query.rule ? { rule: query.rule } : {},
          query.missionId ? { missionId: query.missionId } : {},
          query.type ? { alert: { type: query.type } } : {},
          query.source ? { source: query.source } : {},
          query.state ? { endedAt: query.state === 'open' ? null : { not: null } } : {},
          // An episode belongs to the period when it overlaps it: started before its end, not ended before its start.
          query.to ? { startedAt: { lte: new Date(query.to) } } : {},
          query.from ? { OR: [{ endedAt: null }, { endedAt: { gte: new Date(query.from) } }] } : {},
          query.search ? { ident: { contains: query.search, mode: 'insensitive' } } : {},
        ],
      };
      const [items, total] = await Promise.all([
        prisma.violation.findMany({ where, include: withAlert, orderBy: [{ [query.sort]: query.order }, { id: 'asc' }], ...page }),
        prisma.violation.count({ where }),
      ]);
      return { items, total };
    },
    findViolation(id: string, scope: ViolationScope) {
      return prisma.violation.findFirst({
        where: { AND: [{ id }, scopeWhere(scope)] },
        include: withAlert,
      });
    },
    /** The target's positions from the episode's start to its end (its last offending position while open), first `take`. */
    episodePositions(episode: { source: TrafficSource; ident: string; startedAt: Date; endedAt: Date | null; lastAt: Date }, take: number) {
      return prisma.track.findMany({
        where: { source: episode.source, ident: episode.ident, time: { gte: episode.startedAt, lte: episode.endedAt ?? episode.lastAt } },
        select: { time: true, lat: true, lon: true, heightM: true },
        orderBy: { time: 'asc' },
        take,
      });
    },
    /** The alert's area when the reader sees it drawn (displayed, and for linked users only when he is one), or when `any`. */
    alertArea(alertId: string, readerId: string, any: boolean) {
      return prisma.alert.findFirst({
        where: {
          id: alertId,
          ...(any ? {} : { isDisplayed: true, OR: [{ showForUsersOnly: false }, { linkedUsers: { some: { id: readerId } } }] }),
        },
        select: { geometry: true },
      });
    },
    missionAreas(missionId: string) {
      return prisma.mission.findUnique({ where: { id: missionId }, select: { areas: true } });
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
