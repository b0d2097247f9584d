import type { MissionSnapshot, RequestActionBody, RequestDetail, Restriction } from '../../../src/shared/contracts/requests';
import { nextRequestStatus, type ManagerAction } from '../../../src/shared/domain/request-status';
import { restrictionProblems } from '../../../src/shared/domain/restriction-checks';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { GeometryPool } from '../../lib/geometry-pool';
import type { AirspacesRepository } from '../airspaces/airspaces.repository';
import type { MissionReach } from '../missions/mission-reach';
import type { RecordOwners } from '../users/record-owner';
import type { EventPublisher } from '../webhooks/webhooks.service';
import { requestAccess, requestDetailReader, requestMails, requestTransition, type Transition } from './requests.common';
import { snapshotOf } from './requests.mapper';
import type { JsonInput, RequestsRepository } from './requests.repository';

export interface DecideRequestDeps {
  repository: Pick<
    RequestsRepository,
    'find' | 'transition' | 'detail' | 'activeMissions' | 'volumeCandidates' | 'mailRow' | 'airspaceContacts' | 'addMessage' | 'eventRow'
  >;
  events: EventPublisher;
  airspaces: Pick<AirspacesRepository, 'isManagedBy'>;
  owners: RecordOwners;
  missionReach: MissionReach;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  /** Where a reduced area is tested against the mission's. */
  geometry: Pick<GeometryPool, 'intersectsEach'>;
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: { [field]: [message] } });

/** What each manager action writes; acceptance with restrictions needs one at least, rejection a reason. */
function managerTransition(action: ManagerAction, actorId: string, callControl: boolean, body: RequestActionBody, at: Date): Transition {
  const restrictions = body.restrictions ?? [];
  const decision = {
    decidedById: actorId,
    decidedAt: at,
    automatic: false,
    automationRuleId: null,
    automationRuleVersion: null,
    autoRejectAt: null,
  };
  switch (action) {
    case 'accept':
      return {
        action,
        actorId,
        reason: body.reply,
        data: { ...decision, restrictions: [], rejectionReason: null, callControl: body.callControl ?? callControl },
      };
    case 'acceptWithRestrictions':
      if (restrictions.length === 0) throw invalid('restrictions', 'validation:required');
      return {
        action,
        actorId,
        reason: body.reply,
        details: { restrictions } as JsonInput,
        data: {
          ...decision,
          restrictions: restrictions as JsonInput,
          rejectionReason: null,
          callControl: body.callControl ?? restrictions.some((restriction) => restriction.kind === 'callBeforeAfter'),
        },
      };
    case 'reject':
      if (!body.reason) throw invalid('reason', 'validation:required');
      return {
        action,
        actorId,
        reason: body.reason,
        data: { ...decision, restrictions: [], rejectionReason: body.reason, callControl: false },
      };
    case 'cancelDecision':
      // Re-examination: the request is under analysis again, without the decision (its call included); the history keeps it.
      return {
        action,
        actorId,
        reason: body.reason,
        data: {
          decidedById: null,
          decidedAt: null,
          automatic: false,
          automationRuleId: null,
          automationRuleVersion: null,
          restrictions: [],
          rejectionReason: null,
          callControl: false,
          autoRejectAt: null,
        },
      };
    case 'askInformation':
    case 'archive':
    default:
      return { action, actorId, reason: body.reason };
  }
}

/** A manager's action on a request of an airspace they manage; each says what it needs (docs/requests.md "Decisions"). */
export function createDecideRequest(deps: DecideRequestDeps) {
  const { clock, geometry } = deps;
  const access = requestAccess(deps);
  const transition = requestTransition(deps);
  const mails = requestMails(deps);
  const readDetail = requestDetailReader(deps.repository);

  /** Restrictions that cannot restrict the mission are refused, each on its own field (docs/requests.md). */
  async function checkRestrictions(restrictions: Restriction[], mission: MissionSnapshot) {
    const fields: Record<string, string[]> = {};
    for (const { index, problem } of restrictionProblems(restrictions, mission)) fields[`restrictions.${index}`] = [problem];
    if (mission.areas.coordinates.length > 0)
      for (const [index, restriction] of restrictions.entries())
        if (restriction.kind === 'reducedArea') {
          const [meets] = await geometry.intersectsEach(restriction.area, [mission.areas]);
          if (!meets) fields[`restrictions.${index}`] = ['validation:restriction.areaApart'];
        }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields });
  }

  return async function decideRequest(actor: AuthUser, id: string, action: ManagerAction, body: RequestActionBody): Promise<RequestDetail> {
    const request = await access.findManaged(actor, id);
    if (nextRequestStatus(request.status, action) === null)
      throw new AppError('REQUEST_TRANSITION_NOT_ALLOWED', `Action ${action} is not allowed on a request in status ${request.status}`);
    if (action === 'acceptWithRestrictions') await checkRestrictions(body.restrictions ?? [], snapshotOf(request));
    const at = clock.now();
    await transition(request, managerTransition(action, actor.id, request.callControl, body, at));
    // The question is asked in the chat, where the operator reads and answers it; the history keeps it too.
    if (action === 'askInformation' && body.reason)
      await deps.repository.addMessage({ requestId: request.id, authorId: actor.id, body: body.reason, at });
    if (action !== 'archive')
      await mails.decision(request.id, action === 'reject' ? (body.reason ?? null) : (body.reply ?? body.reason ?? null));
    return readDetail(request.id, 'manager');
  };
}

export type DecideRequest = ReturnType<typeof createDecideRequest>;
