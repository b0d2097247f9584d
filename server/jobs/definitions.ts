import type { ActivationsService } from '../modules/activations/activations.service';
import { activationsAutoRejectJob } from '../modules/activations/activations.job';
import type { AgreementsService } from '../modules/agreements/agreements.service';
import { agreementExpiryJob } from '../modules/agreements/agreements.job';
import type { NotificationSender } from '../modules/notifications/notifications.service';
import { notificationsDispatchJob } from '../modules/notifications/notifications.job';
import type { RequestsService } from '../modules/requests/requests.service';
import { requestsAutoRejectJob } from '../modules/requests/requests.jobs';
import { tracksRetentionJob } from '../modules/traffic/traffic.jobs';
import type { Clock } from '../lib/clock';
import type { JobDefinition } from './jobs';

/** Every scheduled job of the platform, built by the composition root with the services they run; each module adds its own here. */
export function platformJobs(services: {
  agreements: AgreementsService;
  notificationSender: NotificationSender;
  requests: RequestsService;
  activations: ActivationsService;
  clock: Clock;
}): JobDefinition[] {
  return [
    agreementExpiryJob(services.agreements, services.clock),
    notificationsDispatchJob(services.notificationSender),
    requestsAutoRejectJob(services.requests),
    activationsAutoRejectJob(services.activations),
    tracksRetentionJob,
  ];
}
