import { z } from 'zod';

/**
 * The normalised geozone: one model for ED-269 and ED-318 input, in metres, [lon, lat] and trimmed text.
 * The parsers build it directly (validating 7.7 MB with zod at every server start would cost seconds);
 * this schema is for data crossing a boundary later: the database row, the API, tests.
 */

// ED-269 spelling (with an S); ED-318's REQ_AUTHORIZATION is mapped onto it when parsing.
export const RESTRICTIONS = ['PROHIBITED', 'REQ_AUTHORISATION', 'CONDITIONAL', 'NO_RESTRICTION'] as const;
export const restrictionSchema = z.enum(RESTRICTIONS);
export type Restriction = z.infer<typeof restrictionSchema>;

/** Order used for GZ-04 and for sorting answers: the first is the most restrictive. */
export const RESTRICTION_RANK: Readonly<Record<Restriction, number>> = {
  PROHIBITED: 0,
  REQ_AUTHORISATION: 1,
  CONDITIONAL: 2,
  NO_RESTRICTION: 3,
};

export const ZONE_VARIANTS = ['COMMON', 'CUSTOMIZED'] as const;
export const zoneVariantSchema = z.enum(ZONE_VARIANTS);

// Union of both standards: ED-318 adds DAR and drops FOREIGN_TERRITORY; a zone keeps what its source said.
export const ZONE_REASONS = [
  'AIR_TRAFFIC',
  'SENSITIVE',
  'PRIVACY',
  'POPULATION',
  'NATURE',
  'NOISE',
  'FOREIGN_TERRITORY',
  'EMERGENCY',
  'DAR',
  'OTHER',
] as const;
export const zoneReasonSchema = z.enum(ZONE_REASONS);

export const WEEK_DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN', 'ANY'] as const;
export const weekDaySchema = z.enum(WEEK_DAYS);
export type WeekDay = z.infer<typeof weekDaySchema>;

// ED-318 daylight events: begin/end of morning/evening civil twilight, sunrise, sunset.
export const DAYLIGHT_EVENTS = ['BMCT', 'SR', 'SS', 'EECT'] as const;
export const daylightEventSchema = z.enum(DAYLIGHT_EVENTS);

// Spelled with a Z in both standards.
export const AUTHORITY_PURPOSES = ['AUTHORIZATION', 'NOTIFICATION', 'INFORMATION'] as const;
export const authorityPurposeSchema = z.enum(AUTHORITY_PURPOSES);
export type AuthorityPurpose = z.infer<typeof authorityPurposeSchema>;

export const VERTICAL_REFERENCES = ['AGL', 'AMSL', 'WGS84'] as const;
export const verticalReferenceSchema = z.enum(VERTICAL_REFERENCES);
export type VerticalReference = z.infer<typeof verticalReferenceSchema>;

export const positionSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
export type Position = z.infer<typeof positionSchema>;

const linearRingSchema = z
  .array(positionSchema)
  .min(4)
  .refine((ring) => {
    const first = ring[0];
    const last = ring[ring.length - 1];
    return first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
  }, 'OPEN_RING');

export const polygonSchema = z.object({ type: z.literal('Polygon'), coordinates: z.array(linearRingSchema).min(1) });
export type Polygon = z.infer<typeof polygonSchema>;

export const multiPolygonSchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(linearRingSchema).min(1)).min(1),
});
export type MultiPolygon = z.infer<typeof multiPolygonSchema>;

export const areaGeometrySchema = z.discriminatedUnion('type', [polygonSchema, multiPolygonSchema]);
export type AreaGeometry = z.infer<typeof areaGeometrySchema>;

export const circleSchema = z.object({ center: positionSchema, radiusM: z.number().positive() });
export type Circle = z.infer<typeof circleSchema>;

export const zoneVolumeSchema = z.object({
  /** 0 = the surface. */
  lowerM: z.number(),
  /** null = no ceiling (source null, absent or 99999). */
  upperM: z.number().nullable(),
  lowerReference: verticalReferenceSchema,
  upperReference: verticalReferenceSchema,
  /** A circle is stored as its circumscribed 64-vertex geodesic polygon, so that every consumer can draw it. */
  geometry: areaGeometrySchema,
  /** The source circle, kept because GZ-01 asks for a geodesic distance test against it. */
  circle: circleSchema.optional(),
});
export type ZoneVolume = z.infer<typeof zoneVolumeSchema>;

// A wall-clock time as the source wrote it ("17:00:00.00Z", "16:00Z", "08:00:00+01:00"); evaluated by applicability.ts.
export const TIME_OF_DAY_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;
export const timeOfDaySchema = z.string().regex(TIME_OF_DAY_PATTERN);

export const dailyPeriodSchema = z.object({
  days: z.array(weekDaySchema).min(1),
  /** Absent = from the start of the day (or from `startEvent`). */
  startTime: timeOfDaySchema.optional(),
  /** Absent = to the end of the day (or to `endEvent`); inclusive. */
  endTime: timeOfDaySchema.optional(),
  startEvent: daylightEventSchema.optional(),
  endEvent: daylightEventSchema.optional(),
});
export type DailyPeriod = z.infer<typeof dailyPeriodSchema>;

export const applicabilityPeriodSchema = z.object({
  /** GZ-05: a permanent period applies at all times, so it carries nothing else. */
  permanent: z.boolean(),
  /** UTC instant (toISOString), inclusive. */
  start: z.iso.datetime().optional(),
  /** UTC instant (toISOString), inclusive. */
  end: z.iso.datetime().optional(),
  schedule: z.array(dailyPeriodSchema).min(1).optional(),
});
export type ApplicabilityPeriod = z.infer<typeof applicabilityPeriodSchema>;

export const localizedTextSchema = z.object({ text: z.string(), lang: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const zoneAuthoritySchema = z.object({
  name: z.string().optional(),
  service: z.string().optional(),
  contactName: z.string().optional(),
  siteURL: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  /** Optional because ED-269 makes it optional and real files omit it (CHE sample); never guessed. */
  purpose: authorityPurposeSchema.optional(),
  /** ISO-8601 duration as published, e.g. "P10DT00H": the notice the authority requires. */
  intervalBefore: z.string().optional(),
  /** `intervalBefore` in hours; absent when it uses years or months, which have no fixed length. */
  intervalBeforeHours: z.number().nonnegative().optional(),
  /** ED-318 multilingual texts, kept when the source gave at least one real language tag. */
  translations: z
    .object({
      name: z.array(localizedTextSchema).optional(),
      service: z.array(localizedTextSchema).optional(),
      contactName: z.array(localizedTextSchema).optional(),
    })
    .optional(),
});
export type ZoneAuthority = z.infer<typeof zoneAuthoritySchema>;

export const zoneSchema = z.object({
  /** Not unique in real files (the CHE sample has two "Gantrisch Nature Park"), nor limited to 7 characters. */
  identifier: z.string().min(1),
  /** ISO 3166-1 alpha-3. */
  country: z.string().regex(/^[A-Z]{3}$/),
  /** The identifier when the source has no name. */
  name: z.string(),
  restriction: restrictionSchema,
  /** ED-318 `USPACE` zones: a U-space airspace, restricted as REQ_AUTHORISATION (a USSP must authorise the flight). */
  uSpaceAirspace: z.boolean().optional(),
  type: zoneVariantSchema,
  reasons: z.array(zoneReasonSchema),
  otherReasonInfo: z.string().optional(),
  message: z.string().optional(),
  restrictionConditions: z.array(z.string()),
  regulationExemption: z.boolean().optional(),
  uSpaceClass: z.array(z.string()).optional(),
  region: z.number().int().optional(),
  zoneAuthorities: z.array(zoneAuthoritySchema),
  applicability: z.array(applicabilityPeriodSchema).min(1),
  volumes: z.array(zoneVolumeSchema).min(1),
  translations: z
    .object({
      name: z.array(localizedTextSchema).optional(),
      otherReasonInfo: z.array(localizedTextSchema).optional(),
      message: z.array(localizedTextSchema).optional(),
    })
    .optional(),
  extendedProperties: z.unknown().optional(),
});
export type Zone = z.infer<typeof zoneSchema>;
