import { z } from 'zod';
import { pageQuerySchema, required } from './common';

/** A terminal of the mobile application, registered by its signed-in user (spec domain §3 Device). */
export const deviceRegisterSchema = z.object({
  appIdentifier: required()
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'validation:device.identifier'),
});

export type DeviceRegister = z.infer<typeof deviceRegisterSchema>;

export const deviceSchema = z.object({
  id: z.string(),
  appIdentifier: z.string(),
  owner: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  createdAt: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

export const DEVICE_SORTS = ['createdAt', 'appIdentifier'] as const;
export const deviceListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(DEVICE_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ownerId: z.uuid('validation:invalid').optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;
