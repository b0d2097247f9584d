import { z } from 'zod';
import { ACCOUNT_STATUSES, AGREEMENT_STATUSES, CIVILITIES, HOMEPAGES, LANGUAGES } from '../domain/enums';
import { birthDateSchema, dateSchema, emailSchema, optionalText, pageOf, pageQuerySchema, phoneSchema, required } from './common';

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
export const userPageSchema = pageOf(userSummarySchema);
export type UserPage = z.infer<typeof userPageSchema>;

export const USER_SORTS = ['lastName', 'email', 'createdAt', 'agreementStatus'] as const;

export const userListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(USER_SORTS).default('lastName'),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  agreementStatus: z.enum(AGREEMENT_STATUSES).optional(),
  groupId: z.uuid('validation:invalid').optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** The identifier types the back office offers; the Alpha Tango UID comes with its hint (spec domain §5). */
export const EXTERNAL_IDENTIFIER_TYPES = ['ALPHA_TANGO_UID'] as const;

/** One external identifier per type (the database holds them unique per user): a repeated type is an input error. */
export function oneIdentifierPerType(identifiers: { type: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  identifiers.forEach(({ type }, index) => {
    if (seen.has(type)) ctx.addIssue({ code: 'custom', path: [index, 'type'], message: 'validation:duplicate' });
    seen.add(type);
  });
}

const externalIdentifierInputSchema = z.object({ type: z.enum(EXTERNAL_IDENTIFIER_TYPES), value: required().max(100) });

/**
 * Every field of spec domain §3 User an administrator edits. The agreement fields are an override: the agreement
 * workflow moves them normally, an administrator may correct them here within the enum.
 */
export const userInputSchema = z
  .object({
    civility: z.enum(CIVILITIES).nullable().optional(),
    firstName: required().max(100),
    lastName: required().max(100),
    email: emailSchema,
    phoneNumber: phoneSchema.max(30).nullable().optional(),
    dateOfBirth: birthDateSchema.nullable().optional(),
    companyName: optionalText(),
    groupIds: z.array(z.uuid('validation:invalid')).min(1, 'validation:atLeastOne'),
    adminZone: optionalText(),
    subscription: optionalText(),
    addressLine1: optionalText(),
    addressLine2: optionalText(),
    addressLine3: optionalText(),
    postalCode: optionalText(20),
    city: optionalText(),
    country: optionalText(),
    homepage: z.enum(HOMEPAGES).default('dashboard'),
    newsletter: z.boolean().default(false),
    lang: z.enum(LANGUAGES).default('en'),
    status: z.enum(ACCOUNT_STATUSES).default('active'),
    externalIdentifiers: z.array(externalIdentifierInputSchema).default([]).superRefine(oneIdentifierPerType),
    agreementStatus: z.enum(AGREEMENT_STATUSES).default('notValidated'),
    agreementExpiresAt: dateSchema.nullable().optional(),
    adminMessage: optionalText(2000),
  })
  // Spec domain §4: the administrator gives a reason when rejecting.
  .refine((user) => user.agreementStatus !== 'rejected' || !!user.adminMessage, {
    path: ['adminMessage'],
    message: 'validation:rejectionReason',
  });
export type UserInput = z.infer<typeof userInputSchema>;

/** The fields of an account both its owner (GET /api/account) and the back office (GET /api/users/:id) read. */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  civility: z.enum(CIVILITIES).nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  companyName: z.string().nullable(),
  adminZone: z.string().nullable(),
  subscription: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  addressLine3: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  homepage: z.enum(HOMEPAGES),
  newsletter: z.boolean(),
  lang: z.enum(LANGUAGES),
  externalIdentifiers: z.array(z.object({ type: z.string(), value: z.string() })),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  agreementStatus: z.enum(AGREEMENT_STATUSES),
  agreementExpiresAt: z.string().nullable(),
  adminMessage: z.string().nullable(),
});

export const userDetailSchema = profileSchema.extend({
  /** The key itself is shown once, when generated; afterwards only its last characters. */
  apiKeyEnd: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const apiKeyResultSchema = z.object({ apiKey: z.string() });
export type ApiKeyResult = z.infer<typeof apiKeyResultSchema>;

/** How many trailing characters of an API key the back office shows once it has been generated. */
export const API_KEY_VISIBLE_END = 4;
