import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(10),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsUrl: string | undefined;
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
  bcryptRounds: number;
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
    bcryptRounds: e.BCRYPT_ROUNDS,
  };
}
