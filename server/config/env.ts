import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { MAX_FAILED_LOGINS_PER_ADDRESS } from '../../src/shared/domain/limits';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no', ''])
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Aerogate <no-reply@aerogate.local>'),
  SMS_URL: z.url().optional(),
  TERRAIN_DIR: z.string().optional(),
  TERRAIN_RGB_URL: z
    .string()
    .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) URL template with {z}, {x} and {y}')
    .optional(),
  TERRAIN_RGB_ZOOM: z.coerce.number().int().min(0).max(15).default(12),
  AUTHORITY_NOTIFICATION_URL: z.url().optional(),
  AUTHORITY_NOTIFICATION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  AUTHORITY_NOTIFICATION_EMAIL: z.email().optional(),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .default(2 * 60 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(1).default(365),
  DEVICES_EMAIL_DOMAIN: z.string().default('aerogate.demo'),
  PROHIBITED_EMAIL_DOMAINS: z.string().default('yopmail.com,mailinator.com,guerrillamail.com,trashmail.com'),
  MAINTENANCE: booleanFlag.default(false),
  MAINTENANCE_MESSAGE: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SECURITY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(MAX_FAILED_LOGINS_PER_ADDRESS),
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(10),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
    .optional(),
  /** Where Web Push messages are really sent; unset, they are recorded in the outbox only (docs/alerts.md). */
  PUSH_DELIVERY: z.enum(['outbox', 'webpush']).default('outbox'),
  VIOLATION_SILENCE_SECONDS: z.coerce.number().int().min(5).default(120),
  FLIGHT_WARNING_DISTANCE_M: z.coerce.number().min(0).max(10_000).default(30),
  FLIGHT_WARNING_HEIGHT_M: z.coerce.number().min(0).max(1_000).default(10),
  FLIGHT_WARNING_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only')
    .default('aerogate'),
  ADSB_SBS_URL: z
    .string()
    .regex(/^tcp:\/\/[^:/]+:\d{1,5}$/, 'must be tcp://host:port')
    .optional(),
  ADSB_STATION_NAME: z.string().trim().min(1).max(100).optional(),
  ADSB_STATION_LAT: z.coerce.number().min(-90).max(90).optional(),
  ADSB_STATION_LON: z.coerce.number().min(-180).max(180).optional(),
  TRACK_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  TRAFFIC_STALE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  WEATHER_TAF_URL: z
    .url()
    .refine((url) => url.includes('{icao}'), 'must contain {icao}')
    .optional(),
  RAIN_RADAR_URL: z
    .url()
    .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), 'must be a tile URL template with {z}, {x} and {y}')
    .optional(),
  AERIAL_TILES_URL: z
    .url()
    .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), 'must be a tile URL template with {z}, {x} and {y}')
    .optional(),
  GEOMETRY_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  GEOMETRY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  DATABASE_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).default(5),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Outside production: webhook endpoints may be http:// on this host (local receivers, tests, development). */
  WEBHOOKS_ALLOW_LOCAL: booleanFlag.default(false),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  NODE_ENV: z.string().optional(),
  CHECK_RESPONSES: booleanFlag.optional(),
});

/** The limits put on every database connection (docs/security.md "Database faults"). */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for one of the pool's. */
  connectMs: number;
  /** Client side: an answer that does not come (a paused or unreachable server) ends the query. */
  queryMs: number;
  /** Server side: `statement_timeout`. */
  statementMs: number;
  /** Server side: `lock_timeout`. */
  lockMs: number;
  /** Server side: `idle_in_transaction_session_timeout`. */
  idleInTransactionMs: number;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsUrl: string | undefined;
  /** A folder of GeoTIFF elevation tiles (m AMSL) giving each mission's ground; unset: from the operator's figures. */
  terrainDir: string | undefined;
  terrainRgbUrl: string | undefined;
  terrainRgbZoom: number;
  /** Where flights are notified to authorities: an HTTP service, else a mailbox, else the outbox only. */
  authority: { url: string; secret: string } | { email: string } | null;
  publicUrl: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  passwordMaxAgeDays: number;
  devicesEmailDomain: string;
  prohibitedEmailDomains: string[];
  maintenance: boolean;
  maintenanceMessage: string | null;
  logLevel: string;
  securityRateLimitPerMinute: number;
  /** Failed sign-ins from one address within 15 minutes that pause it (docs/security.md, "Lockout"). */
  loginFailuresPerAddress: number;
  bcryptRounds: number;
  /** Web Push (VAPID) identity; `deliver` false keeps push messages in the outbox. */
  push: { publicKey: string; privateKey: string; subject: string; deliver: boolean };
  /** A violation episode ends when its traffic has been silent this long. */
  violationSilenceMs: number;
  /** How close to an edge, the height limit or the slot's end a flight is warned (docs/alerts.md "Flight conformance"). */
  flightWarning: { distanceM: number; heightM: number; timeMs: number };
  /** The traffic bus between instances; none: in-process (docs/live-traffic.md). */
  redis: { url: string; prefix: string } | null;
  /** An SBS-1 (BaseStation) ADS-B feed, with the receiving station when it is described. */
  adsb: { host: string; port: number; station: { name: string; lat: number; lon: number } | null } | null;
  trackRetentionDays: number;
  trafficStaleSeconds: number;
  /** TAF source: a URL template with {icao}; unset: the recorded real TAFs shipped in data-seed/weather. */
  weatherTafUrl: string | undefined;
  /** Raster tile URL template of a rain radar; unset: the layer is offered disabled. */
  rainRadarUrl: string | undefined;
  /** Raster tile URL template of aerial or satellite imagery; unset: the layer is offered disabled. */
  aerialTilesUrl: string | undefined;
  /** Worker threads for costly geometric tests (default: one per spare core, at most 2) and their time limit. */
  geometry: { workers: number | undefined; timeoutMs: number };
  database: DatabaseTimeouts & { retryAfterSeconds: number; poolMax: number };
  /** Every answer parsed with its route's response schema, a breach a 500 (default: when NODE_ENV is test or development). */
  checkResponses: boolean;
  /** `GET /metrics` (docs/operations.md "Metrics"): behind a bearer token, on a port of its own, or off when neither is set. */
  metrics: { token: string | undefined; port: number | undefined };
  /**
   * Webhook deliveries (docs/operations.md "Webhooks and API credentials"): `allowLocal` lets endpoints be http:// on
   * this host; never in production, whatever WEBHOOKS_ALLOW_LOCAL says.
   */
  webhooks: { allowLocal: boolean; timeoutMs: number; maxAttempts: number };
}

export class ConfigError extends Error {}

function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The VAPID key pair from the environment, else generated once and kept under DATA_DIR like the JWT secret. */
function vapidKeys(e: z.infer<typeof envSchema>, dataDir: string): { publicKey: string; privateKey: string } {
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY) {
    if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY)
      throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY };
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

function authorityTransport(e: z.infer<typeof envSchema>): Config['authority'] {
  if (e.AUTHORITY_NOTIFICATION_URL) {
    if (!e.AUTHORITY_NOTIFICATION_SECRET)
      throw new ConfigError(
        'Invalid configuration:\n  AUTHORITY_NOTIFICATION_SECRET: required with AUTHORITY_NOTIFICATION_URL (requests are signed)',
      );
    return { url: e.AUTHORITY_NOTIFICATION_URL, secret: e.AUTHORITY_NOTIFICATION_SECRET };
  }
  return e.AUTHORITY_NOTIFICATION_EMAIL ? { email: e.AUTHORITY_NOTIFICATION_EMAIL } : null;
}

function adsbFeed(e: z.infer<typeof envSchema>): Config['adsb'] {
  const described = [e.ADSB_STATION_NAME, e.ADSB_STATION_LAT, e.ADSB_STATION_LON].filter((v) => v !== undefined).length;
  if (described !== 0 && described !== 3)
    throw new ConfigError('Invalid configuration:\n  ADSB_STATION_NAME, ADSB_STATION_LAT, ADSB_STATION_LON: set the three or none');
  if (!e.ADSB_SBS_URL) return null;
  const url = new URL(e.ADSB_SBS_URL);
  const station = described === 3 ? { name: e.ADSB_STATION_NAME!, lat: e.ADSB_STATION_LAT!, lon: e.ADSB_STATION_LON! } : null;
  return { host: url.hostname, port: Number(url.port), station };
}

/** Reads the environment once at boot; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // Plain English for whoever starts the server; the contracts' i18n keys are for the SPA.
  const parsed = envSchema.safeParse(cleaned, { error: z.locales.en().localeError });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsUrl: e.SMS_URL,
    terrainDir: e.TERRAIN_DIR === undefined ? undefined : path.resolve(e.TERRAIN_DIR),
    terrainRgbUrl: e.TERRAIN_RGB_URL,
    terrainRgbZoom: e.TERRAIN_RGB_ZOOM,
    authority: authorityTransport(e),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    passwordMaxAgeDays: e.PASSWORD_MAX_AGE_DAYS,
    devicesEmailDomain: e.DEVICES_EMAIL_DOMAIN.toLowerCase(),
    prohibitedEmailDomains: e.PROHIBITED_EMAIL_DOMAINS.split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    maintenance: e.MAINTENANCE,
    maintenanceMessage: e.MAINTENANCE_MESSAGE ?? null,
    logLevel: e.LOG_LEVEL,
    securityRateLimitPerMinute: e.SECURITY_RATE_LIMIT_PER_MINUTE,
    loginFailuresPerAddress: e.LOGIN_FAILURES_PER_ADDRESS,
    bcryptRounds: e.BCRYPT_ROUNDS,
    push: {
      ...vapidKeys(e, dataDir),
      subject: e.VAPID_SUBJECT ?? 'mailto:no-reply@aerogate.local',
      deliver: e.PUSH_DELIVERY === 'webpush',
    },
    violationSilenceMs: e.VIOLATION_SILENCE_SECONDS * 1000,
    flightWarning: { distanceM: e.FLIGHT_WARNING_DISTANCE_M, heightM: e.FLIGHT_WARNING_HEIGHT_M, timeMs: e.FLIGHT_WARNING_SECONDS * 1000 },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : null,
    adsb: adsbFeed(e),
    trackRetentionDays: e.TRACK_RETENTION_DAYS,
    trafficStaleSeconds: e.TRAFFIC_STALE_SECONDS,
    weatherTafUrl: e.WEATHER_TAF_URL,
    rainRadarUrl: e.RAIN_RADAR_URL,
    aerialTilesUrl: e.AERIAL_TILES_URL,
    geometry: { workers: e.GEOMETRY_WORKERS, timeoutMs: e.GEOMETRY_TIMEOUT_MS },
    database: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      queryMs: e.DATABASE_QUERY_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      retryAfterSeconds: e.DATABASE_RETRY_AFTER_SECONDS,
      poolMax: e.DATABASE_POOL_MAX,
    },
    checkResponses: e.CHECK_RESPONSES ?? (e.NODE_ENV === 'test' || e.NODE_ENV === 'development'),
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    webhooks: {
      allowLocal: e.WEBHOOKS_ALLOW_LOCAL && e.NODE_ENV !== 'production',
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
    },
  };
}
