import { activationsAutoRejectJob } from '../modules/activations/activations.job';
import { agreementExpiryJob } from '../modules/agreements/agreements.job';
import { notificationsDispatchJob } from '../modules/notifications/notifications.job';
import { requestsAutoRejectJob } from '../modules/requests/requests.jobs';
import { tracksRetentionJob } from '../modules/traffic/traffic.jobs';
import type { JobDefinition } from './jobs';

/** Every scheduled job of the platform; each module adds its own here. */
export const JOBS: JobDefinition[] = [
  agreementExpiryJob,
  notificationsDispatchJob,
  requestsAutoRejectJob,
  activationsAutoRejectJob,
  tracksRetentionJob,
];
