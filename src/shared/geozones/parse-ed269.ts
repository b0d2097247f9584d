import { z } from 'zod';
import { circleToPolygon, readMultiPolygon, readPolygon, readPosition } from './geometry';
import { GeozoneFileError, parseZonesOneByOne, ZoneRejected, type GeozoneParseResult } from './geozone-file-error';
import { metresPerUnit, readVerticalLimits, toMetres } from './limits';
import { rawDailyPeriodSchema, rawTimeWindowSchema, toApplicabilityPeriod } from './raw-applicability';
import {
  countryCode,
  definedOnly,
  durationToHours,
  isRecord,
  optionalDuration,
  optionalInteger,
  optionalText,
  optionalTextList,
  optionalYesNo,
  parseOrReject,
  requiredText,
  textList,
} from './raw-values';
import {
  authorityPurposeSchema,
  RESTRICTIONS,
  zoneReasonSchema,
  zoneVariantSchema,
  type Restriction,
  type Zone,
  type ZoneVolume,
} from './zone';

const nullAsAbsent = (value: unknown) => (value === null ? undefined : value);

const ed269AuthoritySchema = z.object({
  name: optionalText,
  service: optionalText,
  contactName: optionalText,
  siteURL: optionalText,
  email: optionalText,
  phone: optionalText,
  purpose: z.preprocess(nullAsAbsent, authorityPurposeSchema.optional()),
  intervalBefore: optionalDuration,
});

const ed269PeriodSchema = z.object({
  permanent: z.enum(['YES', 'NO']),
  ...rawTimeWindowSchema,
  schedule: z.array(rawDailyPeriodSchema).nullish(),
  // Some producers name the schedule `dailyPeriod` (the name of its item type), e.g. the CIS sample.
  dailyPeriod: z.array(rawDailyPeriodSchema).nullish(),
});

/** Every attribute except `restriction` and `geometry`, which are checked first and reported with their own codes. */
const ed269AttributesSchema = z.object({
  identifier: requiredText,
  country: countryCode,
  name: optionalText,
  type: zoneVariantSchema,
  restrictionConditions: textList,
  region: optionalInteger,
  reason: z.preprocess((value) => value ?? [], z.array(zoneReasonSchema).max(9)),
  otherReasonInfo: optionalText,
  regulationExemption: optionalYesNo,
  uSpaceClass: optionalTextList,
  message: optionalText,
  applicability: z.array(ed269PeriodSchema).min(1),
  zoneAuthority: z.array(ed269AuthoritySchema),
  extendedProperties: z.unknown().optional(),
});

function readRestriction(value: unknown): Restriction {
  if (value === undefined || value === null) throw new ZoneRejected('INVALID_SCHEMA', 'restriction: required');
  const restriction = typeof value === 'string' ? value.trim() : value;
  if (!RESTRICTIONS.includes(restriction as Restriction)) {
    const hint = restriction === 'REQ_AUTHORIZATION' ? ' (ED-269 spells it REQ_AUTHORISATION)' : '';
    throw new ZoneRejected('UNKNOWN_RESTRICTION', `restriction: ${JSON.stringify(value)}${hint}`);
  }
  return restriction as Restriction;
}

function readVolume(raw: unknown, where: string): ZoneVolume {
  if (!isRecord(raw)) throw new ZoneRejected('MISSING_GEOMETRY', `${where}: not an airspace volume`);
  const projection = raw.horizontalProjection;
  if (!isRecord(projection)) throw new ZoneRejected('MISSING_GEOMETRY', `${where}.horizontalProjection: missing`);
  const horizontalWhere = `${where}.horizontalProjection`;
  let horizontal: Pick<ZoneVolume, 'geometry' | 'circle'>;
  if (projection.type === 'Polygon') {
    horizontal = { geometry: readPolygon(projection.coordinates, horizontalWhere) };
  } else if (projection.type === 'MultiPolygon') {
    horizontal = { geometry: readMultiPolygon(projection.coordinates, horizontalWhere) };
  } else if (projection.type === 'Circle') {
    const center = readPosition(projection.center, `${horizontalWhere}.center`);
    const radius = typeof projection.radius === 'string' ? Number(projection.radius) : projection.radius;
    if (typeof radius !== 'number' || !Number.isFinite(radius) || radius <= 0) {
      throw new ZoneRejected('INVALID_GEOMETRY', `${horizontalWhere}.radius: must be a positive number`);
    }
    // ED-269: uomDimensions applies to the radius as well as to the limits.
    const circle = { center, radiusM: toMetres(radius, metresPerUnit(raw.uomDimensions, where)) };
    horizontal = { geometry: circleToPolygon(circle), circle };
  } else {
    throw new ZoneRejected('INVALID_GEOMETRY', `${horizontalWhere}.type: ${JSON.stringify(projection.type)} is not Polygon or Circle`);
  }
  const limits = readVerticalLimits(
    {
      uom: raw.uomDimensions,
      lower: raw.lowerLimit,
      upper: raw.upperLimit,
      lowerReference: raw.lowerVerticalReference,
      upperReference: raw.upperVerticalReference,
    },
    where,
  );
  return { ...limits, ...horizontal };
}

export function parseEd269Zone(raw: unknown): Zone {
  if (!isRecord(raw)) throw new ZoneRejected('INVALID_SCHEMA', 'a zone must be an object');
  const restriction = readRestriction(raw.restriction);
  if (!Array.isArray(raw.geometry) || raw.geometry.length === 0) {
    throw new ZoneRejected('MISSING_GEOMETRY', 'geometry: at least one airspace volume is required');
  }
  const volumes = raw.geometry.map((volume, index) => readVolume(volume, `geometry[${index}]`));
  const attributes = parseOrReject(ed269AttributesSchema, raw);
  return definedOnly({
    identifier: attributes.identifier,
    country: attributes.country,
    name: attributes.name ?? attributes.identifier,
    restriction,
    type: attributes.type,
    reasons: [...new Set(attributes.reason)],
    otherReasonInfo: attributes.otherReasonInfo,
    message: attributes.message,
    restrictionConditions: attributes.restrictionConditions,
    regulationExemption: attributes.regulationExemption,
    uSpaceClass: attributes.uSpaceClass,
    region: attributes.region,
    zoneAuthorities: attributes.zoneAuthority.map((authority) =>
      definedOnly({
        ...authority,
        intervalBeforeHours: authority.intervalBefore === undefined ? undefined : durationToHours(authority.intervalBefore),
      }),
    ),
    applicability: attributes.applicability.map((period) =>
      toApplicabilityPeriod(period.permanent === 'YES', period, period.schedule ?? period.dailyPeriod ?? []),
    ),
    volumes,
    extendedProperties: attributes.extendedProperties,
  });
}

function identifierOf(raw: unknown): string | undefined {
  return isRecord(raw) && typeof raw.identifier === 'string' && raw.identifier.trim() !== '' ? raw.identifier.trim() : undefined;
}

/** The zone list of any of the three ED-269 wrappers; undefined when the document is none of them. */
export function ed269ZoneList(document: unknown): unknown[] | undefined {
  if (Array.isArray(document)) return document;
  if (!isRecord(document)) return undefined;
  if (Array.isArray(document.features)) return document.features;
  if (Array.isArray(document.UASZoneList)) return document.UASZoneList;
  return undefined;
}

/** An ED-269 document already read from JSON: `{features}`, `{UASZoneList}` or a bare array of zones. */
export function parseEd269(document: unknown): GeozoneParseResult {
  const zones = ed269ZoneList(document);
  if (!zones) throw new GeozoneFileError('UNKNOWN_FORMAT', 'expected an ED-269 zone list');
  return parseZonesOneByOne('ED-269', zones, parseEd269Zone, identifierOf);
}
