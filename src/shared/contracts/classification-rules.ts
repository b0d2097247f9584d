import { z } from 'zod';
import { CLASSIFICATION_RULE_TYPES, IMPACT_LEVELS, NFZ_LEVELS, RULE_TYPE_NEEDS } from '../domain/request-impact';
import { boundedMultiPolygonSchema, boundedPolygonSchema } from '../geo/geometry-bounds';
import { multiPolygonSchema, positionSchema, RESTRICTIONS } from '../geozones/zone';
import { pageQuerySchema, queryFlag, required } from './common';

export const pointSchema = z.object({ type: z.literal('Point'), coordinates: positionSchema });

export const ruleGeometrySchema = z.discriminatedUnion('type', [pointSchema, boundedPolygonSchema, boundedMultiPolygonSchema]);
export type RuleGeometry = z.infer<typeof ruleGeometrySchema>;

export const zoneFiltersSchema = z.object({
  restrictions: z.array(z.enum(RESTRICTIONS)).max(RESTRICTIONS.length).optional(),
  nfzLevels: z
    .array(
      z
        .number()
        .int()
        .min(NFZ_LEVELS[0])
        .max(NFZ_LEVELS[NFZ_LEVELS.length - 1]!),
    )
    .max(NFZ_LEVELS.length)
    .optional(),
  identifiers: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
});

const ruleFieldsSchema = z.object({
  title: required().max(200),
  type: z.enum(CLASSIFICATION_RULE_TYPES),
  threshold: z.number().finite().min(0).max(1_000_000).nullable().optional(),
  geometry: ruleGeometrySchema.nullable().optional(),
  parameters: zoneFiltersSchema.nullable().optional(),
  impact: z.enum(IMPACT_LEVELS),
  enabled: z.boolean().default(true),
});

/** What a rule type needs (RULE_TYPE_NEEDS): shared by the server and the rule form. */
export function classificationRuleIssues(rule: {
  type: (typeof CLASSIFICATION_RULE_TYPES)[number];
  threshold?: number | null;
  geometry?: RuleGeometry | null;
}): { path: string; message: string }[] {
  const needs = RULE_TYPE_NEEDS[rule.type];
  const issues: { path: string; message: string }[] = [];
  if (needs.threshold === 'required' && rule.threshold == null) issues.push({ path: 'threshold', message: 'validation:required' });
  if (needs.geometry === 'point' && rule.geometry?.type !== 'Point')
    issues.push({ path: 'geometry', message: 'classificationRules:form.pointRequired' });
  if (needs.geometry === 'area' && (!rule.geometry || rule.geometry.type === 'Point'))
    issues.push({ path: 'geometry', message: 'classificationRules:form.areaRequired' });
  return issues;
}

export const classificationRuleUpdateSchema = ruleFieldsSchema.superRefine((rule, context) => {
  for (const issue of classificationRuleIssues(rule)) context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});
export type ClassificationRuleUpdate = z.infer<typeof classificationRuleUpdateSchema>;

export const classificationRuleSchema = z.object({
  id: z.string(),
  airspaceId: z.string(),
  title: z.string(),
  type: z.enum(CLASSIFICATION_RULE_TYPES),
  threshold: z.number().nullable(),
  geometry: ruleGeometrySchema.nullable(),
  parameters: zoneFiltersSchema.nullable(),
  impact: z.enum(IMPACT_LEVELS),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClassificationRule = z.infer<typeof classificationRuleSchema>;

export const CLASSIFICATION_RULE_SORTS = ['title', 'type', 'impact', 'createdAt'] as const;

export const classificationRuleListQuerySchema = pageQuerySchema.extend({
  airspaceId: z.uuid('validation:invalid').optional(),
  type: z.enum(CLASSIFICATION_RULE_TYPES).optional(),
  impact: z.enum(IMPACT_LEVELS).optional(),
  enabled: queryFlag.optional(),
  sort: z.enum(CLASSIFICATION_RULE_SORTS).default('title'),
});
export type ClassificationRuleListQuery = z.infer<typeof classificationRuleListQuerySchema>;

/** The airspaces the signed-in manager manages (every airspace for AIRSPACE_EDIT_ADMIN), for the rule pages. */
export const managedAirspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  internalCode: z.string(),
  geometry: multiPolygonSchema.nullable(),
});
export type ManagedAirspace = z.infer<typeof managedAirspaceSchema>;

export const classificationRuleCreateSchema = ruleFieldsSchema
  .extend({ airspaceId: z.uuid('validation:invalid') })
  .superRefine((rule, context) => {
    for (const issue of classificationRuleIssues(rule)) context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
