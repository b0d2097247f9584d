import type { OperatorCommandResult, PushSubscribe } from '../../../src/shared/contracts/push';
import type { OperatorCommand } from '../../../src/shared/contracts/traffic';
import type { Mailer } from '../../integrations/mail/mailer';
import type { PushClient } from '../../integrations/push/push-client';
import type { SmsClient } from '../../integrations/sms/sms-client';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import { isPublicHost, systemResolver, type HostResolver } from '../../lib/public-host';
import type { AuditRepository } from '../audit/audit.repository';
import type { PushRepository } from './push.repository';

const COMMAND_TITLE = { en: 'Message from the supervision', fr: 'Message de la supervision' } as const;

/**
 * Browser push registration, and the messages of administrators and of the managers of its airspaces to the operator
 * of a flying mission. A user's registered terminals are their push subscriptions: the browsers where they allowed
 * notifications. Without a terminal that takes the message, it goes by SMS to the operator's phone on file, else by
 * e-mail: the sender is never left with "no registered terminal".
 */
export function createPushService({
  repository,
  push,
  sms,
  mailer,
  audit,
  publicKey,
  resolve = systemResolver,
}: {
  repository: PushRepository;
  push: PushClient;
  sms: SmsClient;
  mailer: Mailer;
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
    async command(actor: AuthUser, input: OperatorCommand): Promise<OperatorCommandResult> {
      const mission = await repository.mission(input.missionId);
      if (!mission) throw new AppError('NOT_FOUND', 'Unknown mission');
      if (!actor.rights.has('COMMAND_EDIT_ADMIN') && !(await repository.filedToManagerOf(mission.id, actor.id)))
        throw new AppError('NOT_ALLOWED', 'Not allowed');
      if (mission.status !== 'onGoing') throw new AppError('MISSION_NOT_FLYING', 'The mission is not flying');
      const terminals = await repository.ofUser(mission.owner.id);
      const title = `${COMMAND_TITLE[mission.owner.lang]} · ${mission.title}`;
      let delivered = 0;
      for (const terminal of terminals) {
        const outcome = await push.send(
          { endpoint: terminal.endpoint, keys: { p256dh: terminal.p256dh, auth: terminal.auth } },
          mission.owner.email,
          { title, body: input.message, url: `/backoffice/preflights/edit/${mission.id}` },
        );
        if (outcome === 'gone') await repository.forget(terminal.endpoint);
        else if (outcome !== 'failed') delivered += 1;
      }
      const phone = mission.requests[0]?.operatorPhone ?? mission.owner.phoneNumber;
      let channel: OperatorCommandResult['channel'] = 'push';
      if (delivered === 0 && phone) {
        channel = 'sms';
        await sms.send(phone, `${title}: ${input.message}`);
      } else if (delivered === 0) {
        channel = 'email';
        await mailer.send({ to: mission.owner.email, subject: title, text: input.message });
      }
      await audit.record({
        actorId: actor.id,
        action: 'mission.commandSent',
        subjectType: 'mission',
        subjectId: mission.id,
        data: { terminals: terminals.length, delivered, channel },
      });
      return { terminals: terminals.length, delivered, channel };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
