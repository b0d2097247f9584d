import { z } from 'zod';
import { ACCOUNT_STATUSES, AGREEMENT_STATUSES } from '../domain/enums';
import { pageQuerySchema } from './common';

export const userSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  agreementStatus: z.enum(AGREEMENT_STATUSES),
  agreementExpiresAt: z.string().nullable(),
  groups: z.array(z.string()),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const USER_SORTS = ['lastName', 'email', 'createdAt', 'agreementStatus'] as const;

export const userListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(USER_SORTS).default('lastName'),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  agreementStatus: z.enum(AGREEMENT_STATUSES).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
