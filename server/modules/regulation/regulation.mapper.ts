import { toEngineZone, type ZoneMatch } from '../../../src/shared/geozones';
import type { GeozoneFact } from '../../../src/shared/regulation';
import { noticeDays } from '../../zones/zones.mapper';

/** A stored zone the mission touches, as the engine's `geozones` fact (regulation.md §8). */
export function toGeozoneFact(match: ZoneMatch): GeozoneFact {
  const zone = toEngineZone(match);
  const days = noticeDays(zone.intervalBeforeDays);
  return {
    identifier: zone.identifier,
    name: zone.name,
    restriction: zone.restriction,
    lowerLimitM: zone.lowerLimitM,
    upperLimitM: zone.upperLimitM,
    ...(zone.message === undefined ? {} : { message: zone.message }),
    ...(zone.authorityName === undefined ? {} : { authorityName: zone.authorityName }),
    ...(days === null ? {} : { intervalBeforeDays: days }),
  };
}
