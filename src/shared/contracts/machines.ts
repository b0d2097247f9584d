import { z } from 'zod';
import { ALPHA_TANGO_SYNC_STATES, MACHINE_CLASSES } from '../domain/enums';
import { optionalText, pageQuerySchema, queryFlag, required } from './common';

export const remoteIdentificationSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]+$/, 'validation:remoteId.format');

// DJI identifiers are the ANSI/CTA-2063-A serial numbers DJI registered: manufacturer code 1581, a length code
// (E = 14 characters follow, F = 15), then the serial (spec domain §5).
const DJI_REMOTE_ID = /^(1581E[A-Z0-9]{14}|1581F[A-Z0-9]{15})$/;

export const isDjiBrand = (brand: string | null | undefined) => brand?.trim().toUpperCase() === 'DJI';

/**
 * The DJI rule depends on the drone model's brand, which the machine only references: the server checks it
 * with the model it reads, the form with the model it shows. Answers the message key, or null when valid.
 */
export function remoteIdentificationIssue(remoteId: string | null | undefined, brand: string | null | undefined): string | null {
  if (!remoteId || !isDjiBrand(brand)) return null;
  return DJI_REMOTE_ID.test(remoteId) ? null : 'validation:remoteId.dji';
}

export const machineEquipmentsSchema = z.object({
  camera: z.boolean().default(false),
  barometricSensor: z.boolean().default(false),
  forcedLandingDevice: z.boolean().default(false),
  lightOrSoundIdentification: z.boolean().default(false),
  parachutes: z.boolean().default(false),
  circuitBreakers: z.boolean().default(false),
});
export type MachineEquipments = z.infer<typeof machineEquipmentsSchema>;

export const machineCreateSchema = z.object({
  serialNumber: required().max(100),
  remoteIdentificationNumber: remoteIdentificationSchema.max(40).nullable().optional(),
  registrationNumber: optionalText(100),
  internalName: required().max(100),
  classes: z
    .array(z.enum(MACHINE_CLASSES))
    .default([])
    .transform((classes) => [...new Set(classes)]),
  parachute: optionalText(),
  security: optionalText(),
  equipments: machineEquipmentsSchema.default(machineEquipmentsSchema.parse({})),
  droneModelId: z.uuid('validation:invalid').nullable().optional(),
  massGrams: z.number().int().min(1).max(1_000_000).nullable().optional(),
});
export type MachineCreate = z.infer<typeof machineCreateSchema>;

/** An update replaces the whole machine: the form always sends all of it. */
export const machineUpdateSchema = machineCreateSchema;
export type MachineUpdate = z.infer<typeof machineUpdateSchema>;

export const machineDroneModelSchema = z.object({ id: z.string(), brand: z.string(), name: z.string() });

export const machineSummarySchema = z.object({
  id: z.string(),
  internalName: z.string(),
  serialNumber: z.string(),
  remoteIdentificationNumber: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  classes: z.array(z.enum(MACHINE_CLASSES)),
  droneModel: machineDroneModelSchema.nullable(),
  massGrams: z.number().int().nullable(),
  alphaTangoSyncState: z.enum(ALPHA_TANGO_SYNC_STATES).nullable(),
  deletedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MachineSummary = z.infer<typeof machineSummarySchema>;

export const machineDetailSchema = machineSummarySchema.extend({
  ownerId: z.string(),
  parachute: z.string().nullable(),
  security: z.string().nullable(),
  equipments: z.object({
    camera: z.boolean(),
    barometricSensor: z.boolean(),
    forcedLandingDevice: z.boolean(),
    lightOrSoundIdentification: z.boolean(),
    parachutes: z.boolean(),
    circuitBreakers: z.boolean(),
  }),
  updatedAt: z.string(),
});
export type MachineDetail = z.infer<typeof machineDetailSchema>;

export const MACHINE_SORTS = ['internalName', 'serialNumber', 'createdAt'] as const;

export const machineListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(MACHINE_SORTS).default('internalName'),
  droneModelId: z.uuid('validation:invalid').optional(),
  class: z.enum(MACHINE_CLASSES).optional(),
  deleted: queryFlag.default(false).describe('Deleted machines instead of current ones (MACHINE_LIST_DELETED_ADMIN)'),
});
export type MachineListQuery = z.infer<typeof machineListQuerySchema>;
