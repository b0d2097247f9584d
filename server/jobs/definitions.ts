import { autoRejectActivations } from '../modules/activations/activations.service';
import { requestsAutoRejectJob } from '../modules/requests/requests.jobs';
import type { JobDefinition } from './jobs';

/** Every scheduled job of the platform; each module adds its own here. */
export const JOBS: JobDefinition[] = [
  requestsAutoRejectJob,
  {
    name: 'activations-auto-reject',
    cron: '*/5 * * * *',
    run: async (ctx) => {
      await autoRejectActivations(ctx);
    },
  },
];
