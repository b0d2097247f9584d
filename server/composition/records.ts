import type { AppContext } from '../context';
import { createWebhookSender } from '../integrations/webhooks/webhook-sender';
import { createAirspacesRepository } from '../modules/airspaces/airspaces.repository';
import { createAuditRepository } from '../modules/audit/audit.repository';
import { createMissionReach } from '../modules/missions/mission-reach';
import { createMissionsRepository } from '../modules/missions/missions.repository';
import { createRecordOwners } from '../modules/users/record-owner';
import { createUsersRepository } from '../modules/users/users.repository';
import { WEBHOOKS_JOB } from '../modules/webhooks/webhooks.job';
import { createWebhooksRepository } from '../modules/webhooks/webhooks.repository';
import { createWebhooksService } from '../modules/webhooks/webhooks.service';

/** The repositories and the owner rule that several areas read: built once, handed to each area that needs them. */
export function buildRecords(ctx: AppContext) {
  const users = createUsersRepository(ctx.prisma, ctx.pool);
  const missions = createMissionsRepository(ctx.prisma);
  return {
    audit: createAuditRepository(ctx.prisma),
    users,
    owners: createRecordOwners(users),
    airspaces: createAirspacesRepository(ctx.prisma),
    missions,
    /** The supervised pilot's rule on a mission's data (docs/security.md "Missions a pilot flies"). */
    missionReach: createMissionReach(missions),
    /** Webhook endpoints and deliveries; the use cases announce their events through its `publish`. */
    webhooks: createWebhooksService({
      repository: createWebhooksRepository(ctx.prisma, ctx.pool),
      send: countedCalls(
        'webhook',
        createWebhookSender({ allowLocal: ctx.config.webhooks.allowLocal, timeoutMs: ctx.config.webhooks.timeoutMs }),
        ctx.metrics,
      ),
      clock: ctx.clock,
      logger: ctx.logger,
      allowLocal: ctx.config.webhooks.allowLocal,
      maxAttempts: ctx.config.webhooks.maxAttempts,
      nudge: () => ctx.jobs.nudge(WEBHOOKS_JOB),
    }),
  };
}

export type Records = ReturnType<typeof buildRecords>;

/** A sender whose every attempt is counted in `/metrics` by its outcome. */
function countedCalls<M, O extends { ok: boolean }>(
  integration: string,
  send: (message: M) => Promise<O>,
  metrics: Pick<AppContext['metrics'], 'externalCall'>,
) {
  return async (message: M): Promise<O> => {
    const outcome = await send(message);
    metrics.externalCall(integration, outcome.ok ? 'success' : 'failure');
    return outcome;
  };
}
