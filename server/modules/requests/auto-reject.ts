import { UNDER_ANALYSIS_STATUSES } from '../../../src/shared/domain/request-status';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { EventPublisher } from '../webhooks/webhooks.service';
import { requestMails, requestTransition } from './requests.common';
import type { RequestsRepository } from './requests.repository';

export interface AutoRejectDeps {
  repository: Pick<RequestsRepository, 'dueForAutoReject' | 'transition' | 'mailRow' | 'airspaceContacts' | 'eventRow'>;
  events: EventPublisher;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
}

/** The auto-reject sweep: requests nobody answered before their deadline are rejected (docs/requests.md); answers how many were due. */
export function createAutoReject(deps: AutoRejectDeps) {
  const { repository, clock } = deps;
  const transition = requestTransition(deps);
  const mails = requestMails(deps);

  return async function autoRejectDue() {
    const now = clock.now();
    const due = await repository.dueForAutoReject(now, UNDER_ANALYSIS_STATUSES);
    for (const request of due) {
      const reason = `no answer within ${request.airspace.autoRejectDelayHours ?? 0} hours`;
      try {
        await transition(request, {
          action: 'autoReject',
          actorId: null,
          reason,
          data: { decidedAt: now, rejectionReason: reason, autoRejectAt: null },
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'REQUEST_TRANSITION_NOT_ALLOWED') continue;
        throw error;
      }
      await mails.decision(request.id, reason);
    }
    return due.length;
  };
}

export type AutoReject = ReturnType<typeof createAutoReject>;
