import { Redis } from 'ioredis';
import { z } from 'zod';
import { trafficSourceSchema } from '../../../src/shared/contracts/alerts';
import { flightConformanceSchema, type FlightConformance } from '../../../src/shared/contracts/conformance';
import { liveViolationSchema, type LiveViolation } from '../../../src/shared/contracts/traffic';
import { VEHICLE_TYPES } from '../../../src/shared/domain/enums';
import type { Logger } from '../../lib/logger';
import type { IngestedPosition } from './positions';

export interface TrafficBusHandlers {
  positions(positions: readonly IngestedPosition[]): void;
  violation(violation: LiveViolation): void;
  /** The flight conformance state of a position (docs/alerts.md "Flight conformance"). */
  conformance?(conformance: FlightConformance): void;
  /** The bus stopped (false) or started again (true) to carry other instances' messages. */
  shared?(shared: boolean): void;
}

export interface TrafficBusStats {
  /** Whether messages reach every instance now; false while Redis is away (this instance's clients only). */
  shared: boolean;
  /** Messages handed to the bus (to Redis, or delivered in process) since the start. */
  published: number;
  /** Messages of the bus heard by this instance since the start. */
  received: number;
  /** Messages received that were not a message of the bus (bad JSON or shape): dropped. */
  rejected: number;
  /** Messages not published because the queue of publications under way was full. */
  dropped: number;
  /** Messages delivered to this instance only, Redis being away or refusing them. */
  local: number;
  /** Publications under way. */
  queued: number;
}

/**
 * Stored positions and violation episodes, from whichever instance received or raised them to the live map's
 * clients of every instance. A publisher receives its own messages through its subscription, like the others.
 * Publishing never waits: it is fire-and-forget, bounded, and never slows the ingest (docs/live-traffic.md).
 */
export interface TrafficBus {
  publishPositions(positions: readonly IngestedPosition[]): void;
  publishViolation(violation: LiveViolation): void;
  /** The flight conformance state of a position (docs/alerts.md "Flight conformance"). */
  publishConformance(conformance: FlightConformance): void;
  /** Answers the unsubscribe function. */
  subscribe(handlers: TrafficBusHandlers): () => void;
  /** Resolves once this instance listens: what is published afterwards, anywhere, reaches it. */
  ready(): Promise<void>;
  stats(): TrafficBusStats;
  close(): Promise<void>;
}

/** Delivery to this process's subscribers on the next turn of the event loop, so a publisher never runs their work inline. */
function localDelivery(subscribers: Set<TrafficBusHandlers>) {
  return (send: (handlers: TrafficBusHandlers) => void) => {
    setImmediate(() => {
      for (const handlers of subscribers) send(handlers);
    });
  };
}

/** One process. */
export function createMemoryBus(): TrafficBus {
  const subscribers = new Set<TrafficBusHandlers>();
  const local = localDelivery(subscribers);
  let count = 0;
  const deliver: typeof local = (send) => {
    count += 1;
    local(send);
  };
  return {
    publishPositions(positions) {
      deliver((handlers) => handlers.positions(positions));
    },
    publishViolation(violation) {
      deliver((handlers) => handlers.violation(violation));
    },
    publishConformance(conformance) {
      deliver((handlers) => handlers.conformance?.(conformance));
    },
    subscribe(handlers) {
      subscribers.add(handlers);
      return () => subscribers.delete(handlers);
    },
    async ready() {},
    stats: () => ({ shared: true, published: count, received: count, rejected: 0, dropped: 0, local: 0, queued: 0 }),
    async close() {
      subscribers.clear();
    },
  };
}

const busPositionSchema = z.object({
  ident: z.string().min(1).max(64),
  source: trafficSourceSchema,
  type: z.enum(VEHICLE_TYPES),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  heightM: z.number().nullable(),
  speedMs: z.number().nullable(),
  heading: z.number().nullable(),
  time: z.iso.datetime().transform((value) => new Date(value)),
  userId: z.string().nullable(),
  missionId: z.string().nullable(),
  // Absent from a message of an instance that predates them: read as not heard.
  callsign: z.string().max(16).nullable().default(null),
  squawk: z.string().max(8).nullable().default(null),
  onGround: z.boolean().nullable().default(null),
});

/** What travels on the channel; anything else received is dropped and counted. */
export const busMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('positions'), positions: z.array(busPositionSchema).max(10_000) }),
  z.object({ kind: z.literal('violation'), violation: liveViolationSchema }),
  z.object({ kind: z.literal('conformance'), conformance: flightConformanceSchema }),
]);
type Message = z.input<typeof busMessageSchema>;

/** Publications under way at most; beyond, a message is dropped (counted) rather than queued without end. */
export const BUS_QUEUE_MAX = 1_000;

/** The message of `text`, or null when it is not valid JSON of the bus's shape. */
export function readBusMessage(text: string): z.output<typeof busMessageSchema> | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = busMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * Redis publish/subscribe on one channel per prefix: one connection publishes, one listens (a subscribed Redis
 * connection can do nothing else). While either is away, messages go to this instance's subscribers only and they
 * are told (`shared(false)`); when both are back, `shared(true)` lets them read a fresh snapshot.
 */
export function createRedisBus(options: { url: string; prefix: string; logger: Logger; queueMax?: number }): TrafficBus {
  const channel = `${options.prefix}:traffic`;
  const queueMax = options.queueMax ?? BUS_QUEUE_MAX;
  // No offline queue: a command sent while Redis is away fails at once instead of waiting for a reconnection.
  const publisher = new Redis(options.url, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  const listener = new Redis(options.url);
  const subscribers = new Set<TrafficBusHandlers>();
  const deliver = localDelivery(subscribers);
  const stats = { shared: false, published: 0, received: 0, rejected: 0, dropped: 0, local: 0, queued: 0 };
  let closing = false;
  const log = (error: Error) => options.logger.warn({ err: error }, 'traffic bus: Redis error');
  publisher.on('error', log);
  listener.on('error', log);

  let listening = false;
  const subscribed = new Promise<void>((resolve) => {
    listener.on('ready', () => {
      // ioredis subscribes again by itself after a reconnection; the first time, here.
      const subscription = listening ? Promise.resolve() : listener.subscribe(channel);
      subscription.then(
        () => {
          listening = true;
          resolve();
          update();
        },
        (error: Error) => log(error),
      );
    });
  });
  const update = () => {
    const shared = !closing && listening && listener.status === 'ready' && publisher.status === 'ready';
    if (shared === stats.shared) return;
    stats.shared = shared;
    if (!shared) options.logger.warn('traffic bus: Redis away, live clients see this instance only');
    else options.logger.info('traffic bus: Redis reached, live traffic shared between instances');
    deliver((handlers) => handlers.shared?.(shared));
  };
  for (const connection of [publisher, listener]) {
    connection.on('ready', update);
    connection.on('close', update);
    connection.on('end', update);
  }

  listener.on('message', (_channel: string, text: string) => {
    const message = readBusMessage(text);
    if (!message) {
      stats.rejected += 1;
      options.logger.warn({ bytes: text.length, rejected: stats.rejected }, 'traffic bus: message dropped, not a bus message');
      return;
    }
    stats.received += 1;
    for (const handlers of subscribers) {
      if (message.kind === 'positions') handlers.positions(message.positions);
      else if (message.kind === 'violation') handlers.violation(message.violation);
      else handlers.conformance?.(message.conformance);
    }
  });

  const publish = (message: Message, local: (handlers: TrafficBusHandlers) => void) => {
    if (!stats.shared) {
      stats.local += 1;
      deliver(local);
      return;
    }
    if (stats.queued >= queueMax) {
      stats.dropped += 1;
      return;
    }
    stats.queued += 1;
    publisher
      .publish(channel, JSON.stringify(message))
      .then(() => {
        stats.published += 1;
      })
      .catch(() => {
        stats.local += 1;
        deliver(local);
      })
      .finally(() => {
        stats.queued -= 1;
      });
  };

  return {
    publishPositions(positions) {
      publish(
        { kind: 'positions', positions: positions.map((position) => ({ ...position, time: position.time.toISOString() })) },
        (handlers) => handlers.positions(positions),
      );
    },
    publishViolation(violation) {
      publish({ kind: 'violation', violation }, (handlers) => handlers.violation(violation));
    },
    publishConformance(conformance) {
      publish({ kind: 'conformance', conformance }, (handlers) => handlers.conformance?.(conformance));
    },
    subscribe(handlers) {
      subscribers.add(handlers);
      return () => subscribers.delete(handlers);
    },
    async ready() {
      await subscribed;
    },
    stats: () => ({ ...stats }),
    async close() {
      closing = true;
      subscribers.clear();
      await Promise.allSettled([publisher.quit(), listener.quit()]);
    },
  };
}

export function createTrafficBus(redis: { url: string; prefix: string } | null, logger: Logger): TrafficBus {
  return redis ? createRedisBus({ ...redis, logger }) : createMemoryBus();
}
