import type { JobDefinition } from '../../jobs/jobs';
import { createNotificationSender } from './notifications.service';

/** Sends scheduled notifications as soon as their window opens, and retries failed sendings while it is open. */
export const notificationsDispatchJob: JobDefinition = {
  name: 'notifications-dispatch',
  cron: '* * * * *',
  run: (ctx) => createNotificationSender(ctx).dispatchDue(),
};
