import type { JobDefinition } from '../../jobs/jobs';
import { createRecordOwners } from '../users/record-owner';
import { createUsersRepository } from '../users/users.repository';
import { agreementsFromContext } from './agreements.service';

/**
 * Hourly, so that an agreement expires within the hour of its date and a reminder goes out the day it is due; the
 * sweep is idempotent (reminders are stored, transitions check the current status).
 */
export const agreementExpiryJob: JobDefinition = {
  name: 'agreement-expiry',
  cron: '17 * * * *',
  run: (ctx) =>
    agreementsFromContext(ctx, createRecordOwners(createUsersRepository(ctx.prisma, ctx.pool))).runAgreementExpiry(ctx.clock.now()),
};
