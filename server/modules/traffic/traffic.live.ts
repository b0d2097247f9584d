import type { Response } from 'express';
import { CONFORMANCE_KEYFRAME_MS, type FlightConformance } from '../../../src/shared/contracts/conformance';
import type { LiveConformance, LiveSnapshot, LiveStatus, LiveTarget, LiveViolation } from '../../../src/shared/contracts/traffic';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { SESSION_TABLES } from '../../lib/session-cache';
import type { TableChanges } from '../../lib/table-changes';
import { shownIdent, type IngestedPosition } from './positions';
import type { TrafficBus } from './traffic.bus';
import type { TrafficRepository } from './traffic.repository';
import { owns, sees, type LiveScope, type LiveScopes } from './traffic.scope';

type Box = readonly [number, number, number, number];

export interface LiveHubOptions {
  bus: TrafficBus;
  repository: Pick<TrafficRepository, 'lastPositions'>;
  scopes: LiveScopes;
  /** The database's change notifications: a `UserSession` change (any instance's write) checks the clients' sessions. */
  changes: TableChanges;
  /** The token version each account accepts now (null: gone or not active), read in one go. */
  acceptedVersions(userIds: readonly string[]): Promise<Map<string, number | null>>;
  clock: Clock;
  logger: Logger;
  staleSeconds: number;
  /** The violation episodes still open, for the snapshot (the conformance checker's, once merged). */
  listOpenViolations?: () => Promise<LiveViolation[]>;
  /** Deltas are sent at most this often, so one position costs one write per client per flush, not per position. */
  flushMs?: number;
  heartbeatMs?: number;
  /** How often a client's rights (missions becoming active, airspaces) are read again, and its session checked. */
  scopeRefreshMs?: number;
}

/**
 * How often the positions gathered from the bus are written to the live maps: a position waits this long at most
 * before it leaves, and a client costs one write per flush, not per position (docs/live-traffic.md).
 */
export const LIVE_FLUSH_MS = 150;

/** After a failed read of a client's rights, the next try comes this much later; the stream keeps its former rights. */
const SCOPE_RETRY_MS = 5_000;
/** Reads of rights that come due run this many at a time, the others at the next flush: the pool keeps room for the rest. */
const MAX_SCOPE_READS = 2;
/** A stream opening gets the rights of another stream of its account and token version read this recently (or under way). */
const CONNECT_SCOPE_REUSE_MS = 1_000;
/** Without a listening connection (no notification can arrive), sessions are read again this often. */
const UNHEARD_SESSION_CHECK_MS = 1_000;
/** A flush's bytes are written to this many streams, then the event loop serves what waits (a health probe, a post). */
const WRITES_PER_TURN = 50;

/**
 * One read of the rights of an account under one token version, shared by all its streams: 1,000 streams of one
 * account read their rights once per refresh, not 1,000 times (docs/live-traffic.md).
 */
interface ScopeRead {
  /** The clock's time the read was asked at: its streams are due again one refresh after it. */
  readAt: number;
  scope: Promise<LiveScope>;
  settled: boolean;
}

/** One read of a viewport's snapshot, shared by the streams that asked for it while it was under way. */
interface SnapshotRead {
  now: Date;
  positions: IngestedPosition[];
  violations: LiveViolation[];
  /** What each scope (by signature) is sent of it. */
  shown: Map<string, SnapshotShown>;
}

/** A snapshot read under way, and the positions delivered since it started. */
interface SnapshotAsk {
  result: Promise<SnapshotRead>;
  arrived: IngestedPosition[];
}

interface SnapshotShown {
  /** Keys of the targets sent, with their position's time. */
  targets: Map<string, number>;
  /** The snapshot event and the conformance events of its targets. */
  bytes: Buffer;
}

interface Client {
  user: AuthUser;
  /** The token version the stream was opened under: it ends as soon as the account accepts another (docs/security.md). */
  version: number;
  res: Response;
  box: Box;
  scope: LiveScope;
  scopeReadAt: number;
  /** A read of its rights is under way (off the flush). */
  rescoping: boolean;
  /** Positions that arrived while the snapshot was read; delivered right after it. */
  backlog: IngestedPosition[] | null;
  /** The view whose deltas it receives; null while its snapshot is read. */
  view: View | null;
  /** The turn its latest snapshot was written at: a delivery made before it is not written to it. */
  since: number;
}

/** A flush's bytes of one view, written to its clients a few at a time (WRITES_PER_TURN). */
interface Delivery {
  turn: number;
  bytes: Buffer;
  clients: Client[];
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
export const targetKey = (position: { source: string; ident: string; userId: string | null }) =>
  position.source === 'mo' && position.userId
    ? `${position.source}:${shownIdent(position)}:${position.userId}`
    : `${position.source}:${position.ident}`;

const inBox = (box: Box, lon: number, lat: number) => lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3];

function toTarget(position: IngestedPosition, own: boolean): LiveTarget {
  const ident = shownIdent(position);
  return {
    key: targetKey(position),
    ident,
    label: position.callsign ?? ident,
    source: position.source,
    type: position.type,
    lat: position.lat,
    lon: position.lon,
    alt: position.heightM,
    spd: position.speedMs,
    heading: position.heading,
    time: position.time.toISOString(),
    squawk: position.squawk,
    onGround: position.onGround,
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
  const flushMs = options.flushMs ?? LIVE_FLUSH_MS;
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
  /**
   * The latest conformance state of each traffic still shown: a client opening after it came gets it with its
   * snapshot, instead of showing the flight as conforming until its next position (docs/live-traffic.md).
   */
  const latestConformance = new Map<string, FlightConformance>();
  let flushTimer: NodeJS.Timeout | null = null;
  let heartbeatTimer: NodeJS.Timeout | null = null;
  const listOpenViolations = options.listOpenViolations ?? (async () => [...open.values()]);

  const send = (client: Client, event: string, data: unknown) => client.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const conformanceEvent = (state: FlightConformance, key: string) =>
    `event: conformance\ndata: ${JSON.stringify({ ...state, key } satisfies LiveConformance)}\n\n`;

  /** Turns of flushes and snapshots, in order: a client is written the deliveries made after its snapshot. */
  let turn = 0;
  const deliveries: Delivery[] = [];
  let delivered = 0;
  let delivering = false;

  /**
   * Writes the deliveries in order, WRITES_PER_TURN streams at a time with the event loop's other work between: 1,000
   * streams' writes of one flush do not hold a health probe or a post behind them (docs/live-traffic.md).
   */
  function deliver() {
    let budget = WRITES_PER_TURN;
    while (deliveries.length > 0 && budget > 0) {
      const delivery = deliveries[0]!;
      while (delivered < delivery.clients.length && budget > 0) {
        const client = delivery.clients[delivered++]!;
        budget -= 1;
        if (clients.has(client) && client.since < delivery.turn) client.res.write(delivery.bytes);
      }
      if (delivered === delivery.clients.length) {
        deliveries.shift();
        delivered = 0;
      }
    }
    delivering = deliveries.length > 0;
    if (delivering) setImmediate(deliver);
  }

  function queue(delivery: Delivery) {
    deliveries.push(delivery);
    if (delivering) return;
    delivering = true;
    setImmediate(deliver);
  }

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

  /** Ends a stream at once, whatever its state: it receives nothing more. */
  function end(client: Client) {
    clients.delete(client);
    detach(client);
    client.res.end();
    if (clients.size === 0) stop();
  }

  const scopeReads = new Map<string, ScopeRead>();
  let scopeReadsUnderWay = 0;
  const scopeKey = (user: AuthUser, version: number) => `${user.id}:${version}`;

  /** The read of these rights under way, or one done less than `maxAgeMs` ago; none when a new read is due. */
  function sharedScope(key: string, nowMs: number, maxAgeMs: number): ScopeRead | undefined {
    const known = scopeReads.get(key);
    return known && (!known.settled || nowMs - known.readAt < maxAgeMs) ? known : undefined;
  }

  function readScope(user: AuthUser, version: number, now: Date): ScopeRead {
    const key = scopeKey(user, version);
    const read: ScopeRead = { readAt: now.getTime(), scope: scopes(user, now), settled: false };
    scopeReads.set(key, read);
    scopeReadsUnderWay += 1;
    read.scope
      .catch(() => {
        if (scopeReads.get(key) === read) scopeReads.delete(key);
      })
      .finally(() => {
        read.settled = true;
        scopeReadsUnderWay -= 1;
        // The streams left waiting for a free read go on now rather than at the next flush.
        if (clients.size > 0) refreshScopes(clock.now());
      });
    return read;
  }

  /**
   * Rights are read again off the flush, so a slow read delays no one's deltas: once per account and token version for
   * all its streams, at most MAX_SCOPE_READS at a time. A refusal (no right left to see live traffic) ends the stream; a
   * failure to read (a busy or paused database) keeps the former rights and tries again.
   */
  function refreshScopes(now: Date) {
    const nowMs = now.getTime();
    for (const [key, read] of scopeReads) if (read.settled && nowMs - read.readAt >= scopeRefreshMs) scopeReads.delete(key);
    for (const client of clients) {
      if (client.rescoping || nowMs - client.scopeReadAt < scopeRefreshMs) continue;
      let read = sharedScope(scopeKey(client.user, client.version), nowMs, scopeRefreshMs);
      if (!read) {
        if (scopeReadsUnderWay >= MAX_SCOPE_READS) continue;
        read = readScope(client.user, client.version, now);
      }
      const { readAt } = read;
      client.rescoping = true;
      read.scope
        .then(
          (scope) => {
            client.scopeReadAt = readAt;
            if (scope.signature === client.scope.signature) return;
            client.scope = scope;
            if (!client.view) return;
            const shown = new Map(client.view.shown);
            detach(client);
            attach(client, shown);
          },
          (error: unknown) => {
            if (error instanceof AppError && error.code === 'NOT_ALLOWED') return end(client);
            client.scopeReadAt = readAt - scopeRefreshMs + SCOPE_RETRY_MS;
            logger.warn({ err: error }, 'live traffic: rights not read again, kept');
          },
        )
        .finally(() => {
          client.rescoping = false;
        });
    }
  }

  let sessionsCheck: Promise<void> | null = null;
  let sessionsAgain = false;
  let sessionsReadAt = 0;

  /**
   * Ends every stream whose account no longer accepts its token's version: logout, deactivation, a change of rights
   * or groups, a password change, deletion. Checks asked for while one runs make one more check after it.
   */
  function checkSessions() {
    if (sessionsCheck) {
      sessionsAgain = true;
      return;
    }
    sessionsCheck = (async () => {
      do {
        sessionsAgain = false;
        sessionsReadAt = performance.now();
        if (clients.size === 0) return;
        const versions = await options.acceptedVersions([...new Set([...clients].map((client) => client.user.id))]);
        for (const client of clients) if (versions.has(client.user.id) && versions.get(client.user.id) !== client.version) end(client);
      } while (sessionsAgain);
    })()
      .catch((error: unknown) => {
        // Tried again at the next flush: the database is away or busy, so no session can have changed meanwhile.
        sessionsReadAt = 0;
        logger.warn({ err: error }, 'live traffic: sessions not checked');
      })
      .finally(() => {
        sessionsCheck = null;
      });
  }

  /** The notification may not come: no connection listens (an idle pool), or the last check failed. */
  function checkUnheardSessions() {
    const since = performance.now() - sessionsReadAt;
    if (since >= scopeRefreshMs || (!options.changes.listening() && since >= UNHEARD_SESSION_CHECK_MS)) checkSessions();
  }

  /**
   * A view's delta for these positions, with the removal of what went stale or left its viewport, as the text of an
   * event ('' when nothing changed). A target's JSON is written once per flush (own and not own), not once per view.
   */
  function delta(view: View, positions: readonly IngestedPosition[], keys: readonly string[], staleBefore: number, texts: TargetTexts) {
    const upserts = new Map<string, { time: number; text: string; position: IngestedPosition }>();
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
      upserts.set(key, { time, text: texts.of(position, owns(view.scope, position)), position });
      removals.delete(key);
    });
    for (const [key, time] of view.shown) if (time < staleBefore && !upserts.has(key)) removals.add(key);
    for (const key of removals) view.shown.delete(key);
    // A target coming into the view comes with its flight's latest state: a steady flight's state is not sent again.
    let states = '';
    for (const [key, upsert] of upserts) {
      const state = view.shown.has(key) ? undefined : latestConformance.get(key);
      if (
        state &&
        sees(view.scope, { userId: state.userId, missionId: state.missionId, lat: upsert.position.lat, lon: upsert.position.lon })
      )
        states += conformanceEvent(state, key);
      view.shown.set(key, upsert.time);
    }
    if (upserts.size === 0 && removals.size === 0) return '';
    const targets = [...upserts.values()].map((upsert) => upsert.text).join(',');
    return `event: delta\ndata: {"upserts":[${targets}],"removals":${JSON.stringify([...removals])}}\n\n${states}`;
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

  function flush() {
    const now = clock.now();
    refreshScopes(now);
    checkUnheardSessions();
    const positions = pending;
    pending = [];
    const violations = [...pendingViolations.values()].map((violation) => ({
      violation,
      text: `event: violation\ndata: ${JSON.stringify(violation)}\n\n`,
    }));
    pendingViolations = new Map();
    const states = [...pendingConformance.values()].map((state) => ({ state, text: conformanceEvent(state, targetKey(state)) }));
    pendingConformance = new Map();
    const staleBefore = now.getTime() - staleSeconds * 1000;
    const texts = targetTexts();
    const keys = positions.map(targetKey);
    for (const client of clients) client.backlog?.push(...positions);
    for (const ask of snapshotsUnderWay.values()) ask.arrived.push(...positions);
    turn += 1;
    for (const [signature, family] of views) {
      for (const view of family) {
        let text = delta(view, positions, keys, staleBefore, texts);
        for (const { violation, text: event } of violations) if (seesViolation(view.scope, view.box, violation)) text += event;
        for (const { state, text: event } of states) if (seesConformance(view.scope, view.box, state)) text += event;
        if (text !== '') queue({ turn, bytes: Buffer.from(text), clients: [...view.clients] });
      }
      if (family.length > 1) views.set(signature, merge(family));
    }
  }

  function start() {
    flushTimer ??= setInterval(flush, flushMs);
    heartbeatTimer ??= setInterval(() => {
      for (const client of clients) client.res.write(': heartbeat\n\n');
    }, heartbeatMs);
  }

  function stop() {
    if (flushTimer) clearInterval(flushTimer);
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    flushTimer = heartbeatTimer = null;
  }

  const sendStatus = (client: Client, shared: boolean) =>
    send(client, 'status', { reach: shared ? 'all' : 'instance' } satisfies LiveStatus);

  /** The snapshot reads under way, by viewport: a stream asking meanwhile joins the read instead of making another. */
  const snapshotsUnderWay = new Map<string, SnapshotAsk>();

  /**
   * The positions and open episodes of a viewport, read once for the streams that ask while it is under way. A stream
   * joining a read already started gets in its backlog what was delivered since the read started (`arrived`), and
   * what comes after it was registered as every stream does.
   */
  function readSnapshot(box: Box): SnapshotAsk {
    const key = box.join(',');
    const known = snapshotsUnderWay.get(key);
    if (known) return known;
    const now = clock.now();
    const ask: SnapshotAsk = {
      arrived: [],
      result: Promise.all([repository.lastPositions(new Date(now.getTime() - staleSeconds * 1000), box), listOpenViolations()])
        .then(([positions, violations]) => ({ now, positions, violations, shown: new Map() }))
        .finally(() => {
          if (snapshotsUnderWay.get(key) === ask) snapshotsUnderWay.delete(key);
        }),
    };
    snapshotsUnderWay.set(key, ask);
    return ask;
  }

  /** What the streams of one read and one scope are sent, made and encoded once for all of them. */
  function snapshotShown(read: SnapshotRead, scope: LiveScope, box: Box): SnapshotShown {
    const known = read.shown.get(scope.signature);
    if (known) return known;
    const targets = read.positions.filter((position) => sees(scope, position)).map((position) => toTarget(position, owns(scope, position)));
    const snapshot: LiveSnapshot = { targets, violations: read.violations.filter((violation) => seesViolation(scope, box, violation)) };
    let text = `event: snapshot\ndata: ${JSON.stringify(snapshot)}\n\n`;
    // A flight's state is told again at least every keyframe: one older than that and the staleness is of a flight gone.
    const goneBefore = read.now.getTime() - staleSeconds * 1000 - CONFORMANCE_KEYFRAME_MS;
    for (const [key, state] of latestConformance) if (Date.parse(state.time) < goneBefore) latestConformance.delete(key);
    for (const target of targets) {
      const state = latestConformance.get(target.key);
      if (state && sees(scope, { userId: state.userId, missionId: state.missionId, lat: target.lat, lon: target.lon }))
        text += conformanceEvent(state, target.key);
    }
    const shown: SnapshotShown = {
      targets: new Map(targets.map((target) => [target.key, Date.parse(target.time)])),
      bytes: Buffer.from(text),
    };
    read.shown.set(scope.signature, shown);
    return shown;
  }

  /**
   * The snapshot of a client (at connection, or again when the bus is back and what it missed must be read), then what
   * arrived while it was read, and the client joins a view.
   */
  async function snapshot(client: Client) {
    const ask = readSnapshot(client.box);
    client.backlog?.push(...ask.arrived);
    const read = await ask.result;
    if (!clients.has(client)) return;
    const shown = snapshotShown(read, client.scope, client.box);
    turn += 1;
    client.since = turn;
    client.res.write(shown.bytes);
    const backlog = client.backlog ?? [];
    client.backlog = null;
    attach(client, new Map(shown.targets));
    const text = delta(client.view!, backlog, backlog.map(targetKey), read.now.getTime() - staleSeconds * 1000, targetTexts());
    if (text) client.res.write(text);
  }

  /** Redis came back: each client is told, and reads a fresh snapshot for what other instances sent meanwhile. */
  function resynchronise() {
    for (const client of clients) {
      if (client.backlog) continue;
      sendStatus(client, true);
      detach(client);
      client.backlog = [];
      snapshot(client).catch((error: unknown) => {
        logger.warn({ err: error }, 'live traffic: snapshot not read again, stream ended');
        end(client);
      });
    }
  }

  const unsubscribeSessions = options.changes.subscribe((table) => {
    if (clients.size > 0 && (table === null || (SESSION_TABLES as readonly string[]).includes(table))) checkSessions();
  });

  const unsubscribe = bus.subscribe({
    positions(positions) {
      if (clients.size > 0) pending.push(...positions);
    },
    violation(violation) {
      if (violation.endedAt) open.delete(violation.id);
      else open.set(violation.id, violation);
      if (clients.size > 0) pendingViolations.set(violation.id, violation);
    },
    shared(shared) {
      if (shared) return resynchronise();
      for (const client of clients) sendStatus(client, false);
    },
    conformance(state) {
      const key = targetKey(state);
      const known = latestConformance.get(key);
      if (!known || Date.parse(known.time) <= Date.parse(state.time)) latestConformance.set(key, state);
      if (clients.size > 0) pendingConformance.set(`${state.source}|${state.ident}`, state);
    },
  });

  return {
    /** Opens the stream: refused rights answer before any byte is sent; then the snapshot, deltas and heartbeats. */
    async connect(user: AuthUser, version: number, box: Box, res: Response) {
      const now = clock.now();
      const read = sharedScope(scopeKey(user, version), now.getTime(), CONNECT_SCOPE_REUSE_MS) ?? readScope(user, version, now);
      const scope = await read.scope;
      const client: Client = {
        user,
        version,
        res,
        box,
        scope,
        scopeReadAt: read.readAt,
        rescoping: false,
        backlog: [],
        view: null,
        since: 0,
      };
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
        if (clients.delete(client)) detach(client);
        if (clients.size === 0) stop();
      });
      await snapshot(client);
      if (clients.has(client) && !bus.stats().shared) sendStatus(client, false);
    },

    /** For the flight conformance check: the state of a flying traffic, to every instance's clients (`conformance` event). */
    publishConformance(state: FlightConformance) {
      bus.publishConformance(state);
    },

    /** For the conformance checker: a violation episode that started, worsened or ended, to every instance's clients. */
    publishViolation(violation: LiveViolation) {
      bus.publishViolation(violation);
    },

    get clientCount() {
      return clients.size;
    },

    close() {
      unsubscribe();
      unsubscribeSessions();
      stop();
      deliveries.length = 0;
      for (const client of clients) client.res.end();
      clients.clear();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
