import {
  METRES_PER_FOOT,
  missionAreaIssue,
  missionAreaKm2,
  missionCrewIssues,
  type MissionChoices,
  type MissionCreate,
  type MissionDetail,
  type MissionListQuery,
  type MissionSummary,
  type MissionUpdate,
} from '../../../src/shared/contracts/missions';
import type { AgreementStatus } from '../../../src/shared/domain/enums';
import { completenessStatus, isInPreparation, nextStatus, type MissionAction } from '../../../src/shared/domain/mission-status';
import { validatesMissions } from '../../../src/shared/domain/supervision';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { TerrainClient } from '../../integrations/terrain/terrain-client';
import type { AuditRepository } from '../audit/audit.repository';
import type { FlightsService } from '../flights/flights.service';
import { countriesOfArea } from '../regulation/area-countries';
import type { RecordOwners } from '../users/record-owner';
import { checkCrew, pilotScope } from './mission-reach';
import { altitudeSourceOf, groundSourceOf, toMissionDetail, toMissionHistoryEntry, toMissionSummary } from './missions.mapper';
import type { MissionData, MissionRow, MissionsRepository } from './missions.repository';
import type { EventPublisher } from '../webhooks/webhooks.service';

/**
 * Agreement statuses under which the owner may create (or duplicate) missions and send them for validation: an
 * agreement validated and still running (validated, updated — its update awaits revalidation but the previous one
 * holds —, nearlyExpired, renewValidation — renewal asked before expiry), or an account that needs none. The others
 * (notValidated, toBeValidated, expired, rejected) answer 403 AGREEMENT_STATUS_FORBIDS (docs/missions.md).
 */
export const AGREEMENT_STATUSES_ALLOWING_MISSIONS: readonly AgreementStatus[] = [
  'validated',
  'updated',
  'nearlyExpired',
  'renewValidation',
  'noNeedAgreement',
];

export interface MissionsServiceDeps {
  repository: MissionsRepository;
  owners: RecordOwners;
  audit: AuditRepository;
  clock: Clock;
  /** Cancels the mission's notifications held by authorities; throws when one cannot be cancelled. */
  releaseNotifications: (missionId: string) => Promise<void>;
  /** Whether an accepted permission request locks the mission's dates, main machine, height and areas (docs/requests.md). */
  requests: { locksMission(missionId: string): Promise<boolean>; hasRequests(missionId: string): Promise<boolean> };
  /** Take-off and landing, whichever call asks for them (spec §7 calls or the takeOff / land actions). */
  flights: Pick<FlightsService, 'takeOff' | 'land' | 'takeoffCheck'>;
  /** The ground under a mission's area (m AMSL), from a terrain model; null where none is configured or covers it. */
  terrain: TerrainClient;
  /** After every save: the verdict of the mission as saved, stored on it (docs/regulation-engine.md "One verdict"). */
  afterSave: (mission: MissionRow) => Promise<MissionRow>;
  /** Announces status changes to the operator's webhooks. */
  events: EventPublisher;
}

/** Coordinates read back from JSONB may differ from the sent ones in the last bits of a double. */
function sameCoordinates(a: unknown, b: unknown): boolean {
  const flat = (value: unknown) => (Array.isArray(value) ? (value.flat(4) as number[]) : []);
  const [left, right] = [flat(a), flat(b)];
  return left.length === right.length && left.every((value, index) => Math.abs(value - right[index]!) < 1e-9);
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: { [field]: [message] } });

export function createMissionsService(deps: MissionsServiceDeps) {
  const { repository, owners, audit, clock, requests, releaseNotifications, flights, terrain, afterSave } = deps;

  /**
   * Administrators (the *_ADMIN right of the operation) reach every mission; others their operator's only, and
   * another operator's mission answers 404 like a missing one.
   */
  async function findMission(actor: AuthUser, id: string, adminRight: 'PREFLIGHT_LIST_ADMIN' | 'PREFLIGHT_EDIT_ADMIN') {
    const mission = await repository.find(id);
    if (!mission) throw new AppError('NOT_FOUND', 'Unknown mission');
    if (actor.rights.has(adminRight)) return mission;
    const ownRight = adminRight === 'PREFLIGHT_LIST_ADMIN' ? 'PREFLIGHT_LIST' : 'PREFLIGHT_EDIT';
    if (!actor.rights.has(ownRight) || mission.userId !== (await owners.ownerId(actor, { kind: 'own' })))
      throw new AppError('NOT_FOUND', 'Unknown mission');
    checkCrew(actor, mission, adminRight === 'PREFLIGHT_LIST_ADMIN' ? 'read' : 'write');
    return mission;
  }

  async function checkAgreement(ownerId: string) {
    const owner = await repository.ownerAgreement(ownerId);
    if (!owner || !AGREEMENT_STATUSES_ALLOWING_MISSIONS.includes(owner.agreementStatus)) {
      throw new AppError('AGREEMENT_STATUS_FORBIDS', 'Your agreement status does not allow you to do this action');
    }
  }

  /** Pilots and machines must be current records of the mission's owner. */
  async function checkReferences(ownerId: string, input: MissionCreate) {
    const pilots = [...new Set([input.referentPilotId, ...input.additionalPilotIds].filter((id): id is string => !!id))];
    if (pilots.length > 0 && (await repository.countOwnedPilots(ownerId, pilots)) !== pilots.length)
      throw new AppError('MISSION_PILOT_NOT_OWNED', 'A pilot of the mission is not one of its owner’s pilots');
    const machines = [...new Set([input.mainMachineId, ...input.additionalMachineIds].filter((id): id is string => !!id))];
    if (machines.length > 0 && (await repository.countOwnedMachines(ownerId, machines)) !== machines.length)
      throw new AppError('MISSION_MACHINE_NOT_OWNED', 'A machine of the mission is not one of its owner’s machines');
  }

  /** Domain §5: a mission is created with at least one pilot and one machine (referent or additional). */
  function requireCrew(input: MissionCreate) {
    const missing = missionCrewIssues(input);
    if (missing.length > 0)
      throw new AppError('MISSION_CREW_REQUIRED', 'A mission needs at least one pilot and one machine', {
        fields: Object.fromEntries(missing.map(({ path, message }) => [path, [message]])),
      });
  }

  /** Domain §8: the user may only pick a country (a regulation) the area lies in. */
  function checkCountry(input: MissionCreate) {
    if (!input.country || !input.areas) return;
    const regulations = countriesOfArea(input.areas).map((country) => country.regulation);
    if (!regulations.includes(input.country))
      throw new AppError('COUNTRY_NOT_IN_AREA', `The mission's area does not lie in ${input.country}`, {
        fields: { country: ['validation:invalid'] },
      });
  }

  /**
   * The stored form of the input: area checked and measured, heights (docs/missions.md "Heights"), status from
   * completeness. maxHeightM is above the ground, maxAltitudeFt above mean sea level: the operator's altitude, else
   * the terrain model's ground plus the height. The ground: the terrain model's, else the operator's altitude minus
   * the height. A terrain-computed altitude sent back unchanged stays terrain-computed (the form round-trips it).
   */
  function prepare(input: MissionCreate, terrainGroundM: number | null, current?: MissionRow): MissionData {
    const issue = missionAreaIssue(input.areas);
    if (issue === 'MISSION_NO_AREA') throw new AppError(issue, 'A flight area is required');
    if (issue) throw new AppError(issue, 'The flight area exceeds 10 km²');
    checkCountry(input);
    // Only a start that changes is checked: a saved mission whose day has come can still be edited.
    const startChanged = input.startAt && (!current?.startAt || current.startAt.getTime() !== new Date(input.startAt).getTime());
    if (startChanged && new Date(input.startAt as string) < clock.now()) throw invalid('startAt', 'validation:dateInPast');
    const maxHeightM = input.maxHeightM ?? null;
    const roundTripped = current?.maxAltitudeSource === 'terrain' && current.maxAltitudeFt === input.maxAltitudeFt;
    const operatorAltitudeFt = input.maxAltitudeFt != null && !roundTripped ? input.maxAltitudeFt : null;
    const operatorGroundM =
      operatorAltitudeFt !== null && maxHeightM !== null ? Math.round((operatorAltitudeFt * METRES_PER_FOOT - maxHeightM) * 10) / 10 : null;
    const terrainAltitudeFt =
      terrainGroundM !== null && maxHeightM !== null ? Math.round((terrainGroundM + maxHeightM) / METRES_PER_FOOT) : null;
    const status = completenessStatus({
      title: input.title,
      hasArea: true,
      referentPilotId: input.referentPilotId,
      mainMachineId: input.mainMachineId,
      startAt: input.startAt,
      endAt: input.endAt,
      maxHeightM,
    });
    return {
      input,
      areaKm2: missionAreaKm2(input.areas),
      maxHeightM,
      maxAltitudeFt: operatorAltitudeFt ?? terrainAltitudeFt,
      maxAltitudeSource: operatorAltitudeFt !== null ? 'operator' : terrainAltitudeFt !== null ? 'terrain' : null,
      groundElevationM: terrainGroundM ?? operatorGroundM,
      groundElevationSource: terrainGroundM !== null ? 'terrain' : operatorGroundM !== null ? 'operator' : null,
      status,
    };
  }

  const groundOf = (input: MissionCreate) =>
    input.areas && input.areas.coordinates.length > 0 ? terrain.groundElevationM(input.areas) : null;
  /**
   * Why `actor` may not validate the mission (docs/security.md): a supervised pilot below the operator's deputy, or
   * whoever sent it when its operator asks for a second person; null when he may.
   */
  async function validationRefusal(actor: AuthUser, missionId: string) {
    if (actor.pilot && !validatesMissions(actor.pilot)) return 'MISSION_VALIDATION_NOT_ALLOWED' as const;
    return (await repository.barredValidator(missionId)) === actor.id ? ('MISSION_SELF_VALIDATION' as const) : null;
  }

  /** The detail as `actor` may act on it: no `validate` where he may not, with the reason. */
  async function detailFor(actor: AuthUser, row: MissionRow): Promise<MissionDetail> {
    const detail = toMissionDetail(row, await fieldsLocked(row));
    if (!detail.allowedActions.includes('validate')) return detail;
    const refused = await validationRefusal(actor, row.id);
    if (!refused) return detail;
    return { ...detail, allowedActions: detail.allowedActions.filter((action) => action !== 'validate'), validationRefused: refused };
  }

  function record(actor: AuthUser, action: string, mission: { id: string; userId: string }) {
    return audit.record({ actorId: actor.id, action, subjectType: 'mission', subjectId: mission.id, data: { ownerId: mission.userId } });
  }

  /** Whether the editor must show the granted fields as locked: only while the mission can still be edited. */
  async function fieldsLocked(row: MissionRow) {
    return isInPreparation(row.status) && (await requests.locksMission(row.id));
  }

  /** Once a permission request is accepted, what it was granted for cannot change. */
  async function checkLockedFields(current: MissionRow, data: MissionData) {
    const time = (value: Date | string | null | undefined) => (value ? new Date(value).getTime() : null);
    const changed =
      time(current.startAt) !== time(data.input.startAt) ||
      time(current.endAt) !== time(data.input.endAt) ||
      current.mainMachineId !== (data.input.mainMachineId ?? null) ||
      current.maxHeightM !== data.maxHeightM ||
      current.minHeightM !== (data.input.minHeightM ?? null) ||
      !sameCoordinates((current.areas as MissionCreate['areas'])?.coordinates, data.input.areas?.coordinates);
    if (changed && (await requests.locksMission(current.id)))
      throw new AppError(
        'MISSION_FIELDS_LOCKED',
        'A permission request was accepted: start, end, main machine, height and areas are locked',
      );
  }

  /** The mission as a create input, for duplication. */
  function asInput(row: MissionRow): MissionCreate {
    const detail = toMissionDetail(row);
    return {
      title: detail.title,
      referentPilotId: row.referentPilotId,
      additionalPilotIds: detail.additionalPilots.map((p) => p.id),
      mainMachineId: row.mainMachineId,
      additionalMachineIds: detail.additionalMachines.map((m) => m.id),
      maxHeightM: detail.maxHeightM,
      minHeightM: detail.minHeightM,
      maxAltitudeFt: detail.maxAltitudeFt,
      maximumDurationMin: detail.maximumDurationMin,
      totalFlightTimeMin: detail.totalFlightTimeMin,
      description: detail.description,
      camerawork: detail.camerawork,
      areas: detail.areas,
      waypoints: detail.waypoints,
      contextMarkers: detail.contextMarkers,
      safetyZones: detail.safetyZones,
      constraints: detail.constraints,
      scenario: detail.scenario,
      country: detail.country,
      startAt: detail.startAt,
      endAt: detail.endAt,
      requestDate: detail.requestDate,
      teleServiceNumber: detail.teleServiceNumber,
      orderingParty: detail.orderingParty,
      additionalRequirements: detail.additionalRequirements,
    };
  }

  return {
    findMission,

    async list(actor: AuthUser, query: MissionListQuery) {
      const ownerId = actor.rights.has('PREFLIGHT_LIST_ADMIN') ? (query.ownerId ?? null) : await owners.ownerId(actor, { kind: 'own' });
      const pilotId = actor.rights.has('PREFLIGHT_LIST_ADMIN') ? undefined : (pilotScope(actor, 'read') ?? undefined);
      const { items, total } = await repository.list(ownerId, query, pilotId);
      return { items: items.map(toMissionSummary) satisfies MissionSummary[], total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * What the mission form offers: the owner's pilots and machines. An existing mission's owner is read through the
     * mission (administrators reach every one); a new mission's is the actor's operator.
     */
    async choices(actor: AuthUser, missionId: string | undefined): Promise<MissionChoices> {
      const ownerId = missionId
        ? (await findMission(actor, missionId, 'PREFLIGHT_LIST_ADMIN')).userId
        : await owners.ownerId(actor, { kind: 'own' });
      return repository.choices(ownerId);
    },

    async get(actor: AuthUser, id: string): Promise<MissionDetail> {
      return detailFor(actor, await findMission(actor, id, 'PREFLIGHT_LIST_ADMIN'));
    },

    async create(actor: AuthUser, input: MissionCreate): Promise<MissionDetail> {
      const ownerId = await owners.ownerId(actor, { kind: 'own' });
      await checkAgreement(ownerId);
      requireCrew(input);
      const data = prepare(input, await groundOf(input));
      await checkReferences(ownerId, input);
      const mission = await repository.create(ownerId, data, {
        from: null,
        to: data.status,
        action: 'create',
        actorId: actor.id,
        at: clock.now(),
      });
      await record(actor, 'mission.created', mission);
      return toMissionDetail(await afterSave(mission));
    },

    /** Only a mission in preparation is edited; its status follows what it now holds (docs/missions.md). */
    async update(actor: AuthUser, id: string, input: MissionUpdate): Promise<MissionDetail> {
      const mission = await findMission(actor, id, 'PREFLIGHT_EDIT_ADMIN');
      if (!isInPreparation(mission.status))
        throw new AppError('MISSION_NOT_EDITABLE', `A mission in status ${mission.status} can no longer be modified`);
      const data = prepare(input, await groundOf(input), mission);
      await checkLockedFields(mission, data);
      await checkReferences(mission.userId, input);
      const history =
        data.status === mission.status
          ? null
          : { from: mission.status, to: data.status, action: 'save', actorId: actor.id, at: clock.now() };
      const updated = await repository.update(mission.id, data, history);
      await record(actor, 'mission.updated', updated);
      const saved = await afterSave(updated);
      return toMissionDetail(saved, await fieldsLocked(saved));
    },

    async remove(actor: AuthUser, id: string) {
      const mission = await findMission(actor, id, 'PREFLIGHT_EDIT_ADMIN');
      if (!isInPreparation(mission.status))
        throw new AppError('MISSION_NOT_DELETABLE', `A mission in status ${mission.status} cannot be deleted`);
      // A request keeps its mission: the airspace's records of what was asked and decided must not lose it.
      if (await requests.hasRequests(mission.id))
        throw new AppError('MISSION_HAS_REQUESTS', 'A mission filed to an airspace cannot be deleted; cancel it instead');
      await releaseNotifications(mission.id);
      await repository.remove(mission.id);
      await record(actor, 'mission.deleted', mission);
    },

    /** One action of the status machine; `duplicate` answers the new draft copy. */
    /** The go/no-go check before take-off (docs/flight.md "Go/no-go"). */
    takeoffCheck(actor: AuthUser, id: string) {
      return flights.takeoffCheck(actor, id);
    },

    async act(actor: AuthUser, id: string, action: MissionAction, reason: string | null | undefined): Promise<MissionDetail> {
      if (action === 'takeOff' || action === 'land') {
        await (action === 'takeOff' ? flights.takeOff(actor, id, reason ?? null) : flights.land(actor, id, reason ?? null));
        const flown = await repository.find(id);
        if (!flown) throw new AppError('NOT_FOUND', 'Unknown mission');
        return toMissionDetail(flown);
      }
      const mission = await findMission(actor, id, 'PREFLIGHT_EDIT_ADMIN');
      const next = nextStatus(mission.status, action);
      if (next === null)
        throw new AppError('MISSION_TRANSITION_NOT_ALLOWED', `Action ${action} is not allowed on a mission in status ${mission.status}`);
      const at = clock.now();
      if (action === 'duplicate') {
        await checkAgreement(mission.userId);
        const input = asInput(mission);
        requireCrew(input);
        const copy = await repository.create(
          mission.userId,
          {
            input,
            areaKm2: mission.areaKm2,
            maxHeightM: mission.maxHeightM,
            maxAltitudeFt: mission.maxAltitudeFt,
            maxAltitudeSource: altitudeSourceOf(mission.maxAltitudeSource),
            groundElevationM: mission.groundElevationM,
            groundElevationSource: groundSourceOf(mission.groundElevationSource),
            status: 'draft',
          },
          { from: null, to: 'draft', action: 'duplicate', actorId: actor.id, at, reason: reason ?? null },
          mission.id,
        );
        await record(actor, 'mission.duplicated', copy);
        return toMissionDetail(await afterSave(copy));
      }
      if (action === 'sendForValidation') await checkAgreement(mission.userId);
      if (action === 'validate') {
        const refused = await validationRefusal(actor, mission.id);
        if (refused === 'MISSION_VALIDATION_NOT_ALLOWED')
          throw new AppError(refused, 'Your supervision level and rights do not let you validate the operator’s missions');
        // A second person, where the operator asks for one: whoever sent the mission for validation does not validate it.
        if (refused) throw new AppError(refused, 'Your operator asks for a second person: someone else validates a mission you sent');
      }
      const updated = await repository.transition(mission.id, mission.status, {
        from: mission.status,
        to: next,
        action,
        actorId: actor.id,
        at,
        reason: reason ?? null,
      });
      if (!updated) throw new AppError('MISSION_TRANSITION_NOT_ALLOWED', 'The mission changed status meanwhile');
      await record(actor, `mission.${action}`, updated);
      await deps.events.publish('mission.statusChanged', () => ({
        audience: [mission.userId],
        data: { missionId: mission.id, at: at.toISOString(), from: mission.status, to: next, action },
      }));
      return detailFor(actor, updated);
    },

    async history(actor: AuthUser, id: string) {
      const mission = await findMission(actor, id, 'PREFLIGHT_LIST_ADMIN');
      return (await repository.history(mission.id)).map(toMissionHistoryEntry);
    },
  };
}

export type MissionsService = ReturnType<typeof createMissionsService>;
