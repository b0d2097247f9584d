import type { AirspaceLive, AirspaceLiveQuery, GrantedVolume, LiveFlightCard, LiveSms } from '../../../src/shared/contracts/airspace-live';
import { restrictionsSchema } from '../../../src/shared/contracts/requests';
import type { AreaGeometry } from '../../../src/shared/geozones/zone';
import type { SmsClient } from '../../integrations/sms/sms-client';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { AuditRepository } from '../audit/audit.repository';
import type { AirspaceLiveRepository, GrantedRequestRow } from './airspace-live.repository';

const DAY_MS = 86_400_000;

/** An administrator sees every flight on the live map; he watches the airspace he names. */
const watchesAll = (actor: AuthUser) => actor.rights.has('TRAFFIC_LIST_ADMIN');

/** What a request granted: the mission's areas, the reduced areas, the lowest height, the narrowest slot. */
export function grantOf(row: Pick<GrantedRequestRow, 'restrictions' | 'mission'>) {
  let maxHeightM = row.mission.maxHeightM;
  let startAt = row.mission.startAt?.getTime() ?? null;
  let endAt = row.mission.endAt?.getTime() ?? null;
  const reducedAreas: AreaGeometry[] = [];
  const parsed = restrictionsSchema.safeParse(row.restrictions);
  for (const restriction of parsed.success ? parsed.data : []) {
    if (restriction.kind === 'maxHeight') maxHeightM = Math.min(maxHeightM ?? Infinity, restriction.maxHeightM);
    else if (restriction.kind === 'reducedArea') reducedAreas.push(restriction.area as AreaGeometry);
    else if (restriction.kind === 'timeSlot') {
      startAt = Math.max(startAt ?? -Infinity, Date.parse(restriction.startAt));
      endAt = Math.min(endAt ?? Infinity, Date.parse(restriction.endAt));
    }
  }
  const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());
  return { maxHeightM, reducedAreas, startAt: iso(startAt), endAt: iso(endAt) };
}

/**
 * "My airspace, live" (docs/airspace-manager.md): the outline and today's granted volumes of the airspaces a manager
 * watches, the card of a flight filed to one of them, and a text message to its pilot or operator.
 */
export function createAirspaceLiveService(deps: {
  repository: AirspaceLiveRepository;
  sms: SmsClient;
  audit: AuditRepository;
  clock: Clock;
}) {
  const { repository, sms, audit, clock } = deps;

  async function watchedIds(actor: AuthUser, airspaceId: string | undefined): Promise<string[]> {
    if (watchesAll(actor)) return airspaceId ? [airspaceId] : [];
    const managed = await repository.managedIds(actor.id);
    if (!airspaceId) return managed;
    if (!managed.includes(airspaceId)) throw new AppError('NOT_FOUND', 'Unknown airspace');
    return [airspaceId];
  }

  /** The card's mission, when the caller watches an airspace it was filed to; another manager's is not found. */
  async function readableCard(actor: AuthUser, missionId: string) {
    const mission = await repository.card(missionId);
    if (!mission) throw new AppError('NOT_FOUND', 'Unknown mission');
    if (watchesAll(actor)) return mission;
    const managed = new Set(await repository.managedIds(actor.id));
    const requests = mission.requests.filter((request) => managed.has(request.airspaceId));
    if (requests.length === 0) throw new AppError('NOT_FOUND', 'Unknown mission');
    return { ...mission, requests };
  }

  return {
    async overview(actor: AuthUser, query: AirspaceLiveQuery): Promise<AirspaceLive> {
      const ids = await watchedIds(actor, query.airspaceId);
      if (ids.length === 0) return { airspaces: [], volumes: [] };
      const airspaces = await repository.airspaces(ids);
      if (airspaces.length === 0) throw new AppError('NOT_FOUND', 'Unknown airspace');
      const now = clock.now().getTime();
      const from = new Date(now - (now % DAY_MS));
      const rows = await repository.grantedBetween(ids, from, new Date(from.getTime() + DAY_MS));
      const volumes: GrantedVolume[] = rows.map((row) => ({
        missionId: row.mission.id,
        title: row.mission.title,
        requestId: row.id,
        referenceNumber: row.referenceNumber,
        airspaceId: row.airspaceId,
        status: row.status,
        area: (row.mission.areas as AreaGeometry | null) ?? null,
        flying: row.mission.status === 'onGoing',
        ...grantOf(row),
      }));
      return {
        airspaces: airspaces.map((airspace) => ({ ...airspace, geometry: (airspace.geometry as AreaGeometry | null) ?? null })),
        volumes,
      };
    },

    async card(actor: AuthUser, missionId: string): Promise<LiveFlightCard> {
      const mission = await readableCard(actor, missionId);
      const name = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;
      const pilots = [mission.referentPilot, ...mission.additionalPilots].filter((pilot) => pilot !== null);
      const machines = [mission.mainMachine, ...mission.additionalMachines].filter((machine) => machine !== null);
      const granted = mission.requests.map(grantOf);
      const lowest = granted.map((grant) => grant.maxHeightM).filter((height) => height !== null);
      return {
        missionId: mission.id,
        title: mission.title,
        operator: {
          name: name(mission.owner),
          company: mission.owner.companyName,
          phone: mission.requests.find((request) => request.operatorPhone)?.operatorPhone ?? mission.owner.phoneNumber,
        },
        pilots: pilots.map((pilot) => ({ name: name(pilot), phone: pilot.phone })),
        machines: machines.map((machine) => ({
          name: machine.internalName,
          serialNumber: machine.serialNumber,
          model: machine.droneModel ? `${machine.droneModel.brand} ${machine.droneModel.name}` : null,
        })),
        requests: mission.requests.map((request) => ({
          id: request.id,
          referenceNumber: request.referenceNumber,
          airspaceName: request.airspace.name,
          status: request.status,
        })),
        maxHeightM: lowest.length ? Math.min(...lowest) : mission.maxHeightM,
        startAt: granted[0]?.startAt ?? mission.startAt?.toISOString() ?? null,
        endAt: granted[0]?.endAt ?? mission.endAt?.toISOString() ?? null,
      };
    },

    /** SEND_SMS: the text goes through the configured SMS transport (the outbox by default), prefixed with the reference. */
    async sms(actor: AuthUser, missionId: string, input: LiveSms): Promise<void> {
      const card = await this.card(actor, missionId);
      const phone = input.to === 'operator' ? card.operator.phone : (card.pilots.find((pilot) => pilot.phone)?.phone ?? null);
      if (!phone) throw new AppError('RECIPIENT_NO_PHONE', 'No phone number is on file for this recipient');
      const reference = card.requests[0]?.referenceNumber ?? card.title;
      await sms.send(phone, `${reference}: ${input.body}`);
      await audit.record({
        actorId: actor.id,
        action: 'mission.smsSent',
        subjectType: 'mission',
        subjectId: missionId,
        data: { to: input.to },
      });
    },
  };
}

export type AirspaceLiveService = ReturnType<typeof createAirspaceLiveService>;
