import { randomBytes } from 'node:crypto';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointCreated,
  WebhookEndpointUpdate,
} from '../../../src/shared/contracts/webhooks';
import type { WebhookEvent } from '../../../src/shared/domain/webhook-events';
import type { WebhookSender } from '../../integrations/webhooks/webhook-sender';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { isPublicHost, systemResolver, type HostResolver } from '../../lib/public-host';
import type { WebhooksRepository } from './webhooks.repository';

/** Endpoints per account: enough for a ground station, a fleet tool and a test receiver. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** Deliveries shown in the list, newest first. */
const DELIVERIES_SHOWN = 100;
/** Deliveries one sweep sends, a few at a time, so that a slow receiver does not hold the others. */
const SWEEP_BATCH = 50;
const SWEEP_CONCURRENCY = 4;
/** Wait before attempt n + 1 (Standard Webhooks' suggested schedule, from the second try): 1 min, 5 min, 30 min, 2 h, 5 h… */
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];

/** Who hears of an event (user ids: an operator, an airspace's managers) and what it says. */
export interface WebhookAnnouncement {
  audience: ReadonlyArray<string | null | undefined>;
  data: Record<string, unknown>;
}

/** Several events heard by one audience (a request filed and answered at once), queued in their order. */
export interface WebhookAnnouncements {
  audience: WebhookAnnouncement['audience'];
  events: readonly { type: WebhookEvent; data: Record<string, unknown> }[];
}

type EndpointRow = { id: string; url: string; description: string | null; events: string[]; enabled: boolean; createdAt: Date };

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
  };
}

export function backoffMs(attempts: number): number {
  return BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1]!;
}

/**
 * Webhook endpoints of operators and managers, and the delivery of their events (docs/operations.md "Webhooks and API
 * credentials"): the use cases hand events to `publish`, which queues one delivery per endpoint that asked for it;
 * the `webhooks-deliver` job sends them, signed, with retries.
 */
export function createWebhooksService(deps: {
  repository: WebhooksRepository;
  send: WebhookSender;
  clock: Clock;
  logger: Logger;
  allowLocal: boolean;
  maxAttempts: number;
  /** Asks the job queue to run the delivery sweep soon (no-op where the queue is not started). */
  nudge: () => void;
  resolve?: HostResolver;
}) {
  const { repository, clock, logger } = deps;
  const resolve = deps.resolve ?? systemResolver;

  async function checkUrl(raw: string) {
    const url = new URL(raw);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (deps.allowLocal && (host === '127.0.0.1' || host === '::1' || host === 'localhost')) return;
    if (url.protocol !== 'https:' || !(await isPublicHost(url.hostname, resolve)))
      throw new AppError('WEBHOOK_ENDPOINT_NOT_PUBLIC', 'A webhook endpoint is an https address on the public Internet');
  }

  async function ownEndpoint(actor: AuthUser, id: string) {
    const endpoint = await repository.endpoint(actor.id, id);
    if (!endpoint) throw new AppError('NOT_FOUND', 'Unknown webhook endpoint');
    return endpoint;
  }

  async function attempt(delivery: Awaited<ReturnType<WebhooksRepository['claimDue']>>[number]) {
    const outcome = await deps.send({ id: delivery.id, url: delivery.url, secret: delivery.secret, payload: delivery.payload });
    const attempts = delivery.attempts + 1;
    const last = attempts >= deps.maxAttempts;
    await repository.record(delivery.id, {
      status: outcome.ok ? 'delivered' : last ? 'failed' : 'pending',
      attempts,
      nextAttemptAt: outcome.ok || last ? null : new Date(clock.now().getTime() + backoffMs(attempts)),
      lastStatus: outcome.status,
      lastError: outcome.error?.slice(0, 1000) ?? null,
      durationMs: outcome.durationMs,
    });
    if (!outcome.ok)
      logger.warn({ delivery: delivery.id, event: delivery.eventType, attempts, status: outcome.status }, 'webhook delivery failed');
  }

  async function announce(label: string, load: () => Promise<WebhookAnnouncements | null> | WebhookAnnouncements | null) {
    try {
      const announcements = await load();
      const users = [...new Set((announcements?.audience ?? []).filter((id): id is string => Boolean(id)))];
      if (!announcements || users.length === 0 || announcements.events.length === 0) return;
      const at = clock.now();
      const events = announcements.events.map(({ type, data }) => ({
        type,
        payload: JSON.stringify({ type, timestamp: at.toISOString(), data }),
      }));
      if ((await repository.enqueue(events, users, at)) > 0) deps.nudge();
    } catch (error) {
      logger.error({ err: error, event: label }, 'webhook event not queued');
    }
  }

  return {
    async endpoints(actor: AuthUser): Promise<WebhookEndpoint[]> {
      return (await repository.endpoints(actor.id)).map(toEndpoint);
    },
    async create(actor: AuthUser, input: WebhookEndpointCreate): Promise<WebhookEndpointCreated> {
      await checkUrl(input.url);
      if ((await repository.endpoints(actor.id)).length >= MAX_WEBHOOK_ENDPOINTS)
        throw new AppError('WEBHOOK_ENDPOINTS_LIMIT', `At most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints per account`);
      const secret = `whsec_${randomBytes(32).toString('base64')}`;
      const row = await repository.createEndpoint({
        ownerId: actor.id,
        url: input.url,
        description: input.description ?? null,
        events: [...new Set(input.events)],
        secret,
      });
      return { ...toEndpoint(row), secret };
    },
    async update(actor: AuthUser, id: string, input: WebhookEndpointUpdate): Promise<WebhookEndpoint> {
      await ownEndpoint(actor, id);
      const row = await repository.updateEndpoint(id, {
        enabled: input.enabled,
        events: input.events ? [...new Set(input.events)] : undefined,
        description: input.description,
      });
      return toEndpoint(row);
    },
    async remove(actor: AuthUser, id: string) {
      await ownEndpoint(actor, id);
      await repository.deleteEndpoint(actor.id, id);
    },
    async deliveries(actor: AuthUser, endpointId: string | undefined): Promise<WebhookDelivery[]> {
      const rows = await repository.deliveries(actor.id, endpointId, DELIVERIES_SHOWN);
      return rows.map(toDelivery);
    },
    async resend(actor: AuthUser, id: string): Promise<WebhookDelivery> {
      const { count } = await repository.resend(actor.id, id, clock.now());
      if (count === 0) throw new AppError('NOT_FOUND', 'Unknown webhook delivery');
      deps.nudge();
      return toDelivery((await repository.delivery(actor.id, id))!);
    },

    /**
     * Queues the event for every endpoint of its audience (user ids) that asked for it; `load` reads who and what
     * (null: nothing to announce). Never throws: a use case that did its work does not fail because its echo could not
     * be queued (the error is logged).
     */
    publish(event: WebhookEvent, load: () => Promise<WebhookAnnouncement | null> | WebhookAnnouncement | null) {
      return announce(event, async () => {
        const announcement = await load();
        return announcement && { audience: announcement.audience, events: [{ type: event, data: announcement.data }] };
      });
    },

    /** Like `publish`, for several events of one audience: one statement queues them all, in their order. */
    publishAll(announcements: WebhookAnnouncements) {
      return announce(announcements.events.map((event) => event.type).join(', '), () => announcements);
    },

    /** One sweep: sends the deliveries due now, a few at a time; the rest wait for the next sweep. */
    async deliverDue(now: Date = clock.now()) {
      const due = await repository.claimDue(now, new Date(now.getTime() + 10 * 60_000), SWEEP_BATCH);
      for (let start = 0; start < due.length; start += SWEEP_CONCURRENCY)
        await Promise.all(due.slice(start, start + SWEEP_CONCURRENCY).map(attempt));
      return due.length;
    },
  };
}

function toDelivery(row: Awaited<ReturnType<WebhooksRepository['deliveries']>>[number]): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    url: row.endpoint.url,
    eventType: row.eventType as WebhookEvent,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
/** What the use cases see of webhooks: the one way they announce an event. */
export type EventPublisher = Pick<WebhooksService, 'publish'>;
/** Events queued together, by one statement. */
export type EventsPublisher = Pick<WebhooksService, 'publish' | 'publishAll'>;
