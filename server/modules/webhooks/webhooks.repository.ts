import type { WebhookEvent } from '../../../src/shared/domain/webhook-events';
import type pg from 'pg';
import type { PrismaClient } from '../../generated/prisma/client';
import { prepared, utcTimestamp } from '../../lib/prepared';

export interface DueDelivery {
  id: string;
  eventType: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
}

export interface DeliveryOutcome {
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  durationMs: number;
}

// One pending delivery per enabled endpoint of the audience that receives the event, in one round trip: the use cases
// publish on the paths their callers wait on (a filed request announces two events).
const ENQUEUE = `
  INSERT INTO "WebhookDelivery" (id, "endpointId", "eventType", payload, "nextAttemptAt", "createdAt", "updatedAt")
  SELECT gen_random_uuid(), e.id, event.type, event.payload, $4::timestamp(3), now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
    FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS event(type, payload, position)
    JOIN "WebhookEndpoint" e ON e."ownerId" = ANY($1::uuid[]) AND e.enabled AND event.type = ANY(e.events)
   ORDER BY event.position`;

/** Webhook endpoints and their deliveries; a delivery's attempts are claimed row by row, so two sweeps never send it twice. */
export function createWebhooksRepository(prisma: PrismaClient, pool: pg.Pool) {
  return {
    endpoints(ownerId: string) {
      return prisma.webhookEndpoint.findMany({ where: { ownerId }, orderBy: { createdAt: 'asc' } });
    },
    endpoint(ownerId: string, id: string) {
      return prisma.webhookEndpoint.findFirst({ where: { id, ownerId } });
    },
    createEndpoint(data: { ownerId: string; url: string; description: string | null; events: WebhookEvent[]; secret: string }) {
      return prisma.webhookEndpoint.create({ data });
    },
    updateEndpoint(id: string, data: { enabled?: boolean; events?: WebhookEvent[]; description?: string | null }) {
      return prisma.webhookEndpoint.update({ where: { id }, data });
    },
    deleteEndpoint(ownerId: string, id: string) {
      return prisma.webhookEndpoint.deleteMany({ where: { id, ownerId } });
    },
    /** The latest deliveries to the owner's endpoints (one endpoint's when given). */
    deliveries(ownerId: string, endpointId: string | undefined, take: number) {
      return prisma.webhookDelivery.findMany({
        where: { endpoint: { ownerId }, ...(endpointId ? { endpointId } : {}) },
        include: { endpoint: { select: { url: true } } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take,
      });
    },
    /**
     * Queues each event, in their order, for the audience's enabled endpoints that take it, by one statement; how many
     * deliveries were queued.
     */
    async enqueue(events: readonly { type: WebhookEvent; payload: string }[], audience: readonly string[], at: Date): Promise<number> {
      const { rowCount } = await prepared(pool, 'webhook-enqueue', ENQUEUE, [
        audience,
        events.map((event) => event.type),
        events.map((event) => event.payload),
        utcTimestamp(at),
      ]);
      return rowCount ?? 0;
    },
    /**
     * Claims up to `limit` due deliveries of enabled endpoints until `lockedUntil`: rows another sweep holds are
     * skipped, and a claim left by a process that died expires.
     */
    async claimDue(now: Date, lockedUntil: Date, limit: number): Promise<DueDelivery[]> {
      return prisma.$queryRaw<DueDelivery[]>`
        UPDATE "WebhookDelivery" AS d SET "lockedUntil" = ${lockedUntil}
        FROM "WebhookEndpoint" AS e
        WHERE d.id IN (
          SELECT candidate.id FROM "WebhookDelivery" AS candidate
          JOIN "WebhookEndpoint" AS owner ON owner.id = candidate."endpointId" AND owner.enabled
          WHERE candidate.status = 'pending' AND candidate."nextAttemptAt" <= ${now}
            AND (candidate."lockedUntil" IS NULL OR candidate."lockedUntil" < ${now})
          ORDER BY candidate."nextAttemptAt"
          LIMIT ${limit}
          FOR UPDATE OF candidate SKIP LOCKED
        ) AND e.id = d."endpointId"
        RETURNING d.id, d."eventType", d.payload, d.attempts, e.url, e.secret`;
    },
    record(id: string, outcome: DeliveryOutcome) {
      return prisma.webhookDelivery.update({ where: { id }, data: { ...outcome, lockedUntil: null } });
    },
    /** A delivery of the owner's sent again from its first attempt, with the same id (receivers deduplicate on it). */
    resend(ownerId: string, id: string, at: Date) {
      return prisma.webhookDelivery.updateMany({
        where: { id, endpoint: { ownerId } },
        data: { status: 'pending', attempts: 0, nextAttemptAt: at, lockedUntil: null, lastError: null, lastStatus: null },
      });
    },
    delivery(ownerId: string, id: string) {
      return prisma.webhookDelivery.findFirst({ where: { id, endpoint: { ownerId } }, include: { endpoint: { select: { url: true } } } });
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
