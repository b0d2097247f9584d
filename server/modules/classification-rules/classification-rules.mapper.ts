import type { ClassificationRuleDto, RuleGeometry } from '../../../src/shared/contracts/classification-rules';
import type { ClassificationRuleInput, ZoneFilters } from '../../../src/shared/domain/request-impact';
import type { ClassificationRule } from '../../generated/prisma/client';

// The columns are written only through the contracts' schemas, so their JSON has the contract's shape.
const geometryOf = (rule: ClassificationRule) => rule.geometry as RuleGeometry | null;
const filtersOf = (rule: ClassificationRule) => rule.parameters as ZoneFilters | null;

export function toRuleInput(rule: ClassificationRule): ClassificationRuleInput {
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

export function toClassificationRuleDto(rule: ClassificationRule): ClassificationRuleDto {
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
