import { z } from 'zod';
import { ADMIN_RIGHTS, RIGHTS, SUPERVISION_RIGHTS, USER_RIGHTS } from '../domain/rights';
import { pageQuerySchema, required } from './common';

export const GROUP_KINDS = ['system', 'normal'] as const;
export const GROUP_LEVELS = ['basic', 'advanced'] as const;

/** Rights shown together in the group form, in the order of spec shell §6. */
export const RIGHT_AREAS = { admin: ADMIN_RIGHTS, user: USER_RIGHTS, supervision: SUPERVISION_RIGHTS } as const;

/** Spec domain §5: a group holds at least one right. */
export const groupInputSchema = z.object({
  name: required().max(100),
  rights: z
    .array(z.enum(RIGHTS))
    .min(1, 'validation:atLeastOneRight')
    .transform((rights) => [...new Set(rights)]),
  level: z.enum(GROUP_LEVELS).default('basic'),
  memberIds: z
    .array(z.uuid('validation:invalid'))
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type GroupInput = z.infer<typeof groupInputSchema>;

export const groupSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(GROUP_KINDS),
  level: z.enum(GROUP_LEVELS),
  rights: z.array(z.string()),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupMemberSchema = z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() });
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupDetailSchema = groupSummarySchema.extend({ members: z.array(groupMemberSchema), updatedAt: z.string() });
export type GroupDetail = z.infer<typeof groupDetailSchema>;

export const GROUP_SORTS = ['name', 'createdAt', 'memberCount'] as const;

export const groupListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(GROUP_SORTS).default('name'),
  kind: z.enum(GROUP_KINDS).optional(),
  level: z.enum(GROUP_LEVELS).optional(),
});
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;
