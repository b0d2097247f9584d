import type { MissionAreas } from '../../../src/shared/contracts/missions';
import type { MissionSnapshot, Restriction } from '../../../src/shared/contracts/requests';
import { activationsRequired } from '../../../src/shared/domain/activation-dates';
import { isAccepted } from '../../../src/shared/domain/request-status';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { AirspaceRow } from '../airspaces/airspaces.repository';
import type { AuditRepository } from '../audit/audit.repository';
import type { FlightsRepository } from './flights.repository';
import { nextStatus } from '../../../src/shared/domain/mission-status';
import type { EventPublisher } from '../webhooks/webhooks.service';

type FlightMission = NonNullable<Awaited<ReturnType<FlightsRepository['mission']>>>;

export interface FlightsServiceDeps {
  repository: FlightsRepository;
  audit: AuditRepository;
  clock: Clock;
  /** Announces take-offs and landings to the operator's webhooks. */
  events: EventPublisher;
  /** The airspaces the areas touch (airspaces/touched-airspaces.ts). */
  touchedAirspaces: (areas: MissionAreas) => Promise<Pick<AirspaceRow, 'id' | 'name' | 'activationTrigger'>[]>;
}

/**
 * Take-off and landing (spec shell §7): one row per take-off in Flight, the mission's status through the status
 * machine. Both the spec's calls and the mission actions `takeOff`/`land` land here (docs/live-traffic.md).
 */
export function createFlightsService(deps: FlightsServiceDeps) {
  const { repository, audit, clock, touchedAirspaces, events } = deps;

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
   * when the airspace takes activations at the request's impact.
   */
  async function checkAuthorisations(mission: FlightMission, now: Date) {
    if (!mission.areas) return;
    const airspaces = await touchedAirspaces(mission.areas as MissionAreas);
    if (airspaces.length === 0) return;
    const requests = await repository.latestRequests(mission.id);
    for (const airspace of airspaces) {
      const request = requests.get(airspace.id);
      if (!request || !isAccepted(request.status))
        throw new AppError('TAKEOFF_REQUEST_NOT_ACCEPTED', `The airspace ${airspace.name} has not accepted this mission`, {
          airspaceId: airspace.id,
        });
      const snapshot = request.missionSnapshot as MissionSnapshot;
      const slot = (request.restrictions as Restriction[]).find((restriction) => restriction.kind === 'timeSlot');
      const [startAt, endAt] = slot ? [slot.startAt, slot.endAt] : [snapshot.startAt, snapshot.endAt];
      if (now < new Date(startAt) || now > new Date(endAt))
        throw new AppError('TAKEOFF_OUTSIDE_SLOT', `The airspace ${airspace.name} granted ${startAt} to ${endAt}`, {
          airspaceId: airspace.id,
          startAt,
          endAt,
        });
      const activated = request.activations.some((activation) => activation.startAt <= now && now <= activation.endAt);
      if (activationsRequired(airspace.activationTrigger, request.impactLevel) && !activated)
        throw new AppError('TAKEOFF_NO_ACTIVATION', `The airspace ${airspace.name} asks for an accepted activation now`, {
          airspaceId: airspace.id,
        });
    }
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

    /** Idempotent: on a flying mission it refreshes the open flight's last ping (the SPA's 15 s routine). */
    async takeOff(actor: AuthUser, missionId: string, reason: string | null = null): Promise<void> {
      const mission = await findMission(actor, missionId);
      const now = clock.now();
      if (mission.status === 'onGoing') return repository.ping(mission.id, actor.id, now);
      if (mission.status !== 'validated')
        throw new AppError('TAKEOFF_MISSION_NOT_VALIDATED', `A mission in status ${mission.status} cannot take off`);
      await checkAuthorisations(mission, now);
      if (!(await repository.takeOff(mission.id, actor.id, now, reason))) {
        // Another take-off won the race: this one is a ping of the flight it opened.
        if ((await repository.mission(mission.id))?.status !== 'onGoing')
          throw new AppError('TAKEOFF_MISSION_NOT_VALIDATED', 'The mission changed status meanwhile');
        return repository.ping(mission.id, actor.id, now);
      }
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
