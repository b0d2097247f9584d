import type { JobDefinition } from '../../jobs/jobs';
import type { ActivationsService } from './activations.service';

/** Every five minutes: submitted slots the manager did not answer before their auto-reject time are rejected. */
export function activationsAutoRejectJob(activations: Pick<ActivationsService, 'autoRejectDue'>): JobDefinition {
  return {
    name: 'activations-auto-reject',
    cron: '*/5 * * * *',
    run: async () => {
      await activations.autoRejectDue();
    },
  };
}
