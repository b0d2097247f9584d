import type { ZoneFeatureCollection, ZoneImportResult, ZoneIntersection } from '../../src/shared/contracts/zones';
import { pickAuthority, toEngineZone, type GeozoneParseResult, type ZoneMatch } from '../../src/shared/geozones';
import { bboxesOverlap, bboxOf, type BBox } from '../../src/shared/geozones/geometry';
import type { Zone } from '../../src/shared/geozones/zone';

/** What the store knows of a zone beyond the zone itself. */
export interface ZoneMeta {
  id: string;
  dataset: string;
}

export function toImportResult(dataset: string, parsed: GeozoneParseResult): ZoneImportResult {
  return {
    dataset,
    format: parsed.format,
    imported: parsed.zones.length,
    skipped: parsed.errors.length,
    errors: parsed.errors.map((rejection) => ({
      index: rejection.index,
      ...(rejection.identifier === undefined ? {} : { identifier: rejection.identifier }),
      reason: rejection.reason,
      ...(rejection.detail === undefined ? {} : { detail: rejection.detail }),
    })),
  };
}

/** One feature per volume whose box reaches the view (a zone's volumes can lie far apart). */
export function toVolumeFeatures(zone: Zone, meta: ZoneMeta, view: BBox): ZoneFeatureCollection['features'] {
  const authority = pickAuthority(zone.restriction, zone.zoneAuthorities);
  const authorityName = authority?.name ?? authority?.service;
  return zone.volumes.flatMap((volume, volumeIndex) =>
    bboxesOverlap(bboxOf(volume.geometry), view)
      ? [
          {
            type: 'Feature' as const,
            id: `${meta.id}:${volumeIndex}`,
            geometry: volume.geometry,
            properties: {
              zoneId: meta.id,
              dataset: meta.dataset,
              identifier: zone.identifier,
              name: zone.name,
              country: zone.country,
              restriction: zone.restriction,
              ...(zone.uSpaceAirspace ? { uSpaceAirspace: true } : {}),
              volumeIndex,
              lowerM: volume.lowerM,
              upperM: volume.upperM,
              lowerReference: volume.lowerReference,
              upperReference: volume.upperReference,
              message: zone.message ?? null,
              ...(authorityName ? { authority: authorityName } : {}),
              applicability: zone.applicability,
            },
          },
        ]
      : [],
  );
}

export function toZoneIntersection(match: ZoneMatch, meta: ZoneMeta): ZoneIntersection {
  const { zone, volume, volumeIndex, restriction } = match;
  const limits = toEngineZone(match);
  const authority = pickAuthority(restriction, zone.zoneAuthorities);
  return {
    zoneId: meta.id,
    dataset: meta.dataset,
    identifier: zone.identifier,
    name: zone.name,
    country: zone.country,
    restriction,
    ...(zone.uSpaceAirspace ? { uSpaceAirspace: true } : {}),
    lowerLimitM: limits.lowerLimitM,
    upperLimitM: limits.upperLimitM,
    volumeIndex,
    volume: {
      lowerM: volume.lowerM,
      upperM: volume.upperM,
      lowerReference: volume.lowerReference,
      upperReference: volume.upperReference,
      geometry: volume.geometry,
    },
    message: zone.message ?? null,
    restrictionConditions: [...zone.restrictionConditions],
    authority: authority
      ? {
          ...(authority.name === undefined ? {} : { name: authority.name }),
          ...(authority.service === undefined ? {} : { service: authority.service }),
          ...(authority.contactName === undefined ? {} : { contactName: authority.contactName }),
          ...(authority.siteURL === undefined ? {} : { siteURL: authority.siteURL }),
          ...(authority.email === undefined ? {} : { email: authority.email }),
          ...(authority.phone === undefined ? {} : { phone: authority.phone }),
          ...(authority.purpose === undefined ? {} : { purpose: authority.purpose }),
          ...(authority.intervalBefore === undefined ? {} : { intervalBefore: authority.intervalBefore }),
        }
      : null,
    intervalBeforeDays: noticeDays(limits.intervalBeforeDays),
  };
}

/** Rounded up: a notice of 36 hours is two days to plan for, never one. */
export function noticeDays(days: number | undefined): number | null {
  return days === undefined ? null : Math.ceil(days);
}
