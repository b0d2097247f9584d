import type { JobDefinition } from '../../jobs/jobs';
import { createTrafficRepository } from './traffic.repository';

const DAY_MS = 86_400_000;
/** Rows deleted per statement: each is a short transaction, so ingestion is never blocked for long. */
export const RETENTION_BATCH = 10_000;

/** Deletes tracks older than TRACK_RETENTION_DAYS, batch by batch, every hour. */
export const tracksRetentionJob: JobDefinition = {
  name: 'tracks-retention',
  cron: '23 * * * *',
  async run(ctx) {
    const repository = createTrafficRepository(ctx.pool);
    const before = new Date(ctx.clock.now().getTime() - ctx.config.trackRetentionDays * DAY_MS);
    let deleted = 0;
    for (;;) {
      const count = await repository.deleteBefore(before, RETENTION_BATCH);
      deleted += count;
      if (count < RETENTION_BATCH) break;
    }
    if (deleted > 0) ctx.logger.info({ deleted, before }, 'old tracks deleted');
  },
};
