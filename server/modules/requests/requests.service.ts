import { randomUUID } from 'node:crypto';
import type { MissionAreas } from '../../../src/shared/contracts/missions';
import {
  missionSnapshotSchema,
  type ImpactLevel,
  type MissionSnapshot,
  type RequestActionBody,
  type RequestCreate,
  type RequestDetail,
  type RequestListQuery,
  type RequestSummary,
  type Restriction,
  type TouchedAirspace,
} from '../../../src/shared/contracts/requests';
import {
  ACCEPTED_STATUSES,
  allowedRequestActions,
  nextRequestStatus,
  REJECTED_STATUSES,
  UNDER_ANALYSIS_STATUSES,
  type ManagerAction,
  type RequestAction,
  type RequestStatus,
} from '../../../src/shared/domain/request-status';
import { restrictionProblems } from '../../../src/shared/domain/restriction-checks';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer';
import type { SmsClient } from '../../integrations/sms/sms-client';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { GeometryPool } from '../../lib/geometry-pool';
import type { Geometry } from 'geojson';
import type { AirspacesRepository } from '../airspaces/airspaces.repository';
import { touchedAirspaces } from '../airspaces/touched-airspaces';
import type { RecordOwners } from '../users/record-owner';
import { decisionEmail, messageEmail, submittedEmail, type RequestMailContext } from './requests.emails';
import { extentKm, limitBreach } from './requests.limits';
import type {
  AirspaceContactsRow,
  DetailRow,
  FiledEvent,
  JsonInput,
  JsonValue,
  MissionToFile,
  RequestChange,
  RequestsRepository,
  SummaryRow,
} from './requests.repository';

/** Missions that may be filed: complete or further, not yet flying (docs/requests.md). */
const FILABLE_MISSION_STATUSES = ['complete', 'toBeValidated', 'validated'] as const;
const HOUR_MS = 3_600_000;

/** The automatic answer at submission: automation/evaluate-request.ts's evaluator, built by the composition root. */
export type RequestEvaluator = (input: { airspaceId: string; missionSnapshot: MissionSnapshot; submittedAt: Date }) => Promise<{
  impactLevel: ImpactLevel;
  /** Stored as is; names the automation rule that answered, if any. */
  classification: { automation: { title: string } | null };
  decision: AutomaticDecision | null;
}>;

export interface RequestsServiceDeps {
  repository: RequestsRepository;
  airspaces: Pick<AirspacesRepository, 'isManagedBy' | 'findOpenInBox'>;
  evaluate: RequestEvaluator;
  owners: RecordOwners;
  mailer: Mailer;
  sms: SmsClient;
  clock: Clock;
  publicUrl: string;
  /** Where the costly area-against-airspace tests run. */
  geometry: Pick<GeometryPool, 'intersectsEach'>;
}

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
type DetailSource = SummarySource &
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

/** The decision an automation rule (or the auto-reject timer) takes, applied through the transition table. */
export interface AutomaticDecision {
  status: 'autoAccepted' | 'autoAcceptedWithRestrictions' | 'autoRejected';
  ruleId: string;
  ruleVersion: number;
  restrictions: Restriction[];
  reply: string | null;
}

const ACTION_OF_AUTOMATIC: Record<AutomaticDecision['status'], RequestAction> = {
  autoAccepted: 'autoAccept',
  autoAcceptedWithRestrictions: 'autoAcceptWithRestrictions',
  autoRejected: 'autoReject',
};

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: { [field]: [message] } });

/** Addresses on the airspace's side: its mailing list, plus its managers when asked or when there is no list. */
function recipientsOf(airspace: AirspaceContactsRow) {
  const list = airspace.mailingList.map((email) => ({ email, lang: 'en' as const }));
  const managers = list.length === 0 || airspace.copyToManagers ? airspace.managers : [];
  const seen = new Set<string>();
  return [...managers, ...list].filter((recipient) => !seen.has(recipient.email) && seen.add(recipient.email));
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const snapshotOf = (row: { missionSnapshot: unknown }) => row.missionSnapshot as MissionSnapshot;

function toSummary(row: SummarySource): RequestSummary {
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

interface Transition {
  action: RequestAction;
  actorId: string | null;
  reason?: string | null;
  details?: JsonInput;
  data?: RequestChange;
}

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

export function createRequestsService(deps: RequestsServiceDeps) {
  const { repository, airspaces, evaluate, owners, mailer, sms, clock, publicUrl, geometry } = deps;

  const link = (id: string) => `${publicUrl}/backoffice/procedure/edit/${id}`;

  /**
   * The viewer's side of a request: a manager of its airspace (with PREFLIGHTPROCEDURE_LIST), or the operator who
   * filed it (with PREFLIGHT_LIST). Anyone else gets 404, as for a missing request.
   */
  async function sideOf(actor: AuthUser, request: { airspaceId: string; operatorId: string }): Promise<'manager' | 'operator'> {
    if (actor.rights.has('PREFLIGHTPROCEDURE_LIST') && (await airspaces.isManagedBy(request.airspaceId, actor.id))) return 'manager';
    if (actor.rights.has('PREFLIGHT_LIST') && request.operatorId === (await owners.ownerId(actor, { kind: 'own' }))) return 'operator';
    throw new AppError('NOT_FOUND', 'Unknown request');
  }

  async function findVisible(actor: AuthUser, id: string) {
    const request = await repository.find(id);
    if (!request) throw new AppError('NOT_FOUND', 'Unknown request');
    return { request, side: await sideOf(actor, request) };
  }

  async function findManaged(actor: AuthUser, id: string) {
    const found = await findVisible(actor, id);
    if (found.side !== 'manager') throw new AppError('NOT_FOUND', 'Unknown request');
    return found.request;
  }

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

  async function ownMission(actor: AuthUser, missionId: string) {
    const mission = await repository.missionOf(missionId);
    if (!mission || mission.userId !== (await owners.ownerId(actor, { kind: 'own' }))) throw new AppError('NOT_FOUND', 'Unknown mission');
    return mission;
  }

  function snapshot(mission: MissionToFile): MissionSnapshot {
    const areas = mission.areas as MissionAreas;
    return missionSnapshotSchema.parse({
      id: mission.id,
      title: mission.title,
      startAt: mission.startAt?.toISOString(),
      endAt: mission.endAt?.toISOString(),
      maxHeightM: mission.maxHeightM,
      maxAltitudeFt: mission.maxAltitudeFt,
      areas,
      areaKm2: mission.areaKm2,
      extentKm: extentKm(areas),
      scenario: mission.scenario,
      country: mission.country,
      camerawork: mission.camerawork,
      description: mission.description,
      constraints: mission.constraints ?? null,
      referentPilot: mission.referentPilot,
      mainMachine: mission.mainMachine,
    });
  }

  async function airspaceRecipients(airspaceId: string) {
    return recipientsOf(await repository.airspaceContacts(airspaceId));
  }

  async function mailContext(requestId: string) {
    const row = await repository.mailRow(requestId);
    const context: RequestMailContext = {
      referenceNumber: row.referenceNumber,
      missionTitle: snapshotOf(row).title,
      airspaceName: row.airspace.name,
      link: link(row.id),
    };
    return { row, context };
  }

  async function sendAll(messages: MailMessage[]) {
    for (const message of messages) await mailer.send(message);
  }

  async function mailDecision(requestId: string, note: string | null) {
    const { row, context } = await mailContext(requestId);
    await mailer.send(decisionEmail(row.operator.lang, row.operator.email, context, row.status, note));
  }

  /**
   * Applies `action` through the transition table: the update only happens if the status is still the one read,
   * so two managers deciding at once cannot both win; the history records who, when and why.
   */
  async function transition(request: { id: string; status: RequestStatus }, change: Transition) {
    const next = nextRequestStatus(request.status, change.action);
    if (next === null)
      throw new AppError(
        'REQUEST_TRANSITION_NOT_ALLOWED',
        `Action ${change.action} is not allowed on a request in status ${request.status}`,
      );
    const at = clock.now();
    const changed = await repository.transition(request, next, change.data ?? {}, {
      action: change.action,
      actorId: change.actorId,
      reason: change.reason ?? null,
      details: change.details ?? null,
      at,
    });
    if (!changed) throw new AppError('REQUEST_TRANSITION_NOT_ALLOWED', 'The request changed status meanwhile');
    return next;
  }

  async function toDetail(row: DetailSource, side: 'manager' | 'operator'): Promise<RequestDetail> {
    const snap = snapshotOf(row);
    const managerIds = new Set(row.airspace.managers.map((manager) => manager.id));
    const others = await repository.activeMissions(
      { id: row.id, airspaceId: row.airspaceId, startAt: new Date(snap.startAt), endAt: new Date(snap.endAt) },
      [...ACCEPTED_STATUSES, ...UNDER_ANALYSIS_STATUSES],
    );
    return {
      ...toSummary(row),
      callControl: row.callControl,
      operatorPhone: row.operatorPhone,
      firstMessage: row.firstMessage,
      conditionsAcceptedAt: row.conditionsAcceptedAt.toISOString(),
      missionSnapshot: snap,
      classification: row.classification ?? null,
      restrictions: row.restrictions as Restriction[],
      rejectionReason: row.rejectionReason,
      decidedBy: row.decidedBy,
      decidedAt: iso(row.decidedAt),
      automationRule: row.automationRule && { ...row.automationRule, version: row.automationRuleVersion ?? 1 },
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
      activeMissions: others.map((other) => {
        const otherSnap = other.missionSnapshot;
        return {
          requestId: other.id,
          referenceNumber: other.referenceNumber,
          missionTitle: otherSnap.title,
          status: other.status,
          startAt: otherSnap.startAt,
          endAt: otherSnap.endAt,
          areas: otherSnap.areas,
        };
      }),
    };
  }

  async function detail(id: string, side: 'manager' | 'operator') {
    return toDetail(await repository.detail(id), side);
  }

  return {
    async touchedAirspaces(actor: AuthUser, missionId: string): Promise<TouchedAirspace[]> {
      const mission = await ownMission(actor, missionId);
      if (!mission.areas) return [];
      const touched = await touchedAirspaces(airspaces, geometry, mission.areas as MissionAreas);
      const pending = await repository.ofMission(missionId, UNDER_ANALYSIS_STATUSES);
      return touched.map((airspace) => ({
        id: airspace.id,
        name: airspace.name,
        internalCode: airspace.internalCode,
        generalConditions: airspace.generalConditions,
        legalInformation: mission.country === 'MC',
        pendingRequestId: pending.find((request) => request.airspaceId === airspace.id)?.id ?? null,
      }));
    },

    /**
     * Files the mission to one airspace it touches, after the conditions and the airspace's limits, and answers it
     * at once when an automation rule applies: the request is written in its final state, with its history, in one
     * statement (docs/requests.md). The operator's wait: its reads and write are prepared statements.
     */
    async file(actor: AuthUser, input: RequestCreate): Promise<RequestDetail> {
      const mission = await repository.missionToFile(input.missionId, actor.id);
      if (!mission || mission.userId !== (await owners.ownerId(actor, { kind: 'own' }))) throw new AppError('NOT_FOUND', 'Unknown mission');
      const airspace = await repository.airspaceToFile(input.airspaceId, mission.id, UNDER_ANALYSIS_STATUSES);
      if (!airspace || !airspace.visibleToOperators) throw new AppError('NOT_FOUND', 'Unknown airspace');
      if (!input.conditionsAccepted) throw new AppError('REQUEST_CONDITIONS_NOT_ACCEPTED', 'The general conditions must be accepted');
      if (!(FILABLE_MISSION_STATUSES as readonly string[]).includes(mission.status) || !mission.startAt || !mission.endAt || !mission.areas)
        throw new AppError('REQUEST_MISSION_NOT_READY', `A mission in status ${mission.status} cannot be filed`);
      const submittedAt = clock.now();
      if (mission.startAt < submittedAt) throw new AppError('REQUEST_MISSION_IN_PAST', 'The mission has already started');
      const areas = mission.areas;
      const [touched] = await geometry.intersectsEach(areas, [airspace.geometry as unknown as Geometry]);
      if (!touched) throw new AppError('REQUEST_AIRSPACE_NOT_TOUCHED', 'The mission does not touch this airspace');
      if (airspace.pending > 0)
        throw new AppError('REQUEST_UNDER_ANALYSIS', 'An earlier request of this mission is under analysis in this airspace');
      const filed = snapshot(mission);
      const breach = limitBreach(
        airspace,
        { startAt: mission.startAt, endAt: mission.endAt, areas, areaKm2: filed.areaKm2, extentKm: filed.extentKm },
        submittedAt,
      );
      if (breach) throw new AppError(breach.code, `Airspace limit ${breach.limit} exceeded (${breach.actual.toFixed(2)})`, { ...breach });

      const evaluation = await evaluate({ airspaceId: airspace.id, missionSnapshot: filed, submittedAt });
      const { decision } = evaluation;
      const events: FiledEvent[] = [
        {
          id: randomUUID(),
          from: null,
          to: 'submitted',
          action: 'submit',
          actorId: actor.id,
          reason: null,
          details: null,
          at: submittedAt,
        },
      ];
      const action = decision && ACTION_OF_AUTOMATIC[decision.status];
      const status = action ? nextRequestStatus('submitted', action)! : 'submitted';
      if (decision && action)
        events.push({
          id: randomUUID(),
          from: 'submitted',
          to: status,
          action,
          actorId: null,
          reason: decision.reply,
          details: { ruleId: decision.ruleId, ruleVersion: decision.ruleVersion, restrictions: decision.restrictions },
          at: submittedAt,
        });
      const firstMessage = input.firstMessage ? { id: randomUUID(), authorId: actor.id, body: input.firstMessage } : null;
      const request = {
        id: randomUUID(),
        missionId: mission.id,
        airspaceId: airspace.id,
        operatorId: mission.userId,
        status,
        automatic: decision !== null,
        // The number the manager sees on the request and texts: the one typed, else the account's.
        operatorPhone: input.operatorPhone ?? mission.owner.phoneNumber,
        missionSnapshot: filed,
        impactLevel: evaluation.impactLevel,
        classification: evaluation.classification,
        restrictions: decision?.restrictions ?? [],
        rejectionReason: decision?.status === 'autoRejected' ? decision.reply : null,
        decidedAt: decision ? submittedAt : null,
        automationRuleId: decision?.ruleId ?? null,
        automationRuleVersion: decision?.ruleVersion ?? null,
        autoRejectAt:
          decision || airspace.autoRejectDelayHours === null
            ? null
            : new Date(submittedAt.getTime() + airspace.autoRejectDelayHours * HOUR_MS),
        submittedAt,
      };
      const referenceNumber = await repository.insertFiled({ ...request, year: submittedAt.getUTCFullYear(), firstMessage, events });

      const context: RequestMailContext = {
        referenceNumber,
        missionTitle: filed.title,
        airspaceName: airspace.name,
        link: link(request.id),
      };
      const { owner } = mission;
      const operatorName = owner.companyName ?? `${owner.firstName} ${owner.lastName}`;
      await sendAll([
        ...(decision ? [decisionEmail(owner.lang, owner.email, context, status, decision.reply)] : []),
        ...recipientsOf(airspace).map((to) => submittedEmail(to.lang, to.email, context, operatorName)),
      ]);
      const actorRef = (id: string | null) => (id === null ? null : mission.actor);
      return toDetail(
        {
          ...request,
          referenceNumber,
          airspace,
          operator: { id: mission.userId, firstName: owner.firstName, lastName: owner.lastName, companyName: owner.companyName },
          callControl: false,
          firstMessage: input.firstMessage ?? null,
          conditionsAcceptedAt: submittedAt,
          missionSnapshot: filed as JsonValue,
          classification: evaluation.classification as JsonValue,
          restrictions: request.restrictions as JsonValue,
          decidedBy: null,
          automationRule: decision ? { id: decision.ruleId, title: evaluation.classification.automation?.title ?? '' } : null,
          events: events.map((event) => ({ ...event, actor: actorRef(event.actorId), details: event.details as JsonValue })),
          messages: firstMessage
            ? [{ id: firstMessage.id, author: mission.actor, authorId: actor.id, body: firstMessage.body, at: submittedAt }]
            : [],
        },
        'operator',
      );
    },

    /** A manager sees the requests of the airspaces they manage; an operator their own (docs/requests.md). */
    async list(actor: AuthUser, query: RequestListQuery) {
      const scope = actor.rights.has('PREFLIGHTPROCEDURE_LIST')
        ? { managerId: actor.id }
        : { operatorId: await owners.ownerId(actor, { kind: 'own' }) };
      const statuses = [
        ...(query.status ?? []),
        ...(query.group === 'allAccepted' ? ACCEPTED_STATUSES : []),
        ...(query.group === 'allRejected' ? REJECTED_STATUSES : []),
      ];
      const { items, total } = await repository.list(scope, statuses, query);
      return { items: items.map(toSummary), total, page: query.page, pageSize: query.pageSize };
    },

    async get(actor: AuthUser, id: string): Promise<RequestDetail> {
      const { request, side } = await findVisible(actor, id);
      return detail(request.id, side);
    },

    /** A manager's action; each says what it needs (docs/requests.md "Decisions"). */
    async act(actor: AuthUser, id: string, action: ManagerAction, body: RequestActionBody): Promise<RequestDetail> {
      const request = await findManaged(actor, id);
      if (nextRequestStatus(request.status, action) === null)
        throw new AppError('REQUEST_TRANSITION_NOT_ALLOWED', `Action ${action} is not allowed on a request in status ${request.status}`);
      if (action === 'acceptWithRestrictions') await checkRestrictions(body.restrictions ?? [], snapshotOf(request));
      await transition(request, managerTransition(action, actor.id, request.callControl, body, clock.now()));
      if (action !== 'archive')
        await mailDecision(request.id, action === 'reject' ? (body.reason ?? null) : (body.reply ?? body.reason ?? null));
      return detail(request.id, 'manager');
    },

    /** A chat message; the other side is e-mailed. The operator's message answers a request awaiting information. */
    async postMessage(actor: AuthUser, id: string, body: string): Promise<RequestDetail> {
      const { request, side } = await findVisible(actor, id);
      await repository.addMessage({ requestId: request.id, authorId: actor.id, body, at: clock.now() });
      if (side === 'operator' && request.status === 'awaiting') await transition(request, { action: 'answer', actorId: actor.id });
      const { row, context } = await mailContext(request.id);
      const author = await repository.userName(actor.id);
      const name = `${author.firstName} ${author.lastName}`;
      const recipients =
        side === 'manager' ? [{ email: row.operator.email, lang: row.operator.lang }] : await airspaceRecipients(request.airspaceId);
      await sendAll(recipients.map((to) => messageEmail(to.lang, to.email, context, name, body)));
      return detail(request.id, side);
    },

    /** SEND_SMS: a manager texts the phone shown on the request (spec §8 when there is none). */
    async sendSms(actor: AuthUser, id: string, body: string) {
      const request = await findManaged(actor, id);
      if (!request.operatorPhone) throw new AppError('OPERATOR_NO_TERMINAL', 'The operator has no registered terminal');
      await sms.send(request.operatorPhone, `${request.referenceNumber}: ${body}`);
      await repository.addMessage({ requestId: request.id, authorId: actor.id, body: `SMS: ${body}`, at: clock.now() });
    },

    /** The auto-reject sweep: requests nobody answered before their deadline (docs/requests.md). */
    async autoRejectDue() {
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
        await mailDecision(request.id, reason);
      }
      return due.length;
    },

    /** Whether an accepted request locks the mission's dates, machine, height and areas. */
    async hasRequests(missionId: string) {
      return (await repository.countOfMission(missionId)) > 0;
    },
    async locksMission(missionId: string) {
      return (await repository.countOfMission(missionId, ACCEPTED_STATUSES)) > 0;
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
