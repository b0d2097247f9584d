import { z } from 'zod';
import { VEHICLE_TYPES } from '../domain/enums';
import { trafficSourceSchema } from './alerts';
import { optionalText, pageQuerySchema, queryFlag, required } from './common';

export const trackerCreateSchema = z.object({
  ident: required()
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'validation:tracker.ident'),
  alias: optionalText(100),
  recorded: z.boolean().default(false),
  relatedUserId: z.uuid('validation:invalid').nullable().default(null),
  vehicle: z.enum(VEHICLE_TYPES),
  source: trafficSourceSchema,
});
export type TrackerCreate = z.input<typeof trackerCreateSchema>;
export type TrackerInput = z.output<typeof trackerCreateSchema>;

export const trackerSchema = z.object({
  id: z.string(),
  ident: z.string(),
  alias: z.string().nullable(),
  recorded: z.boolean(),
  relatedUser: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  vehicle: z.enum(VEHICLE_TYPES),
  source: trafficSourceSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tracker = z.infer<typeof trackerSchema>;

export const TRACKER_SORTS = ['ident', 'alias', 'createdAt'] as const;
export const trackerListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(TRACKER_SORTS).default('ident'),
  vehicle: z.enum(VEHICLE_TYPES).optional(),
  source: trafficSourceSchema.optional(),
  recorded: queryFlag.optional(),
});
export type TrackerListQuery = z.infer<typeof trackerListQuerySchema>;
