import type { PushSubscribe } from '../../../src/shared/contracts/push';
import type { OperatorCommand } from '../../../src/shared/contracts/traffic';
import type { PushClient } from '../../integrations/push/push-client';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import { isPublicHost, systemResolver, type HostResolver } from '../../lib/public-host';
import type { AuditRepository } from '../audit/audit.repository';
import type { PushRepository } from './push.repository';

const COMMAND_TITLE = { en: 'Message from the supervision', fr: 'Message de la supervision' } as const;

/**
 * Browser push registration, and the administrators' messages to the operator of a flying mission. A user's
 * registered terminals are their push subscriptions: the browsers where they allowed notifications.
 */
export function createPushService({
  repository,
  push,
  audit,
  publicKey,
  resolve = systemResolver,
}: {
  repository: PushRepository;
  push: PushClient;
  audit: AuditRepository;
  publicKey: string;
  /** How endpoint host names are resolved (the system's by default). */
  resolve?: HostResolver;
}) {
  return {
    publicKey: () => ({ publicKey }),
    async subscribe(actor: AuthUser, input: PushSubscribe) {
      if (!(await isPublicHost(new URL(input.endpoint).hostname, resolve)))
        throw new AppError('PUSH_ENDPOINT_NOT_PUBLIC', 'A push endpoint is an https address on the public Internet');
      const row = await repository.save(actor.id, input);
      if (!row) throw new AppError('PUSH_ENDPOINT_TAKEN', 'This push endpoint belongs to another account');
      return { id: row.id, device: row.device, createdAt: row.createdAt.toISOString() };
    },
    async unsubscribe(actor: AuthUser, endpoint: string) {
      await repository.remove(actor.id, endpoint);
    },
    async command(actor: AuthUser, input: OperatorCommand) {
      const mission = await repository.mission(input.missionId);
      if (!mission) throw new AppError('NOT_FOUND', 'Unknown mission');
      if (mission.status !== 'onGoing') throw new AppError('MISSION_NOT_FLYING', 'The mission is not flying');
      const terminals = await repository.ofUser(mission.owner.id);
      if (terminals.length === 0) throw new AppError('OPERATOR_NO_TERMINAL', 'The operator has no registered terminal');
      let delivered = 0;
      for (const terminal of terminals) {
        const outcome = await push.send(
          { endpoint: terminal.endpoint, keys: { p256dh: terminal.p256dh, auth: terminal.auth } },
          mission.owner.email,
          {
            title: `${COMMAND_TITLE[mission.owner.lang]} · ${mission.title}`,
            body: input.message,
            url: `/backoffice/preflights/edit/${mission.id}`,
          },
        );
        if (outcome === 'gone') await repository.forget(terminal.endpoint);
        else if (outcome !== 'failed') delivered += 1;
      }
      await audit.record({
        actorId: actor.id,
        action: 'mission.commandSent',
        subjectType: 'mission',
        subjectId: mission.id,
        data: { terminals: terminals.length, delivered },
      });
      return { terminals: terminals.length, delivered };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
