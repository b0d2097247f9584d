import { createHash, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import express, { type Request, type RequestHandler, type Router } from 'express';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { BreakerState, CallPolicy } from './call-policy';

export type CallOutcome = 'success' | 'failure';

/** What the bus tells of its messages since the start (server/modules/traffic/traffic.bus.ts). */
export interface BusCounts {
  published: number;
  received: number;
  dropped: number;
  rejected: number;
  local: number;
}

/**
 * The process's Prometheus series (docs/operations.md "Metrics"). Disabled (neither METRICS_TOKEN nor METRICS_PORT),
 * every method does nothing and no middleware is mounted: metrics cost nothing when nobody reads them.
 */
export interface Metrics {
  readonly enabled: boolean;
  /** Times each HTTP request by method, route template and status; null when disabled. */
  readonly httpTimer: RequestHandler | null;
  /** The text exposition of every series. */
  render(): Promise<{ contentType: string; body: string }>;
  positionsIngested(count: number): void;
  episodesOpened(count: number): void;
  jobRun(job: string, outcome: CallOutcome): void;
  /** A call to an outside service (mail, SMS, push, authority, TAF, terrain, webhook) and how it ended. */
  externalCall(integration: string, outcome: CallOutcome | 'circuit_open'): void;
  /** Exposes the state of an integration's circuit breaker. */
  watchBreaker(policy: Pick<CallPolicy, 'integration' | 'state'>): void;
  /** The pool's connections in use, idle and waited for, and how long a connection was waited for. */
  watchPool(pool: pg.Pool): void;
  watchBus(counts: () => BusCounts): void;
  watchLiveClients(count: () => number): void;
}

const disabled: Metrics = {
  enabled: false,
  httpTimer: null,
  render: async () => ({ contentType: 'text/plain', body: '' }),
  positionsIngested: () => undefined,
  episodesOpened: () => undefined,
  jobRun: () => undefined,
  externalCall: () => undefined,
  watchPool: () => undefined,
  watchBreaker: () => undefined,
  watchBus: () => undefined,
  watchLiveClients: () => undefined,
};

/** The route template of a request (`/api/missions/:id`), never its concrete path: the series stay few. */
function routeOf(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return req.baseUrl + path;
  return req.originalUrl.startsWith('/api/') ? 'unmatched' : 'static';
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/** Wraps `pool.connect` (Prisma's adapter and `pool.query` both take their connections there) to time the wait. */
function timeConnections(pool: pg.Pool, observe: (seconds: number) => void) {
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: ConnectCallback) => {
    const started = performance.now();
    const waited = () => observe((performance.now() - started) / 1000);
    if (callback) {
      return connect((error, client, done) => {
        waited();
        callback(error, client, done);
      });
    }
    return connect()!.then(
      (client) => {
        waited();
        return client;
      },
      (error: unknown) => {
        waited();
        throw error;
      },
    );
  }) as typeof pool.connect;
}

export function createMetrics(options: { enabled: boolean }): Metrics {
  if (!options.enabled) return disabled;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const http = new Histogram({
    name: 'aerogate_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const positions = new Counter({
    name: 'aerogate_positions_ingested_total',
    help: 'Positions stored by this instance (rate: positions per second)',
    registers: [registry],
  });
  const episodes = new Counter({
    name: 'aerogate_conformance_episodes_opened_total',
    help: 'Violation episodes opened by the conformance checker',
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'aerogate_job_runs_total',
    help: 'Runs of the scheduled jobs by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const external = new Counter({
    name: 'aerogate_external_calls_total',
    help: 'Calls to outside services by integration and outcome',
    labelNames: ['integration', 'outcome'] as const,
    registers: [registry],
  });
  const poolWait = new Histogram({
    name: 'aerogate_db_pool_wait_seconds',
    help: 'Time waited for a connection of the database pool',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 3],
    registers: [registry],
  });
  let pools: pg.Pool[] = [];
  new Gauge({
    name: 'aerogate_db_pool_connections',
    help: 'Connections of the database pool by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const total = pools.reduce((sum, pool) => sum + pool.totalCount, 0);
      const idle = pools.reduce((sum, pool) => sum + pool.idleCount, 0);
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'aerogate_db_pool_waiting',
    help: 'Queries waiting for a connection of the database pool',
    registers: [registry],
    collect() {
      this.set(pools.reduce((sum, pool) => sum + pool.waitingCount, 0));
    },
  });
  let breakers: Pick<CallPolicy, 'integration' | 'state'>[] = [];
  const breakerStates: BreakerState[] = ['closed', 'open', 'half-open'];
  new Gauge({
    name: 'aerogate_circuit_breaker_state',
    help: 'The circuit breaker of each outside integration: 1 for its current state (closed, open, half-open), 0 for the others',
    labelNames: ['integration', 'state'] as const,
    registers: [registry],
    collect() {
      for (const breaker of breakers) {
        const current = breaker.state();
        for (const state of breakerStates) this.set({ integration: breaker.integration, state }, state === current ? 1 : 0);
      }
    },
  });
  let liveClients: () => number = () => 0;
  new Gauge({
    name: 'aerogate_live_stream_clients',
    help: 'Clients of the live-traffic stream on this instance',
    registers: [registry],
    collect() {
      this.set(liveClients());
    },
  });
  // The bus counts since its start; the counter is moved by the difference at each scrape.
  let busCounts: (() => BusCounts) | null = null;
  const seen: BusCounts = { published: 0, received: 0, dropped: 0, rejected: 0, local: 0 };
  new Counter({
    name: 'aerogate_bus_messages_total',
    help: 'Messages of the traffic bus: published, received, dropped (queue full), rejected (not a bus message), local (Redis away)',
    labelNames: ['event'] as const,
    registers: [registry],
    collect() {
      if (!busCounts) return;
      const now = busCounts();
      for (const event of Object.keys(seen) as (keyof BusCounts)[]) {
        if (now[event] > seen[event]) this.inc({ event }, now[event] - seen[event]);
        seen[event] = now[event];
      }
    },
  });

  return {
    enabled: true,
    httpTimer: (req, res, next) => {
      const started = performance.now();
      res.once('finish', () => {
        http.observe({ method: req.method, route: routeOf(req), status: String(res.statusCode) }, (performance.now() - started) / 1000);
      });
      next();
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    positionsIngested: (count) => positions.inc(count),
    episodesOpened: (count) => episodes.inc(count),
    jobRun: (job, outcome) => jobs.inc({ job, outcome }),
    externalCall: (integration, outcome) => external.inc({ integration, outcome }),
    watchPool(pool) {
      pools = [...pools, pool];
      timeConnections(pool, (seconds) => poolWait.observe(seconds));
    },
    watchBreaker(policy) {
      breakers = [...breakers, policy];
    },
    watchBus(counts) {
      busCounts = counts;
    },
    watchLiveClients(count) {
      liveClients = count;
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics`: with a token, only for `Authorization: Bearer <token>` (compared in constant time); without one,
 * open, for the separate port (METRICS_PORT) that only the monitoring network reaches.
 */
export function metricsRouter(metrics: Metrics, token: string | undefined): Router {
  const router = express.Router();
  const expected = token === undefined ? null : digest(`Bearer ${token}`);
  router.get('/metrics', async (req, res, next) => {
    if (expected && !timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      res.status(401).json({ code: 'UNAUTHENTICATED', message: 'Authentication required' });
      return;
    }
    try {
      const { contentType, body } = await metrics.render();
      res.setHeader('Content-Type', contentType);
      res.send(body);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
