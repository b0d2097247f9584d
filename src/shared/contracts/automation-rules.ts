import { z } from 'zod';
import { REQUEST_STATUSES } from '../domain/request-status';
import { AUTOMATION_MODES, WEEKDAYS } from '../domain/request-automation';
import { IMPACT_LEVELS } from '../domain/request-impact';
import { dateSchema, optionalText, pageQuerySchema, queryFlag, required } from './common';
import { restrictionsSchema } from './requests';

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation:invalidFormat');

/** The range model of request-automation.ts: every field optional, all given ones must hold. */
export const automationRangeSchema = z
  .object({
    fromDate: dateSchema.nullable().optional(),
    toDate: dateSchema.nullable().optional(),
    weekdays: z
      .array(
        z
          .number()
          .int()
          .min(WEEKDAYS[0])
          .max(WEEKDAYS[WEEKDAYS.length - 1]!),
      )
      .max(7)
      .nullable()
      .optional(),
    fromTime: timeOfDay.nullable().optional(),
    toTime: timeOfDay.nullable().optional(),
    maxHeightM: z.number().finite().min(0).max(10_000).nullable().optional(),
    maxDurationMin: z.number().int().min(1).max(100_000).nullable().optional(),
  })
  .refine((range) => !range.fromDate || !range.toDate || range.fromDate <= range.toDate, {
    path: ['toDate'],
    message: 'validation:endBeforeStart',
  })
  .refine((range) => !range.fromTime || !range.toTime || range.fromTime < range.toTime, {
    path: ['toTime'],
    message: 'validation:endBeforeStart',
  })
  .refine((range) => range.weekdays == null || range.weekdays.length > 0, {
    path: ['weekdays'],
    message: 'automationRules:form.weekdaysRequired',
  });

export const automationRuleFieldsSchema = z.object({
  title: required().max(200),
  mode: z.enum(AUTOMATION_MODES),
  range: automationRangeSchema.nullable().default(null),
  impactLevels: z
    .array(z.enum(IMPACT_LEVELS))
    .max(IMPACT_LEVELS.length)
    .default([])
    .transform((levels) => [...new Set(levels)]),
  customReply: optionalText(2000),
  restrictions: restrictionsSchema.default([]),
  enabled: z.boolean().default(false),
  priority: z.number().int().min(0).max(10_000).default(0),
});

export const automationRuleCreateSchema = automationRuleFieldsSchema.extend({ airspaceId: z.uuid('validation:invalid') });
export type AutomationRuleCreate = z.infer<typeof automationRuleCreateSchema>;
export const automationRuleUpdateSchema = automationRuleFieldsSchema;
export type AutomationRuleUpdate = z.infer<typeof automationRuleUpdateSchema>;

export const automationRuleSchema = z.object({
  id: z.string(),
  airspaceId: z.string(),
  airspaceName: z.string(),
  title: z.string(),
  mode: z.enum(AUTOMATION_MODES),
  range: automationRangeSchema.nullable(),
  impactLevels: z.array(z.enum(IMPACT_LEVELS)),
  customReply: z.string().nullable(),
  restrictions: restrictionsSchema,
  enabled: z.boolean(),
  priority: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AutomationRule = z.infer<typeof automationRuleSchema>;

export const AUTOMATION_RULE_SORTS = ['priority', 'title', 'createdAt'] as const;

export const automationRuleListQuerySchema = pageQuerySchema.extend({
  airspaceId: z.uuid('validation:invalid').optional(),
  mode: z.enum(AUTOMATION_MODES).optional(),
  enabled: queryFlag.optional(),
  sort: z.enum(AUTOMATION_RULE_SORTS).default('priority'),
});
export type AutomationRuleListQuery = z.infer<typeof automationRuleListQuerySchema>;

/** POST /api/automation-rules/dry-run: an unsaved rule tried on its airspace's past requests. */
/** A rule tried before it is saved; `ruleId` names the saved rule it edits, which then does not precede itself. */
export const automationDryRunBodySchema = automationRuleCreateSchema.extend({ ruleId: z.uuid('validation:invalid').optional() });
export type AutomationDryRunBody = z.infer<typeof automationDryRunBodySchema>;

export const AUTOMATIC_STATUSES = ['autoAccepted', 'autoAcceptedWithRestrictions', 'autoRejected'] as const;

export const dryRunItemSchema = z.object({
  requestId: z.string(),
  referenceNumber: z.string(),
  missionTitle: z.string(),
  submittedAt: z.string(),
  startAt: z.string(),
  status: z.enum(REQUEST_STATUSES),
  impactLevel: z.enum(IMPACT_LEVELS).nullable(),
  /** The answer this rule would have given, null when it does not apply. */
  wouldAnswer: z.enum(AUTOMATIC_STATUSES).nullable(),
  /** Why it does not apply: impact, or the part of the range the mission falls outside. */
  reason: z.string().nullable(),
  /** An enabled rule tried before this one that would have answered first. */
  precededBy: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type DryRunItem = z.infer<typeof dryRunItemSchema>;

export const dryRunResultSchema = z.object({
  /** How many past requests were tried (the most recent ones, at most DRY_RUN_LIMIT). */
  tried: z.number().int(),
  answered: z.number().int(),
  byStatus: z.record(z.enum(AUTOMATIC_STATUSES), z.number().int()),
  items: z.array(dryRunItemSchema),
});
export type DryRunResult = z.infer<typeof dryRunResultSchema>;

export const DRY_RUN_LIMIT = 500;
