import { z } from 'zod';
import { dateTimeSchema } from './common';
import { boundedAreaSchema } from '../geo/geometry-bounds';
import { bboxOf } from '../geozones/geometry';
import {
  applicabilityPeriodSchema,
  areaGeometrySchema,
  authorityPurposeSchema,
  restrictionSchema,
  verticalReferenceSchema,
} from '../geozones/zone';

/**
 * Widest map view GET /api/zones answers, in degrees on each axis (≈ 330 km north–south, 220 km east–west at 48°N):
 * a region's zones, never a country's (France spans about 10° × 9°). Around Paris 3° × 3° is ≈ 580 zones, 0.8 MB.
 */
export const ZONE_VIEW_MAX_SPAN_DEG = 3;

/** Widest mission box POST /api/zones/intersect accepts, in degrees on each axis: missions are at most 10 km². */
export const ZONE_INTERSECT_MAX_SPAN_DEG = 1;

export const DATASET_NAME_MAX_LENGTH = 100;

export const datasetNameSchema = z.string().trim().min(1).max(DATASET_NAME_MAX_LENGTH);

/** `dataset` names the import: a dataset imported again under the same name is replaced as a whole. */
export const zoneImportQuerySchema = z.object({ dataset: datasetNameSchema.optional() });

export const ZONE_REJECTION_REASONS = [
  'INVALID_SCHEMA',
  'UNKNOWN_RESTRICTION',
  'MISSING_GEOMETRY',
  'INVALID_GEOMETRY',
  'OPEN_RING',
  'INVALID_LIMITS',
] as const;

export const zoneImportResultSchema = z.object({
  dataset: z.string(),
  format: z.enum(['ED-269', 'ED-318']),
  /** Zones stored. */
  imported: z.number().int(),
  /** Zones of the file left out, each explained in `errors`. */
  skipped: z.number().int(),
  errors: z.array(
    z.object({
      /** Position of the zone (ED-269) or feature (ED-318) in the file. */
      index: z.number().int(),
      identifier: z.string().optional(),
      reason: z.enum(ZONE_REJECTION_REASONS),
      /** English, for whoever fixes the feed. */
      detail: z.string().optional(),
    }),
  ),
});
export type ZoneImportResult = z.infer<typeof zoneImportResultSchema>;

const longitude = z.number().min(-180).max(180);
const latitude = z.number().min(-90).max(90);

/** `bbox=minLon,minLat,maxLon,maxLat`, each side at most ZONE_VIEW_MAX_SPAN_DEG wide. */
export const zoneViewQuerySchema = z.object({
  bbox: z
    .string()
    .transform((value) => value.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part))))
    .pipe(z.tuple([longitude, latitude, longitude, latitude]))
    .refine(([minLon, , maxLon]) => minLon < maxLon, { message: 'validation:invalid' })
    .refine(([, minLat, , maxLat]) => minLat < maxLat, { message: 'validation:invalid' })
    .refine(([minLon, minLat, maxLon, maxLat]) => maxLon - minLon <= ZONE_VIEW_MAX_SPAN_DEG && maxLat - minLat <= ZONE_VIEW_MAX_SPAN_DEG, {
      message: 'validation:tooBig',
    }),
});

export const zoneVolumePropertiesSchema = z.object({
  zoneId: z.string(),
  dataset: z.string(),
  identifier: z.string(),
  name: z.string(),
  country: z.string(),
  restriction: restrictionSchema,
  uSpaceAirspace: z.boolean().optional(),
  volumeIndex: z.number().int(),
  lowerM: z.number(),
  /** null: no ceiling. */
  upperM: z.number().nullable(),
  lowerReference: verticalReferenceSchema,
  upperReference: verticalReferenceSchema,
  message: z.string().nullable(),
  /** The authority the zone names for its restriction (its name or service), shown in the map's zone popup. */
  authority: z.string().optional(),
  /** When the zone applies (GZ-05), shown in the map's zone popup. */
  applicability: z.array(applicabilityPeriodSchema).optional(),
});
export type ZoneVolumeProperties = z.infer<typeof zoneVolumePropertiesSchema>;

/** One GeoJSON Feature per volume of each zone in view; `attributions` are the credits the map must show. */
export const zoneFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      geometry: areaGeometrySchema,
      properties: zoneVolumePropertiesSchema,
    }),
  ),
  attributions: z.array(z.string()),
});
export type ZoneFeatureCollection = z.infer<typeof zoneFeatureCollectionSchema>;

export const ZONE_EXPORT_FORMATS = ['ed269', 'ed318'] as const;

export const zoneExportQuerySchema = z.object({
  format: z.enum(ZONE_EXPORT_FORMATS),
  /** Only this dataset; every stored zone otherwise. */
  dataset: datasetNameSchema.optional(),
  /** Only this country (ISO 3166-1 alpha-3). */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
export type ZoneExportQuery = z.infer<typeof zoneExportQuerySchema>;

/** A mission's area: a closed Polygon or MultiPolygon in [lon, lat], at most ZONE_INTERSECT_MAX_SPAN_DEG on each side. */
export const missionAreaSchema = boundedAreaSchema.refine(
  (area) => {
    const [minLon, minLat, maxLon, maxLat] = bboxOf(area);
    return maxLon - minLon <= ZONE_INTERSECT_MAX_SPAN_DEG && maxLat - minLat <= ZONE_INTERSECT_MAX_SPAN_DEG;
  },
  { message: 'validation:tooBig' },
);

export const zoneIntersectBodySchema = z.object({
  area: missionAreaSchema,
  /** The flight's height cap above ground: the mission occupies [0, maxHeightM]. */
  maxHeightM: z.number().min(0).max(10_000),
  /** When the flight starts: zones are filtered by their applicability at that instant. */
  startAt: dateTimeSchema,
});
export type ZoneIntersectBody = z.infer<typeof zoneIntersectBodySchema>;

export const zoneAuthorityContactSchema = z.object({
  name: z.string().optional(),
  service: z.string().optional(),
  contactName: z.string().optional(),
  siteURL: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  purpose: authorityPurposeSchema.optional(),
  /** ISO-8601 duration as published: the notice the authority asks for. */
  intervalBefore: z.string().optional(),
});

/** A zone the mission touches, with the most restrictive of its volumes that applies (GZ-04). */
export const zoneIntersectionSchema = z.object({
  zoneId: z.string(),
  dataset: z.string(),
  identifier: z.string(),
  name: z.string(),
  country: z.string(),
  restriction: restrictionSchema,
  uSpaceAirspace: z.boolean().optional(),
  /** Height above ground where the zone starts, AMSL floors counted as the surface (docs/geozones.md). */
  lowerLimitM: z.number(),
  /** Height above ground of the ceiling; null when there is none or it is given above sea level. */
  upperLimitM: z.number().nullable(),
  volumeIndex: z.number().int(),
  volume: z.object({
    lowerM: z.number(),
    upperM: z.number().nullable(),
    lowerReference: verticalReferenceSchema,
    upperReference: verticalReferenceSchema,
    geometry: areaGeometrySchema,
  }),
  message: z.string().nullable(),
  restrictionConditions: z.array(z.string()),
  /** The authority to contact for this restriction (GZ-03), if the zone names one. */
  authority: zoneAuthorityContactSchema.nullable(),
  /** The authority's notice in days, rounded up; null when it asks for none or gives it in months or years. */
  intervalBeforeDays: z.number().int().nullable(),
});
export type ZoneIntersection = z.infer<typeof zoneIntersectionSchema>;

export const zoneIntersectResultSchema = z.object({ zones: z.array(zoneIntersectionSchema), attributions: z.array(z.string()) });
export type ZoneIntersectResult = z.infer<typeof zoneIntersectResultSchema>;
