import type pg from 'pg';
import type { Config } from './config/env';
import { createAuthorityClient, type AuthorityClient } from './integrations/authority/authority-client';
import { createMailer, type Mailer } from './integrations/mail/mailer';
import { createPushClient, type PushClient } from './integrations/push/push-client';
import { createSmsClient, type SmsClient } from './integrations/sms/sms-client';
import { createTerrainClient, type TerrainClient } from './integrations/terrain/terrain-client';
import { createJobs, type Jobs } from './jobs/jobs';
import { createCallPolicy, type CallPolicy, type Integration } from './lib/call-policy';
import type { Clock } from './lib/clock';
import { createClosers, type Closers } from './lib/closers';
import type { DatabaseClients } from './lib/database';
import { createGeometryPool, type GeometryPool } from './lib/geometry-pool';
import { systemClock } from './lib/clock';
import type { Logger } from './lib/logger';
import { createReadCache, type ReadCache } from './lib/read-cache';
import { createSessionCache, type SessionCache } from './lib/session-cache';
import type { TableChanges } from './lib/table-changes';
import { createMetrics, type Metrics } from './lib/metrics';
import type { PreparedJson } from './lib/prepared-json';
import type { UserPage } from '../src/shared/contracts/users';
import { USER_LIST_TABLES } from './modules/users/users.repository';
import { createOutboxRepository, type OutboxRepository } from './modules/outbox/outbox.repository';
import { createTrafficBus, type TrafficBus } from './modules/traffic/traffic.bus';
import { createShippedContextLayers, type ContextLayers } from './modules/regulation/context-facts';
import { createZonesRepository } from './zones/zones.repository';
import { createZonesService, type ZonesService } from './zones/zones.service';

/** Everything a request handler may depend on; tests build one with their own clock, database and transports. */
export interface AppContext {
  config: Config;
  prisma: DatabaseClients['prisma'];
  /** Prisma's own pool, for prepared statements on hot reads. */
  pool: pg.Pool;
  /** Change notifications of the database (another instance's writes included), for caches to stay exact. */
  changes: TableChanges;
  logger: Logger;
  clock: Clock;
  outbox: OutboxRepository;
  mailer: Mailer;
  sms: SmsClient;
  /** Web Push to the browsers users registered (alerts, messages to operators). */
  push: PushClient;
  /** Flight notifications to authorities (military, prefecture). */
  authority: AuthorityClient;
  /** The geozone store and its in-memory index: one per process, shared by every request. */
  zones: ZonesService;
  /** Worker threads for the geometric tests that would otherwise hold the request thread. */
  geometry: GeometryPool;
  /** The ground elevation of mission areas (TERRAIN_DIR), or none. */
  terrain: TerrainClient;
  /** The shipped context layers (roads, rail, protected areas) the regulation derives facts from. */
  contextLayers: ContextLayers;
  /** Scheduled jobs, defined by the composition root (server/app.ts); started by the server process, run by hand in tests. */
  jobs: Jobs;
  /** Answered pages of the user list, one cache per process, emptied by any change to what the list shows. */
  userListCache: ReadCache<PreparedJson<UserPage>>;
  /** Stored positions and violation episodes between instances: Redis with REDIS_URL, else in-process. */
  trafficBus: TrafficBus;
  /** What this process stops at shutdown (bus connections, receivers, live streams); the server and tests run it. */
  closers: Closers;
  /** The token version each account accepts, one cache per process, emptied by any change of a version or status. */
  sessionCache: SessionCache;
  /** The Prometheus series of this process; does nothing when metrics are off (no METRICS_TOKEN nor METRICS_PORT). */
  metrics: Metrics;
  /** Retry, time-out and circuit breaker of each outside integration, one per process (server/lib/call-policy.ts). */
  callPolicies: Record<Integration, CallPolicy>;
}

export function createContext(options: {
  config: Config;
  prisma: AppContext['prisma'];
  pool: pg.Pool;
  changes: TableChanges;
  logger: Logger;
  clock?: Clock;
}): AppContext {
  const metrics = createMetrics({ enabled: options.config.metrics.token !== undefined || options.config.metrics.port !== undefined });
  metrics.watchPool(options.pool);
  const outbox = countedOutbox(createOutboxRepository(options.prisma, options.pool), metrics);
  const clock = options.clock ?? systemClock;
  const closers = createClosers();
  const trafficBus = createTrafficBus(options.config.redis, options.logger);
  metrics.watchBus(() => trafficBus.stats());
  closers.add(() => trafficBus.close());
  const geometry = createGeometryPool({ size: options.config.geometry.workers, timeoutMs: options.config.geometry.timeoutMs });
  const policy = (integration: Integration) => {
    const created = createCallPolicy(integration, {
      logger: options.logger,
      onCall: (outcome) => metrics.externalCall(integration, outcome),
    });
    metrics.watchBreaker(created);
    return created;
  };
  const callPolicies: Record<Integration, CallPolicy> = {
    authority: policy('authority'),
    sms: policy('sms'),
    push: policy('push'),
    taf: policy('taf'),
    terrain: policy('terrain'),
  };
  const mailer = createMailer({ smtpUrl: options.config.smtpUrl, from: options.config.mailFrom, outbox, logger: options.logger });
  closers.add(() => mailer.close());
  return {
    ...options,
    clock,
    outbox,
    mailer,
    authority: createAuthorityClient({
      config: options.config.authority,
      mailer,
      outbox,
      logger: options.logger,
      policy: callPolicies.authority,
    }),
    sms: createSmsClient({ url: options.config.smsUrl, outbox, logger: options.logger, policy: callPolicies.sms }),
    push: createPushClient({
      vapid: options.config.push,
      deliver: options.config.push.deliver,
      outbox,
      logger: options.logger,
      policy: callPolicies.push,
    }),
    zones: createZonesService({ repository: createZonesRepository(options.prisma), clock, logger: options.logger, geometry }),
    geometry,
    terrain: createTerrainClient({
      directory: options.config.terrainDir,
      rgbUrl: options.config.terrainRgbUrl,
      rgbZoom: options.config.terrainRgbZoom,
      logger: options.logger,
      policy: callPolicies.terrain,
    }),
    contextLayers: createShippedContextLayers(),
    jobs: createJobs({ pool: options.pool, clock, logger: options.logger, metrics }),
    userListCache: createReadCache(options.changes, { tables: USER_LIST_TABLES, maxEntries: 1000 }),
    trafficBus,
    closers,
    sessionCache: createSessionCache(options.changes),
    metrics,
    callPolicies,
  };
}

/**
 * Every e-mail's outcome is kept in the outbox as sent or failed: the place it is counted (SMS, push and the authority
 * are counted by their call policy). A message only recorded (no service configured) is no call.
 */
function countedOutbox(outbox: OutboxRepository, metrics: Metrics): OutboxRepository {
  if (!metrics.enabled) return outbox;
  const count = (entries: readonly { status: string }[]) => {
    for (const { status } of entries)
      if (status === 'sent' || status === 'failed') metrics.externalCall('email', status === 'sent' ? 'success' : 'failure');
  };
  return {
    ...outbox,
    async record(...entries) {
      const ids = await outbox.record(...entries);
      count(entries.filter((entry) => entry.channel === 'email'));
      return ids;
    },
    // Only e-mails are queued, then settled.
    async settle(...outcomes) {
      await outbox.settle(...outcomes);
      count(outcomes);
    },
  };
}
