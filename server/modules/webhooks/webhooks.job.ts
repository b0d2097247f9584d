import type { JobDefinition } from '../../jobs/jobs';
import type { WebhooksService } from './webhooks.service';

export const WEBHOOKS_JOB = 'webhooks-deliver';

/** Sends the deliveries that are due; an event queued between two ticks asks for a run at once (`Jobs.nudge`). */
export function webhooksDeliverJob(service: Pick<WebhooksService, 'deliverDue'>): JobDefinition {
  return {
    name: WEBHOOKS_JOB,
    cron: '* * * * *',
    run: async ({ clock }) => {
      await service.deliverDue(clock.now());
    },
  };
}
