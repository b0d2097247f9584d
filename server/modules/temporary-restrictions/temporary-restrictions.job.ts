import type { JobDefinition } from '../../jobs/jobs';
import type { TemporaryRestrictionsService } from './temporary-restrictions.service';

export const TEMPORARY_RESTRICTIONS_JOB = 'temporary-restrictions-recheck';

/**
 * Re-checks the missions a newly published temporary restriction touches and tells their operators; publishing asks
 * for a run at once (`Jobs.nudge`), the minute tick catches up a run lost to a restart.
 */
export function temporaryRestrictionsRecheckJob(service: Pick<TemporaryRestrictionsService, 'recheckDue'>): JobDefinition {
  return {
    name: TEMPORARY_RESTRICTIONS_JOB,
    cron: '* * * * *',
    run: async () => {
      await service.recheckDue();
    },
  };
}
