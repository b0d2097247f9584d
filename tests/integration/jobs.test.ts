import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobs, type JobDefinition, type Jobs } from '../../server/jobs/jobs';
import { createLogger } from '../../server/lib/logger';
import { createTestApp, type TestApp } from '../setup/test-app';

describe('scheduled jobs on the persistent queue', () => {
  let t: TestApp | undefined;

  let slow: Jobs | undefined;

  afterEach(async () => {
    await slow?.stop();
    slow = undefined;
    await t?.ctx.jobs.stop();
    await t?.close();
    t = undefined;
  });

  function probe(runs: Date[]): JobDefinition {
    return {
      name: 'probe',
      cron: '0 3 * * *',
      run: async (ctx) => {
        runs.push(ctx.clock.now());
      },
    };
  }

  it('stores one UTC schedule per job in the application database, so schedules survive restarts', async () => {
    t = await createTestApp({}, { jobs: [probe([])] });

    await t.ctx.jobs.start();

    const { rows } = await t.db.pool.query<{ name: string; cron: string; timezone: string }>(
      'SELECT name, cron, timezone FROM pgboss.schedule',
    );
    expect(rows).toEqual([{ name: 'probe', cron: '0 3 * * *', timezone: 'UTC' }]);
  });

  it('runs a queued job through a worker, with the context clock', async () => {
    const runs: Date[] = [];
    t = await createTestApp({}, { jobs: [probe(runs)] });
    await t.ctx.jobs.start();

    await t.ctx.jobs.trigger('probe');

    await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 15_000, interval: 100 });
    expect(runs[0]).toEqual(t.clock.now());
  });

  it('wakes its worker for a run queued here instead of leaving it to the next poll', async () => {
    const runs: Date[] = [];
    t = await createTestApp();
    // A poll a minute: a second run coming within 30 s came from the wake-up, not from the poll.
    slow = createJobs({ pool: t.db.pool, clock: t.clock, logger: createLogger('silent'), pollingSeconds: 60 });
    slow.define([probe(runs)]);
    await slow.start();

    await slow.trigger('probe');
    await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 30_000, interval: 100 });
    await slow.trigger('probe');
    await vi.waitFor(() => expect(runs).toHaveLength(2), { timeout: 30_000, interval: 100 });
    slow.nudge('probe');
    await vi.waitFor(() => expect(runs).toHaveLength(3), { timeout: 30_000, interval: 100 });
  });

  it('runs a sweep by hand without the queue', async () => {
    const runs: Date[] = [];
    t = await createTestApp({}, { jobs: [probe(runs)] });
    t.clock.set('2027-01-01T03:00:00Z');

    await t.ctx.jobs.runNow('probe');

    expect(runs).toEqual([new Date('2027-01-01T03:00:00Z')]);
  });

  it('refuses a job name it does not know', async () => {
    t = await createTestApp({}, { jobs: [probe([])] });

    await expect(t.ctx.jobs.runNow('unknown')).rejects.toThrow('Unknown job unknown');
  });
});
