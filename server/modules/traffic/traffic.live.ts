import type { Response } from 'express';
import type { FlightConformance } from '../../../src/shared/contracts/conformance';
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
  scopeReadAt: number;
  /** Positions that arrived while the snapshot was read; delivered right after it. */
  backlog: IngestedPosition[] | null;
  /** The view whose deltas it receives; null while its snapshot is read. */
  view: View | null;
}

/**
 * What some clients show: the same rights and viewport (`signature`) and the same targets with the same times
 * (`shown`). Each flush's delta of a view is made and encoded once, and the same bytes are written to its clients.
 */
interface View {
  signature: string;
  scope: LiveScope;
  box: Box;
  /** Keys of the targets shown, with their position's time. */
  shown: Map<string, number>;
  clients: Set<Client>;
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
 * violations from the bus, filtered by viewport and rights once per view (the clients of the same rights and viewport).
 */
export function createLiveHub(options: LiveHubOptions) {
  const { bus, repository, scopes, clock, logger, staleSeconds } = options;
  const flushMs = options.flushMs ?? 250;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const scopeRefreshMs = options.scopeRefreshMs ?? 30_000;
  const clients = new Set<Client>();
  /** The views of each signature: more than one while a client's targets differ from the others' (just connected). */
  const views = new Map<string, View[]>();
  const open = new Map<string, LiveViolation>();
  let pending: IngestedPosition[] = [];
  /** Violation events since the last flush, the latest of each episode. */
  let pendingViolations = new Map<string, LiveViolation>();
  /** Flight conformance states since the last flush, the latest of each traffic. */
  let pendingConformance = new Map<string, FlightConformance>();
  let flushTimer: NodeJS.Timeout | null = null;
  let heartbeatTimer: NodeJS.Timeout | null = null;
  const listOpenViolations = options.listOpenViolations ?? (async () => [...open.values()]);

  const send = (client: Client, event: string, data: unknown) => client.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

  const seesConformance = (scope: LiveScope, box: Box, state: FlightConformance) =>
    inBox(box, state.lon, state.lat) && sees(scope, { userId: state.userId, missionId: state.missionId, lat: state.lat, lon: state.lon });

  const seesViolation = (scope: LiveScope, box: Box, violation: LiveViolation) =>
    inBox(box, violation.lon, violation.lat) &&
    sees(scope, { userId: null, missionId: violation.missionId, lat: violation.lat, lon: violation.lon });

  /** Gives the client a view of its own with these targets; it joins the others of its signature once it shows what they show. */
  function attach(client: Client, shown: Map<string, number>) {
    const signature = `${client.scope.signature}|${client.box.join(',')}`;
    const view: View = { signature, scope: client.scope, box: client.box, shown, clients: new Set([client]) };
    client.view = view;
    const family = views.get(signature);
    if (family) family.push(view);
    else views.set(signature, [view]);
  }

  function detach(client: Client) {
    const view = client.view;
    if (!view) return;
    client.view = null;
    view.clients.delete(client);
    if (view.clients.size > 0) return;
    const family = views.get(view.signature)!.filter((other) => other !== view);
    if (family.length > 0) views.set(view.signature, family);
    else views.delete(view.signature);
  }

  async function refreshScopes(now: Date) {
    await Promise.all(
      [...clients]
        .filter((client) => now.getTime() - client.scopeReadAt >= scopeRefreshMs)
        .map(async (client) => {
          try {
            const scope = await scopes(client.user, now);
            client.scopeReadAt = now.getTime();
            if (scope.signature === client.scope.signature) return;
            client.scope = scope;
            if (!client.view) return;
            const shown = new Map(client.view.shown);
            detach(client);
            attach(client, shown);
          } catch {
            client.res.end();
          }
        }),
    );
  }

  /**
   * A view's delta for these positions, with the removal of what went stale or left its viewport, as the text of an
   * event ('' when nothing changed). A target's JSON is written once per flush (own and not own), not once per view.
   */
  function delta(view: View, positions: readonly IngestedPosition[], keys: readonly string[], staleBefore: number, texts: TargetTexts) {
    const upserts = new Map<string, { time: number; text: string }>();
    const removals = new Set<string>();
    positions.forEach((position, index) => {
      if (!sees(view.scope, position)) return;
      const key = keys[index]!;
      if (!inBox(view.box, position.lon, position.lat)) {
        if (view.shown.has(key)) removals.add(key);
        return;
      }
      const time = position.time.getTime();
      // The same time is the same position (the primary key): already in the snapshot or an earlier delta.
      if (time <= (view.shown.get(key) ?? -Infinity) || time < staleBefore) return;
      upserts.set(key, { time, text: texts.of(position, owns(view.scope, position)) });
      removals.delete(key);
    });
    for (const [key, time] of view.shown) if (time < staleBefore && !upserts.has(key)) removals.add(key);
    for (const key of removals) view.shown.delete(key);
    for (const [key, upsert] of upserts) view.shown.set(key, upsert.time);
    if (upserts.size === 0 && removals.size === 0) return '';
    const targets = [...upserts.values()].map((upsert) => upsert.text).join(',');
    return `event: delta\ndata: {"upserts":[${targets}],"removals":${JSON.stringify([...removals])}}\n\n`;
  }

  /** Views of one signature whose targets have become the same are one view from now on. */
  function merge(family: View[]): View[] {
    const [largest, ...others] = [...family].sort((a, b) => b.clients.size - a.clients.size);
    const kept = [largest!];
    for (const view of others) {
      const same = view.shown.size === largest!.shown.size && [...view.shown].every(([key, time]) => largest!.shown.get(key) === time);
      if (!same) {
        kept.push(view);
        continue;
      }
      for (const client of view.clients) {
        client.view = largest!;
        largest!.clients.add(client);
      }
    }
    return kept;
  }

  async function flush() {
    const now = clock.now();
    await refreshScopes(now);
    const positions = pending;
    pending = [];
    const violations = [...pendingViolations.values()].map((violation) => ({
      violation,
      text: `event: violation\ndata: ${JSON.stringify(violation)}\n\n`,
    }));
    pendingViolations = new Map();
    const states = [...pendingConformance.values()].map((state) => ({
      state,
      text: `event: conformance\ndata: ${JSON.stringify(state)}\n\n`,
    }));
    pendingConformance = new Map();
    const staleBefore = now.getTime() - staleSeconds * 1000;
    const texts = targetTexts();
    const keys = positions.map(targetKey);
    for (const client of clients) client.backlog?.push(...positions);
    for (const [signature, family] of views) {
      for (const view of family) {
        let text = delta(view, positions, keys, staleBefore, texts);
        for (const { violation, text: event } of violations) if (seesViolation(view.scope, view.box, violation)) text += event;
        for (const { state, text: event } of states) if (seesConformance(view.scope, view.box, state)) text += event;
        if (text === '') continue;
        const bytes = Buffer.from(text);
        for (const client of view.clients) client.res.write(bytes);
      }
      if (family.length > 1) views.set(signature, merge(family));
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
      if (clients.size > 0) pendingViolations.set(violation.id, violation);
    },
    conformance(state) {
      if (clients.size > 0) pendingConformance.set(`${state.source}|${state.ident}`, state);
    },
  });

  return {
    /** Opens the stream: refused rights answer before any byte is sent; then the snapshot, deltas and heartbeats. */
    async connect(user: AuthUser, box: Box, res: Response) {
      const now = clock.now();
      const scope = await scopes(user, now);
      const client: Client = { user, res, box, scope, scopeReadAt: now.getTime(), backlog: [], view: null };
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
        detach(client);
        if (clients.size === 0) stop();
      });
      const [positions, violations] = await Promise.all([
        repository.lastPositions(new Date(now.getTime() - staleSeconds * 1000), box),
        listOpenViolations(),
      ]);
      const targets = positions.filter((position) => sees(scope, position)).map((position) => toTarget(position, owns(scope, position)));
      send(client, 'snapshot', {
        targets,
        violations: violations.filter((violation) => seesViolation(client.scope, client.box, violation)),
      } satisfies LiveSnapshot);
      const backlog = client.backlog ?? [];
      client.backlog = null;
      if (!clients.has(client)) return;
      attach(client, new Map(targets.map((target) => [target.key, Date.parse(target.time)])));
      const text = delta(client.view!, backlog, backlog.map(targetKey), now.getTime() - staleSeconds * 1000, targetTexts());
      if (text) client.res.write(text);
    },

    /** For the flight conformance check: the state of a flying traffic, to every instance's clients (`conformance` event). */
    publishConformance(state: FlightConformance) {
      bus.publishConformance(state).catch((error: unknown) => logger.error({ err: error }, 'conformance not published'));
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
