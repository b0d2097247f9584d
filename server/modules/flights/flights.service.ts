import type { MissionAreas } from '../../../src/shared/contracts/missions';
import type { MissionSnapshot, Restriction } from '../../../src/shared/contracts/requests';
import { activationsRequired } from '../../../src/shared/domain/activation-dates';
import { isAccepted } from '../../../src/shared/domain/request-status';
import { AppError } from '../../lib/app-error';
import type { ErrorCode as ErrorCodeName } from '../../../src/shared/errors';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { AirspaceRow } from '../airspaces/airspaces.repository';
import type { AuditRepository } from '../audit/audit.repository';
import type { FlightsRepository } from './flights.repository';
import { nextStatus } from '../../../src/shared/domain/mission-status';
import type { EventPublisher } from '../webhooks/webhooks.service';
import type { FlightCategory } from '../../../src/shared/domain/weather';
import type { TakeoffCheck, TakeoffCheckItem } from '../../../src/shared/contracts/takeoff-check';
import { alertsItem, machineItem, pilotItem, weatherItem } from './takeoff-check';

type FlightMission = NonNullable<Awaited<ReturnType<FlightsRepository['mission']>>>;

export interface FlightsServiceDeps {
  repository: FlightsRepository;
  audit: AuditRepository;
  clock: Clock;
  /** Announces take-offs and landings to the operator's webhooks. */
  events: EventPublisher;
  /** The airspaces the areas touch (airspaces/touched-airspaces.ts). */
  touchedAirspaces: (areas: MissionAreas) => Promise<Pick<AirspaceRow, 'id' | 'name' | 'activationTrigger'>[]>;
  /** The forecast category at the nearest aerodrome at a time; null without a forecast (docs/weather.md). */
  weatherAt: (areas: MissionAreas, at: Date) => Promise<{ icao: string; category: FlightCategory } | null>;
  /** The names of the displayed alerts the reader sees whose area touches the areas. */
  alertsTouching: (readerId: string, areas: MissionAreas) => Promise<string[]>;
  /** Writes the warnings a take-off went past, and why, into the mission's diary history (docs/post-flight.md). */
  recordOverride: (actorId: string, missionId: string, codes: string[], reason: string) => Promise<void>;
}

/**
 * Take-off and landing (spec shell §7): one row per take-off in Flight, the mission's status through the status
 * machine. Both the spec's calls and the mission actions `takeOff`/`land` land here (docs/live-traffic.md).
 */
export function createFlightsService(deps: FlightsServiceDeps) {
  const { repository, audit, clock, touchedAirspaces, events, weatherAt, alertsTouching, recordOverride } = deps;

  /**
   * Whether `actor` may take off and land this mission: its operator (the owning account) or one of its pilots
   * (referent or additional) through the pilot's supervised account. The one place to extend with supervision rights.
   */
  function mayFly(actor: AuthUser, mission: FlightMission): boolean {
    if (mission.userId === actor.id) return true;
    return [mission.referentPilot, ...mission.additionalPilots].some((pilot) => pilot?.supervisedUserId === actor.id);
  }

  async function findMission(actor: AuthUser, id: string) {
    const mission = await repository.mission(id);
    if (!mission) throw new AppError('NOT_FOUND', 'Unknown mission');
    if (!mayFly(actor, mission)) throw new AppError('TAKEOFF_NOT_A_PILOT', 'Only the operator or a pilot of the mission can fly it');
    return mission;
  }

  /**
   * Every airspace the mission's areas touch asks for its permission: the latest request there accepted, now within
   * its time slot (a timeSlot restriction, else the mission's dates as filed), and an accepted activation covering now
   * when the airspace takes activations at the request's impact. One item per airspace.
   */
  async function authorisationItems(mission: FlightMission, now: Date): Promise<TakeoffCheckItem[]> {
    if (!mission.areas) return [];
    const airspaces = await touchedAirspaces(mission.areas as MissionAreas);
    if (airspaces.length === 0) return [];
    const requests = await repository.latestRequests(mission.id);
    return airspaces.map((airspace): TakeoffCheckItem => {
      const item = (code: TakeoffCheckItem['code'], params: Record<string, string> = {}): TakeoffCheckItem => ({
        item: 'authorisation',
        level: code ? 'blocking' : 'ok',
        code,
        params: { airspaceId: airspace.id, airspace: airspace.name, ...params },
      });
      const request = requests.get(airspace.id);
      if (!request || !isAccepted(request.status)) return item('TAKEOFF_REQUEST_NOT_ACCEPTED');
      const snapshot = request.missionSnapshot as MissionSnapshot;
      const slot = (request.restrictions as Restriction[]).find((restriction) => restriction.kind === 'timeSlot');
      const [startAt, endAt] = slot ? [slot.startAt, slot.endAt] : [snapshot.startAt, snapshot.endAt];
      if (now < new Date(startAt) || now > new Date(endAt)) return item('TAKEOFF_OUTSIDE_SLOT', { startAt, endAt });
      const activated = request.activations.some((activation) => activation.startAt <= now && now <= activation.endAt);
      if (activationsRequired(airspace.activationTrigger, request.impactLevel) && !activated) return item('TAKEOFF_NO_ACTIVATION');
      return item(null);
    });
  }

  /** The pilot who flies: the actor when he is one of the mission's pilots, else its referent pilot. */
  function flyingPilot(actor: AuthUser, mission: FlightMission) {
    const pilots = [mission.referentPilot, ...mission.additionalPilots];
    const pilot = pilots.find((candidate) => candidate?.supervisedUserId === actor.id) ?? mission.referentPilot;
    return pilot ? { name: `${pilot.firstName} ${pilot.lastName}`.trim(), documents: pilot.documents } : null;
  }

  /** The go/no-go check of the mission for `actor` now (docs/flight.md "Go/no-go"). */
  async function check(actor: AuthUser, mission: FlightMission, now: Date): Promise<TakeoffCheck> {
    const areas = mission.areas as MissionAreas | null;
    const flyable = mission.status === 'validated' || mission.status === 'onGoing';
    const machine = mission.mainMachine;
    const [authorisations, weather, alerts] = await Promise.all([
      authorisationItems(mission, now),
      areas?.coordinates.length ? weatherAt(areas, now) : Promise.resolve(null),
      areas?.coordinates.length ? alertsTouching(actor.id, areas) : Promise.resolve([]),
    ]);
    const items: TakeoffCheckItem[] = [
      flyable
        ? { item: 'mission', level: 'ok', code: null, params: { status: mission.status } }
        : { item: 'mission', level: 'blocking', code: 'TAKEOFF_MISSION_NOT_VALIDATED', params: { status: mission.status } },
      ...authorisations,
      pilotItem(flyingPilot(actor, mission), now),
      machineItem(machine ? { name: `${machine.internalName} (${machine.serialNumber})`, withdrawn: machine.deletedAt !== null } : null),
      weatherItem(weather),
      alertsItem(alerts),
    ];
    return {
      at: now.toISOString(),
      items,
      blocked: items.some((item) => item.level === 'blocking'),
      needsReason: items.some((item) => item.level === 'warning'),
    };
  }

  function record(actor: AuthUser, action: string, mission: FlightMission) {
    return audit.record({ actorId: actor.id, action, subjectType: 'mission', subjectId: mission.id, data: { ownerId: mission.userId } });
  }

  /** The flight's event and the mission's change of status, to the operator's webhooks. */
  async function announce(event: 'flight.tookOff' | 'flight.landed', mission: FlightMission, at: Date, from: string, to: string) {
    const data = { missionId: mission.id, at: at.toISOString() };
    await events.publish(event, () => ({ audience: [mission.userId], data }));
    await events.publish('mission.statusChanged', () => ({ audience: [mission.userId], data: { ...data, from, to } }));
  }

  return {
    mayFly,

    /** The go/no-go check before a take-off, as the take-off itself will decide it. */
    async takeoffCheck(actor: AuthUser, missionId: string): Promise<TakeoffCheck> {
      return check(actor, await findMission(actor, missionId), clock.now());
    },

    /**
     * Idempotent: on a flying mission it refreshes the open flight's last ping (the SPA's 15 s routine). Otherwise the
     * go/no-go check decides: a blocking item refuses with its code, warnings need `reason`, which is written into the
     * mission's diary history with them.
     */
    async takeOff(actor: AuthUser, missionId: string, reason: string | null = null): Promise<void> {
      const mission = await findMission(actor, missionId);
      const now = clock.now();
      if (mission.status === 'onGoing') return repository.ping(mission.id, actor.id, now);
      if (mission.status !== 'validated')
        throw new AppError('TAKEOFF_MISSION_NOT_VALIDATED', `A mission in status ${mission.status} cannot take off`);
      const verdict = await check(actor, mission, now);
      const blocking = verdict.items.find((item) => item.level === 'blocking');
      if (blocking?.code)
        throw new AppError(blocking.code as ErrorCodeName, `The take-off check refuses: ${blocking.code}`, {
          ...blocking.params,
          items: verdict.items,
        });
      const warnings = verdict.items.flatMap((item) => (item.level === 'warning' && item.code ? [item.code] : []));
      if (warnings.length && !reason)
        throw new AppError('TAKEOFF_REASON_REQUIRED', `A reason is needed to take off past: ${warnings.join(', ')}`, {
          items: verdict.items,
        });
      if (!(await repository.takeOff(mission.id, actor.id, now, reason))) {
        // Another take-off won the race: this one is a ping of the flight it opened.
        if ((await repository.mission(mission.id))?.status !== 'onGoing')
          throw new AppError('TAKEOFF_MISSION_NOT_VALIDATED', 'The mission changed status meanwhile');
        return repository.ping(mission.id, actor.id, now);
      }
      if (warnings.length && reason) await recordOverride(actor.id, mission.id, warnings, reason);
      await record(actor, 'mission.takeOff', mission);
      await announce('flight.tookOff', mission, now, 'validated', 'onGoing');
    },

    async land(actor: AuthUser, missionId: string, reason: string | null = null): Promise<void> {
      const mission = await findMission(actor, missionId);
      const now = clock.now();
      if (mission.status !== 'onGoing' || !(await repository.land(mission.id, actor.id, now, reason)))
        throw new AppError('LANDING_NOT_FLYING', 'This mission is not flying');
      await record(actor, 'mission.land', mission);
      await announce('flight.landed', mission, now, 'onGoing', nextStatus('onGoing', 'land') ?? 'completed');
    },
  };
}

export type FlightsService = ReturnType<typeof createFlightsService>;
