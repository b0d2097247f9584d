import type {
  MissionSnapshot,
  RequestConflict,
  RequestDetail,
  RequestFiled,
  RequestSummary,
  Restriction,
} from '../../../src/shared/contracts/requests';
import { allowedRequestActions } from '../../../src/shared/domain/request-status';
import type { ActiveMissionRow, DetailRow, SummaryRow } from './requests.repository';

/** Who looks at a request: a manager of its airspace or the operator who filed it. */
export type RequestSide = 'manager' | 'operator';

type SummarySource = Pick<
  SummaryRow,
  | 'id'
  | 'referenceNumber'
  | 'status'
  | 'automatic'
  | 'missionId'
  | 'missionSnapshot'
  | 'airspace'
  | 'operator'
  | 'impactLevel'
  | 'submittedAt'
  | 'autoRejectAt'
>;
/** What a request detail is built from: a row read with `withDetail`, or the request just filed. */
export type DetailSource = SummarySource &
  Pick<
    DetailRow,
    | 'airspaceId'
    | 'airspace'
    | 'callControl'
    | 'operatorPhone'
    | 'firstMessage'
    | 'conditionsAcceptedAt'
    | 'classification'
    | 'restrictions'
    | 'rejectionReason'
    | 'decidedBy'
    | 'decidedAt'
    | 'automationRule'
    | 'automationRuleVersion'
  > & {
    events: Pick<DetailRow['events'][number], 'id' | 'from' | 'to' | 'action' | 'actor' | 'reason' | 'details' | 'at'>[];
    messages: Pick<DetailRow['messages'][number], 'id' | 'author' | 'authorId' | 'body' | 'at'>[];
  };

const iso = (date: Date | null) => (date ? date.toISOString() : null);
export const snapshotOf = (row: { missionSnapshot: unknown }) => row.missionSnapshot as MissionSnapshot;

export function toRequestSummary(row: SummarySource): RequestSummary {
  const snapshot = snapshotOf(row);
  return {
    id: row.id,
    referenceNumber: row.referenceNumber,
    status: row.status,
    automatic: row.automatic,
    missionId: row.missionId,
    missionTitle: snapshot.title,
    startAt: snapshot.startAt,
    endAt: snapshot.endAt,
    airspace: { id: row.airspace.id, name: row.airspace.name, internalCode: row.airspace.internalCode },
    operator: row.operator,
    impactLevel: row.impactLevel,
    submittedAt: row.submittedAt.toISOString(),
    autoRejectAt: iso(row.autoRejectAt),
  };
}

/** The filing's outcome (`Prefer: return=minimal`): the summary and the automatic answer. */
export function toRequestFiled(row: DetailSource): RequestFiled {
  return {
    ...toRequestSummary(row),
    restrictions: row.restrictions as Restriction[],
    rejectionReason: row.rejectionReason,
    automationRule: row.automationRule && { ...row.automationRule, version: row.automationRuleVersion ?? 1 },
  };
}

/** The detail as `side` sees it, with the airspace's other requests whose missions overlap (`others`). */
export function toRequestDetail(
  row: DetailSource,
  side: RequestSide,
  others: ActiveMissionRow[],
  conflicts: RequestConflict[],
): RequestDetail {
  const managerIds = new Set(row.airspace.managers.map((manager) => manager.id));
  return {
    ...toRequestFiled(row),
    callControl: row.callControl,
    operatorPhone: row.operatorPhone,
    firstMessage: row.firstMessage,
    conditionsAcceptedAt: row.conditionsAcceptedAt.toISOString(),
    missionSnapshot: snapshotOf(row),
    classification: row.classification ?? null,
    decidedBy: row.decidedBy,
    decidedAt: iso(row.decidedAt),
    space: {
      generalConditions: row.airspace.generalConditions,
      permanentConditions: row.airspace.permanentConditions,
      news: row.airspace.news,
      description: row.airspace.description,
      twrPhoneNumber: row.airspace.twrPhoneNumber,
    },
    viewer: side,
    allowedActions: allowedRequestActions(row.status, side),
    events: row.events.map((event) => ({
      id: event.id,
      from: event.from,
      to: event.to,
      action: event.action,
      actor: event.actor,
      reason: event.reason,
      details: event.details ?? null,
      at: event.at.toISOString(),
    })),
    messages: row.messages.map((message) => ({
      id: message.id,
      author: message.author,
      fromOperator: message.authorId !== null && !managerIds.has(message.authorId),
      body: message.body,
      at: message.at.toISOString(),
    })),
    activeMissions: others.map((other) => ({
      requestId: other.id,
      referenceNumber: other.referenceNumber,
      missionTitle: other.missionSnapshot.title,
      status: other.status,
      startAt: other.missionSnapshot.startAt,
      endAt: other.missionSnapshot.endAt,
      areas: other.missionSnapshot.areas,
    })),
    conflicts,
  };
}
