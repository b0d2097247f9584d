import {
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
import type { AuthUser } from '../../lib/auth-token';
import { AppError } from '../../lib/app-error';
import type { AirspacesRepository } from '../airspaces/airspaces.repository';
import { assertManages } from '../automation/airspace-access';
import { toAutomationInput, toAutomationRuleDto } from './automation-rules.mapper';
import type { AutomationRuleRow, AutomationRulesRepository } from './automation-rules.repository';

/** What a change compares: the fields a decision depends on or shows. */
function comparable(
  rule: Pick<AutomationRuleRow, 'title' | 'mode' | 'range' | 'impactLevels' | 'customReply' | 'restrictions' | 'enabled' | 'priority'>,
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

export interface AutomationRulesServiceDeps {
  repository: AutomationRulesRepository;
  airspaces: Pick<AirspacesRepository, 'isManagedBy'>;
}

/** Automation rules of the airspaces the user manages; every change raises `version` (docs/request-automation.md). */
export function createAutomationRulesService(deps: AutomationRulesServiceDeps) {
  const { repository, airspaces } = deps;

  async function find(user: AuthUser, id: string) {
    const rule = await repository.findManaged(user.id, id);
    if (!rule) throw new AppError('NOT_FOUND', 'Automation rule not found');
    return rule;
  }

  /** Tries `rule` on the airspace's most recent requests, as if it had been enabled when they were filed. */
  async function dryRun(airspaceId: string, rule: AutomationRuleInput<Restriction>, excludeId: string | null): Promise<DryRunResult> {
    const [requests, enabledRows] = await Promise.all([
      repository.recentRequests(airspaceId),
      repository.enabledRules(airspaceId, excludeId),
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
      if (query.airspaceId) await assertManages(airspaces, user.id, query.airspaceId);
      const { items, total } = await repository.list(user.id, query);
      return { items: items.map(toAutomationRuleDto), total, page: query.page, pageSize: query.pageSize };
    },

    async get(user: AuthUser, id: string) {
      return toAutomationRuleDto(await find(user, id));
    },

    async create(user: AuthUser, body: AutomationRuleCreate) {
      await assertManages(airspaces, user.id, body.airspaceId);
      return toAutomationRuleDto(await repository.create(body.airspaceId, body));
    },

    /** A change raises the version, so a decision keeps pointing at the rule as it was; an identical body changes nothing. */
    async update(user: AuthUser, id: string, body: AutomationRuleUpdate) {
      const current = await find(user, id);
      const next = { ...body, customReply: body.customReply ?? null, range: body.range ?? null };
      if (comparable(current) === comparable(next)) return toAutomationRuleDto(current);
      return toAutomationRuleDto(await repository.update(id, body));
    },

    async remove(user: AuthUser, id: string) {
      await find(user, id);
      await repository.remove(id);
    },

    async dryRunSaved(user: AuthUser, id: string) {
      const rule = await find(user, id);
      return dryRun(rule.airspaceId, toAutomationInput<Restriction>(rule), rule.id);
    },

    async dryRunUnsaved(user: AuthUser, body: AutomationDryRunBody) {
      await assertManages(airspaces, user.id, body.airspaceId);
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
