import { Redis } from 'ioredis';
import type { FlightConformance } from '../../../src/shared/contracts/conformance';
import type { LiveViolation } from '../../../src/shared/contracts/traffic';
import type { Logger } from '../../lib/logger';
import type { IngestedPosition } from './positions';

export interface TrafficBusHandlers {
  positions(positions: readonly IngestedPosition[]): void;
  violation(violation: LiveViolation): void;
  conformance?(conformance: FlightConformance): void;
}

/**
 * Stored positions and violation episodes, from whichever instance received or raised them to the live map's
 * clients of every instance. A publisher receives its own messages through its subscription, like the others.
 */
export interface TrafficBus {
  publishPositions(positions: readonly IngestedPosition[]): Promise<void>;
  publishViolation(violation: LiveViolation): Promise<void>;
  /** The flight conformance state of a position (docs/alerts.md "Flight conformance"). */
  publishConformance(conformance: FlightConformance): Promise<void>;
  /** Answers the unsubscribe function. */
  subscribe(handlers: TrafficBusHandlers): () => void;
  /** Resolves once this instance listens: what is published afterwards, anywhere, reaches it. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One process: delivery on the next turn of the event loop, so a publisher never runs its subscribers' work inline. */
export function createMemoryBus(): TrafficBus {
  const subscribers = new Set<TrafficBusHandlers>();
  const deliver = (send: (handlers: TrafficBusHandlers) => void) => {
    setImmediate(() => {
      for (const handlers of subscribers) send(handlers);
    });
  };
  return {
    async publishPositions(positions) {
      deliver((handlers) => handlers.positions(positions));
    },
    async publishViolation(violation) {
      deliver((handlers) => handlers.violation(violation));
    },
    async publishConformance(conformance) {
      deliver((handlers) => handlers.conformance?.(conformance));
    },
    subscribe(handlers) {
      subscribers.add(handlers);
      return () => subscribers.delete(handlers);
    },
    async ready() {},
    async close() {
      subscribers.clear();
    },
  };
}

type Message =
  | { kind: 'positions'; positions: (Omit<IngestedPosition, 'time'> & { time: string })[] }
  | { kind: 'violation'; violation: LiveViolation }
  | { kind: 'conformance'; conformance: FlightConformance };

/**
 * Redis publish/subscribe on one channel per prefix: one connection publishes, one listens (a subscribed Redis
 * connection can do nothing else). Messages are fire-and-forget: a client that was away gets the snapshot again.
 */
export function createRedisBus(options: { url: string; prefix: string; logger: Logger }): TrafficBus {
  const channel = `${options.prefix}:traffic`;
  const publisher = new Redis(options.url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const listener = new Redis(options.url, { lazyConnect: false });
  const subscribers = new Set<TrafficBusHandlers>();
  const log = (error: Error) => options.logger.warn({ err: error }, 'traffic bus: Redis error');
  publisher.on('error', log);
  listener.on('error', log);
  const subscribed = listener.subscribe(channel);
  listener.on('message', (_channel: string, text: string) => {
    const message = JSON.parse(text) as Message;
    if (message.kind === 'positions') {
      const positions = message.positions.map((position) => ({ ...position, time: new Date(position.time) }));
      for (const handlers of subscribers) handlers.positions(positions);
    } else if (message.kind === 'violation') {
      for (const handlers of subscribers) handlers.violation(message.violation);
    } else {
      for (const handlers of subscribers) handlers.conformance?.(message.conformance);
    }
  });
  const publish = async (message: Message) => {
    await subscribed;
    await publisher.publish(channel, JSON.stringify(message));
  };
  return {
    publishPositions: (positions) =>
      publish({ kind: 'positions', positions: positions.map((position) => ({ ...position, time: position.time.toISOString() })) }),
    publishViolation: (violation) => publish({ kind: 'violation', violation }),
    publishConformance: (conformance) => publish({ kind: 'conformance', conformance }),
    subscribe(handlers) {
      subscribers.add(handlers);
      return () => subscribers.delete(handlers);
    },
    async ready() {
      await subscribed;
    },
    async close() {
      subscribers.clear();
      await Promise.allSettled([publisher.quit(), listener.quit()]);
    },
  };
}

export function createTrafficBus(redis: { url: string; prefix: string } | null, logger: Logger): TrafficBus {
  return redis ? createRedisBus({ ...redis, logger }) : createMemoryBus();
}
