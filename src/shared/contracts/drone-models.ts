import { z } from 'zod';
import { DRONE_MATERIALS, MACHINE_CLASSES } from '../domain/enums';
import { dateSchema, optionalText, pageQuerySchema, queryFlag, required } from './common';

/** The EU class identification labels a model may carry (Reg. (EU) 2019/945). */
export const DRONE_CLASS_MARKS = MACHINE_CLASSES.filter((mark) => /^C\d$/.test(mark));
/** The remote identification number formats a model follows beyond A–Z 0–9: DJI's 1581E/1581F serials. */
export const REMOTE_ID_RULES = ['DJI'] as const;

/** Spec domain §5: one integer digit and three decimals, in GHz. Text, so that 2.400 keeps its zeros. */
export const frequencySchema = z
  .string()
  .trim()
  .regex(/^\d\.\d{3}$/, 'validation:frequency');

export const droneModelCreateSchema = z
  .object({
    brand: required().max(100),
    name: required().max(100),
    representation: optionalText(),
    marketingDate: dateSchema.nullable().optional(),
    geoAwarenessSystem: z.boolean().default(false),
    materials: z
      .array(z.enum(DRONE_MATERIALS))
      .default([])
      .transform((materials) => [...new Set(materials)]),
    expectedPerformances: optionalText(1000),
    engineType: optionalText(),
    propellerType: optionalText(),
    remoteControlBrand: optionalText(),
    frequencyMinGHz: frequencySchema.nullable().optional(),
    frequencyMaxGHz: frequencySchema.nullable().optional(),
    alphaTangoMachineNumber: optionalText(100),
    // Left out of an update, they keep their stored value (the catalogue's specifications, docs/registry.md).
    massGrams: z.number().int().min(1).max(1_000_000).nullable().optional(),
    classMark: z.enum(DRONE_CLASS_MARKS).nullable().optional(),
    remoteIdRule: z.enum(REMOTE_ID_RULES).nullable().optional(),
    personal: z.boolean().default(false).describe('A personal model is seen and edited by its owner only'),
  })
  .refine((m) => !m.frequencyMinGHz || !m.frequencyMaxGHz || Number(m.frequencyMinGHz) <= Number(m.frequencyMaxGHz), {
    path: ['frequencyMaxGHz'],
    message: 'validation:frequencyRange',
  });
export type DroneModelCreate = z.infer<typeof droneModelCreateSchema>;

/** An update replaces the whole model; `personal` cannot move a model in or out of the shared catalogue. */
export const droneModelUpdateSchema = droneModelCreateSchema;
export type DroneModelUpdate = z.infer<typeof droneModelUpdateSchema>;

export const droneModelSummarySchema = z.object({
  id: z.string(),
  brand: z.string(),
  name: z.string(),
  personal: z.boolean(),
  materials: z.array(z.enum(DRONE_MATERIALS)),
  frequencyMinGHz: z.string().nullable(),
  frequencyMaxGHz: z.string().nullable(),
  createdAt: z.string(),
});
export type DroneModelSummary = z.infer<typeof droneModelSummarySchema>;

export const droneModelDetailSchema = droneModelSummarySchema.extend({
  ownerId: z.string().nullable(),
  representation: z.string().nullable(),
  marketingDate: z.string().nullable(),
  geoAwarenessSystem: z.boolean(),
  expectedPerformances: z.string().nullable(),
  engineType: z.string().nullable(),
  propellerType: z.string().nullable(),
  remoteControlBrand: z.string().nullable(),
  alphaTangoMachineNumber: z.string().nullable(),
  massGrams: z.number().nullable(),
  classMark: z.string().nullable(),
  remoteIdRule: z.string().nullable(),
  updatedAt: z.string(),
});
export type DroneModelDetail = z.infer<typeof droneModelDetailSchema>;

export const DRONE_MODEL_SORTS = ['brand', 'name', 'createdAt'] as const;

export const droneModelListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(DRONE_MODEL_SORTS).default('brand'),
  brand: z.string().trim().optional(),
  personal: queryFlag.optional(),
});
export type DroneModelListQuery = z.infer<typeof droneModelListQuerySchema>;
