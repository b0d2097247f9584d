import { conservativeLowerAglM, conservativeUpperAglM } from './vertical';
import type { AuthorityPurpose, Restriction, ZoneAuthority } from './zone';
import type { ZoneMatch } from './zone-index';

/** The flattened zone the regulation engine consumes (regulation.md §8, `geozone` fact). */
export interface EngineZone {
  identifier: string;
  name: string;
  restriction: Restriction;
  /** Height above ground where the zone starts; an AMSL floor is reported as 0 (see vertical.ts). */
  lowerLimitM: number;
  /** Height above ground of the ceiling; null when there is none or it is given above sea level. */
  upperLimitM: number | null;
  message?: string;
  authorityName?: string;
  /** The chosen authority's `intervalBefore` in days, possibly fractional ("PT36H" is 1.5). */
  intervalBeforeDays?: number;
}

// GZ-03: the authority to contact depends on what the zone asks for.
const PURPOSES_BY_RESTRICTION: Readonly<Record<Restriction, readonly AuthorityPurpose[]>> = {
  PROHIBITED: ['AUTHORIZATION', 'NOTIFICATION'],
  REQ_AUTHORISATION: ['AUTHORIZATION', 'NOTIFICATION'],
  CONDITIONAL: ['NOTIFICATION', 'AUTHORIZATION'],
  NO_RESTRICTION: ['INFORMATION', 'NOTIFICATION', 'AUTHORIZATION'],
};

/** The authority matching the zone's restriction by purpose, else the first one listed. */
export function pickAuthority(restriction: Restriction, authorities: readonly ZoneAuthority[]): ZoneAuthority | undefined {
  for (const purpose of PURPOSES_BY_RESTRICTION[restriction]) {
    const authority = authorities.find((candidate) => candidate.purpose === purpose);
    if (authority) return authority;
  }
  return authorities[0];
}

export function toEngineZone(match: ZoneMatch): EngineZone {
  const { zone, volume, restriction } = match;
  const authority = pickAuthority(restriction, zone.zoneAuthorities);
  const engineZone: EngineZone = {
    identifier: zone.identifier,
    name: zone.name,
    restriction,
    lowerLimitM: conservativeLowerAglM(volume),
    upperLimitM: conservativeUpperAglM(volume),
  };
  if (zone.message !== undefined) engineZone.message = zone.message;
  if (authority?.name !== undefined) engineZone.authorityName = authority.name;
  if (authority?.intervalBeforeHours !== undefined) engineZone.intervalBeforeDays = authority.intervalBeforeHours / 24;
  return engineZone;
}
