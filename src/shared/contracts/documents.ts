import { z } from 'zod';
import { pageQuerySchema, required } from './common';

/** Largest document file (PDF). */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_MIME = 'application/pdf';

/** Multipart text fields: restrictToGroups arrives once per group (or not at all: every group). */
export const documentFieldsSchema = z.object({
  title: required().max(200),
  restrictToGroups: z.preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.uuid('validation:invalid'))
      .max(100)
      .transform((ids) => [...new Set(ids)]),
  ),
});
export type DocumentFields = z.output<typeof documentFieldsSchema>;

export const documentSchema = z.object({
  id: z.string(),
  title: z.string(),
  restrictToGroups: z.array(z.object({ id: z.string(), name: z.string() })),
  fileName: z.string(),
  fileSize: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentRecord = z.infer<typeof documentSchema>;

export const DOCUMENT_SORTS = ['title', 'createdAt'] as const;
export const documentListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(DOCUMENT_SORTS).default('title'),
  groupId: z.uuid('validation:invalid').optional(),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const groupChoiceSchema = z.object({ id: z.string(), name: z.string() });
