import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { activationsAutoRejectJob } from '../modules/activations/activations.job';
import type { ActivationsService } from '../modules/activations/activations.service';
import { agreementExpiryJob } from '../modules/agreements/agreements.job';
import type { AgreementsService } from '../modules/agreements/agreements.service';
import { notificationsDispatchJob } from '../modules/notifications/notifications.job';
import type { NotificationSender } from '../modules/notifications/notifications.service';
import type { AutoReject } from '../modules/requests/auto-reject';
import { requestsAutoRejectJob } from '../modules/requests/requests.jobs';
import { temporaryRestrictionsRecheckJob } from '../modules/temporary-restrictions/temporary-restrictions.job';
import type { TemporaryRestrictionsService } from '../modules/temporary-restrictions/temporary-restrictions.service';
import { tracksRetentionJob } from '../modules/traffic/traffic.jobs';
import type { TrafficRepository } from '../modules/traffic/traffic.repository';
import { webhooksDeliverJob } from '../modules/webhooks/webhooks.job';
import type { WebhooksService } from '../modules/webhooks/webhooks.service';
import type { JobDefinition } from './jobs';

/** Every scheduled job of the platform, built by the composition root (server/app.ts) with what each runs; each module adds its own here. */
export function platformJobs(deps: {
  agreements: AgreementsService;
  notificationSender: NotificationSender;
  autoRejectRequests: AutoReject;
  activations: ActivationsService;
  tracks: TrafficRepository;
  trackRetentionDays: number;
  webhooks: WebhooksService;
  temporaryRestrictions: TemporaryRestrictionsService;
  clock: Clock;
  logger: Logger;
}): JobDefinition[] {
  return [
    agreementExpiryJob(deps.agreements, deps.clock),
    notificationsDispatchJob(deps.notificationSender),
    requestsAutoRejectJob(deps.autoRejectRequests),
    activationsAutoRejectJob(deps.activations),
    tracksRetentionJob({ repository: deps.tracks, clock: deps.clock, retentionDays: deps.trackRetentionDays, logger: deps.logger }),
    webhooksDeliverJob(deps.webhooks),
    temporaryRestrictionsRecheckJob(deps.temporaryRestrictions),
  ];
}
