import type { AutomationRule, AutomationRuleUpdate } from '../../../src/shared/contracts/automation-rules';
import type { Restriction } from '../../../src/shared/contracts/requests';
import type { AutomationRange, AutomationRuleInput } from '../../../src/shared/domain/request-automation';
import type { AutomationRuleRow, AutomationRuleWithAirspace } from './automation-rules.repository';

// The JSON columns are written only through the contracts' schemas, so they have the contract's shape.
export function toAutomationInput<R>(rule: AutomationRuleRow): AutomationRuleInput<R> {
  return {
    id: rule.id,
    title: rule.title,
    mode: rule.mode,
    range: rule.range as AutomationRange | null,
    impactLevels: rule.impactLevels,
    customReply: rule.customReply,
    restrictions: rule.restrictions as R[],
    enabled: rule.enabled,
    priority: rule.priority,
    version: rule.version,
    createdAt: rule.createdAt,
  };
}

export function toAutomationRuleDto(rule: AutomationRuleWithAirspace): AutomationRule {
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
