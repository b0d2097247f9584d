import type { ClassificationRule, RuleGeometry } from '../../../src/shared/contracts/classification-rules';
import type { ClassificationRuleInput, ZoneFilters } from '../../../src/shared/domain/request-impact';
import type { ClassificationRuleRow } from './classification-rules.repository';

// The columns are written only through the contracts' schemas, so their JSON has the contract's shape.
const geometryOf = (rule: ClassificationRuleRow) => rule.geometry as RuleGeometry | null;
const filtersOf = (rule: ClassificationRuleRow) => rule.parameters as ZoneFilters | null;

export function toRuleInput(rule: ClassificationRuleRow): ClassificationRuleInput {
  return {
    id: rule.id,
    title: rule.title,
    type: rule.type,
    threshold: rule.threshold,
    geometry: geometryOf(rule),
    parameters: filtersOf(rule),
    impact: rule.impact,
  };
}

export function toClassificationRuleDto(rule: ClassificationRuleRow): ClassificationRule {
  return {
    id: rule.id,
    airspaceId: rule.airspaceId,
    title: rule.title,
    type: rule.type,
    threshold: rule.threshold,
    geometry: geometryOf(rule),
    parameters: filtersOf(rule),
    impact: rule.impact,
    enabled: rule.enabled,
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
}
