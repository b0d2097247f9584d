import { z } from 'zod';
import { ATTACHMENT_KINDS, ATTACHMENT_RECORD_TYPES, ATTACHMENT_STATUSES, isKindOf } from '../domain/attachments';
import { pageQuerySchema, required } from './common';

/** The form fields sent with the multipart field "file". */
export const attachmentUploadSchema = z
  .object({
    recordType: z.enum(ATTACHMENT_RECORD_TYPES),
    recordId: z.uuid('validation:invalid'),
    kind: z.enum(ATTACHMENT_KINDS),
  })
  .refine((value) => isKindOf(value.recordType, value.kind), { path: ['kind'], message: 'validation:invalidValue' });
export type AttachmentUpload = z.infer<typeof attachmentUploadSchema>;

export const attachmentSchema = z.object({
  id: z.string(),
  ownerId: z.string().nullable(),
  recordType: z.enum(ATTACHMENT_RECORD_TYPES),
  recordId: z.string(),
  kind: z.enum(ATTACHMENT_KINDS),
  originalName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  status: z.enum(ATTACHMENT_STATUSES),
  rejectionReason: z.string().nullable(),
  validatedAt: z.string().nullable(),
  validatedBy: z.string().nullable().describe('Name of the administrator who validated or rejected it'),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentQueueItemSchema = attachmentSchema.extend({
  ownerName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  companyName: z.string().nullable(),
});
export type AttachmentQueueItem = z.infer<typeof attachmentQueueItemSchema>;

export const recordAttachmentsQuerySchema = z.object({
  recordType: z.enum(ATTACHMENT_RECORD_TYPES),
  recordId: z.uuid('validation:invalid'),
});

export const ATTACHMENT_QUEUE_SORTS = ['createdAt', 'originalName', 'kind'] as const;

export const attachmentQueueQuerySchema = pageQuerySchema.extend({
  sort: z.enum(ATTACHMENT_QUEUE_SORTS).default('createdAt'),
  status: z.enum(ATTACHMENT_STATUSES).default('pending'),
  kind: z.enum(ATTACHMENT_KINDS).optional(),
  recordType: z.enum(ATTACHMENT_RECORD_TYPES).optional(),
});
export type AttachmentQueueQuery = z.infer<typeof attachmentQueueQuerySchema>;

export const attachmentRejectSchema = z.object({ reason: required().max(500) });
