import {
  ACCEPTED_STATUSES,
  nextRequestStatus,
  UNDER_ANALYSIS_STATUSES,
  type RequestAction,
  type RequestStatus,
} from '../../../src/shared/domain/request-status';
import type { Restriction } from '../../../src/shared/contracts/requests';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { WebhookEvent } from '../../../src/shared/domain/webhook-events';
import type { AirspacesRepository } from '../airspaces/airspaces.repository';
import type { EventPublisher } from '../webhooks/webhooks.service';
import type { MissionMode, MissionReach } from '../missions/mission-reach';
import type { RecordOwners } from '../users/record-owner';
import { createDeconfliction } from './deconfliction';
import { decisionEmail, type RequestMailContext } from './requests.emails';
import { snapshotOf, toRequestDetail, type DetailSource, type RequestSide } from './requests.mapper';
import type { AirspaceContactsRow, JsonInput, RequestChange, RequestsRepository } from './requests.repository';

// The steps the request use cases share (file-request, decide-request, request-chat, auto-reject, requests.queries).

/**
 * The viewer's side of a request: a manager of its airspace (with PREFLIGHTPROCEDURE_LIST), or the operator who
 * filed it (with PREFLIGHT_LIST; a supervised pilot, for the missions it may reach in `mode`). Anyone else gets 404,
 * as for a missing request.
 */
export function requestAccess(deps: {
  repository: Pick<RequestsRepository, 'find'>;
  airspaces: Pick<AirspacesRepository, 'isManagedBy'>;
  owners: RecordOwners;
  missionReach: MissionReach;
}) {
  const { repository, airspaces, owners, missionReach } = deps;

  async function sideOf(
    actor: AuthUser,
    request: { airspaceId: string; operatorId: string; missionId: string },
    mode: MissionMode,
  ): Promise<RequestSide> {
    if (actor.rights.has('PREFLIGHTPROCEDURE_LIST') && (await airspaces.isManagedBy(request.airspaceId, actor.id))) return 'manager';
    if (actor.rights.has('PREFLIGHT_LIST') && request.operatorId === (await owners.ownerId(actor, { kind: 'own' }))) {
      await missionReach.check(actor, request.missionId, mode).catch(() => {
        throw new AppError('NOT_FOUND', 'Unknown request');
      });
      return 'operator';
    }
    throw new AppError('NOT_FOUND', 'Unknown request');
  }

  /** The request and the viewer's side, to read it or (`write`) to change it: a message, an answer. */
  async function findVisible(actor: AuthUser, id: string, mode: MissionMode) {
    const request = await repository.find(id);
    if (!request) throw new AppError('NOT_FOUND', 'Unknown request');
    return { request, side: await sideOf(actor, request, mode) };
  }

  async function findManaged(actor: AuthUser, id: string) {
    const found = await findVisible(actor, id, 'write');
    if (found.side !== 'manager') throw new AppError('NOT_FOUND', 'Unknown request');
    return found.request;
  }

  return { findVisible, findManaged };
}

export interface Transition {
  action: RequestAction;
  actorId: string | null;
  reason?: string | null;
  details?: JsonInput;
  data?: RequestChange;
}

/** Actions that decide a request, or undo a decision: announced as `request.decided`. */
const DECISIONS: ReadonlySet<RequestAction> = new Set([
  'accept',
  'acceptWithRestrictions',
  'reject',
  'cancelDecision',
  'autoAccept',
  'autoAcceptWithRestrictions',
  'autoReject',
]);

export type RequestEventDeps = { repository: Pick<RequestsRepository, 'eventRow'>; events: EventPublisher };

/** What a request's event says, and to whom: its operator and its airspace's managers. */
interface RequestEventRow {
  id: string;
  referenceNumber: string;
  status: RequestStatus;
  missionId: string;
  airspaceId: string;
  operatorId: string;
  airspace: { managers: { id: string }[] };
}

/** Who hears of a request's events (its operator and its airspace's managers), and what each says of it. */
export const requestAudience = (row: RequestEventRow) => [row.operatorId, ...row.airspace.managers.map((manager) => manager.id)];
export const requestEventData = (row: RequestEventRow, extra: Record<string, unknown> = {}) => ({
  requestId: row.id,
  referenceNumber: row.referenceNumber,
  status: row.status,
  missionId: row.missionId,
  airspaceId: row.airspaceId,
  ...extra,
});

/**
 * Announces a request's event to its operator's and its airspace managers' webhooks (docs/operations.md): `request`,
 * the request as it now is, or its id to read it.
 */
export function requestEvents(deps: RequestEventDeps) {
  return (event: WebhookEvent, request: string | RequestEventRow, extra: Record<string, unknown> = {}) =>
    deps.events.publish(event, async () => {
      const row = typeof request === 'string' ? await deps.repository.eventRow(request) : request;
      return row && { audience: requestAudience(row), data: requestEventData(row, extra) };
    });
}

/**
 * Applies `action` through the transition table: the update only happens if the status is still the one read,
 * so two managers deciding at once cannot both win; the history records who, when and why.
 */
export function requestTransition(deps: {
  repository: Pick<RequestsRepository, 'transition' | 'eventRow'>;
  clock: Clock;
  events: EventPublisher;
}) {
  const { repository, clock } = deps;
  const announce = requestEvents(deps);
  return async function transition(request: { id: string; status: RequestStatus }, change: Transition) {
    const next = nextRequestStatus(request.status, change.action);
    if (next === null)
      throw new AppError(
        'REQUEST_TRANSITION_NOT_ALLOWED',
        `Action ${change.action} is not allowed on a request in status ${request.status}`,
      );
    const changed = await repository.transition(request, next, change.data ?? {}, {
      action: change.action,
      actorId: change.actorId,
      reason: change.reason ?? null,
      details: change.details ?? null,
      at: clock.now(),
    });
    if (!changed) throw new AppError('REQUEST_TRANSITION_NOT_ALLOWED', 'The request changed status meanwhile');
    if (DECISIONS.has(change.action)) await announce('request.decided', request.id, { action: change.action });
    return next;
  };
}

/** Addresses on the airspace's side: its mailing list, plus its managers when asked or when there is no list. */
export function recipientsOf(airspace: AirspaceContactsRow) {
  const list = airspace.mailingList.map((email) => ({ email, lang: 'en' as const }));
  const managers = list.length === 0 || airspace.copyToManagers ? airspace.managers : [];
  const seen = new Set<string>();
  return [...managers, ...list].filter((recipient) => !seen.has(recipient.email) && seen.add(recipient.email));
}

/** The link of a request in e-mails, to its page in the back office. */
export const requestLink = (publicUrl: string, id: string) => `${publicUrl}/backoffice/procedure/edit/${id}`;

/** The e-mails of a request once filed: what they name, who gets them, the decision to its operator. */
export function requestMails(deps: {
  repository: Pick<RequestsRepository, 'mailRow' | 'airspaceContacts'>;
  mailer: Mailer;
  publicUrl: string;
}) {
  const { repository, mailer, publicUrl } = deps;

  async function context(requestId: string) {
    const row = await repository.mailRow(requestId);
    const mailContext: RequestMailContext = {
      referenceNumber: row.referenceNumber,
      missionTitle: snapshotOf(row).title,
      airspaceName: row.airspace.name,
      link: requestLink(publicUrl, row.id),
    };
    return { row, context: mailContext };
  }

  return {
    context,
    async airspaceRecipients(airspaceId: string) {
      return recipientsOf(await repository.airspaceContacts(airspaceId));
    },
    async decision(requestId: string, note: string | null) {
      const { row, context: mailContext } = await context(requestId);
      await mailer.send(decisionEmail(row.operator.lang, row.operator.email, mailContext, row.status, note));
    },
  };
}

/**
 * Builds the detail of a request with the airspace's other accepted or pending requests that overlap it in time, and
 * those whose 4D volumes meet its own (deconfliction).
 */
export function requestDetailBuilder(repository: Pick<RequestsRepository, 'activeMissions' | 'volumeCandidates'>) {
  const conflictsOf = createDeconfliction(repository);
  return async function buildDetail(row: DetailSource, side: RequestSide) {
    const snapshot = snapshotOf(row);
    const [others, conflicts] = await Promise.all([
      repository.activeMissions(
        { id: row.id, airspaceId: row.airspaceId, startAt: new Date(snapshot.startAt), endAt: new Date(snapshot.endAt) },
        [...ACCEPTED_STATUSES, ...UNDER_ANALYSIS_STATUSES],
      ),
      conflictsOf(
        {
          airspaceId: row.airspaceId,
          missionId: row.missionId,
          missionSnapshot: snapshot,
          restrictions: row.restrictions as Restriction[],
        },
        side === 'manager',
      ),
    ]);
    return toRequestDetail(row, side, others, conflicts);
  };
}

/** Reads the detail of a request as `side` sees it. */
export function requestDetailReader(repository: Pick<RequestsRepository, 'detail' | 'activeMissions' | 'volumeCandidates'>) {
  const buildDetail = requestDetailBuilder(repository);
  return async function readDetail(id: string, side: RequestSide) {
    return buildDetail(await repository.detail(id), side);
  };
}
