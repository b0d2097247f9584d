import { dayActivity, isActiveAt } from '../geozones/applicability';
import { pickAuthority } from '../geozones/flatten';
import { parseEd269Zone } from '../geozones/parse-ed269';
import { parseEd318Feature } from '../geozones/parse-ed318';
import type { Position, Zone, ZoneVolume } from '../geozones/zone';
import type { FrAirspaceKind, GeozoneFact, MissionFacts } from './facts';
import { RegulationError } from './regulation-error';

/** The geoid undulation N (metres) at [lon, lat]: WGS84 ellipsoidal height = AMSL altitude + N. */
export type GeoidModel = (lon: number, lat: number) => number;

function anchorOf(volume: ZoneVolume): Position {
  if (volume.circle) return volume.circle.center;
  const ring = volume.geometry.type === 'Polygon' ? volume.geometry.coordinates[0] : volume.geometry.coordinates[0]?.[0];
  return ring?.[0] ?? [0, 0];
}

/** A WGS84 limit becomes AMSL with the geoid at the volume's centre or first vertex; without a geoid it stays as given. */
function toFactLimit(value: number, reference: ZoneVolume['lowerReference'], volume: ZoneVolume, geoid: GeoidModel | undefined) {
  if (reference !== 'WGS84') return { value, reference };
  const [lon, lat] = anchorOf(volume);
  return { value: geoid ? value - geoid(lon, lat) : value, reference: 'AMSL' as const };
}

/** The SIA's `otherReasonInfo` of each French AIP zone kind. */
const FR_KIND_OF_REASON: Readonly<Record<string, FrAirspaceKind>> = {
  'Zone interdite': 'P',
  'Zone réglementée': 'R',
  'Zone dangereuse': 'D',
  'Zone de contrôle civile': 'CTR',
  'Zone de contrôle militaire': 'CTR',
  'Région de contrôle terminal': 'TMA',
  'Marque interdiction de survol': 'SUR',
};

function frAirspaceKind(zone: Zone): FrAirspaceKind | undefined {
  return zone.country === 'FRA' && zone.otherReasonInfo !== undefined ? FR_KIND_OF_REASON[zone.otherReasonInfo.trim()] : undefined;
}

/**
 * One volume of a zone as the engine's flattened `geozones` fact, its limits in their own reference (AGL or AMSL; a
 * WGS84 limit converted to AMSL with the geoid), so that the engine compares them with the mission's height or altitude.
 */
export function geozoneFactOf(
  zone: Zone,
  volume: ZoneVolume,
  restriction: Zone['restriction'],
  geoid: GeoidModel | undefined,
): GeozoneFact {
  const authority = pickAuthority(restriction, zone.zoneAuthorities);
  const lower = toFactLimit(volume.lowerM, volume.lowerReference, volume, geoid);
  const upper = volume.upperM === null ? null : toFactLimit(volume.upperM, volume.upperReference, volume, geoid);
  const airspaceKind = frAirspaceKind(zone);
  return {
    identifier: zone.identifier,
    name: zone.name,
    restriction,
    lowerLimitM: Math.max(0, lower.value),
    upperLimitM: upper === null ? null : Math.max(0, upper.value),
    lowerReference: lower.reference,
    ...(upper === null ? {} : { upperReference: upper.reference }),
    ...(zone.message === undefined ? {} : { message: zone.message }),
    ...(authority?.name === undefined ? {} : { authorityName: authority.name }),
    // Rounded up: a notice of 36 hours is two days to plan for, never one.
    ...(authority?.intervalBeforeHours === undefined ? {} : { intervalBeforeDays: Math.ceil(authority.intervalBeforeHours / 24) }),
    ...(airspaceKind === undefined ? {} : { airspaceKind }),
  };
}

function parseRaw(raw: Record<string, unknown>): Zone {
  try {
    return raw.type === 'Feature' ? parseEd318Feature(raw) : parseEd269Zone(raw);
  } catch {
    throw new RegulationError('INSUFFICIENT_DATA', ['geozone']);
  }
}

/** GZ-01 (a): a circle by the mission's distance from its centre, a polygon by `missionInsideHorizontalProjection`. */
function meetsHorizontally(volume: ZoneVolume, facts: MissionFacts): boolean {
  const { missionDistanceFromCenterM, missionInsideHorizontalProjection } = facts.geozone ?? {};
  if (volume.circle) {
    if (missionDistanceFromCenterM === undefined) throw new RegulationError('INSUFFICIENT_DATA', ['geozone.missionDistanceFromCenterM']);
    return missionDistanceFromCenterM <= volume.circle.radiusM;
  }
  if (missionInsideHorizontalProjection === undefined) {
    throw new RegulationError('INSUFFICIENT_DATA', ['geozone.missionInsideHorizontalProjection']);
  }
  return missionInsideHorizontalProjection;
}

/**
 * Without `timeUTC`, whether the zone applies on the mission's (UTC) day is known only when it does at every minute of
 * it, or at none: a zone active all day, or not at all that day, needs no time; one active part of the day does.
 */
function activeAllDay(zone: Zone, dateISO: string): boolean {
  const activity = dayActivity(zone, dateISO);
  if (activity === 'part') throw new RegulationError('INSUFFICIENT_DATA', ['timeUTC']);
  return activity === 'all';
}

/**
 * regulation.md §8 `geozone`: the raw ED-269 / ED-318 zone as the flattened facts of its volumes the mission meets
 * at `dateISO` + `timeUTC` (GZ-01 a, c; GZ-05). Each volume is one fact (GZ-04); none when the zone is not active.
 */
export function rawGeozoneFacts(facts: MissionFacts, geoid: GeoidModel | undefined): GeozoneFact[] {
  if (facts.geozone === undefined) return [];
  const { missionDistanceFromCenterM: _distance, missionInsideHorizontalProjection: _inside, ...raw } = facts.geozone;
  const zone = parseRaw(raw);
  const permanent = zone.applicability.every((period) => period.permanent);
  const active =
    permanent ||
    (facts.timeUTC === undefined ? activeAllDay(zone, facts.dateISO) : isActiveAt(zone, new Date(`${facts.dateISO}T${facts.timeUTC}Z`)));
  if (!active) return [];
  return zone.volumes
    .filter((volume) => meetsHorizontally(volume, facts))
    .map((volume) => geozoneFactOf(zone, volume, zone.restriction, geoid));
}
