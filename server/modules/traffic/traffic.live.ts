import type { Response } from 'express';
import type { LiveSnapshot, LiveTarget, LiveViolation } from '../../../src/shared/contracts/traffic';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { IngestedPosition } from './positions';
import type { TrafficBus } from './traffic.bus';
import type { TrafficRepository } from './traffic.repository';
import { owns, sees, type LiveScope, type LiveScopes } from './traffic.scope';

type Box = readonly [number, number, number, number];

export interface LiveHubOptions {
  bus: TrafficBus;
  repository: Pick<TrafficRepository, 'lastPositions'>;
  scopes: LiveScopes;
  clock: Clock;
  logger: Logger;
  staleSeconds: number;
  /** The violation episodes still open, for the snapshot (the conformance checker's, once merged). */
  listOpenViolations?: () => Promise<LiveViolation[]>;
  /** Deltas are sent at most this often, so one position costs one write per client per flush, not per position. */
  flushMs?: number;
  heartbeatMs?: number;
  /** How often a client's rights (missions becoming active, airspaces) are read again. */
  scopeRefreshMs?: number;
}

interface Client {
  user: AuthUser;
  res: Response;
  box: Box;
  scope: LiveScope;
  /** Keys of the targets this client shows, with their position's time. */
  shown: Map<string, number>;
  scopeReadAt: number;
  /** Positions that arrived while the snapshot was read; delivered right after it. */
  backlog: IngestedPosition[] | null;
}

/** One target per ident of a source; an own position (initials) is one per account too. */
export const targetKey = (position: Pick<IngestedPosition, 'source' | 'ident' | 'userId'>) =>
  position.source === 'mo' && position.userId
    ? `${position.source}:${position.ident}:${position.userId}`
    : `${position.source}:${position.ident}`;

const inBox = (box: Box, lon: number, lat: number) => lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3];

function toTarget(position: IngestedPosition, own: boolean): LiveTarget {
  return {
    key: targetKey(position),
    ident: position.ident,
    label: position.ident,
    source: position.source,
    type: position.type,
    lat: position.lat,
    lon: position.lon,
    alt: position.heightM,
    spd: position.speedMs,
    heading: position.heading,
    time: position.time.toISOString(),
    own,
    missionId: position.missionId,
  };
}

interface TargetTexts {
  of(position: IngestedPosition, own: boolean): string;
}

/** The JSON of each position's target, made on first use within one flush. */
function targetTexts(): TargetTexts {
  const made = new Map<IngestedPosition, [string | undefined, string | undefined]>();
  return {
    of(position, own) {
      let pair = made.get(position);
      if (!pair) made.set(position, (pair = [undefined, undefined]));
      const slot = own ? 1 : 0;
      return (pair[slot] ??= JSON.stringify(toTarget(position, own)));
    },
  };
}

/**
 * The live map's Server-Sent Events (docs/live-traffic.md): a snapshot at connection, then batched deltas and
 * violations from the bus, filtered per client by its viewport and its rights.
 */
export function createLiveHub(options: LiveHubOptions) {
  const { bus, repository, scopes, clock, logger, staleSeconds } = options;
  const flushMs = options.flushMs ?? 250;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const scopeRefreshMs = options.scopeRefreshMs ?? 30_000;
  const clients = new Set<Client>();
  const open = new Map<string, LiveViolation>();
  let pending: IngestedPosition[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  let heartbeatTimer: NodeJS.Timeout | null = null;
  const listOpenViolations = options.listOpenViolations ?? (async () => [...open.values()]);

  const send = (client: Client, event: string, data: unknown) => client.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

  const seesViolation = (client: Client, violation: LiveViolation) =>
    inBox(client.box, violation.lon, violation.lat) &&
    sees(client.scope, { userId: null, missionId: violation.missionId, lat: violation.lat, lon: violation.lon });

  async function refreshScopes(now: Date) {
    await Promise.all(
      [...clients]
        .filter((client) => now.getTime() - client.scopeReadAt >= scopeRefreshMs)
        .map(async (client) => {
          try {
            client.scope = await scopes(client.user, now);
            client.scopeReadAt = now.getTime();
          } catch {
            client.res.end();
          }
        }),
    );
  }

  /**
   * One client's delta for these positions, with the removal of what went stale or left its viewport. A target's
   * JSON is written once per flush (own and not own), not once per client: with hundreds of clients the
   * serialisation was most of the fan-out's cost (docs/performance.md).
   */
  function deliver(client: Client, positions: readonly IngestedPosition[], staleBefore: number, texts: TargetTexts) {
    const upserts = new Map<string, { time: number; text: string }>();
    const removals = new Set<string>();
    for (const position of positions) {
      if (!sees(client.scope, position)) continue;
      const key = targetKey(position);
      if (!inBox(client.box, position.lon, position.lat)) {
        if (client.shown.has(key)) removals.add(key);
        continue;
      }
      const time = position.time.getTime();
      // The same time is the same position (the primary key): already in the snapshot or an earlier delta.
      if (time <= (client.shown.get(key) ?? -Infinity) || time < staleBefore) continue;
      upserts.set(key, { time, text: texts.of(position, owns(client.scope, position)) });
      removals.delete(key);
    }
    for (const [key, time] of client.shown) if (time < staleBefore && !upserts.has(key)) removals.add(key);
    for (const key of removals) client.shown.delete(key);
    for (const [key, upsert] of upserts) client.shown.set(key, upsert.time);
    if (upserts.size > 0 || removals.size > 0) {
      const targets = [...upserts.values()].map((upsert) => upsert.text).join(',');
      client.res.write(`event: delta\ndata: {"upserts":[${targets}],"removals":${JSON.stringify([...removals])}}\n\n`);
    }
  }

  async function flush() {
    const now = clock.now();
    await refreshScopes(now);
    const positions = pending;
    pending = [];
    const staleBefore = now.getTime() - staleSeconds * 1000;
    const texts = targetTexts();
    for (const client of clients) {
      if (client.backlog) client.backlog.push(...positions);
      else deliver(client, positions, staleBefore, texts);
    }
  }

  function start() {
    flushTimer ??= setInterval(() => {
      flush().catch((error: unknown) => logger.error({ err: error }, 'live traffic flush failed'));
    }, flushMs);
    heartbeatTimer ??= setInterval(() => {
      for (const client of clients) client.res.write(': heartbeat\n\n');
    }, heartbeatMs);
  }

  function stop() {
    if (flushTimer) clearInterval(flushTimer);
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    flushTimer = heartbeatTimer = null;
  }

  const unsubscribe = bus.subscribe({
    positions(positions) {
      if (clients.size > 0) pending.push(...positions);
    },
    violation(violation) {
      if (violation.endedAt) open.delete(violation.id);
      else open.set(violation.id, violation);
      for (const client of clients) if (!client.backlog && seesViolation(client, violation)) send(client, 'violation', violation);
    },
  });

  return {
    /** Opens the stream: refused rights answer before any byte is sent; then the snapshot, deltas and heartbeats. */
    async connect(user: AuthUser, box: Box, res: Response) {
      const now = clock.now();
      const scope = await scopes(user, now);
      const client: Client = { user, res, box, scope, shown: new Map(), scopeReadAt: now.getTime(), backlog: [] };
      res.status(200);
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      // no-transform keeps the compression middleware from buffering the stream.
      res.setHeader('Cache-Control', 'no-cache, no-transform');
      res.setHeader('X-Accel-Buffering', 'no');
      res.flushHeaders();
      // Registered before the snapshot is read, so that nothing arriving meanwhile is lost.
      clients.add(client);
      start();
      res.on('close', () => {
        clients.delete(client);
        if (clients.size === 0) stop();
      });
      const [positions, violations] = await Promise.all([
        repository.lastPositions(new Date(now.getTime() - staleSeconds * 1000), box),
        listOpenViolations(),
      ]);
      const targets = positions.filter((position) => sees(scope, position)).map((position) => toTarget(position, owns(scope, position)));
      for (const target of targets) client.shown.set(target.key, Date.parse(target.time));
      send(client, 'snapshot', {
        targets,
        violations: violations.filter((violation) => seesViolation(client, violation)),
      } satisfies LiveSnapshot);
      const backlog = client.backlog ?? [];
      client.backlog = null;
      deliver(client, backlog, now.getTime() - staleSeconds * 1000, targetTexts());
    },

    /** For the conformance checker: a violation episode that started, worsened or ended, to every instance's clients. */
    publishViolation(violation: LiveViolation) {
      bus.publishViolation(violation).catch((error: unknown) => logger.error({ err: error }, 'violation not published'));
    },

    get clientCount() {
      return clients.size;
    },

    close() {
      unsubscribe();
      stop();
      for (const client of clients) client.res.end();
      clients.clear();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
