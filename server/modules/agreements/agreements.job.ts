import type { JobDefinition } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import type { AgreementsService } from './agreements.service';

/**
 * Hourly, so that an agreement expires within the hour of its date and a reminder goes out the day it is due; the
 * sweep is idempotent (reminders are stored, transitions check the current status).
 */
export function agreementExpiryJob(agreements: Pick<AgreementsService, 'runAgreementExpiry'>, clock: Clock): JobDefinition {
  return {
    name: 'agreement-expiry',
    cron: '17 * * * *',
    run: () => agreements.runAgreementExpiry(clock.now()),
  };
}
