import { autoRejectActivations } from '../modules/activations/activations.service';
import { agreementExpiryJob } from '../modules/agreements/agreements.job';
import { notificationsDispatchJob } from '../modules/notifications/notifications.job';
import { requestsAutoRejectJob } from '../modules/requests/requests.jobs';
import type { JobDefinition } from './jobs';

/** Every scheduled job of the platform; each module adds its own here. */
export const JOBS: JobDefinition[] = [
  agreementExpiryJob,
  notificationsDispatchJob,
  requestsAutoRejectJob,
  {
    name: 'activations-auto-reject',
    cron: '*/5 * * * *',
    run: async (ctx) => {
      await autoRejectActivations(ctx);
    },
  },
];
