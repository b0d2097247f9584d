import type { JobDefinition } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { TrafficRepository } from './traffic.repository';

const DAY_MS = 86_400_000;
/** Rows deleted per statement: each is a short transaction, so ingestion is never blocked for long. */
export const RETENTION_BATCH = 10_000;

/** Deletes tracks older than TRACK_RETENTION_DAYS, batch by batch, every hour. */
export function tracksRetentionJob(deps: {
  repository: Pick<TrafficRepository, 'deleteBefore'>;
  clock: Clock;
  retentionDays: number;
  logger: Logger;
}): JobDefinition {
  const { repository, clock, retentionDays, logger } = deps;
  return {
    name: 'tracks-retention',
    cron: '23 * * * *',
    async run() {
      const before = new Date(clock.now().getTime() - retentionDays * DAY_MS);
      let deleted = 0;
      for (;;) {
        const count = await repository.deleteBefore(before, RETENTION_BATCH);
        deleted += count;
        if (count < RETENTION_BATCH) break;
      }
      if (deleted > 0) logger.info({ deleted, before }, 'old tracks deleted');
    },
  };
}
