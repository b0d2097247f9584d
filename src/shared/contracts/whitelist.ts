import { z } from 'zod';
import { optionalText, pageQuerySchema, queryFlag } from './common';

export const whitelistMachineSchema = z.object({
  machineId: z.string(),
  internalName: z.string(),
  serialNumber: z.string(),
  remoteIdentificationNumber: z.string().nullable(),
  droneModel: z.string().nullable(),
  owner: z.object({ id: z.string(), email: z.string(), companyName: z.string().nullable() }),
  whitelisted: z.boolean(),
  note: z.string().nullable(),
  whitelistedAt: z.string().nullable(),
});
export type WhitelistMachine = z.infer<typeof whitelistMachineSchema>;

export const WHITELIST_SORTS = ['internalName', 'serialNumber', 'createdAt'] as const;
export const whitelistListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(WHITELIST_SORTS).default('internalName'),
  whitelisted: queryFlag.optional(),
});
export type WhitelistListQuery = z.infer<typeof whitelistListQuerySchema>;

export const whitelistAddSchema = z.object({ note: optionalText(200) });
export const machineIdParamsSchema = z.object({ machineId: z.uuid('validation:invalid') });
