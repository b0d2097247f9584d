import type { JobDefinition } from '../../jobs/jobs';
import { evaluateRequest } from '../automation/evaluate-request';
import { createRecordOwners } from '../users/record-owner';
import { createUsersRepository } from '../users/users.repository';
import { createRequestsRepository } from './requests.repository';
import { createRequestsService } from './requests.service';

/** Every minute: requests still under analysis at their deadline are rejected automatically. */
export const requestsAutoRejectJob: JobDefinition = {
  name: 'requests-auto-reject',
  cron: '* * * * *',
  async run(ctx) {
    const service = createRequestsService({
      prisma: ctx.prisma,
      repository: createRequestsRepository(ctx.pool),
      evaluate: (input) => evaluateRequest(ctx, input),
      owners: createRecordOwners(createUsersRepository(ctx.prisma, ctx.pool)),
      mailer: ctx.mailer,
      sms: ctx.sms,
      clock: ctx.clock,
      publicUrl: ctx.config.publicUrl,
      geometry: ctx.geometry,
    });
    await service.autoRejectDue();
  },
};
