import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import type { DatabaseTimeouts } from '../config/env';
import { MIGRATIONS_DIR, migrationNames } from './migrations';
import { utcTimestampTypes } from './prepared';
import { createTableChanges, type TableChanges } from './table-changes';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface EmbeddedPostgres {
  url: string;
  pglite: PGlite;
  /** Clients connected to its socket now: 0 or 1. */
  connections(): number;
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * PGlite (PostgreSQL in WASM) served on a loopback port, so the app and `prisma migrate` reach it
 * through the same pg driver as a real server. PGlite is a single session: one socket connection.
 */
export async function startEmbeddedPostgres(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<EmbeddedPostgres> {
  const pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const served = await servePGlite(pglite);
  return {
    url: served.url,
    pglite,
    connections: served.connections,
    async close() {
      await served.stop();
      await pglite.close();
    },
  };
}

/** An open PGlite served on a loopback port until `stop`, which leaves the PGlite itself open. */
export async function servePGlite(pglite: PGlite): Promise<{ url: string; connections(): number; stop(): Promise<void> }> {
  const port = await freePort();
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port, maxConnections: 1 });
  await server.start();
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    connections: () => server.getStats().activeConnections,
    stop: () => server.stop(),
  };
}

async function appliedMigrations(client: pg.Client | pg.Pool): Promise<Set<string>> {
  const table = await client.query<{ exists: boolean }>("SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists");
  if (!table.rows[0]?.exists) return new Set();
  const rows = await client.query<{ migration_name: string }>(
    'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
  );
  return new Set(rows.rows.map((r) => r.migration_name));
}

/** The migrations of this code that the database has not applied (readiness: none once `migrateDatabase` ran). */
export async function pendingMigrations(pool: pg.Pool): Promise<string[]> {
  const applied = await appliedMigrations(pool);
  return migrationNames().filter((name) => !applied.has(name));
}

/**
 * Applies pending migrations with Prisma Migrate; skips the CLI when none are pending. An embedded database is given
 * whole: its socket takes one client, so the CLI's connection must be gone before the next client comes.
 */
export async function migrateDatabase(database: string | EmbeddedPostgres): Promise<{ applied: string[] }> {
  const url = typeof database === 'string' ? database : database.url;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let applied: Set<string>;
  try {
    applied = await appliedMigrations(client);
  } finally {
    await client.end();
  }
  const pending = migrationNames().filter((name) => !applied.has(name));
  if (pending.length === 0) return { applied: [] };
  try {
    await deployMigrations(url);
  } finally {
    if (typeof database !== 'string') await disconnected(database);
  }
  return { applied: pending };
}

/** Until the embedded database's socket has no client left: the stopped CLI's is closed a few ticks after its exit. */
async function disconnected(database: EmbeddedPostgres) {
  for (let waited = 0; database.connections() > 0; waited += 10) {
    if (waited > 5_000) throw new Error('the migration left a connection open to the embedded database');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** What `prisma migrate deploy` prints once every migration is applied and recorded. */
const DEPLOYED = /All migrations have been successfully applied\.|No pending migrations to apply\./;

/**
 * `prisma migrate deploy`, done once it says so. Its schema engine (WASM, through the driver adapter) arms a timer for
 * the 10 s limit of its advisory lock and never clears it, so the CLI exits 10 s after its work: it is stopped as soon
 * as it reports every migration applied (docs/performance.md, "Test suite time"). Should that line ever change, the
 * CLI's own exit still ends the wait. Asynchronous on purpose: for the embedded database this same process serves the
 * socket.
 */
function deployMigrations(url: string): Promise<void> {
  const cli = path.join(ROOT, 'node_modules', 'prisma', 'build', 'index.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'migrate', 'deploy'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let deployed = false;
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-64_000);
      if (deployed || !DEPLOYED.test(output)) return;
      deployed = true;
      child.kill();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('close', (code) => {
      if (deployed || code === 0) resolve();
      else reject(new Error(`prisma migrate deploy ended with ${code ?? 'a signal'}:\n${output}`));
    });
  });
}

/** A fingerprint of the migration history, used to reuse a prepared test database template. */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const name of migrationNames()) hash.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name, 'migration.sql')));
  return hash.digest('hex').slice(0, 16);
}

/** A round trip through Prisma's pool: the health answer when no server URL is probed on its own connection. */
export function pingDatabase(prisma: PrismaClient): Promise<unknown> {
  return prisma.$queryRaw`SELECT 1`;
}

export interface DatabaseClients {
  prisma: PrismaClient;
  /** The same pool Prisma uses, for the few hot reads written as prepared SQL statements. */
  pool: pg.Pool;
  /** Change notifications of the database, heard on the pool's connections. */
  changes: TableChanges;
  close(): Promise<void>;
}

/** What docs/security.md "Database faults" describes; the defaults of DATABASE_*_TIMEOUT_MS in server/config/env.ts. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 3_000,
  queryMs: 20_000,
  statementMs: 15_000,
  lockMs: 5_000,
  idleInTransactionMs: 30_000,
};

/**
 * Every limit of `timeouts` on a PostgreSQL server's connections, so that a stopped, paused or locked database ends a
 * request in seconds instead of holding it. The embedded PGlite lives in this process and cannot be unreachable on
 * its own: it gets none, so that a long seed or import on its single connection is never cut short.
 */
function poolTimeouts(embedded: boolean, timeouts: DatabaseTimeouts): pg.PoolConfig {
  if (embedded) return {};
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  };
}

/** One connection pool shared by Prisma and the prepared statements; PGlite serves a single connection. */
export function connectDatabase(
  url: string,
  options: { embedded: boolean; onIdleError?: (error: Error) => void; timeouts?: DatabaseTimeouts; poolMax?: number },
): DatabaseClients {
  const changes = createTableChanges();
  const pool = new pg.Pool({
    connectionString: url,
    max: options.embedded ? 1 : (options.poolMax ?? 10),
    types: utcTimestampTypes,
    ...poolTimeouts(options.embedded, options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS),
    // PGlite is one session behind every socket connection: a new connection inherits the statements an earlier
    // one prepared, which the new client does not know and would prepare again ("already exists").
    onConnect: async (client) => {
      if (options.embedded) await client.query('DEALLOCATE ALL');
      await changes.attach(client);
    },
  });
  // A server restart or an administrator's termination closes idle connections; the pool drops them and opens
  // new ones on demand. Without a listener, Node would treat the 'error' event as fatal and stop the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    pool,
    changes,
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
