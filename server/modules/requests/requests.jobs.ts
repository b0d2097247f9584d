import type { JobDefinition } from '../../jobs/jobs';
import type { RequestsService } from './requests.service';

/** Every minute: requests still under analysis at their deadline are rejected automatically. */
export function requestsAutoRejectJob(requests: Pick<RequestsService, 'autoRejectDue'>): JobDefinition {
  return {
    name: 'requests-auto-reject',
    cron: '* * * * *',
    async run() {
      await requests.autoRejectDue();
    },
  };
}
