import { autoRejectActivations } from '../modules/activations/activations.service';
import type { JobDefinition } from './jobs';

/** Every scheduled job of the platform; each module adds its own here. */
export const JOBS: JobDefinition[] = [
  {
    name: 'activations-auto-reject',
    cron: '*/5 * * * *',
    run: async (ctx) => {
      await autoRejectActivations(ctx);
    },
  },
];
