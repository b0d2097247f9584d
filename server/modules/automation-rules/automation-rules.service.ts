import {
  DRY_RUN_LIMIT,
  type AutomationDryRunBody,
  type AutomationRuleCreate,
  type AutomationRuleListQuery,
  type AutomationRuleUpdate,
  type DryRunItem,
  type DryRunResult,
} from '../../../src/shared/contracts/automation-rules';
import type { MissionSnapshot, Restriction } from '../../../src/shared/contracts/requests';
import {
  byPriority,
  decisionOf,
  impactMatches,
  rangeMismatch,
  ruleApplies,
  type AutomationRuleInput,
} from '../../../src/shared/domain/request-automation';
import { Prisma, type AutomationRule } from '../../generated/prisma/client';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../lib/auth-token';
import { AppError } from '../../lib/app-error';
import { assertManages } from '../automation/airspace-access';
import { toAutomationInput } from './automation-rules.mapper';

type RuleWithAirspace = AutomationRule & { airspace: { name: string } };

function toDto(rule: RuleWithAirspace) {
  return {
    id: rule.id,
    airspaceId: rule.airspaceId,
    airspaceName: rule.airspace.name,
    title: rule.title,
    mode: rule.mode,
    range: rule.range as AutomationRuleUpdate['range'],
    impactLevels: rule.impactLevels,
    customReply: rule.customReply,
    restrictions: rule.restrictions as Restriction[],
    enabled: rule.enabled,
    priority: rule.priority,
    version: rule.version,
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
}

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

/** What a change compares: the fields a decision depends on or shows. */
function comparable(
  rule: Pick<AutomationRule, 'title' | 'mode' | 'range' | 'impactLevels' | 'customReply' | 'restrictions' | 'enabled' | 'priority'>,
) {
  return JSON.stringify([
    rule.title,
    rule.mode,
    rule.range ?? null,
    [...rule.impactLevels].sort(),
    rule.customReply,
    rule.restrictions,
    rule.enabled,
    rule.priority,
  ]);
}

const include = { airspace: { select: { name: true } } } as const;

/** Automation rules of the airspaces the user manages; every change raises `version` (docs/request-automation.md). */
export function createAutomationRulesService(ctx: Pick<AppContext, 'prisma'>) {
  const { prisma } = ctx;

  async function find(user: AuthUser, id: string) {
    const rule = await prisma.automationRule.findFirst({ where: { id, airspace: { managers: { some: { id: user.id } } } }, include });
    if (!rule) throw new AppError('NOT_FOUND', 'Automation rule not found');
    return rule;
  }

  /** Tries `rule` on the airspace's most recent requests, as if it had been enabled when they were filed. */
  async function dryRun(airspaceId: string, rule: AutomationRuleInput<Restriction>, excludeId: string | null): Promise<DryRunResult> {
    const [requests, enabledRows] = await Promise.all([
      prisma.permissionRequest.findMany({
        where: { airspaceId },
        orderBy: { submittedAt: 'desc' },
        take: DRY_RUN_LIMIT,
        select: { id: true, referenceNumber: true, submittedAt: true, status: true, impactLevel: true, missionSnapshot: true },
      }),
      prisma.automationRule.findMany({ where: { airspaceId, enabled: true, ...(excludeId && { id: { not: excludeId } }) } }),
    ]);
    const before = enabledRows
      .map((row) => toAutomationInput<Restriction>(row))
      .filter((other) => byPriority(other, rule) < 0)
      .sort(byPriority);
    const answer = decisionOf(rule).status;
    const byStatus = { autoAccepted: 0, autoAcceptedWithRestrictions: 0, autoRejected: 0 };
    const items = requests.map((request): DryRunItem => {
      const snapshot = request.missionSnapshot as MissionSnapshot;
      const applies = ruleApplies(rule, snapshot, request.impactLevel);
      if (applies) byStatus[answer] += 1;
      const preceding = before.find((other) => ruleApplies(other, snapshot, request.impactLevel));
      return {
        requestId: request.id,
        referenceNumber: request.referenceNumber,
        missionTitle: snapshot.title,
        submittedAt: request.submittedAt.toISOString(),
        startAt: snapshot.startAt,
        status: request.status,
        impactLevel: request.impactLevel,
        wouldAnswer: applies ? answer : null,
        reason: applies ? null : impactMatches(rule.impactLevels, request.impactLevel) ? rangeMismatch(rule.range, snapshot) : 'impact',
        precededBy: preceding ? { id: preceding.id, title: preceding.title } : null,
      };
    });
    return { tried: requests.length, answered: items.filter((item) => item.wouldAnswer !== null).length, byStatus, items };
  }

  return {
    async list(user: AuthUser, query: AutomationRuleListQuery) {
      if (query.airspaceId) await assertManages(prisma, user.id, query.airspaceId);
      const where: Prisma.AutomationRuleWhereInput = {
        airspace: { managers: { some: { id: user.id } } },
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
      return { items: items.map(toDto), total, page: query.page, pageSize: query.pageSize };
    },

    async get(user: AuthUser, id: string) {
      return toDto(await find(user, id));
    },

    async create(user: AuthUser, body: AutomationRuleCreate) {
      await assertManages(prisma, user.id, body.airspaceId);
      return toDto(await prisma.automationRule.create({ data: { ...columns(body), airspaceId: body.airspaceId }, include }));
    },

    /** A change raises the version, so a decision keeps pointing at the rule as it was; an identical body changes nothing. */
    async update(user: AuthUser, id: string, body: AutomationRuleUpdate) {
      const current = await find(user, id);
      const next = { ...body, customReply: body.customReply ?? null, range: body.range ?? null };
      if (comparable(current) === comparable(next)) return toDto(current);
      const rule = await prisma.automationRule.update({ where: { id }, data: { ...columns(body), version: { increment: 1 } }, include });
      return toDto(rule);
    },

    async remove(user: AuthUser, id: string) {
      await find(user, id);
      await prisma.automationRule.delete({ where: { id } });
    },

    async dryRunSaved(user: AuthUser, id: string) {
      const rule = await find(user, id);
      return dryRun(rule.airspaceId, toAutomationInput<Restriction>(rule), rule.id);
    },

    async dryRunUnsaved(user: AuthUser, body: AutomationDryRunBody) {
      await assertManages(prisma, user.id, body.airspaceId);
      const edited = body.ruleId ? await find(user, body.ruleId) : null;
      if (edited && edited.airspaceId !== body.airspaceId) throw new AppError('NOT_FOUND', 'Automation rule not found');
      const rule: AutomationRuleInput<Restriction> = {
        id: edited?.id ?? 'unsaved',
        title: body.title,
        mode: body.mode,
        range: body.range,
        impactLevels: body.impactLevels,
        customReply: body.customReply ?? null,
        restrictions: body.restrictions,
        enabled: true,
        priority: body.priority,
        version: 0,
        createdAt: edited?.createdAt ?? new Date(8.64e15),
      };
      return dryRun(body.airspaceId, rule, edited?.id ?? null);
    },
  };
}

export type AutomationRulesService = ReturnType<typeof createAutomationRulesService>;
