import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Clock } from '../lib/clock';
import type { Metrics } from '../lib/metrics';
import type { Logger } from '../lib/logger';

/** What the queue gives each run: the clock of the sweep (the composition root's, the tests' in tests). */
export interface JobContext {
  clock: Clock;
}

/**
 * A timer of the platform (auto-reject, agreement expiry, scheduled notifications…). Each runs as a sweep: `run`
 * finds what is due at the clock's now and acts on it, so a missed tick (restart, outage) is caught up by the
 * next one and tests drive it with their own clock. Jobs are built by the composition root with their services.
 */
export interface JobDefinition {
  /** The pg-boss queue and schedule name. */
  name: string;
  /** Cron expression, UTC. */
  cron: string;
  run(context: JobContext): Promise<void>;
}

export interface Jobs {
  readonly definitions: readonly JobDefinition[];
  /** Sets the platform's jobs before `start`: the composition root builds them with their services (the last app built wins). */
  define(definitions: readonly JobDefinition[]): void;
  /** Runs one job's sweep now, in this process (the scheduler does the same on each tick). */
  runNow(name: string): Promise<void>;
  /** Queues one run of a job for the next free worker of any instance, with the queue's retries. */
  trigger(name: string): Promise<void>;
  /**
   * Queues one run of a job when the queue is started in this process; elsewhere (tests, scripts) does nothing, the
   * schedule or `runNow` runs it. Never throws: a failure to queue is logged, and the next tick catches up.
   */
  nudge(name: string): void;
  /** Starts the persistent queue on the application's database: one schedule and one worker per job. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss's own tables live in this schema, beside the application's. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * How often an idle worker asks its queue for a run. The platform's jobs are sweeps scheduled by the minute or the hour,
 * and a run queued by this process (`trigger`, `nudge`) wakes its worker at once, so the poll only finds the scheduler's
 * runs and those another instance queued. Each poll is a statement: seven queues every 2 s kept an idle embedded server
 * at 3 to 4 % of a core (docs/performance.md, "Test suite time").
 */
export const POLLING_SECONDS = 10;
const RETRY = { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 } as const;

export function createJobs(options: { pool: pg.Pool; clock: Clock; logger: Logger; metrics?: Metrics; pollingSeconds?: number }): Jobs {
  const { pool, logger, pollingSeconds = POLLING_SECONDS } = options;
  const context: JobContext = { clock: options.clock };
  let definitions: readonly JobDefinition[] = [];
  let boss: PgBoss | null = null;
  /** Each job's worker in this process, woken when this process queues a run of it. */
  const workers = new Map<string, string>();

  const find = (name: string) => {
    const definition = definitions.find((candidate) => candidate.name === name);
    if (!definition) throw new Error(`Unknown job ${name}`);
    return definition;
  };
  /** One run, counted by outcome; a failure is thrown on to the queue, which retries it. */
  const run = async (definition: JobDefinition) => {
    try {
      await definition.run(context);
      options.metrics?.jobRun(definition.name, 'success');
    } catch (error) {
      options.metrics?.jobRun(definition.name, 'failure');
      throw error;
    }
  };

  return {
    get definitions() {
      return definitions;
    },
    define(list) {
      if (boss) throw new Error('The job queue is started: its jobs cannot change');
      definitions = list;
    },
    async runNow(name) {
      await run(find(name));
    },
    async trigger(name) {
      if (!boss) throw new Error('The job queue is not started');
      await queue(boss, find(name).name);
    },
    nudge(name) {
      if (boss) queue(boss, find(name).name).catch((error: unknown) => logger.warn({ err: error, job: name }, 'job not queued'));
    },
    async start() {
      // pg-boss shares the application's pool: the embedded database serves a single connection.
      boss = new PgBoss({
        db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
        schema: JOBS_SCHEMA,
      });
      boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
      await boss.start();
      for (const definition of definitions) {
        await boss.createQueue(definition.name, { name: definition.name, ...RETRY });
        await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
        const worker = await boss.work(definition.name, { pollingIntervalSeconds: pollingSeconds }, async () => {
          const started = Date.now();
          await run(definition);
          logger.debug({ job: definition.name, ms: Date.now() - started }, 'job done');
        });
        workers.set(definition.name, worker);
      }
      logger.info({ jobs: definitions.map((definition) => definition.name) }, 'jobs scheduled');
    },
    async stop() {
      await boss?.stop({ graceful: true, timeout: 10_000 });
      boss = null;
      workers.clear();
    },
  };

  /** Queues one run and wakes this process's worker of the job rather than leaving the run to its next poll. */
  async function queue(started: PgBoss, name: string) {
    await started.send(name, {});
    const worker = workers.get(name);
    if (worker) started.notifyWorker(worker);
  }
}
