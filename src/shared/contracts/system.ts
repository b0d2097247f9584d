import { z } from 'zod';
import { pageQuerySchema } from './common';

export const healthResponseSchema = z.object({ status: z.literal('ok') });

export const statusResponseSchema = z.object({
  maintenance: z.boolean(),
  maintenanceMessage: z.string().nullable(),
  devicesEmailDomain: z.string(),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

export const OUTBOX_CHANNELS = ['email', 'sms', 'authority'] as const;
export const OUTBOX_STATUSES = ['recorded', 'sent', 'failed'] as const;

export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  recipient: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxQuerySchema = pageQuerySchema.extend({
  channel: z.enum(OUTBOX_CHANNELS).optional(),
  recipient: z.string().trim().optional(),
});
