import type { JobDefinition } from '../../jobs/jobs';
import type { NotificationSender } from './notifications.service';

/** Sends scheduled notifications as soon as their window opens, and retries failed sendings while it is open. */
export function notificationsDispatchJob(sender: Pick<NotificationSender, 'dispatchDue'>): JobDefinition {
  return {
    name: 'notifications-dispatch',
    cron: '* * * * *',
    run: () => sender.dispatchDue(),
  };
}
