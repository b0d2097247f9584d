import type { AutomationRange, AutomationRuleInput } from '../../../src/shared/domain/request-automation';
import type { AutomationRule } from '../../generated/prisma/client';

// The JSON columns are written only through the contracts' schemas, so they have the contract's shape.
export function toAutomationInput<R>(rule: AutomationRule): AutomationRuleInput<R> {
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
