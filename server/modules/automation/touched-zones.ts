import type { ClassifiedMission, TouchedZone } from '../../../src/shared/domain/request-impact';
import type { Zone } from '../../../src/shared/geozones/zone';
import type { ZonesService } from '../../zones/zones.service';

/** A dataset may give a zone its NFZ level (0–9) as extendedProperties.nfzLevel; ED-269/ED-318 have no such field. */
export function nfzLevelOf(zone: Zone): number | null {
  const properties = zone.extendedProperties;
  if (typeof properties !== 'object' || properties === null) return null;
  const level = (properties as Record<string, unknown>).nfzLevel;
  return typeof level === 'number' && Number.isInteger(level) && level >= 0 && level <= 9 ? level : null;
}

/**
 * The geozones the mission's areas touch at its start, in the band from the ground to its maximum height (the
 * ground only when no height is given): one entry per zone, with its most restrictive applicable volume.
 */
export async function touchedZones(zones: ZonesService, mission: ClassifiedMission): Promise<TouchedZone[]> {
  if (!mission.areas || mission.areas.coordinates.length === 0) return [];
  const at = mission.startAt ? new Date(mission.startAt) : new Date();
  const matches = await zones.matches(mission.areas, mission.maxHeightM ?? 0, at);
  const seen = new Set<Zone>();
  const touched: TouchedZone[] = [];
  for (const match of matches) {
    if (seen.has(match.zone)) continue;
    seen.add(match.zone);
    touched.push({
      identifier: match.zone.identifier,
      name: match.zone.name,
      restriction: match.restriction,
      nfzLevel: nfzLevelOf(match.zone),
    });
  }
  return touched;
}
