import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { createApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config/env';
import { createContext, type AppContext } from '../../server/context';
import type { JobDefinition } from '../../server/jobs/jobs';
import type { Clock } from '../../server/lib/clock';
import { createLogger, type Logger } from '../../server/lib/logger';
import { createTestDatabase, type TestDatabase } from './test-database';

/** A clock the test moves by hand, so expiries and schedules are exercised without waiting. */
export class TestClock implements Clock {
  private current: Date;

  constructor(start = new Date('2026-06-15T08:00:00Z')) {
    this.current = new Date(start);
  }

  now() {
    return new Date(this.current);
  }

  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }

  set(date: Date | string) {
    this.current = new Date(date);
  }
}

export interface TestApp {
  app: Express;
  ctx: AppContext;
  db: TestDatabase;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { jobs?: readonly JobDefinition[]; logger?: Logger; database?: TestDatabase } = {},
): Promise<TestApp> {
  // A database the test file shares between its apps (`sharedTestDatabase`) outlives each of them.
  const db = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'aerogate-test-')),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    BCRYPT_ROUNDS: '4',
    SECURITY_RATE_LIMIT_PER_MINUTE: '10000',
    LOGIN_FAILURES_PER_ADDRESS: '10000',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://aerogate.test',
    CHECK_RESPONSES: 'true',
    ...env,
  });
  const clock = new TestClock();
  const ctx = createContext({
    config,
    prisma: db.prisma,
    pool: db.pool,
    changes: db.changes,
    logger: options.logger ?? createLogger(config.logLevel),
    clock,
  });
  const app = createApp(ctx, { jobs: options.jobs });
  return {
    app,
    ctx,
    db,
    clock,
    config,
    async close() {
      await ctx.closers.closeAll();
      await ctx.geometry.close();
      if (!options.database) await db.close();
    },
  };
}
