import type { MissionAreas } from '../../../src/shared/contracts/missions';
import {
  VOLUMES_IN_VIEW_MAX,
  type RequestDetail,
  type RequestListQuery,
  type TouchedAirspace,
  type VolumesInView,
  type VolumesInViewQuery,
} from '../../../src/shared/contracts/requests';
import { grantedVolume, volumeBox } from '../../../src/shared/domain/deconfliction';
import { ACCEPTED_STATUSES, REJECTED_STATUSES, UNDER_ANALYSIS_STATUSES } from '../../../src/shared/domain/request-status';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { GeometryPool } from '../../lib/geometry-pool';
import type { AirspacesRepository } from '../airspaces/airspaces.repository';
import { touchedAirspaces } from '../airspaces/touched-airspaces';
import { pilotScope, type MissionReach } from '../missions/mission-reach';
import type { RecordOwners } from '../users/record-owner';
import { requestAccess, requestDetailReader } from './requests.common';
import { toRequestSummary } from './requests.mapper';
import type { RequestsRepository } from './requests.repository';

export interface RequestQueriesDeps {
  repository: Pick<
    RequestsRepository,
    'find' | 'detail' | 'activeMissions' | 'volumeCandidates' | 'volumesAt' | 'list' | 'missionOf' | 'ofMission' | 'countOfMission'
  >;
  airspaces: Pick<AirspacesRepository, 'isManagedBy' | 'findOpenInBox' | 'listManagedBy'>;
  owners: RecordOwners;
  missionReach: MissionReach;
  /** Where the costly area-against-airspace tests run. */
  geometry: Pick<GeometryPool, 'intersectsEach'>;
  clock: Clock;
}

const DAY_MS = 86_400_000;

/** The reads of requests: lists, one request, the airspaces a mission may be filed to, and what requests lock on a mission. */
export function createRequestQueries(deps: RequestQueriesDeps) {
  const { repository, airspaces, owners, missionReach, geometry, clock } = deps;
  const access = requestAccess(deps);
  const readDetail = requestDetailReader(repository);

  return {
    async touchedAirspaces(actor: AuthUser, missionId: string): Promise<TouchedAirspace[]> {
      const mission = await repository.missionOf(missionId);
      if (!mission || mission.userId !== (await owners.ownerId(actor, { kind: 'own' }))) throw new AppError('NOT_FOUND', 'Unknown mission');
      await missionReach.check(actor, missionId, 'read');
      if (!mission.areas) return [];
      const touched = await touchedAirspaces(airspaces, geometry, mission.areas as MissionAreas);
      const pending = await repository.ofMission(missionId, UNDER_ANALYSIS_STATUSES);
      const now = clock.now().getTime();
      // The same rule as filing (requests.limits.ts): notice in days from now to the mission's start, its limit included.
      const noticeDays = mission.startAt ? (mission.startAt.getTime() - now) / DAY_MS : null;
      return touched.map((airspace) => ({
        id: airspace.id,
        name: airspace.name,
        internalCode: airspace.internalCode,
        generalConditions: airspace.generalConditions,
        legalInformation: mission.country === 'MC',
        pendingRequestId: pending.find((request) => request.airspaceId === airspace.id)?.id ?? null,
        minNoticeDays: airspace.minNoticeDays,
        maxNoticeDays: airspace.maxNoticeDays,
        earliestStartAt: airspace.minNoticeDays === null ? null : new Date(now + airspace.minNoticeDays * DAY_MS).toISOString(),
        noticeProblem:
          noticeDays === null
            ? null
            : airspace.minNoticeDays !== null && noticeDays < airspace.minNoticeDays
              ? ('tooShort' as const)
              : airspace.maxNoticeDays !== null && noticeDays > airspace.maxNoticeDays
                ? ('tooLong' as const)
                : null,
      }));
    },

    /**
     * A manager sees the requests of the airspaces they manage; an operator their own (docs/requests.md), a
     * supervised pilot those of the missions it may read.
     */
    async list(actor: AuthUser, query: RequestListQuery) {
      const scope = actor.rights.has('PREFLIGHTPROCEDURE_LIST')
        ? { managerId: actor.id }
        : { operatorId: await owners.ownerId(actor, { kind: 'own' }), pilotId: pilotScope(actor, 'read') };
      const statuses = [
        ...(query.status ?? []),
        ...(query.group === 'allAccepted' ? ACCEPTED_STATUSES : []),
        ...(query.group === 'allRejected' ? REJECTED_STATUSES : []),
      ];
      const { items, total } = await repository.list(scope, statuses, query);
      return { items: items.map(toRequestSummary), total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * The map's "Deconfliction" layer (docs/map.md): the accepted or pending requests whose granted volume is active at
     * the map's time and meets its view. An administrator of airspaces reads every airspace's, with titles; a manager
     * those of his airspaces, with titles; an operator every airspace's, the titles of his own missions only (another
     * operator's title is his, as in the conflicts of a request).
     */
    async volumesInView(actor: AuthUser, query: VolumesInViewQuery): Promise<VolumesInView> {
      const at = new Date(query.at);
      const everyAirspace = actor.rights.has('AIRSPACE_LIST_ADMIN');
      const managing = !everyAirspace && actor.rights.has('PREFLIGHTPROCEDURE_LIST');
      const airspaceIds = managing ? (await airspaces.listManagedBy(actor.id)).map((airspace) => airspace.id) : null;
      const ownerId = everyAirspace || managing ? null : await owners.ownerId(actor, { kind: 'own' });
      const rows = await repository.volumesAt(query.bbox, at, {
        statuses: [...ACCEPTED_STATUSES, ...UNDER_ANALYSIS_STATUSES],
        airspaceIds,
        exceptMissionId: query.missionId ?? null,
        limit: VOLUMES_IN_VIEW_MAX + 1,
      });
      const [west, south, east, north] = query.bbox;
      const volumes: VolumesInView['volumes'] = [];
      for (const row of rows) {
        // The index read the filed volume; what is drawn is the granted one, which restrictions may have narrowed.
        const volume = grantedVolume(row.missionSnapshot, row.restrictions);
        const [minLon, minLat, maxLon, maxLat] = volumeBox(volume);
        if (at.getTime() < volume.startAt || at.getTime() >= volume.endAt) continue;
        if (minLon > east || maxLon < west || minLat > north || maxLat < south) continue;
        volumes.push({
          requestId: row.id,
          referenceNumber: row.referenceNumber,
          missionTitle: ownerId === null || row.operatorId === ownerId ? row.missionSnapshot.title : null,
          status: row.status,
          areas: volume.areas,
          minHeightM: volume.minHeightM,
          maxHeightM: volume.maxHeightM,
          startAt: new Date(volume.startAt).toISOString(),
          endAt: new Date(volume.endAt).toISOString(),
        });
      }
      return { volumes: volumes.slice(0, VOLUMES_IN_VIEW_MAX), truncated: rows.length > VOLUMES_IN_VIEW_MAX };
    },

    async get(actor: AuthUser, id: string): Promise<RequestDetail> {
      const { request, side } = await access.findVisible(actor, id, 'read');
      return readDetail(request.id, side);
    },

    /** Whether the mission was ever filed; whether an accepted request locks its dates, machine, height and areas. */
    async hasRequests(missionId: string) {
      return (await repository.countOfMission(missionId)) > 0;
    },
    async locksMission(missionId: string) {
      return (await repository.countOfMission(missionId, ACCEPTED_STATUSES)) > 0;
    },
  };
}

export type RequestQueries = ReturnType<typeof createRequestQueries>;
