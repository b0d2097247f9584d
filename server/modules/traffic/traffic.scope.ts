import { booleanPointInPolygon } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { AirspacesRepository } from '../airspaces/airspaces.repository';
import type { MissionsRepository } from '../missions/missions.repository';
import type { RecordOwners } from '../users/record-owner';
import type { IngestedPosition } from './positions';

/** Spec §9: a mission scheduled to start within this window counts as active. */
export const ACTIVITY_WINDOW_MS = 5 * 60_000;

/** What one live-map client may see, and what of it is its own (docs/live-traffic.md). */
export interface LiveScope {
  all: boolean;
  userIds: ReadonlySet<string>;
  missionIds: ReadonlySet<string>;
  airspaces: readonly { box: [number, number, number, number]; geometry: Polygon | MultiPolygon }[];
  ownUserIds: ReadonlySet<string>;
  ownMissionIds: ReadonlySet<string>;
  /** Equal for two scopes that see and own the same traffic: their clients can share the same deltas. */
  signature: string;
}

type Located = Pick<IngestedPosition, 'userId' | 'missionId' | 'lat' | 'lon'>;

export function inAirspaces(scope: LiveScope, lon: number, lat: number): boolean {
  return scope.airspaces.some(
    ({ box: [w, s, e, n], geometry }) => lon >= w && lon <= e && lat >= s && lat <= n && booleanPointInPolygon([lon, lat], geometry),
  );
}

export function sees(scope: LiveScope, position: Located): boolean {
  if (scope.all) return true;
  if (position.userId && scope.userIds.has(position.userId)) return true;
  if (position.missionId && scope.missionIds.has(position.missionId)) return true;
  return scope.airspaces.length > 0 && inAirspaces(scope, position.lon, position.lat);
}

export function owns(scope: LiveScope, position: Pick<IngestedPosition, 'userId' | 'missionId'>): boolean {
  return (
    (!!position.userId && scope.ownUserIds.has(position.userId)) || (!!position.missionId && scope.ownMissionIds.has(position.missionId))
  );
}

/**
 * TRAFFIC_LIST_ADMIN: everything. TRAFFIC_LIST: the account's own traffic (the caller's and its operator's) and the
 * traffic of its active missions (flying, or validated and due within the activity window), as owner or pilot. A
 * manager of airspaces: the traffic inside them. Anyone else is refused.
 */
export interface LiveScopesDeps {
  missions: Pick<MissionsRepository, 'activeIds'>;
  airspaces: Pick<AirspacesRepository, 'managedShapes'>;
  owners: RecordOwners;
}

export function createLiveScopes(deps: LiveScopesDeps) {
  const { missions, airspaces: airspacesRepository, owners } = deps;
  return async function scopeOf(actor: AuthUser, now: Date): Promise<LiveScope> {
    const ownerId = await owners.ownerId(actor, { kind: 'own' });
    const accountIds = new Set([actor.id, ownerId]);
    const missionIds = new Set(await missions.activeIds(ownerId, actor.id, now, ACTIVITY_WINDOW_MS));
    const managed = await airspacesRepository.managedShapes(actor.id);
    const airspaces = managed
      .filter((airspace) => airspace.geometry !== null)
      .map((airspace) => ({
        box: [airspace.minLon ?? -180, airspace.minLat ?? -90, airspace.maxLon ?? 180, airspace.maxLat ?? 90] as [
          number,
          number,
          number,
          number,
        ],
        geometry: airspace.geometry as unknown as Polygon | MultiPolygon,
      }));
    const all = actor.rights.has('TRAFFIC_LIST_ADMIN');
    const listsOwn = actor.rights.has('TRAFFIC_LIST');
    if (!all && !listsOwn && airspaces.length === 0) throw new AppError('NOT_ALLOWED', 'Not allowed to see live traffic');
    const userIds = listsOwn ? accountIds : new Set<string>();
    const listed = (ids: Iterable<string>) => [...ids].sort().join(',');
    const signature = [
      all,
      listed(userIds),
      listsOwn ? listed(missionIds) : '',
      listed(managed.filter((airspace) => airspace.geometry !== null).map((airspace) => `${airspace.id}@${airspace.updatedAt.getTime()}`)),
      listed(accountIds),
      listed(missionIds),
    ].join('|');
    return {
      all,
      userIds,
      missionIds: listsOwn ? missionIds : new Set(),
      airspaces,
      ownUserIds: accountIds,
      ownMissionIds: missionIds,
      signature,
    };
  };
}

export type LiveScopes = ReturnType<typeof createLiveScopes>;
