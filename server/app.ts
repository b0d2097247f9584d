import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { buildAccounts } from './composition/accounts';
import { buildBackOffice } from './composition/back-office';
import { buildMissions } from './composition/missions';
import { buildOperatorRegistry } from './composition/operator-registry';
import { buildPostFlight } from './composition/post-flight';
import { buildRecords } from './composition/records';
import { buildRequests } from './composition/requests';
import { buildTraffic } from './composition/traffic';
import type { AppContext } from './context';
import { platformJobs } from './jobs/definitions';
import type { JobDefinition } from './jobs/jobs';
import { pendingMigrations, pingDatabase } from './lib/database';
import { bySegment, underPrefix } from './lib/api-router';
import { createDatabaseStatus } from './lib/database-status';
import { metricsRouter } from './lib/metrics';
import { precompressedAssets } from './lib/precompressed';
import { COMPRESS_FROM_BYTES, COMPRESSION_LEVEL } from './lib/prepared-json';
import { authenticate } from './middleware/authenticate';
import { apiNotFound, errorHandler } from './middleware/error-handler';
import { maintenance } from './middleware/maintenance';
import { requestLog } from './middleware/request-log';
import { API_REFERENCE_PATH, apiReferenceRouter } from './modules/system/api-reference';
import { createReadiness } from './modules/system/readiness';
import { systemRouter } from './modules/system/system.router';
import { createRegistry, openApiDocument } from './openapi';

export interface AppOptions {
  /** Folder of the built SPA, served with a history fallback. */
  spaDir?: string;
  /** Scheduled jobs in place of the platform's (tests of the job queue itself). */
  jobs?: readonly JobDefinition[];
}

/**
 * The composition root: builds each area's repositories, services and routers (server/composition/), defines the
 * scheduled jobs from what the areas built, and mounts the API behind its middleware (docs/architecture.md).
 */
export function createApp(ctx: AppContext, options: AppOptions = {}): Express {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  if (ctx.metrics.httpTimer) app.use(ctx.metrics.httpTimer);
  app.use(compressLarge(), securityHeaders());
  // On the API's port only behind its token; with METRICS_PORT, on that port instead (server/index.ts).
  if (ctx.config.metrics.token && ctx.config.metrics.port === undefined) app.use(metricsRouter(ctx.metrics, ctx.config.metrics.token));
  app.use(requestLog(ctx.logger));

  const registry = createRegistry({ checkResponses: ctx.config.checkResponses });
  const records = buildRecords(ctx);
  const accounts = buildAccounts(ctx, registry, records);
  const backOffice = buildBackOffice(ctx, registry, records, accounts.accountAdministration);
  const operatorRegistry = buildOperatorRegistry(ctx, registry, records, accounts.signUp);
  const requests = buildRequests(ctx, registry, records);
  const missions = buildMissions(ctx, registry, records, requests.queries);
  const postFlight = buildPostFlight(ctx, registry, records);
  const traffic = buildTraffic(ctx, registry, records);
  ctx.jobs.define(
    options.jobs ??
      platformJobs({
        agreements: accounts.agreements,
        notificationSender: missions.notificationSender,
        autoRejectRequests: requests.autoRejectDue,
        activations: requests.activations,
        tracks: traffic.tracks,
        trackRetentionDays: ctx.config.trackRetentionDays,
        webhooks: records.webhooks,
        temporaryRestrictions: missions.temporaryRestrictions,
        clock: ctx.clock,
        logger: ctx.logger,
      }),
  );

  const database = createDatabaseStatus(
    {
      url: ctx.config.databaseUrl,
      retryAfterSeconds: ctx.config.database.retryAfterSeconds,
      // Health answers within a second, whatever the pool's own limits.
      probeTimeoutMs: Math.min(1_000, ctx.config.database.connectMs),
    },
    () => pingDatabase(ctx.prisma),
  );
  ctx.closers.add(() => database.close());
  const api = express.Router();
  api.use(database.watch);
  api.use(
    authenticate({
      secret: ctx.config.jwtSecret,
      clock: ctx.clock,
      sessions: ctx.sessionCache,
      pool: ctx.pool,
      credentials: accounts.credentials.authenticate,
    }),
  );
  // A layer every request would pass for nothing while the platform is open.
  if (ctx.config.maintenance) api.use(maintenance());
  const ready = createReadiness({
    database,
    pendingMigrations: () => pendingMigrations(ctx.pool),
    busConnected: ctx.config.redis ? () => ctx.trafficBus.stats().shared : null,
  });
  // Health and status answer while the database is away, so before its gate; by segment, as the areas are.
  api.use(bySegment([systemRouter(registry, database, ctx.config, ready, traffic.adsbStatus)]));
  api.use(database.gate);
  api.use(bySegment([accounts, backOffice, operatorRegistry, missions, requests, postFlight, traffic].flatMap((area) => area.routers)));
  const document = openApiDocument(registry);
  api.get('/api/openapi.json', (_req, res) => {
    res.json(document);
  });
  api.use('/api', apiNotFound);
  app.use(underPrefix(API_REFERENCE_PATH, apiReferenceRouter()));
  app.use(api);

  if (options.spaDir && existsSync(path.join(options.spaDir, 'index.html'))) app.use(spa(options.spaDir));
  app.use(errorHandler(ctx.logger, database));
  return app;
}

function securityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'worker-src': ["'self'", 'blob:'],
        // The attachment reader shows a PDF fetched with the session's token in a frame, from a blob: URL.
        'frame-src': ["'self'", 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'connect-src': ["'self'", 'https:'],
      },
    },
  });
}

/**
 * Compression for the clients that accept it, of answers of at least 1 kB: a request without `Accept-Encoding` does
 * not pay for wrapping the response. The built assets are compressed once at build time (server/lib/precompressed.ts)
 * and a route's JSON answer up to 256 kB is gzipped by ApiRouter itself (server/lib/prepared-json.ts), so what passes
 * here is longer JSON, other answers and brotli-only clients, at zlib's fastest level: half the CPU of its default
 * level for a few per cent more bytes (docs/performance.md, "The middleware stack").
 */
function compressLarge(): RequestHandler {
  const compress = compression({ level: COMPRESSION_LEVEL, threshold: COMPRESS_FROM_BYTES });
  return (req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next());
}

/** The built SPA: hashed assets (precompressed), other files, and index.html for every other path outside /api. */
function spa(spaDir: string) {
  const router = express.Router();
  router.use('/assets', precompressedAssets(path.join(spaDir, 'assets'), { maxAge: '1h' }));
  router.use(express.static(spaDir, { index: false, maxAge: '1h' }));
  // The offline basemap's vector tiles (docs/map.md "Basemap"): one the build did not write has nothing to draw.
  router.get(/^\/basemap\/tiles\//, (_req, res) => {
    res.status(204).end();
  });
  router.get(/^(?!\/api\/).*/, (_req, res) => {
    res.sendFile(path.join(spaDir, 'index.html'));
  });
  return router;
}
