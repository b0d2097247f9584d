import { z } from 'zod';
import { pageQuerySchema } from './common';

/** The ADS-B receiver's connection, when one is configured (ADSB_SBS_URL). */
export const adsbHealthSchema = z.object({
  state: z.enum(['connecting', 'connected', 'disconnected']),
  url: z.string(),
  lastMessageAt: z.string().nullable(),
  messages: z.number().int(),
  positions: z.number().int(),
  reconnects: z.number().int(),
  aircraft: z.number().int(),
  identified: z.number().int(),
});

export const healthResultSchema = z.object({ status: z.literal('ok'), adsb: adsbHealthSchema.optional() });

/** Liveness: the process answers, whatever the state of the database. */
export const liveResultSchema = z.object({ status: z.literal('ok') });

/** Readiness: what was checked; any failure answers 503 (DATABASE_UNAVAILABLE or NOT_READY) instead. */
export const readyResultSchema = z.object({
  status: z.literal('ok'),
  checks: z.object({
    database: z.literal('ok'),
    migrations: z.literal('ok'),
    bus: z.enum(['ok', 'not-configured']),
  }),
});
export type ReadyResult = z.infer<typeof readyResultSchema>;

export const statusResultSchema = z.object({
  maintenance: z.boolean(),
  maintenanceMessage: z.string().nullable(),
  devicesEmailDomain: z.string(),
});
export type StatusResult = z.infer<typeof statusResultSchema>;

export const OUTBOX_CHANNELS = ['email', 'sms', 'authority', 'push'] as const;
export const OUTBOX_STATUSES = ['queued', 'recorded', 'sent', 'failed'] as const;

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

export const outboxListQuerySchema = pageQuerySchema.extend({
  channel: z.enum(OUTBOX_CHANNELS).optional(),
  recipient: z.string().trim().optional(),
});
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;
