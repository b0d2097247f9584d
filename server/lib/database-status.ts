import type { RequestHandler } from 'express';
import pg from 'pg';
import { AppError } from './app-error';

export interface DatabaseStatusOptions {
  /** The server to probe; none for the embedded database, which lives and dies with this process. */
  url: string | undefined;
  /** How long clients are told to wait (`Retry-After`), and how long the API answers 503 at once after a failure. */
  retryAfterSeconds: number;
  /** A probe that has not connected and answered by then counts as a failure. */
  probeTimeoutMs: number;
  /** How often requests start a probe in the background, at most. */
  probeIntervalMs?: number;
}

export interface DatabaseStatus {
  readonly retryAfterSeconds: number;
  /** A connection failed: the next requests answer 503 at once until the database answers again, and those in flight now. */
  failed(): void;
  /** A query failed or waited too long (a busy pool, a timeout): a probe, not this request, tells whether the database is down. */
  suspect(): void;
  /** Answers 503 DATABASE_UNAVAILABLE at once while the database is known to be down; probes in the background. */
  gate: RequestHandler;
  /** First of the API's handlers: a request still waiting for the database when it is found down answers 503 then. */
  watch: RequestHandler;
  /** Health: resolves when the database answers, throws 503 DATABASE_UNAVAILABLE at once or within the probe timeout. */
  check(): Promise<void>;
  /** Closes the probe's kept connection (at shutdown). */
  close(): Promise<void>;
}

const unavailable = () => new AppError('DATABASE_UNAVAILABLE', 'The database does not answer: try again shortly');

/**
 * What the API knows of the database's reachability. A probe is its own short-lived connection, outside the pool, so
 * that a pool busy with slow queries is not mistaken for a stopped server, and a paused server (connections open,
 * nothing answered) is noticed within `probeTimeoutMs` instead of the pool's query timeout.
 */
export function createDatabaseStatus(options: DatabaseStatusOptions, fallbackCheck: () => Promise<unknown>): DatabaseStatus {
  const probeIntervalMs = options.probeIntervalMs ?? 2_000;
  let downUntil = 0;
  let lastProbe = 0;
  let probing: Promise<boolean> | undefined;

  /** How each request in flight is answered 503 at once when the database is found down (headers not yet sent). */
  const inFlight = new Set<() => void>();

  const isDown = () => performance.now() < downUntil;
  const failed = () => {
    downUntil = performance.now() + options.retryAfterSeconds * 1000;
    for (const answer of inFlight) answer();
    inFlight.clear();
  };

  /**
   * The connection of the last probe that answered, kept for the next one: a probe is then one `SELECT 1` instead of
   * a new connection (a server process started, authenticated, ended), which on a busy machine cost health polled every
   * 100 ms up to a second (docs/performance.md "Track imports against the rest of the API"). Closed after `keptIdleMs` without a probe.
   */
  let kept: pg.Client | undefined;
  let keptIdle: NodeJS.Timeout | undefined;
  const keptIdleMs = Math.max(10_000, probeIntervalMs * 5);
  const close = (client: pg.Client) => void client.end().catch(() => undefined);
  const keep = (client: pg.Client) => {
    kept = client;
    clearTimeout(keptIdle);
    keptIdle = setTimeout(() => {
      if (kept === client) kept = undefined;
      close(client);
    }, keptIdleMs).unref();
  };

  /**
   * `SELECT 1` on the kept connection, else on a new one: 'up', 'refused' (a failure before the timeout: the server
   * said no, or is not there), 'silent', or 'closed' when the kept connection had been closed (a restart, an
   * administrator's termination) and says nothing of the server now.
   */
  async function probeOnce(url: string): Promise<'up' | 'refused' | 'silent' | 'closed'> {
    const reused = kept;
    kept = undefined;
    const client =
      reused ??
      new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: options.probeTimeoutMs,
        query_timeout: options.probeTimeoutMs,
      });
    // A server that goes away while the probe waits emits 'error' on the client; the failed query already says so.
    if (!reused) client.on('error', () => undefined);
    const started = performance.now();
    try {
      if (!reused) await client.connect();
      await client.query('SELECT 1');
      keep(client);
      return 'up';
    } catch {
      close(client);
      if (performance.now() - started >= options.probeTimeoutMs * 0.9) return 'silent';
      return reused ? 'closed' : 'refused';
    }
  }

  /**
   * A refusal is an outage at once. Silence is asked again once before it counts: on a saturated machine a probe can
   * miss its second while the database is well (a false outage answered 503 to every request in flight), whereas a
   * paused server stays silent to both. A closed kept connection is asked again on a new one.
   */
  async function reachable(url: string): Promise<boolean> {
    let first = await probeOnce(url);
    if (first === 'closed') first = await probeOnce(url);
    if (first !== 'silent') return first === 'up';
    return (await probeOnce(url)) === 'up';
  }

  function probe(): Promise<boolean> {
    if (!options.url) return Promise.resolve(true);
    if (!probing) {
      lastProbe = performance.now();
      probing = reachable(options.url)
        .then((up) => {
          if (up) downUntil = 0;
          else failed();
          return up;
        })
        .finally(() => {
          probing = undefined;
        });
    }
    return probing;
  }

  return {
    retryAfterSeconds: options.retryAfterSeconds,
    failed,
    suspect: () => void probe(),
    watch: (_req, res, next) => {
      if (!options.url) return next();
      // A request still waiting after a probe interval has the database probed: a paused server is found within
      // the probe's timeout, and every request then waiting is answered 503 instead of waiting for the query timeout.
      const slow = setTimeout(() => void probe(), probeIntervalMs);
      const answer = () => {
        if (res.headersSent) return;
        res.setHeader('Retry-After', String(options.retryAfterSeconds));
        res.status(503).json({ code: 'DATABASE_UNAVAILABLE', message: unavailable().message });
      };
      inFlight.add(answer);
      res.once('close', () => {
        clearTimeout(slow);
        inFlight.delete(answer);
      });
      next();
    },
    gate: (_req, _res, next) => {
      if (options.url && performance.now() - lastProbe >= probeIntervalMs) void probe();
      next(isDown() ? unavailable() : undefined);
    },
    async check() {
      if (isDown()) {
        void probe();
        throw unavailable();
      }
      if (options.url) {
        if (!(await probe())) throw unavailable();
        return;
      }
      try {
        await fallbackCheck();
      } catch {
        throw unavailable();
      }
    },
    async close() {
      clearTimeout(keptIdle);
      const client = kept;
      kept = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
