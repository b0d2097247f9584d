import type { JobDefinition } from '../../jobs/jobs';
import { autoRejectActivations } from './activations.service';

/** Every five minutes: submitted slots the manager did not answer before their auto-reject time are rejected. */
export const activationsAutoRejectJob: JobDefinition = {
  name: 'activations-auto-reject',
  cron: '*/5 * * * *',
  run: async (ctx) => {
    await autoRejectActivations(ctx);
  },
};
