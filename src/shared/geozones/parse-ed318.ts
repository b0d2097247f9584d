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
  localizedTextList,
  optionalDuration,
  optionalInteger,
  optionalText,
  optionalYesNo,
  parseOrReject,
  preferredText,
  requiredText,
  textList,
  translationsOf,
} from './raw-values';
import { authorityPurposeSchema, zoneReasonSchema, zoneVariantSchema, type Restriction, type Zone, type ZoneVolume } from './zone';

/** ED-318 moves the restriction into `type`, spelled REQ_AUTHORIZATION, and adds USPACE. */
const ED318_TYPES: Readonly<Record<string, { restriction: Restriction; uSpaceAirspace?: true }>> = {
  USPACE: { restriction: 'REQ_AUTHORISATION', uSpaceAirspace: true },
  PROHIBITED: { restriction: 'PROHIBITED' },
  REQ_AUTHORIZATION: { restriction: 'REQ_AUTHORISATION' },
  CONDITIONAL: { restriction: 'CONDITIONAL' },
  NO_RESTRICTION: { restriction: 'NO_RESTRICTION' },
};

// The draft schema types siteURL/email/phone as TextShort, the CIS sample writes plain strings: accept both.
const textOrTextShort = z.preprocess((value) => (isRecord(value) ? value.text : value), optionalText);

const ed318AuthoritySchema = z.object({
  // Required by ED-318; tolerated when absent, as in ED-269, rather than guessed.
  purpose: z.preprocess((value) => (value === null ? undefined : value), authorityPurposeSchema.optional()),
  intervalBefore: optionalDuration,
  name: localizedTextList,
  service: localizedTextList,
  contactName: localizedTextList,
  siteURL: textOrTextShort,
  email: textOrTextShort,
  phone: textOrTextShort,
});

const ed318PeriodSchema = z.object({
  ...rawTimeWindowSchema,
  schedule: z.array(rawDailyPeriodSchema).nullish(),
});

/** Every property except `type`, which is checked first and reported as UNKNOWN_RESTRICTION. */
const ed318PropertiesSchema = z.object({
  identifier: requiredText,
  country: countryCode,
  name: localizedTextList,
  variant: zoneVariantSchema,
  restrictionConditions: textList,
  region: optionalInteger,
  reason: z.preprocess((value) => value ?? [], z.array(zoneReasonSchema).max(9)),
  otherReasonInfo: localizedTextList,
  regulationExemption: optionalYesNo,
  message: localizedTextList,
  zoneAuthority: z.array(ed318AuthoritySchema).min(1),
  limitedApplicability: z.array(ed318PeriodSchema).nullish(),
  extendedProperties: z.unknown().optional(),
});

function readType(value: unknown): { restriction: Restriction; uSpaceAirspace?: true } {
  if (value === undefined || value === null) throw new ZoneRejected('INVALID_SCHEMA', 'properties.type: required');
  const type = typeof value === 'string' ? value.trim() : '';
  const known = Object.hasOwn(ED318_TYPES, type) ? ED318_TYPES[type] : undefined;
  if (!known) {
    const hint = type === 'REQ_AUTHORISATION' ? ' (the ED-269 spelling; ED-318 writes REQ_AUTHORIZATION)' : '';
    throw new ZoneRejected('UNKNOWN_RESTRICTION', `properties.type: ${JSON.stringify(value)}${hint}`);
  }
  return known;
}

function readLayered(geometry: Record<string, unknown>, inheritedLayer: unknown, where: string): ZoneVolume {
  let horizontal: Pick<ZoneVolume, 'geometry' | 'circle'>;
  const layer = geometry.layer ?? inheritedLayer;
  if (geometry.type === 'Polygon') {
    horizontal = { geometry: readPolygon(geometry.coordinates, where) };
  } else if (geometry.type === 'MultiPolygon') {
    horizontal = { geometry: readMultiPolygon(geometry.coordinates, where) };
  } else {
    const center = readPosition(geometry.coordinates, `${where}.coordinates`);
    const extent = geometry.extent;
    if (!isRecord(extent) || extent.subType !== 'Circle') {
      throw new ZoneRejected('INVALID_GEOMETRY', `${where}: a Point zone needs extent { subType: "Circle", radius }`);
    }
    const radius = typeof extent.radius === 'string' ? Number(extent.radius) : extent.radius;
    if (typeof radius !== 'number' || !Number.isFinite(radius) || radius <= 0) {
      throw new ZoneRejected('INVALID_GEOMETRY', `${where}.extent.radius: must be a positive number`);
    }
    // Assumed in the layer's unit, as ED-269 puts the radius in uomDimensions; every known file uses metres.
    const factor = isRecord(layer) ? metresPerUnit(layer.uom, `${where}.layer`) : 1;
    const circle = { center, radiusM: toMetres(radius, factor) };
    horizontal = { geometry: circleToPolygon(circle), circle };
  }
  if (!isRecord(layer)) throw new ZoneRejected('INVALID_LIMITS', `${where}.layer: vertical limits are missing`);
  const limits = readVerticalLimits(
    {
      uom: layer.uom,
      lower: layer.lower,
      upper: layer.upper,
      lowerReference: layer.lowerReference,
      upperReference: layer.upperReference,
    },
    `${where}.layer`,
  );
  return { ...limits, ...horizontal };
}

/** A GeometryCollection holds several layers ("wedding cake"); a layer on the collection is inherited by its members. */
function readVolumes(geometry: unknown, inheritedLayer: unknown, where: string): ZoneVolume[] {
  if (!isRecord(geometry)) throw new ZoneRejected('MISSING_GEOMETRY', `${where}: missing`);
  switch (geometry.type) {
    case 'GeometryCollection': {
      if (!Array.isArray(geometry.geometries) || geometry.geometries.length === 0) {
        throw new ZoneRejected('MISSING_GEOMETRY', `${where}.geometries: empty`);
      }
      const layer = geometry.layer ?? inheritedLayer;
      return geometry.geometries.flatMap((member, index) => readVolumes(member, layer, `${where}.geometries[${index}]`));
    }
    case 'Polygon':
    case 'MultiPolygon':
    case 'Point':
      return [readLayered(geometry, inheritedLayer, where)];
    default:
      throw new ZoneRejected('INVALID_GEOMETRY', `${where}.type: ${JSON.stringify(geometry.type)} cannot bound a zone`);
  }
}

export function parseEd318Feature(feature: unknown): Zone {
  if (!isRecord(feature) || !isRecord(feature.properties)) {
    throw new ZoneRejected('INVALID_SCHEMA', 'a feature must be an object with properties');
  }
  const { restriction, uSpaceAirspace } = readType(feature.properties.type);
  const volumes = readVolumes(feature.geometry, undefined, 'geometry');
  const properties = parseOrReject(ed318PropertiesSchema, feature.properties);
  const periods = properties.limitedApplicability ?? [];
  const nameTranslations = translationsOf(properties.name);
  const otherReasonInfoTranslations = translationsOf(properties.otherReasonInfo);
  const messageTranslations = translationsOf(properties.message);
  const hasTranslations = nameTranslations || otherReasonInfoTranslations || messageTranslations;
  return definedOnly({
    identifier: properties.identifier,
    country: properties.country,
    name: preferredText(properties.name) ?? properties.identifier,
    restriction,
    uSpaceAirspace,
    type: properties.variant,
    reasons: [...new Set(properties.reason)],
    otherReasonInfo: preferredText(properties.otherReasonInfo),
    message: preferredText(properties.message),
    restrictionConditions: properties.restrictionConditions,
    regulationExemption: properties.regulationExemption,
    region: properties.region,
    zoneAuthorities: properties.zoneAuthority.map((authority) => {
      const translations = definedOnly({
        name: translationsOf(authority.name),
        service: translationsOf(authority.service),
        contactName: translationsOf(authority.contactName),
      });
      return definedOnly({
        name: preferredText(authority.name),
        service: preferredText(authority.service),
        contactName: preferredText(authority.contactName),
        siteURL: authority.siteURL,
        email: authority.email,
        phone: authority.phone,
        purpose: authority.purpose,
        intervalBefore: authority.intervalBefore,
        intervalBeforeHours: authority.intervalBefore === undefined ? undefined : durationToHours(authority.intervalBefore),
        translations: Object.keys(translations).length > 0 ? translations : undefined,
      });
    }),
    // ED-318 has no "permanent" flag: a zone without limitedApplicability applies at all times.
    applicability:
      periods.length === 0 ? [{ permanent: true }] : periods.map((period) => toApplicabilityPeriod(false, period, period.schedule ?? [])),
    volumes,
    translations: hasTranslations
      ? definedOnly({ name: nameTranslations, otherReasonInfo: otherReasonInfoTranslations, message: messageTranslations })
      : undefined,
    extendedProperties: properties.extendedProperties,
  });
}

function identifierOf(feature: unknown): string | undefined {
  if (!isRecord(feature) || !isRecord(feature.properties)) return undefined;
  const identifier = feature.properties.identifier;
  return typeof identifier === 'string' && identifier.trim() !== '' ? identifier.trim() : undefined;
}

/** An ED-318 document already read from JSON: a FeatureCollection, or a single Feature. */
export function parseEd318(document: unknown): GeozoneParseResult {
  if (isRecord(document) && document.type === 'Feature') {
    return parseZonesOneByOne('ED-318', [document], parseEd318Feature, identifierOf);
  }
  if (!isRecord(document) || !Array.isArray(document.features)) {
    throw new GeozoneFileError('UNKNOWN_FORMAT', 'expected an ED-318 FeatureCollection');
  }
  return parseZonesOneByOne('ED-318', document.features, parseEd318Feature, identifierOf);
}
