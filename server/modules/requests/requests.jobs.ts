import type { JobDefinition } from '../../jobs/jobs';
import type { AutoReject } from './auto-reject';

/** Every minute: requests still under analysis at their deadline are rejected automatically. */
export function requestsAutoRejectJob(autoRejectDue: AutoReject): JobDefinition {
  return {
    name: 'requests-auto-reject',
    cron: '* * * * *',
    async run() {
      await autoRejectDue();
    },
  };
}
