import { meanSeaLevel } from 'egm96-universal';
import type { ZoneMatch } from '../../../src/shared/geozones';
import { geozoneFactOf, type GeoidModel, type GeozoneFact } from '../../../src/shared/regulation';

/** EGM96 geoid undulation (egm96-universal): a WGS84 ellipsoidal height minus it is an altitude above mean sea level. */
export const egm96: GeoidModel = (lon, lat) => meanSeaLevel(lat, lon);

/** A stored zone the mission touches, as the engine's `geozones` fact (regulation.md §8), limits in their reference. */
export function toGeozoneFact(match: ZoneMatch): GeozoneFact {
  return geozoneFactOf(match.zone, match.volume, match.restriction, egm96);
}
