import { randomUUID } from 'node:crypto';
import type { Geometry } from 'geojson';
import type { MissionAreas } from '../../../src/shared/contracts/missions';
import {
  missionSnapshotSchema,
  type ImpactLevel,
  type MissionSnapshot,
  type RequestCreate,
  type RequestDetail,
  type RequestFiled,
  type Restriction,
} from '../../../src/shared/contracts/requests';
import { nextRequestStatus, UNDER_ANALYSIS_STATUSES, type RequestAction } from '../../../src/shared/domain/request-status';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { GeometryPool } from '../../lib/geometry-pool';
import type { MissionReach } from '../missions/mission-reach';
import type { RecordOwners } from '../users/record-owner';
import type { EventsPublisher } from '../webhooks/webhooks.service';
import { recipientsOf, requestAudience, requestDetailBuilder, requestEventData, requestLink } from './requests.common';
import { toRequestFiled, type DetailSource } from './requests.mapper';
import { decisionEmail, submittedEmail, type RequestMailContext } from './requests.emails';
import { extentKm, limitBreach } from './requests.limits';
import type { FiledEvent, JsonValue, MissionToFile, RequestsRepository } from './requests.repository';

/** Missions that may be filed: complete or further, not yet flying (docs/requests.md). */
const FILABLE_MISSION_STATUSES = ['complete', 'toBeValidated', 'validated'] as const;
const HOUR_MS = 3_600_000;

/** The decision an automation rule takes at submission, applied through the transition table. */
export interface AutomaticDecision {
  status: 'autoAccepted' | 'autoAcceptedWithRestrictions' | 'autoRejected';
  ruleId: string;
  ruleVersion: number;
  restrictions: Restriction[];
  reply: string | null;
}

/**
 * The automatic answer at submission: automation/evaluate-request.ts's evaluator, built by the composition root.
 * `prepare` starts reading the airspace's rules; its answer evaluates a mission against them.
 */
export interface RequestEvaluator {
  prepare(airspaceId: string): (input: { missionSnapshot: MissionSnapshot; submittedAt: Date }) => Promise<{
    impactLevel: ImpactLevel;
    /** Stored as is; names the automation rule that answered, if any. */
    classification: { automation: { title: string } | null };
    decision: AutomaticDecision | null;
  }>;
}

export interface FileRequestDeps {
  repository: Pick<
    RequestsRepository,
    'missionToFile' | 'airspaceToFile' | 'insertFiled' | 'activeMissions' | 'volumeCandidates' | 'eventRow'
  >;
  evaluate: RequestEvaluator;
  owners: RecordOwners;
  missionReach: MissionReach;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  /** Where the costly area-against-airspace test runs. */
  geometry: Pick<GeometryPool, 'intersectsEach'>;
  events: EventsPublisher;
}

const ACTION_OF_AUTOMATIC: Record<AutomaticDecision['status'], RequestAction> = {
  autoAccepted: 'autoAccept',
  autoAcceptedWithRestrictions: 'autoAcceptWithRestrictions',
  autoRejected: 'autoReject',
};

function snapshot(mission: MissionToFile): MissionSnapshot {
  const areas = mission.areas as MissionAreas;
  return missionSnapshotSchema.parse({
    id: mission.id,
    title: mission.title,
    startAt: mission.startAt?.toISOString(),
    endAt: mission.endAt?.toISOString(),
    maxHeightM: mission.maxHeightM,
    minHeightM: mission.minHeightM,
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

/**
 * Files the mission to one airspace it touches, after the conditions and the airspace's limits, and answers it
 * at once when an automation rule applies: the request is written in its final state, with its history, in one
 * statement (docs/requests.md). The operator's wait: its reads and write are prepared statements.
 */
export function createFileRequest(deps: FileRequestDeps) {
  const { repository, evaluate: evaluator, owners, missionReach, mailer, clock, publicUrl, geometry } = deps;
  const buildDetail = requestDetailBuilder(repository);

  /** `answerWith`: the request's detail, or the filing's outcome alone (`Prefer: return=minimal`, docs/requests.md). */
  return async function fileRequest(
    actor: AuthUser,
    input: RequestCreate,
    answerWith: 'detail' | 'outcome' = 'detail',
  ): Promise<RequestDetail | RequestFiled> {
    // Read at once, the airspace's rules too; the mission's checks still come first.
    const evaluate = evaluator.prepare(input.airspaceId);
    const [mission, airspace] = await Promise.all([
      repository.missionToFile(input.missionId, actor.id),
      repository.airspaceToFile(input.airspaceId, input.missionId, UNDER_ANALYSIS_STATUSES),
    ]);
    if (!mission || mission.userId !== (await owners.ownerId(actor, { kind: 'own' }))) throw new AppError('NOT_FOUND', 'Unknown mission');
    await missionReach.check(actor, mission.id, 'write');
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
    if (breach)
      throw new AppError(breach.code, `Airspace limit ${breach.limit} exceeded (${breach.actual.toFixed(2)})`, {
        params: { limit: Math.round(breach.limit * 100) / 100, actual: Math.round(breach.actual * 100) / 100 },
      });

    const evaluation = await evaluate({ missionSnapshot: filed, submittedAt });
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
      link: requestLink(publicUrl, request.id),
    };
    const { owner } = mission;
    const operatorName = owner.companyName ?? `${owner.firstName} ${owner.lastName}`;
    const messages = [
      ...(decision ? [decisionEmail(owner.lang, owner.email, context, status, decision.reply)] : []),
      ...recipientsOf(airspace).map((to) => submittedEmail(to.lang, to.email, context, operatorName)),
    ];
    const actorRef = (id: string | null) => (id === null ? null : mission.actor);
    const announced = { ...request, referenceNumber, airspace };
    const source: DetailSource = {
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
    };
    // The e-mails' outbox records (one statement), the webhook deliveries (one statement, filed then decided) and the
    // detail's reads are independent: at once. The outcome alone needs no read.
    const [, , answer] = await Promise.all([
      mailer.sendAll(messages),
      deps.events.publishAll({
        audience: requestAudience(announced),
        events: [
          { type: 'request.filed', data: requestEventData(announced) },
          ...(action ? [{ type: 'request.decided' as const, data: requestEventData(announced, { action }) }] : []),
        ],
      }),
      answerWith === 'outcome' ? toRequestFiled(source) : buildDetail(source, 'operator'),
    ]);
    return answer;
  };
}

export type FileRequest = ReturnType<typeof createFileRequest>;
