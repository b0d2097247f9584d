import { DRY_RUN_LIMIT, type AutomationRuleListQuery, type AutomationRuleUpdate } from '../../../src/shared/contracts/automation-rules';
import { Prisma, type AutomationRule, type PrismaClient } from '../../generated/prisma/client';

export type AutomationRuleRow = AutomationRule;

const include = { airspace: { select: { name: true } } } as const;

export type AutomationRuleWithAirspace = Prisma.AutomationRuleGetPayload<{ include: typeof include }>;

function columns(body: AutomationRuleUpdate) {
  return {
    title: body.title,
    mode: body.mode,
    range: body.range === null ? Prisma.DbNull : (body.range as Prisma.InputJsonValue),
    impactLevels: body.impactLevels,
    customReply: body.customReply ?? null,
    restrictions: body.restrictions as Prisma.InputJsonValue,
    enabled: body.enabled,
    priority: body.priority,
  };
}

export function createAutomationRulesRepository(prisma: PrismaClient) {
  return {
    /** A rule of an airspace the user manages, else null. */
    findManaged(userId: string, id: string) {
      return prisma.automationRule.findFirst({ where: { id, airspace: { managers: { some: { id: userId } } } }, include });
    },

    async list(userId: string, query: AutomationRuleListQuery) {
      const where: Prisma.AutomationRuleWhereInput = {
        airspace: { managers: { some: { id: userId } } },
        ...(query.airspaceId && { airspaceId: query.airspaceId }),
        ...(query.mode && { mode: query.mode }),
        ...(query.enabled !== undefined && { enabled: query.enabled }),
        ...(query.search && { title: { contains: query.search, mode: 'insensitive' as const } }),
      };
      const [items, total] = await Promise.all([
        prisma.automationRule.findMany({
          where,
          include,
          orderBy: [{ [query.sort]: query.order }, { createdAt: 'asc' }, { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.automationRule.count({ where }),
      ]);
      return { items, total };
    },

    create(airspaceId: string, body: AutomationRuleUpdate) {
      return prisma.automationRule.create({ data: { ...columns(body), airspaceId }, include });
    },

    /** Replaces the rule and raises its version. */
    update(id: string, body: AutomationRuleUpdate) {
      return prisma.automationRule.update({ where: { id }, data: { ...columns(body), version: { increment: 1 } }, include });
    },

    async remove(id: string) {
      await prisma.automationRule.delete({ where: { id } });
    },

    /** The airspace's most recent requests, that a dry run tries a rule on. */
    recentRequests(airspaceId: string) {
      return prisma.request.findMany({
        where: { airspaceId },
        orderBy: { submittedAt: 'desc' },
        take: DRY_RUN_LIMIT,
        select: { id: true, referenceNumber: true, submittedAt: true, status: true, impactLevel: true, missionSnapshot: true },
      });
    },

    /** The airspace's enabled rules, but `excludeId`. */
    enabledRules(airspaceId: string, excludeId: string | null) {
      return prisma.automationRule.findMany({ where: { airspaceId, enabled: true, ...(excludeId && { id: { not: excludeId } }) } });
    },
  };
}

export type AutomationRulesRepository = ReturnType<typeof createAutomationRulesRepository>;
