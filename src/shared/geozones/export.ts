import { NO_CEILING_SENTINEL } from './limits';
import { definedOnly, toLocalizedTexts } from './raw-values';
import type { ApplicabilityPeriod, DailyPeriod, Position, Zone, ZoneVolume } from './zone';

/*
 * Writers for the two standards. parse(toEd269(zones)) and parse(toEd318(zones)) give back the same zones.
 * Across formats, what the target cannot hold is lost: ED-269 has no translations and no USPACE type
 * (written REQ_AUTHORISATION); ED-318 has no uSpaceClass. Two liberties, both read back by our parser:
 * an authority whose purpose is unknown is written without one (ED-318 requires it, but inventing one would
 * change who the pilot must contact), and a zone with several restriction conditions writes them as a list.
 */

export interface Ed269Volume {
  uomDimensions: 'M';
  lowerLimit: number;
  lowerVerticalReference: ZoneVolume['lowerReference'];
  upperLimit: number | null;
  upperVerticalReference: ZoneVolume['upperReference'];
  horizontalProjection:
    | { type: 'Circle'; center: Position; radius: number }
    | { type: 'Polygon'; coordinates: Position[][] }
    | { type: 'MultiPolygon'; coordinates: Position[][][] };
}

export interface Ed269Zone {
  identifier: string;
  country: string;
  name: string;
  type: Zone['type'];
  restriction: Zone['restriction'];
  restrictionConditions?: string[];
  region?: number;
  reason: Zone['reasons'];
  otherReasonInfo?: string;
  regulationExemption?: 'YES' | 'NO';
  uSpaceClass?: string | string[];
  message?: string;
  applicability: Record<string, unknown>[];
  zoneAuthority: Record<string, unknown>[];
  geometry: Ed269Volume[];
  extendedProperties?: unknown;
}

export interface Ed269Document {
  title?: string;
  description?: string;
  features: Ed269Zone[];
}

export interface Ed318Layer {
  upper: number;
  upperReference: ZoneVolume['upperReference'];
  lower: number;
  lowerReference: ZoneVolume['lowerReference'];
  uom: 'm';
}

export type Ed318Geometry =
  | { type: 'Polygon'; coordinates: Position[][]; layer: Ed318Layer }
  | { type: 'MultiPolygon'; coordinates: Position[][][]; layer: Ed318Layer }
  | { type: 'Point'; coordinates: Position; extent: { subType: 'Circle'; radius: number }; layer: Ed318Layer }
  | { type: 'GeometryCollection'; geometries: Ed318Geometry[] };

export interface Ed318Feature {
  type: 'Feature';
  geometry: Ed318Geometry;
  properties: Record<string, unknown>;
}

export interface Ed318Document {
  type: 'FeatureCollection';
  name?: string;
  metadata: Record<string, unknown>;
  features: Ed318Feature[];
}

function yesNo(value: boolean | undefined): 'YES' | 'NO' | undefined {
  return value === undefined ? undefined : value ? 'YES' : 'NO';
}

function schedulesOut(schedule: readonly DailyPeriod[] | undefined) {
  return schedule?.map((daily) =>
    definedOnly({
      day: [...daily.days],
      startTime: daily.startTime,
      endTime: daily.endTime,
      startEvent: daily.startEvent,
      endEvent: daily.endEvent,
    }),
  );
}

function ed269Period(period: ApplicabilityPeriod): Record<string, unknown> {
  if (period.permanent) return { permanent: 'YES' };
  return definedOnly({
    permanent: 'NO',
    startDateTime: period.start,
    endDateTime: period.end,
    schedule: schedulesOut(period.schedule),
  });
}

function ed269Volume(volume: ZoneVolume): Ed269Volume {
  return {
    uomDimensions: 'M',
    lowerLimit: volume.lowerM,
    lowerVerticalReference: volume.lowerReference,
    upperLimit: volume.upperM,
    upperVerticalReference: volume.upperReference,
    horizontalProjection: volume.circle
      ? { type: 'Circle', center: [...volume.circle.center], radius: volume.circle.radiusM }
      : volume.geometry.type === 'Polygon'
        ? { type: 'Polygon', coordinates: volume.geometry.coordinates }
        : { type: 'MultiPolygon', coordinates: volume.geometry.coordinates },
  };
}

export function toEd269Zone(zone: Zone): Ed269Zone {
  return definedOnly({
    identifier: zone.identifier,
    country: zone.country,
    name: zone.name,
    type: zone.type,
    restriction: zone.restriction,
    restrictionConditions: zone.restrictionConditions.length > 0 ? [...zone.restrictionConditions] : undefined,
    region: zone.region,
    reason: [...zone.reasons],
    otherReasonInfo: zone.otherReasonInfo,
    regulationExemption: yesNo(zone.regulationExemption),
    uSpaceClass: zone.uSpaceClass?.length === 1 ? zone.uSpaceClass[0] : zone.uSpaceClass,
    message: zone.message,
    applicability: zone.applicability.map(ed269Period),
    zoneAuthority: zone.zoneAuthorities.map((authority) =>
      definedOnly({
        name: authority.name,
        service: authority.service,
        contactName: authority.contactName,
        siteURL: authority.siteURL,
        email: authority.email,
        phone: authority.phone,
        purpose: authority.purpose,
        intervalBefore: authority.intervalBefore,
      }),
    ),
    geometry: zone.volumes.map(ed269Volume),
    extendedProperties: zone.extendedProperties,
  });
}

export function toEd269(zones: readonly Zone[], header: { title?: string; description?: string } = {}): Ed269Document {
  return { ...definedOnly(header), features: zones.map(toEd269Zone) };
}

function ed318Layer(volume: ZoneVolume): Ed318Layer {
  return {
    upper: volume.upperM ?? NO_CEILING_SENTINEL,
    upperReference: volume.upperReference,
    lower: volume.lowerM,
    lowerReference: volume.lowerReference,
    uom: 'm',
  };
}

function ed318VolumeGeometry(volume: ZoneVolume): Ed318Geometry {
  const layer = ed318Layer(volume);
  if (volume.circle) {
    return { type: 'Point', coordinates: [...volume.circle.center], extent: { subType: 'Circle', radius: volume.circle.radiusM }, layer };
  }
  return volume.geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: volume.geometry.coordinates, layer }
    : { type: 'MultiPolygon', coordinates: volume.geometry.coordinates, layer };
}

export function toEd318Feature(zone: Zone): Ed318Feature {
  const volumes = zone.volumes.map(ed318VolumeGeometry);
  const isPermanent = zone.applicability.some((period) => period.permanent);
  return {
    type: 'Feature',
    geometry: volumes.length === 1 ? (volumes[0] as Ed318Geometry) : { type: 'GeometryCollection', geometries: volumes },
    properties: definedOnly({
      identifier: zone.identifier,
      country: zone.country,
      name: toLocalizedTexts(zone.name, zone.translations?.name),
      type: zone.uSpaceAirspace ? 'USPACE' : zone.restriction === 'REQ_AUTHORISATION' ? 'REQ_AUTHORIZATION' : zone.restriction,
      variant: zone.type,
      restrictionConditions:
        zone.restrictionConditions.length === 0
          ? undefined
          : zone.restrictionConditions.length === 1
            ? zone.restrictionConditions[0]
            : [...zone.restrictionConditions],
      region: zone.region,
      reason: [...zone.reasons],
      otherReasonInfo: toLocalizedTexts(zone.otherReasonInfo, zone.translations?.otherReasonInfo),
      regulationExemption: yesNo(zone.regulationExemption),
      message: toLocalizedTexts(zone.message, zone.translations?.message),
      zoneAuthority: zone.zoneAuthorities.map((authority) =>
        definedOnly({
          purpose: authority.purpose,
          intervalBefore: authority.intervalBefore,
          name: toLocalizedTexts(authority.name, authority.translations?.name),
          service: toLocalizedTexts(authority.service, authority.translations?.service),
          contactName: toLocalizedTexts(authority.contactName, authority.translations?.contactName),
          siteURL: authority.siteURL,
          email: authority.email,
          phone: authority.phone,
        }),
      ),
      // ED-318 has no permanent flag: leaving limitedApplicability out means "always".
      limitedApplicability: isPermanent
        ? undefined
        : zone.applicability.map((period) =>
            definedOnly({ startDateTime: period.start, endDateTime: period.end, schedule: schedulesOut(period.schedule) }),
          ),
      extendedProperties: zone.extendedProperties,
    }),
  };
}

export function toEd318(
  zones: readonly Zone[],
  header: { name?: string; issued?: Date; metadata?: Record<string, unknown> } = {},
): Ed318Document {
  // The caller passes the issue date: this module reads no clock, so the same zones always give the same file.
  return {
    type: 'FeatureCollection',
    ...(header.name === undefined ? {} : { name: header.name }),
    metadata: { ...header.metadata, ...(header.issued === undefined ? {} : { issued: header.issued.toISOString() }) },
    features: zones.map(toEd318Feature),
  };
}
