import path from 'node:path';
import { performance } from 'node:perf_hooks';
import express from 'express';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { createContext } from './context';
import { openDatabaseSession } from './lib/database-session';
import { keepIdleConnections } from './lib/keep-alive';
import { createLogger } from './lib/logger';
import { metricsRouter } from './lib/metrics';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isSeeded, seedDatabase } from '../prisma/seed';
import { seedDroneModelCatalogue } from '../prisma/seed-drone-models';
import { hasGeozones, seedGeozones } from '../prisma/seed-geozones';

/**
 * Opens the database, seeds the embedded demo, serves the API and the SPA, and stops on SIGINT/SIGTERM (`onStop` last,
 * before the exit). Started by server/index.ts.
 */
export async function main(options: { onStop?: () => Promise<void> } = {}) {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabaseSession(config, logger);
  if (database.appliedMigrations.length > 0) logger.info({ migrations: database.appliedMigrations }, 'migrations applied');
  // Demo accounts are created on an empty embedded database only; a real deployment seeds with `npm run db:seed`.
  if (database.embedded && !(await isSeeded(database.prisma))) {
    await seedDatabase(database.prisma, { dataDir: config.dataDir });
    logger.info({ accounts: Object.values(DEMO_ACCOUNTS), demoPassword: DEMO_PASSWORD }, 'demo accounts created');
  }
  // The shipped geozone files (FR, LU, CHE and samples) too, checked apart so that an existing demo database gets them.
  if (database.embedded && !(await hasGeozones(database.prisma))) {
    const started = performance.now();
    const datasets = await seedGeozones(database.prisma);
    logger.info({ datasets, ms: Math.round(performance.now() - started) }, 'geozones seeded');
  }
  // The shared drone-model catalogue's common models, on every database (docs/registry.md): only those it never held.
  const droneModels = await seedDroneModelCatalogue(database.prisma);
  if (droneModels > 0) logger.info({ droneModels }, 'drone-model catalogue seeded');
  const ctx = createContext({ config, prisma: database.prisma, pool: database.pool, changes: database.changes, logger });
  await ctx.zones.load();
  const app = createApp(ctx, { spaDir: path.resolve(import.meta.dirname, '..', 'dist') });
  await ctx.jobs.start();
  const server = app.listen(config.port, config.host, () => {
    logger.info(
      `Aerogate listening on ${config.publicUrl} (${database.embedded ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
    );
  });
  keepIdleConnections(server);
  // METRICS_PORT: `GET /metrics` on a port of its own, for the monitoring network only (docs/operations.md "Metrics").
  const metricsPort = config.metrics.port;
  const metricsServer =
    metricsPort === undefined
      ? null
      : express()
          .use(metricsRouter(ctx.metrics, config.metrics.token))
          .listen(metricsPort, config.host, () => logger.info(`metrics on port ${metricsPort}`));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
    server.close();
    server.closeIdleConnections();
    metricsServer?.close();
    // Live-map streams never end by themselves: closing them (and the receivers, the bus) lets the server close.
    await ctx.closers.closeAll();
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    await closed;
    await ctx.jobs.stop();
    await ctx.geometry.close();
    await database.close();
    await options.onStop?.();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

export function exitOnStartFailure(error: unknown) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
