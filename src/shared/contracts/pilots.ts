import { z } from 'zod';
import { PILOT_RIGHTS, PILOT_SKILL_TYPES, SUPERVISION_LEVEL_MAX } from '../domain/enums';
import { birthDateSchema, dateSchema, emailSchema, pageQuerySchema, phoneSchema, queryFlag, required } from './common';

export const pilotDocumentInputSchema = z
  .object({
    skillType: z.enum(PILOT_SKILL_TYPES),
    reference: required().max(100),
    validFrom: dateSchema.nullable().optional(),
    validUntil: dateSchema.nullable().optional(),
    attachmentId: z
      .uuid('validation:invalid')
      .nullable()
      .optional()
      .describe('The scanned document: an attachment of this pilot (kind pilotDocument)'),
  })
  .refine((d) => !d.validFrom || !d.validUntil || d.validFrom <= d.validUntil, {
    path: ['validUntil'],
    message: 'validation:endBeforeStart',
  });

export const pilotCreateSchema = z.object({
  firstName: required().max(100),
  lastName: required().max(100),
  email: emailSchema,
  phone: phoneSchema.max(30).nullable().optional(),
  birthDate: birthDateSchema.nullable().optional(),
  supervisionLevel: z.number().int().min(0).max(SUPERVISION_LEVEL_MAX).default(0),
  rights: z
    .array(z.enum(PILOT_RIGHTS))
    .default([])
    .transform((rights) => [...new Set(rights)]),
  documents: z.array(pilotDocumentInputSchema).max(20).default([]),
});
export type PilotCreate = z.infer<typeof pilotCreateSchema>;

/** An update replaces the whole pilot, documents included: the form always sends all of it. */
export const pilotUpdateSchema = pilotCreateSchema;
export type PilotUpdate = z.infer<typeof pilotUpdateSchema>;

export const pilotDocumentSchema = z.object({
  id: z.string(),
  skillType: z.enum(PILOT_SKILL_TYPES),
  reference: z.string(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  attachmentId: z.string().nullable(),
});

export const pilotSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  supervisionLevel: z.number().int(),
  supervised: z.boolean().describe('Whether a supervised pilot account exists for this pilot'),
  deletedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PilotSummary = z.infer<typeof pilotSummarySchema>;

export const pilotDetailSchema = pilotSummarySchema.extend({
  ownerId: z.string(),
  birthDate: z.string().nullable(),
  rights: z.array(z.enum(PILOT_RIGHTS)),
  documents: z.array(pilotDocumentSchema),
  supervisedUserId: z.string().nullable(),
  updatedAt: z.string(),
});
export type PilotDetail = z.infer<typeof pilotDetailSchema>;

export const PILOT_SORTS = ['lastName', 'email', 'createdAt'] as const;

export const pilotListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(PILOT_SORTS).default('lastName'),
  supervisionLevel: z.coerce.number().int().min(0).max(SUPERVISION_LEVEL_MAX).optional(),
  deleted: queryFlag.default(false).describe('Deleted pilots instead of current ones (PILOT_LIST_DELETED_ADMIN)'),
});
export type PilotListQuery = z.infer<typeof pilotListQuerySchema>;
