import type { RequestDetail } from '../../../src/shared/contracts/requests';
import type { Mailer } from '../../integrations/mail/mailer';
import type { SmsClient } from '../../integrations/sms/sms-client';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { AirspacesRepository } from '../airspaces/airspaces.repository';
import type { MissionReach } from '../missions/mission-reach';
import type { RecordOwners } from '../users/record-owner';
import type { EventPublisher } from '../webhooks/webhooks.service';
import { requestAccess, requestDetailReader, requestEvents, requestMails, requestTransition } from './requests.common';
import { messageEmail } from './requests.emails';
import type { RequestsRepository } from './requests.repository';

export interface RequestChatDeps {
  repository: Pick<
    RequestsRepository,
    | 'find'
    | 'transition'
    | 'detail'
    | 'activeMissions'
    | 'volumeCandidates'
    | 'mailRow'
    | 'airspaceContacts'
    | 'addMessage'
    | 'userName'
    | 'eventRow'
  >;
  airspaces: Pick<AirspacesRepository, 'isManagedBy'>;
  owners: RecordOwners;
  missionReach: MissionReach;
  mailer: Mailer;
  sms: SmsClient;
  events: EventPublisher;
  clock: Clock;
  publicUrl: string;
}

/** The conversation on a request between its operator and the managers of its airspace: messages and text messages. */
export function createRequestChat(deps: RequestChatDeps) {
  const { repository, mailer, sms, clock } = deps;
  const access = requestAccess(deps);
  const transition = requestTransition(deps);
  const mails = requestMails(deps);
  const readDetail = requestDetailReader(repository);
  const announce = requestEvents(deps);

  return {
    /** A chat message; the other side is e-mailed. The operator's message answers a request awaiting information. */
    async postMessage(actor: AuthUser, id: string, body: string): Promise<RequestDetail> {
      const { request, side } = await access.findVisible(actor, id, 'write');
      await repository.addMessage({ requestId: request.id, authorId: actor.id, body, at: clock.now() });
      if (side === 'operator' && request.status === 'awaiting') await transition(request, { action: 'answer', actorId: actor.id });
      const { row, context } = await mails.context(request.id);
      const author = await repository.userName(actor.id);
      const name = `${author.firstName} ${author.lastName}`;
      const recipients =
        side === 'manager' ? [{ email: row.operator.email, lang: row.operator.lang }] : await mails.airspaceRecipients(request.airspaceId);
      for (const to of recipients) await mailer.send(messageEmail(to.lang, to.email, context, name, body));
      await announce('request.messaged', request.id, { from: side });
      return readDetail(request.id, side);
    },

    /** SEND_SMS: a manager texts the phone shown on the request (spec §8 when there is none). */
    async sendSms(actor: AuthUser, id: string, body: string) {
      const request = await access.findManaged(actor, id);
      if (!request.operatorPhone) throw new AppError('OPERATOR_NO_TERMINAL', 'The operator has no registered terminal');
      await sms.send(request.operatorPhone, `${request.referenceNumber}: ${body}`);
      await repository.addMessage({ requestId: request.id, authorId: actor.id, body: `SMS: ${body}`, at: clock.now() });
    },
  };
}

export type RequestChat = ReturnType<typeof createRequestChat>;
